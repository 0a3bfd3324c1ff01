"""Tiny, deterministic dataset files in Paddle's on-disk formats, written with the standard
library, NumPy and Pillow only, so that the same code runs under our interpreter (the tests)
and under real Paddle's (tools/make_vision_dataset_fixtures.py).

write_all(root) builds every file under `root` and returns their paths by name."""
from __future__ import annotations

import gzip
import io
import os
import pickle
import struct
import tarfile

import numpy as np
from PIL import Image

# real Paddle's MNIST parser reads 100 records at a time, so counts are multiples of 100
MNIST_COUNT = 100


def _rng(seed: int):
    return np.random.default_rng(seed)


def _pixels(seed: int, shape) -> np.ndarray:
    """uint8 data with no symmetry (a transposed or mis-reshaped read shows) that still
    compresses well: a random 61-byte tile repeated along the flattened data (61 is prime, so
    rows of 28 or 32 never line up with it) and sparse noise."""
    rng = _rng(seed)
    size = int(np.prod(shape))
    tiled = np.resize(rng.integers(0, 256, 61), size)
    noise = rng.integers(0, 4, size) * (rng.random(size) < 0.02)
    return ((tiled + noise) % 256).astype(np.uint8).reshape(shape)


def _gzip(path: str, payload: bytes) -> None:
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f:
        f.write(payload)


def write_mnist(root: str, prefix: str, seed: int) -> tuple:
    """An IDX image file and label file of MNIST_COUNT 28x28 digits."""
    pixels = _pixels(seed, (MNIST_COUNT, 28, 28))
    labels = _rng(seed + 1).integers(0, 10, MNIST_COUNT, dtype=np.uint8)
    images_path = os.path.join(root, f"{prefix}-images-idx3-ubyte.gz")
    labels_path = os.path.join(root, f"{prefix}-labels-idx1-ubyte.gz")
    _gzip(images_path, struct.pack(">IIII", 2051, MNIST_COUNT, 28, 28) + pixels.tobytes())
    _gzip(labels_path, struct.pack(">II", 2049, MNIST_COUNT) + labels.tobytes())
    return images_path, labels_path


def _add_member(tar, name: str, payload: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(payload)
    info.mtime = 0
    tar.addfile(info, io.BytesIO(payload))


def _cifar_batch(seed: int, count: int, label_key: bytes, classes: int) -> bytes:
    labels = _rng(seed).integers(0, classes, count)
    batch = {b"data": _pixels(seed, (count, 3072)),
             label_key: [int(v) for v in labels],
             b"batch_label": b"synthetic"}
    return pickle.dumps(batch, protocol=2)


def write_cifar10(root: str) -> str:
    path = os.path.join(root, "cifar-10-python.tar.gz")
    with tarfile.open(path, "w:gz") as tar:
        _add_member(tar, "cifar-10-batches-py/batches.meta", pickle.dumps({b"num_cases_per_batch": 3}))
        for i, count in ((2, 3), (1, 4)):  # written out of order: the reader sorts names
            _add_member(tar, f"cifar-10-batches-py/data_batch_{i}",
                        _cifar_batch(10 + i, count, b"labels", 10))
        _add_member(tar, "cifar-10-batches-py/test_batch", _cifar_batch(20, 3, b"labels", 10))
    return path


def write_cifar100(root: str) -> str:
    path = os.path.join(root, "cifar-100-python.tar.gz")
    with tarfile.open(path, "w:gz") as tar:
        _add_member(tar, "cifar-100-python/train", _cifar_batch(30, 5, b"fine_labels", 100))
        _add_member(tar, "cifar-100-python/test", _cifar_batch(31, 2, b"fine_labels", 100))
    return path


def _encode(image, fmt: str, **options) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, fmt, **options)
    return buffer.getvalue()


def _photo(seed: int, height: int, width: int):
    """A smooth RGB image (JPEG keeps it close) with a little noise."""
    rng = _rng(seed)
    ys, xs = np.mgrid[0:height, 0:width]
    base = np.stack([ys * 9 + seed, xs * 7, (ys + xs) * 5], axis=-1) % 256
    noise = rng.integers(0, 16, (height, width, 3))
    return Image.fromarray(np.clip(base + noise, 0, 255).astype(np.uint8))


