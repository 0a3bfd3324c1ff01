"""Oxford 102 Flowers: 102flowers.tgz (jpg/image_NNNNN.jpg) with imagelabels.mat and setid.mat.

The .mat files are read with scipy.io.loadmat; SciPy is needed only by this dataset and is
imported when one is built."""
from __future__ import annotations

import os
import tarfile

import numpy as np

from ...io import Dataset
from ..image import require_pil
from . import _files

__all__ = ["Flowers"]

DATA_FORMAT = "102flowers.tgz: a tar.gz of jpg/image_00001.jpg, jpg/image_00002.jpg, ..."
LABEL_FORMAT = "imagelabels.mat: a MATLAB file whose 'labels' is a 1 x N array (label of image i)"
SETID_FORMAT = ("setid.mat: a MATLAB file whose 'trnid', 'valid' and 'tstid' are 1 x K arrays "
                "of 1-based image numbers")
# Paddle trains on the large 'tstid' split and tests on 'trnid'.
MODE_FLAGS = {"train": "tstid", "test": "trnid", "valid": "valid"}


def _loadmat(path: str, key: str):
    try:
        from scipy import io as scipy_io
    except ImportError as exc:
        raise ImportError("(Flowers) reading the .mat label files needs SciPy; install it with "
                          "`pip install scipy`") from exc
    content = scipy_io.loadmat(path)
    if key not in content:
        raise ValueError(f"(Flowers) {path} has no '{key}' array (found "
                         f"{sorted(k for k in content if not k.startswith('__'))}).")
    return content[key][0]


def _extract_once(data_file: str) -> str:
    """The folder next to the archive holding its jpg/ folder, extracted on first use (as
    Paddle does: 102flowers.tgz -> 102flowers/)."""
    stem = data_file[:-len(".tgz")] if data_file.endswith(".tgz") else data_file + ".extracted"
    data_path = stem + os.sep
    if not os.path.isdir(os.path.join(data_path, "jpg")):
        os.makedirs(data_path, exist_ok=True)
        try:
            with tarfile.open(data_file) as tar:
                tar.extractall(data_path, filter="data")
        except tarfile.TarError as exc:
            raise ValueError(f"(Flowers) cannot read {data_file}: expected {DATA_FORMAT} "
                             f"({exc})") from exc
    return data_path


class Flowers(Dataset):
    """Oxford 102 Flowers: colour images of flowers in 102 classes.

    Reads 102flowers.tgz (`data_file`), imagelabels.mat (`label_file`) and setid.mat
    (`setid_file`), each from its argument or when that is None from
    ~/.cache/paddle/dataset/flowers/; the images are extracted next to the archive on first
    use. Nothing is downloaded: a missing file raises an error that names it. Needs SciPy.
    Items are (image, label): a PIL image (backend 'pil') or a float32 HWC array (backend
    'cv2'), then `transform` applied; label an int64 array of shape [1] (1-based classes).

    Example:
        >>> import os, tarfile, tempfile
        >>> import numpy as np
        >>> from PIL import Image
        >>> from scipy.io import savemat
        >>> from paddle.vision.datasets import Flowers
        >>> root = tempfile.mkdtemp()
        >>> os.mkdir(os.path.join(root, 'jpg'))
        >>> for i in (1, 2):
        ...     Image.new('RGB', (5, 4)).save(os.path.join(root, 'jpg', f'image_{i:05}.jpg'))
        >>> with tarfile.open(os.path.join(root, 'f.tgz'), 'w:gz') as tar:
        ...     tar.add(os.path.join(root, 'jpg'), arcname='jpg')
        >>> savemat(os.path.join(root, 'l.mat'), {'labels': np.array([[7, 9]])})
        >>> savemat(os.path.join(root, 's.mat'), {'trnid': np.array([[2]]),
        ...         'valid': np.array([[1]]), 'tstid': np.array([[1, 2]])})
        >>> flowers = Flowers(os.path.join(root, 'f.tgz'), os.path.join(root, 'l.mat'),
        ...                   os.path.join(root, 's.mat'), mode='test', backend='cv2')
        >>> len(flowers), flowers[0][0].shape, flowers[0][1]
        (1, (4, 5, 3), array([9]))
    """

    def __init__(self, data_file=None, label_file=None, setid_file=None, mode="train",
                 transform=None, download=True, backend=None):
        mode = _files.check_mode("Flowers", mode, ("train", "valid", "test"))
        self.backend = _files.check_backend(backend)
        self.data_file = _files.resolve("Flowers", "data_file", data_file, "flowers",
                                        "102flowers.tgz", download, DATA_FORMAT)
        self.label_file = _files.resolve("Flowers", "label_file", label_file, "flowers",
                                         "imagelabels.mat", download, LABEL_FORMAT)
        self.setid_file = _files.resolve("Flowers", "setid_file", setid_file, "flowers",
                                         "setid.mat", download, SETID_FORMAT)
        self.transform = transform
        self.labels = _loadmat(self.label_file, "labels")
        self.indexes = _loadmat(self.setid_file, MODE_FLAGS[mode])
        self.data_path = _extract_once(self.data_file)

    def __getitem__(self, idx):
        index = self.indexes[idx]
        label = np.array([self.labels[index - 1]]).astype(np.int64)
        path = os.path.join(self.data_path, "jpg", f"image_{index:05}.jpg")
        _files.require_file("Flowers", "image", path, DATA_FORMAT)
        image = require_pil().open(path)
        if self.backend == "cv2":
            image = np.array(image)
        if self.transform is not None:
            image = self.transform(image)
        if self.backend == "pil":
            return image, label
        return image.astype(_files.default_dtype()), label

    def __len__(self):
        return len(self.indexes)
