"""Behaviour of paddle.vision.transforms beyond the goldens: clear errors where Paddle would
need OpenCV modes we do not reproduce, tuple inputs, and the image backends."""
from __future__ import annotations

import numpy as np
import pytest

import paddle
from paddle.vision import transforms as T
from paddle.vision.transforms import functional as F


def _rgb(h=6, w=8):
    return np.random.default_rng(0).integers(0, 256, (h, w, 3)).astype("uint8")


def test_numpy_resize_rejects_modes_it_cannot_reproduce():
    with pytest.raises(ValueError, match=r"\(resize\) interpolation 'bicubic'"):
        F.resize(_rgb(), (3, 3), "bicubic")


def test_numpy_nearest_resize_takes_opencv_source_pixels():
    img = np.arange(6, dtype="uint8").reshape(1, 6, 1)
    # OpenCV picks floor(x * 6 / 4): 0, 1, 3, 4 (PIL would pick the pixel centres instead)
    assert F.resize(img, (1, 4), "nearest")[0, :, 0].tolist() == [0, 1, 3, 4]


def test_rotate_expand_numpy_holds_whole_image():
    out = F.rotate(_rgb(4, 6), 90, expand=True)
    assert out.shape == (6, 4, 3)


def test_compose_reports_the_failing_transform(capsys):
    with pytest.raises(TypeError):
        T.Compose([T.Resize(4), T.ToTensor()])([1, 2, 3])
    assert "fail to perform transform [" in capsys.readouterr().out


def test_to_tensor_keeps_float_arrays():
    out = T.ToTensor()(np.ones((2, 3, 1), "float64"))
    assert out.dtype == paddle.float64 and out.shape == [1, 2, 3]


def test_erase_tensor_inplace_writes_through():
    img = paddle.ones([3, 4, 4])
    F.erase(img, 0, 0, 2, 2, 0.0, inplace=True)
    assert float(img.sum()) == 3 * 16 - 3 * 4


def test_image_load_backends(tmp_path):
    from PIL import Image
    path = str(tmp_path / "x.png")
    Image.fromarray(_rgb()).save(path)
    assert paddle.vision.image_load(path).size == (8, 6)
    bgr = paddle.vision.image_load(path, backend="cv2")
    np.testing.assert_array_equal(bgr[:, :, ::-1], _rgb())
    chw = paddle.vision.image_load(path, backend="tensor")
    assert chw.shape == [3, 6, 8] and chw.dtype == paddle.uint8
    with pytest.raises(ValueError, match="Expected backend"):
        paddle.vision.image_load(path, backend="opencv")
    with pytest.raises(ValueError):
        paddle.vision.set_image_backend("skimage")
