"""PASCAL VOC 2012 segmentation pairs, read straight out of the VOCtrainval tar."""
from __future__ import annotations

import io
import tarfile

import numpy as np

from ...io import Dataset
from ..image import require_pil
from . import _files

__all__ = ["VOC2012"]

SET_FILE = "VOCdevkit/VOC2012/ImageSets/Segmentation/{}.txt"
DATA_FILE = "VOCdevkit/VOC2012/JPEGImages/{}.jpg"
LABEL_FILE = "VOCdevkit/VOC2012/SegmentationClass/{}.png"
FILE_FORMAT = ("VOCtrainval_11-May-2012.tar: a tar holding " + SET_FILE.format("<split>") +
               " (one image id per line), " + DATA_FILE.format("<id>") + " and " +
               LABEL_FILE.format("<id>"))
# Paddle trains on 'trainval', tests on 'train' and validates on 'val'.
MODE_FLAGS = {"train": "trainval", "test": "train", "valid": "val"}


class VOC2012(Dataset):
    """PASCAL VOC 2012 semantic segmentation: (image, label mask) pairs.

    Reads VOCtrainval_11-May-2012.tar from `data_file` or when it is None from
    ~/.cache/paddle/dataset/voc2012/. Nothing is downloaded: a missing file raises an error that
    names it. Items are (image, label): PIL images (backend 'pil'; the mask is the palette
    PNG) or float32 arrays (backend 'cv2': HWC image, HW mask); `transform` applies to the
    image only.

    Example:
        >>> import io, os, tarfile, tempfile
        >>> from PIL import Image
        >>> from paddle.vision.datasets import VOC2012
        >>> path = os.path.join(tempfile.mkdtemp(), 'voc.tar')
        >>> def add(tar, name, data):
        ...     info = tarfile.TarInfo(name)
        ...     info.size = len(data)
        ...     tar.addfile(info, io.BytesIO(data))
        >>> def png(image):
        ...     buffer = io.BytesIO()
        ...     image.save(buffer, 'PNG')
        ...     return buffer.getvalue()
        >>> with tarfile.open(path, 'w') as tar:
        ...     add(tar, 'VOCdevkit/VOC2012/ImageSets/Segmentation/trainval.txt', b'a\\n')
        ...     add(tar, 'VOCdevkit/VOC2012/JPEGImages/a.jpg', png(Image.new('RGB', (3, 2))))
        ...     add(tar, 'VOCdevkit/VOC2012/SegmentationClass/a.png', png(Image.new('P', (3, 2))))
        >>> image, label = VOC2012(data_file=path, backend='cv2')[0]
        >>> image.shape, label.shape, label.dtype
        ((2, 3, 3), (2, 3), dtype('float32'))
    """

    def __init__(self, data_file=None, mode="train", transform=None, download=True,
                 backend=None):
        mode = _files.check_mode("VOC2012", mode, ("train", "valid", "test"))
        self.backend = _files.check_backend(backend)
        self.flag = MODE_FLAGS[mode]
        self.data_file = _files.resolve("VOC2012", "data_file", data_file, "voc2012",
                                        "VOCtrainval_11-May-2012.tar", download, FILE_FORMAT)
        self.transform = transform
        self.data_tar = None
        self._load_anno()
        self.dtype = _files.default_dtype()

    def _archive(self) -> tarfile.TarFile:
        """The open archive; opened again in a process that received this dataset pickled."""
        if self.data_tar is None:
            try:
                self.data_tar = tarfile.open(self.data_file)  # noqa: SIM115  (kept open: items are read from it)
            except tarfile.TarError as exc:
                raise ValueError(f"(VOC2012) cannot read {self.data_file}: expected "
                                 f"{FILE_FORMAT} ({exc})") from exc
        return self.data_tar

    def _read(self, member: str) -> bytes:
        try:
            info = self.name2mem[member]
        except KeyError:
            raise ValueError(f"(VOC2012) {self.data_file} has no member {member}; expected "
                             f"{FILE_FORMAT}.") from None
        return self._archive().extractfile(info).read()

    def _load_anno(self):
        self.name2mem = {m.name: m for m in self._archive().getmembers()}
        ids = self._read(SET_FILE.format(self.flag)).decode("utf-8").split()
        self.data = [DATA_FILE.format(i) for i in ids]
        self.labels = [LABEL_FILE.format(i) for i in ids]

    def __getitem__(self, idx):
        pil = require_pil()
        data = pil.open(io.BytesIO(self._read(self.data[idx])))
        label = pil.open(io.BytesIO(self._read(self.labels[idx])))
        if self.backend == "cv2":
            data = np.array(data)
            label = np.array(label)
        if self.transform is not None:
            data = self.transform(data)
        if self.backend == "cv2":
            return data.astype(self.dtype), label.astype(self.dtype)
        return data, label

    def __len__(self):
        return len(self.data)

    def __getstate__(self):
        state = dict(self.__dict__)
        state["data_tar"] = None
        return state

    def __del__(self):
        if getattr(self, "data_tar", None) is not None:
            self.data_tar.close()
