"""What paddle.vision.datasets returns on the files of dataset_files.py, case by case, in a
plain-data form two interpreters can compare: run under real Paddle it makes the fixture
(tools/make_vision_dataset_fixtures.py), run under ours it is checked against it
(tests/vision/test_datasets.py).

A case is fn(paddle, files) -> list of values (dataset items, lengths, attributes)."""
from __future__ import annotations

import os

import numpy as np


def _contents(data: np.ndarray, arrays: list) -> dict:
    """Small arrays inline; others appended to `arrays` and referred to by position."""
    if data.size <= 4:
        return {"values": data.tolist()}
    arrays.append(data)
    return {"array": len(arrays) - 1}


def describe(value, arrays: list):
    """A JSON-able description of a returned value; array contents go inline or to `arrays`."""
    if isinstance(value, (list, tuple)):
        return {"type": type(value).__name__, "items": [describe(v, arrays) for v in value]}
    if isinstance(value, dict):
        return {"type": "dict", "items": {str(k): describe(v, arrays) for k, v in value.items()}}
    if isinstance(value, (bool, int, str, float)) or value is None:
        return {"type": type(value).__name__, "value": value}
    if hasattr(value, "getbands"):  # a PIL image
        return {"type": "pil", "mode": value.mode, "size": list(value.size),
                **_contents(np.asarray(value), arrays)}
    if isinstance(value, np.ndarray):
        return {"type": "ndarray", "dtype": str(value.dtype), "shape": list(value.shape),
                **_contents(value, arrays)}
    if hasattr(value, "numpy"):  # a paddle Tensor
        return {"type": "tensor", "dtype": str(value.dtype).replace("paddle.", ""),
                "shape": list(value.shape), **_contents(value.numpy(), arrays)}
    raise TypeError(f"cannot describe {type(value).__name__}")


def _items(dataset, indices):
    return [len(dataset)] + [dataset[i] for i in indices]


def mnist_pil(paddle, files):
    images, labels = files["mnist_train"]
    return _items(paddle.vision.datasets.MNIST(images, labels, backend="pil"), [0, 57, 99])


def mnist_cv2(paddle, files):
    images, labels = files["mnist_train"]
    return _items(paddle.vision.datasets.MNIST(images, labels, backend="cv2"), [0, 99])


def mnist_to_tensor(paddle, files):
    images, labels = files["mnist_test"]
    to_tensor = paddle.vision.transforms.ToTensor()
    pil = paddle.vision.datasets.MNIST(images, labels, mode="test", transform=to_tensor)
    cv2 = paddle.vision.datasets.MNIST(images, labels, mode="test", transform=to_tensor,
                                       backend="cv2")
    return [pil[3], cv2[3]]


def fashion_mnist(paddle, files):
    images, labels = files["mnist_test"]
    return _items(paddle.vision.datasets.FashionMNIST(images, labels, mode="TEST",
                                                      backend="cv2"), [1, 98])


def cifar10(paddle, files):
    cifar = paddle.vision.datasets.Cifar10
    train = cifar(files["cifar10"], backend="pil")
    test = cifar(files["cifar10"], mode="test", backend="cv2")
    return _items(train, [0, 3, 4, 6]) + _items(test, [2])


def cifar100(paddle, files):
    cifar = paddle.vision.datasets.Cifar100
    train = cifar(files["cifar100"], backend="cv2")
    test = cifar(files["cifar100"], mode="test", backend="pil")
    return _items(train, [0, 4]) + _items(test, [1])


def cifar10_transform(paddle, files):
    transform = paddle.vision.transforms.Normalize(mean=[127.5] * 3, std=[127.5] * 3,
                                                   data_format="HWC")
    return [paddle.vision.datasets.Cifar10(files["cifar10"], transform=transform,
                                           backend="cv2")[5]]


def flowers(paddle, files):
    data, labels, setid = files["flowers"]
    make = paddle.vision.datasets.Flowers
    values = []
    for mode, backend in (("train", "pil"), ("test", "cv2"), ("valid", "pil")):
        dataset = make(data, labels, setid, mode=mode, backend=backend)
        values += _items(dataset, range(len(dataset)))
    return values


def voc2012(paddle, files):
    make = paddle.vision.datasets.VOC2012
    train = make(files["voc2012"], backend="pil")
    test = make(files["voc2012"], mode="test", backend="cv2")
    valid = make(files["voc2012"], mode="valid", backend="cv2")
    return _items(train, [0, 2]) + _items(test, [1]) + _items(valid, [0])


def _relative(path, root):
    return os.path.relpath(path, root).replace(os.sep, "/")


def dataset_folder(paddle, files):
    root = files["folder"]
    folder = paddle.vision.datasets.DatasetFolder(root)
    samples = [(_relative(p, root), t) for p, t in folder.samples]
    only_png = paddle.vision.datasets.DatasetFolder(root, extensions=(".png",))
    return ([folder.classes, folder.class_to_idx, samples, folder.targets]
            + _items(folder, range(len(folder)))
            + [[_relative(p, root) for p, _ in only_png.samples]])


def image_folder(paddle, files):
    root = files["folder"]
    folder = paddle.vision.datasets.ImageFolder(root)
    flips = paddle.vision.datasets.ImageFolder(
        root, transform=paddle.vision.transforms.RandomHorizontalFlip(1.0))
    return ([[_relative(p, root) for p in folder.samples]]
            + _items(folder, range(len(folder))) + [flips[0]])


CASES = [mnist_pil, mnist_cv2, mnist_to_tensor, fashion_mnist, cifar10, cifar100,
         cifar10_transform, flowers, voc2012, dataset_folder, image_folder]