def _mat_v4(path: str, arrays: dict) -> None:
    """A MATLAB level-4 .mat file (what scipy.io.loadmat reads without SciPy to write it):
    per variable a header (type, rows, cols, imaginary flag, name length), the name and the
    column-major data. Type 40 = little-endian uint16, 50 = uint8."""
    codes = {np.dtype(np.uint16): 40, np.dtype(np.uint8): 50}
    with open(path, "wb") as f:
        for name, array in arrays.items():
            array = np.atleast_2d(array)
            f.write(struct.pack("<5i", codes[array.dtype], array.shape[0], array.shape[1], 0,
                                len(name) + 1))
            f.write(name.encode() + b"\0")
            f.write(array.astype(array.dtype.newbyteorder("<")).tobytes(order="F"))


def write_flowers(root: str) -> tuple:
    """102flowers.tgz with six JPEGs, imagelabels.mat and setid.mat."""
    data = os.path.join(root, "102flowers.tgz")
    with tarfile.open(data, "w:gz") as tar:
        for i in range(1, 7):
            image = _photo(40 + i, 5 + i, 9 - i)
            _add_member(tar, f"jpg/image_{i:05}.jpg", _encode(image, "JPEG", quality=90))
    labels = os.path.join(root, "imagelabels.mat")
    _mat_v4(labels, {"labels": np.array([[3, 1, 102, 7, 3, 55]], np.uint8)})
    setid = os.path.join(root, "setid.mat")
    _mat_v4(setid, {"trnid": np.array([[2, 5]], np.uint16),
                    "valid": np.array([[6]], np.uint16),
                    "tstid": np.array([[1, 3, 4]], np.uint16)})
    return data, labels, setid


def _mask(seed: int, height: int, width: int):
    mask = Image.fromarray(_rng(seed).integers(0, 21, (height, width), dtype=np.uint8), "P")
    mask.putpalette([(i * 37) % 256 for i in range(768)])
    return mask


def write_voc2012(root: str) -> str:
    path = os.path.join(root, "VOCtrainval_11-May-2012.tar")
    ids = ["2007_000032", "2007_000039", "2008_000015"]
    splits = {"trainval": ids, "train": ids[:2], "val": ids[2:]}
    with tarfile.open(path, "w") as tar:
        for split, names in splits.items():
            _add_member(tar, f"VOCdevkit/VOC2012/ImageSets/Segmentation/{split}.txt",
                        "".join(n + "\n" for n in names).encode())
        for k, name in enumerate(ids):
            _add_member(tar, f"VOCdevkit/VOC2012/JPEGImages/{name}.jpg",
                        _encode(_photo(60 + k, 4 + k, 6), "JPEG", quality=90))
            _add_member(tar, f"VOCdevkit/VOC2012/SegmentationClass/{name}.png",
                        _encode(_mask(70 + k, 4 + k, 6), "PNG"))
    return path


def write_folder(root: str) -> str:
    """root/<class>/... images in several formats and modes, plus files to skip."""
    folder = os.path.join(root, "folder")
    files = {
        "cat/b.png": _photo(80, 3, 4),
        "cat/a.JPG": _photo(81, 4, 3),
        "dog/sub/c.bmp": _photo(82, 2, 5),
        "dog/d.png": Image.fromarray(_rng(83).integers(0, 256, (3, 3), dtype=np.uint8)),
        "emu/e.png": _mask(84, 2, 2),
    }
    for name, image in files.items():
        os.makedirs(os.path.dirname(os.path.join(folder, name)), exist_ok=True)
        image.save(os.path.join(folder, name))
    with open(os.path.join(folder, "cat", "notes.txt"), "w") as f:
        f.write("not an image\n")
    with open(os.path.join(folder, "top.png"), "wb") as f:
        f.write(_encode(_photo(85, 2, 2), "PNG"))
    return folder


def write_all(root: str) -> dict:
    train_images, train_labels = write_mnist(root, "train", 1)
    test_images, test_labels = write_mnist(root, "t10k", 3)
    flowers, flower_labels, setid = write_flowers(root)
    return {"mnist_train": (train_images, train_labels),
            "mnist_test": (test_images, test_labels),
            "cifar10": write_cifar10(root), "cifar100": write_cifar100(root),
            "flowers": (flowers, flower_labels, setid), "voc2012": write_voc2012(root),
            "folder": write_folder(root)}
