"""CIFAR-10 and CIFAR-100 from the "python version" archives (a tar.gz of pickled batches)."""
from __future__ import annotations

import pickle
import tarfile

import numpy as np

from ...framework._pickle_safety import _ALLOWED, UnsafeGlobalError, _canonical
from ...io import Dataset
from ..image import require_pil
from . import _files

__all__ = ["Cifar10", "Cifar100"]

CIFAR10_FORMAT = ("cifar-10-python.tar.gz: a tar.gz whose members data_batch_* / test_batch "
                  "are pickled dicts with b'data' (N x 3072 uint8, channel-major 3x32x32) and "
                  "b'labels'")
CIFAR100_FORMAT = ("cifar-100-python.tar.gz: a tar.gz whose members train / test are pickled "
                   "dicts with b'data' (N x 3072 uint8, channel-major 3x32x32) and "
                   "b'fine_labels'")


class _BatchUnpickler(pickle.Unpickler):
    """Unpickles a CIFAR batch (Python 2 pickles, so byte-string keys) resolving only the
    plain-data globals paddle.load's safe mode allows: a batch never needs more, and a file
    that asks for more is refused before any of its code runs."""

    def __init__(self, file, source: str):
        super().__init__(file, encoding="bytes")
        self._source = source

    def find_class(self, module, name):
        module, name = _canonical(module, name)
        if (module, name) not in _ALLOWED:
            raise UnsafeGlobalError(
                f"(Cifar) Refused to read {self._source}: it references the global "
                f"'{module}.{name}'; a CIFAR batch holds only NumPy arrays and lists.")
        return super().find_class(module, name)


def _field(batch: dict, *keys):
    """The first of `keys` present in a batch (byte-string keys in the real archives, str keys
    in batches pickled by Python 3)."""
    for key in keys:
        for variant in (key, key.decode()):
            if variant in batch:
                return batch[variant]
    return None


class Cifar10(Dataset):
    """CIFAR-10: 32x32 colour images in 10 classes.

    Reads Paddle's archive, cifar-10-python.tar.gz, from `data_file` or when it is None from
    ~/.cache/paddle/dataset/cifar/. Nothing is downloaded: a missing file raises an error that
    names it. mode 'train' reads the data_batch_* members, 'test' the test_batch member. Items
    are (image, label): an RGB PIL image (backend 'pil') or a float32 HWC [32, 32, 3] array
    (backend 'cv2'), then `transform` applied; label a 0-d int64 array.

    Example:
        >>> import io, os, pickle, tarfile, tempfile
        >>> import numpy as np
        >>> from paddle.vision.datasets import Cifar10
        >>> path = os.path.join(tempfile.mkdtemp(), 'cifar-10-python.tar.gz')
        >>> batch = pickle.dumps({b'data': np.zeros((2, 3072), 'uint8'), b'labels': [4, 1]})
        >>> with tarfile.open(path, 'w:gz') as tar:
        ...     info = tarfile.TarInfo('cifar-10-batches-py/test_batch')
        ...     info.size = len(batch)
        ...     tar.addfile(info, io.BytesIO(batch))
        >>> cifar = Cifar10(data_file=path, mode='test', backend='cv2')
        >>> len(cifar), cifar[0][0].shape, cifar[1][1]
        (2, (32, 32, 3), array(1))
    """

    ARCHIVE = "cifar-10-python.tar.gz"
    FILE_FORMAT = CIFAR10_FORMAT
    TRAIN_MEMBERS = "data_batch"  # member names holding this text are read
    TEST_MEMBERS = "test_batch"

    def __init__(self, data_file=None, mode="train", transform=None, download=True,
                 backend=None):
        name = type(self).__name__
        self.mode = _files.check_mode(name, mode, ("train", "test"))
        self.backend = _files.check_backend(backend)
        self.flag = self.TRAIN_MEMBERS if self.mode == "train" else self.TEST_MEMBERS
        self.data_file = _files.resolve(name, "data_file", data_file, "cifar", self.ARCHIVE,
                                        download, self.FILE_FORMAT)
        self.transform = transform
        self._load_data()
        self.dtype = _files.default_dtype()

    def _load_data(self):
        self.data = []
        try:
            with tarfile.open(self.data_file, mode="r") as tar:
                names = sorted(m.name for m in tar if self.flag in m.name)
                for member in names:
                    self._add_batch(tar, member)
        except tarfile.TarError as exc:
            raise ValueError(f"({type(self).__name__}) cannot read {self.data_file}: expected "
                             f"{self.FILE_FORMAT} ({exc})") from exc

    def _add_batch(self, tar, member: str):
        source = f"{self.data_file}:{member}"
        batch = _BatchUnpickler(tar.extractfile(member), source).load()
        data = _field(batch, b"data")
        labels = _field(batch, b"labels", b"fine_labels")
        if data is None or labels is None:
            raise ValueError(f"({type(self).__name__}) {source} is not a CIFAR batch: expected "
                             "a dict with 'data' and 'labels' (or 'fine_labels').")
        self.data.extend(zip(data, labels))

    def __getitem__(self, idx):
        image, label = self.data[idx]
        image = np.reshape(image, [3, 32, 32]).transpose([1, 2, 0])
        if self.backend == "pil":
            image = require_pil().fromarray(image.astype(np.uint8))
        if self.transform is not None:
            image = self.transform(image)
        label = np.array(label).astype(np.int64)
        if self.backend == "pil":
            return image, label
        return image.astype(self.dtype), label

    def __len__(self):
        return len(self.data)


class Cifar100(Cifar10):
    """CIFAR-100: 32x32 colour images in 100 classes (the fine labels).

    Reads cifar-100-python.tar.gz from `data_file` or ~/.cache/paddle/dataset/cifar/; mode
    'train' reads the train member, 'test' the test member. Items as in Cifar10.

    Example:
        >>> import io, os, pickle, tarfile, tempfile
        >>> import numpy as np
        >>> from paddle.vision.datasets import Cifar100
        >>> path = os.path.join(tempfile.mkdtemp(), 'cifar-100-python.tar.gz')
        >>> batch = pickle.dumps({b'data': np.zeros((1, 3072), 'uint8'), b'fine_labels': [42]})
        >>> with tarfile.open(path, 'w:gz') as tar:
        ...     info = tarfile.TarInfo('cifar-100-python/train')
        ...     info.size = len(batch)
        ...     tar.addfile(info, io.BytesIO(batch))
        >>> image, label = Cifar100(data_file=path)[0]
        >>> image.size, label
        ((32, 32), array(42))
    """

    ARCHIVE = "cifar-100-python.tar.gz"
    FILE_FORMAT = CIFAR100_FORMAT
    TRAIN_MEMBERS = "train"
    TEST_MEMBERS = "test"
