"""Resampling behaviour beyond the goldens: interpolation identities, gradients of grid_sample
with respect to the grid, unfold/fold adjointness and the transposed resampling op."""
import numpy as np
from gradcheck import check_vjp

import paddle
import paddle.nn.functional as F


def test_interpolate_to_the_same_size_is_the_identity():
    x = paddle.rand([2, 3, 5, 7])
    for mode in ("nearest", "bilinear", "bicubic"):
        np.testing.assert_allclose(F.interpolate(x, size=[5, 7], mode=mode).numpy(), x.numpy(),
                                   rtol=1e-6, atol=1e-6)


def test_align_corners_keeps_the_corners():
    x = paddle.rand([1, 1, 4, 6])
    out = F.interpolate(x, size=[7, 9], mode="bilinear", align_corners=True).numpy()
    corners = x.numpy()[0, 0][[0, 0, -1, -1], [0, -1, 0, -1]]
    np.testing.assert_allclose(out[0, 0][[0, 0, -1, -1], [0, -1, 0, -1]], corners, rtol=1e-6)


def test_interpolate_gradient_matches_numeric():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((1, 2, 4, 5))
    for mode in ("bilinear", "bicubic", "nearest"):
        check_vjp(lambda t, m=mode: F.interpolate(t, scale_factor=1.5, mode=m), [x])


def test_grid_sample_gradients_for_input_and_grid():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((1, 2, 4, 5))
    grid = rng.uniform(-0.9, 0.9, (1, 3, 2, 2))
    for padding in ("zeros", "border", "reflection"):
        check_vjp(lambda a, g, p=padding: F.grid_sample(a, g, padding_mode=p,
                                                        align_corners=False), [x, grid])


def test_identity_affine_grid_samples_the_input_back():
    x = paddle.rand([2, 3, 4, 5])
    theta = paddle.to_tensor(np.tile(np.eye(2, 3, dtype="float32"), (2, 1, 1)))
    grid = F.affine_grid(theta, [2, 3, 4, 5], align_corners=False)
    np.testing.assert_allclose(F.grid_sample(x, grid, align_corners=False).numpy(), x.numpy(),
                               rtol=1e-5, atol=1e-6)


def test_fold_is_the_adjoint_of_unfold():
    rng = np.random.default_rng(2)
    x = rng.standard_normal((2, 3, 6, 5)).astype("float32")
    cols = F.unfold(paddle.to_tensor(x), [3, 2], strides=[2, 1], paddings=1)
    y = rng.standard_normal(cols.shape).astype("float32")
    back = F.fold(paddle.to_tensor(y), [6, 5], [3, 2], strides=[2, 1], paddings=1)
    np.testing.assert_allclose((cols.numpy() * y).sum(), (x * back.numpy()).sum(), rtol=1e-4)


def test_upsample_layer_records_its_layout():
    layer = paddle.nn.Upsample(scale_factor=2, mode="trilinear")
    assert layer(paddle.ones([1, 1, 2, 2, 2])).shape == [1, 1, 4, 4, 4]
    assert "data_format=NCDHW" in repr(layer)
