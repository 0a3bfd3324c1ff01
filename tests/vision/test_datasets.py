"""paddle.vision.datasets: the same items as real Paddle 3.3.1 on the same tiny files (fixture
from tools/make_vision_dataset_fixtures.py), then the behaviour around them: the cache
lookup, clear errors for missing or malformed files, and use with a DataLoader."""
from __future__ import annotations

import doctest
import gzip
import importlib
import io
import json
import os
import pickle
import struct
import sys
import tarfile

import dataset_cases
import dataset_files
import numpy as np
import pytest

import paddle
from paddle.vision import datasets
from paddle.vision.datasets import DatasetNotFoundError

FIXTURE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fixtures",
                       "vision_datasets")
with open(os.path.join(FIXTURE, "datasets.json")) as _f:
    EXPECTED = json.load(_f)["cases"]
with np.load(os.path.join(FIXTURE, "datasets.npz")) as _npz:
    ARRAYS = [_npz[f"a{i}"] for i in range(len(_npz.files))]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    paddle.vision.set_image_backend("pil")
    return dataset_files.write_all(str(tmp_path_factory.mktemp("vision_datasets")))


def _values(description, arrays: list):
    """An array a description holds inline or refers to in `arrays`."""
    if "values" in description:
        return np.array(description["values"])
    return arrays[description["array"]]


def _assert_same(got, want, got_arrays, where):
    assert got["type"] == want["type"], where
    if "items" in want:
        assert type(got["items"]) is type(want["items"]) and len(got["items"]) == len(want["items"]), where
        keys = want["items"].keys() if isinstance(want["items"], dict) else range(len(want["items"]))
        for key in keys:
            _assert_same(got["items"][key], want["items"][key], got_arrays, f"{where}[{key}]")
        return
    if "value" in want:
        assert got["value"] == want["value"], where
        return
    for field in ("mode", "size", "dtype", "shape"):
        assert got.get(field) == want.get(field), f"{where}: {field}"
    ours = _values(got, got_arrays)
    theirs = _values(want, ARRAYS).astype(ours.dtype)
    np.testing.assert_allclose(ours, theirs, rtol=1e-6, atol=1e-7, err_msg=where)


@pytest.mark.parametrize("case", dataset_cases.CASES, ids=lambda c: c.__name__)
def test_items_match_real_paddle(case, files):
    arrays = []
    got = dataset_cases.describe(case(paddle, files), arrays)
    _assert_same(got, EXPECTED[case.__name__], arrays, case.__name__)


def test_missing_path_names_the_file_and_format(tmp_path):
    missing = str(tmp_path / "nope.gz")
    with pytest.raises(DatasetNotFoundError, match=r"\(MNIST\) image_path=.*nope\.gz.*IDX"):
        datasets.MNIST(image_path=missing, label_path=missing)


def test_no_path_looks_in_paddles_cache_then_raises(tmp_path, monkeypatch, files):
    monkeypatch.setenv("HOME", str(tmp_path))
    expected = os.path.join(str(tmp_path), ".cache", "paddle", "dataset", "cifar",
                            "cifar-10-python.tar.gz")
    with pytest.raises(DatasetNotFoundError) as info:
        datasets.Cifar10()
    assert expected in str(info.value) and "cannot download" in str(info.value)
    assert isinstance(info.value, RuntimeError)
    os.makedirs(os.path.dirname(expected))
    with open(files["cifar10"], "rb") as src, open(expected, "wb") as dst:
        dst.write(src.read())
    assert len(datasets.Cifar10(mode="test")) == 3


def test_fashion_mnist_cache_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    with pytest.raises(DatasetNotFoundError, match=r"fashion-mnist.t10k-images-idx3-ubyte\.gz"):
        datasets.FashionMNIST(mode="test")


def test_download_disabled_without_path_asserts_like_paddle():
    with pytest.raises(AssertionError, match="downloading automatically is disabled"):
        datasets.VOC2012(download=False)


def test_bad_backend_and_mode(files):
    images, labels = files["mnist_train"]
    with pytest.raises(ValueError, match="Expected backend are one of"):
        datasets.MNIST(images, labels, backend="tensor")
    with pytest.raises(AssertionError, match="mode"):
        datasets.MNIST(images, labels, mode="valid")


def test_malformed_files_are_value_errors(tmp_path, files):
    _, labels = files["mnist_train"]
    not_gzip = tmp_path / "plain.gz"
    not_gzip.write_bytes(b"plain bytes")
    with pytest.raises(ValueError, match="cannot read .*plain.gz"):
        datasets.MNIST(str(not_gzip), labels)
    with pytest.raises(ValueError, match="magic number is not 2051"):
        datasets.MNIST(labels, labels)
    short = tmp_path / "short.gz"
    with gzip.open(short, "wb") as f:
        f.write(struct.pack(">IIII", 2051, 1, 28, 28) + bytes(784))
    with pytest.raises(ValueError, match="lists 100 labels"):
        datasets.MNIST(str(short), labels)


