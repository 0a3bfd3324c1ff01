"""MNIST and Fashion-MNIST from their gzipped IDX files (an image file and a label file)."""
from __future__ import annotations

import gzip
import struct

import numpy as np

from ...io import Dataset
from ..image import require_pil
from . import _files

__all__ = ["MNIST", "FashionMNIST"]

IMAGE_MAGIC = 2051
LABEL_MAGIC = 2049
IMAGE_FORMAT = "a gzipped IDX image file (big-endian header 2051, count, rows, cols; then uint8 pixels)"
LABEL_FORMAT = "a gzipped IDX label file (big-endian header 2049, count; then uint8 labels)"


def _read_idx(dataset: str, path: str, magic: int, header_ints: int, file_format: str):
    """The header integers after the magic number and the uint8 payload of one IDX file."""
    try:
        with gzip.open(path, "rb") as f:
            raw = f.read()
    except (OSError, EOFError) as exc:
        raise ValueError(f"({dataset}) cannot read {path}: expected {file_format} ({exc})") from exc
    header_size = 4 * (header_ints + 1)
    if len(raw) < header_size or struct.unpack_from(">I", raw)[0] != magic:
        raise ValueError(f"({dataset}) {path} is not {file_format}: its magic number is not "
                         f"{magic}.")
    header = struct.unpack_from(f">{header_ints}I", raw, 4)
    return header, np.frombuffer(raw, np.uint8, offset=header_size)


class MNIST(Dataset):
    """The MNIST handwritten digits: 28x28 grayscale images with labels 0-9.

    Reads Paddle's files, train-images-idx3-ubyte.gz / train-labels-idx1-ubyte.gz (or the
    t10k-* pair for mode='test'), from `image_path` / `label_path`, or when those are None from
    ~/.cache/paddle/dataset/mnist/. Nothing is downloaded: a missing file raises an error that
    names it. Items are (image, label): a PIL image (backend 'pil') or a float32 [28, 28]
    array (backend 'cv2'), then `transform` applied; label an int64 array of shape [1].

    Example:
        >>> import gzip, os, struct, tempfile
        >>> import numpy as np
        >>> from paddle.vision.datasets import MNIST
        >>> root = tempfile.mkdtemp()
        >>> images, labels = os.path.join(root, 'img.gz'), os.path.join(root, 'lab.gz')
        >>> with gzip.open(images, 'wb') as f:
        ...     _ = f.write(struct.pack('>IIII', 2051, 2, 28, 28) + bytes(2 * 784))
        >>> with gzip.open(labels, 'wb') as f:
        ...     _ = f.write(struct.pack('>II', 2049, 2) + bytes([3, 7]))
        >>> mnist = MNIST(image_path=images, label_path=labels, backend='cv2')
        >>> len(mnist), mnist[1][0].shape, mnist[1][1]
        (2, (28, 28), array([7]))
    """

    NAME = "mnist"
    TRAIN_FILES = ("train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz")
    TEST_FILES = ("t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz")

    def __init__(self, image_path=None, label_path=None, mode="train", transform=None,
                 download=True, backend=None):
        name = type(self).__name__
        self.mode = _files.check_mode(name, mode, ("train", "test"))
        self.backend = _files.check_backend(backend)
        image_file, label_file = self.TRAIN_FILES if self.mode == "train" else self.TEST_FILES
        self.image_path = _files.resolve(name, "image_path", image_path, self.NAME, image_file,
                                         download, IMAGE_FORMAT)
        self.label_path = _files.resolve(name, "label_path", label_path, self.NAME, label_file,
                                         download, LABEL_FORMAT)
        self.transform = transform
        self._parse_dataset()
        self.dtype = _files.default_dtype()

    def _parse_dataset(self):
        name = type(self).__name__
        (count, rows, cols), pixels = _read_idx(name, self.image_path, IMAGE_MAGIC, 3,
                                                IMAGE_FORMAT)
        (label_count,), labels = _read_idx(name, self.label_path, LABEL_MAGIC, 1, LABEL_FORMAT)
        if pixels.size < label_count * rows * cols or labels.size < label_count:
            raise ValueError(
                f"({name}) {self.label_path} lists {label_count} labels but {self.image_path} "
                f"holds {min(count, pixels.size // max(rows * cols, 1))} images of {rows}x{cols}.")
        flat = pixels[:label_count * rows * cols].astype(np.float32)
        self.images = list(flat.reshape(label_count, rows * cols))
        self.labels = list(labels[:label_count].astype(np.int64).reshape(label_count, 1))
        self._image_shape = (rows, cols)

    def __getitem__(self, idx):
        image = self.images[idx].reshape(self._image_shape)
        label = self.labels[idx].copy()
        if self.backend == "pil":
            image = require_pil().fromarray(image.astype(np.uint8))
        if self.transform is not None:
            image = self.transform(image)
        if self.backend == "pil":
            return image, label
        return image.astype(self.dtype), label

    def __len__(self):
        return len(self.labels)


class FashionMNIST(MNIST):
    """Fashion-MNIST: 28x28 grayscale images of clothing in 10 classes, in MNIST's file
    format; the cache directory is ~/.cache/paddle/dataset/fashion-mnist/. Arguments and items
    as in MNIST.

    Example:
        >>> import gzip, os, struct, tempfile
        >>> from paddle.vision.datasets import FashionMNIST
        >>> root = tempfile.mkdtemp()
        >>> images, labels = os.path.join(root, 'img.gz'), os.path.join(root, 'lab.gz')
        >>> with gzip.open(images, 'wb') as f:
        ...     _ = f.write(struct.pack('>IIII', 2051, 1, 28, 28) + bytes(784))
        >>> with gzip.open(labels, 'wb') as f:
        ...     _ = f.write(struct.pack('>II', 2049, 1) + bytes([9]))
        >>> image, label = FashionMNIST(image_path=images, label_path=labels)[0]
        >>> image.size, label
        ((28, 28), array([9]))
    """

    NAME = "fashion-mnist"