def test_mnist_counts_need_not_be_multiples_of_100(tmp_path):
    images, labels = tmp_path / "i.gz", tmp_path / "l.gz"
    with gzip.open(images, "wb") as f:
        f.write(struct.pack(">IIII", 2051, 3, 28, 28) + bytes(range(3)) * 784)
    with gzip.open(labels, "wb") as f:
        f.write(struct.pack(">II", 2049, 3) + bytes([4, 5, 6]))
    mnist = datasets.MNIST(str(images), str(labels), backend="cv2")
    assert len(mnist) == 3 and mnist[2][1].tolist() == [6]


def _tar_with(tmp_path, name, payload):
    path = tmp_path / "cifar.tar.gz"
    with tarfile.open(path, "w:gz") as tar:
        info = tarfile.TarInfo(name)
        info.size = len(payload)
        tar.addfile(info, io.BytesIO(payload))
    return str(path)


class _Hostile:
    def __reduce__(self):
        return (os.system, ("echo pwned",))


def test_cifar_refuses_pickles_that_run_code(tmp_path):
    path = _tar_with(tmp_path, "cifar-10-batches-py/data_batch_1", pickle.dumps(_Hostile()))
    with pytest.raises(pickle.UnpicklingError, match="Refused to read .*data_batch_1"):
        datasets.Cifar10(path)


def test_cifar_reads_batches_pickled_by_python3(tmp_path):
    batch = {"data": np.arange(2 * 3072, dtype=np.uint8).reshape(2, 3072), "labels": [1, 2]}
    path = _tar_with(tmp_path, "cifar-10-batches-py/test_batch", pickle.dumps(batch))
    image, label = datasets.Cifar10(path, mode="test", backend="cv2")[1]
    assert image.shape == (32, 32, 3) and image[0, 1].tolist() == [
        float((3072 + 1) % 256), float((3072 + 1025) % 256), float((3072 + 2049) % 256)]
    assert label.shape == () and label.dtype == np.int64 and int(label) == 2


def test_cifar_batch_without_labels(tmp_path):
    path = _tar_with(tmp_path, "cifar-10-batches-py/test_batch",
                     pickle.dumps({b"data": np.zeros((1, 3072), np.uint8)}))
    with pytest.raises(ValueError, match="not a CIFAR batch"):
        datasets.Cifar10(path, mode="test")


def test_flowers_without_scipy_says_what_to_install(monkeypatch, files):
    monkeypatch.setitem(sys.modules, "scipy", None)
    with pytest.raises(ImportError, match="pip install scipy"):
        datasets.Flowers(*files["flowers"])


def test_voc2012_missing_split_member(tmp_path):
    path = _tar_with(tmp_path, "VOCdevkit/VOC2012/readme.txt", b"x")
    with pytest.raises(ValueError, match=r"has no member .*Segmentation/trainval\.txt"):
        datasets.VOC2012(path)


def test_voc2012_survives_pickling(files):
    voc = datasets.VOC2012(files["voc2012"], mode="valid", backend="cv2")
    copy = pickle.loads(pickle.dumps(voc))
    np.testing.assert_array_equal(copy[0][1], voc[0][1])


def test_dataset_folder_is_valid_file_and_cv2_loader(files):
    root = files["folder"]
    only_dogs = datasets.DatasetFolder(root, is_valid_file=lambda p: os.sep + "dog" + os.sep in p)
    assert only_dogs.targets == [1, 1] and only_dogs.classes == ["cat", "dog", "emu"]
    pil_folder = datasets.DatasetFolder(root)
    paddle.vision.set_image_backend("cv2")
    try:
        cv2_folder = datasets.DatasetFolder(root)
        for i in range(len(cv2_folder)):
            array, label = cv2_folder[i]
            assert array.dtype == np.uint8 and label == pil_folder[i][1]
            np.testing.assert_array_equal(array, np.asarray(pil_folder[i][0]))
    finally:
        paddle.vision.set_image_backend("pil")


def test_folders_without_images(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(RuntimeError, match="Found 0 files in subfolders of"):
        datasets.DatasetFolder(str(tmp_path))
    with pytest.raises(RuntimeError, match="Supported extensions are: .png"):
        datasets.ImageFolder(str(tmp_path), extensions=[".png"])
    with pytest.raises(DatasetNotFoundError, match="is not a directory"):
        datasets.ImageFolder(str(tmp_path / "missing"))


def test_dataloader_batches_mnist(files):
    images, labels = files["mnist_train"]
    mnist = datasets.MNIST(images, labels, transform=paddle.vision.transforms.ToTensor())
    x, y = next(iter(paddle.io.DataLoader(mnist, batch_size=8)))
    assert x.shape == [8, 1, 28, 28] and x.dtype == paddle.float32
    assert y.shape == [8, 1] and y.dtype == paddle.int64
    np.testing.assert_array_equal(y.numpy()[:, 0], [int(mnist[i][1][0]) for i in range(8)])


@pytest.mark.parametrize("module", ["mnist", "cifar", "flowers", "voc2012", "folder"])
def test_docstring_examples_run(module):
    result = doctest.testmod(importlib.import_module(f"paddle.vision.datasets.{module}"),
                             optionflags=doctest.ELLIPSIS)
    assert result.attempted and result.failed == 0
