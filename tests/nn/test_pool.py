"""Pooling and padding behaviour beyond the goldens: masks and unpooling round trips,
adaptive windows, low precision, tracing shapes, second-order gradients and clear errors."""
import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from paddle._core.tracing import Tracer


def test_max_pool_mask_indexes_the_input_plane():
    x = paddle.to_tensor(np.random.default_rng(0).permutation(36).reshape(1, 1, 6, 6)
                         .astype("float32"))
    out, mask = F.max_pool2d(x, 2, return_mask=True)
    assert mask.dtype == paddle.int32
    flat = x.numpy().reshape(-1)
    np.testing.assert_array_equal(flat[mask.numpy().reshape(-1)], out.numpy().reshape(-1))


def test_unpool_inverts_pool_on_the_maxima():
    x = paddle.rand([2, 3, 6, 6])
    out, mask = F.max_pool2d(x, 2, return_mask=True)
    restored = F.max_unpool2d(out, mask, 2)
    again, _ = F.max_pool2d(restored, 2, return_mask=True)
    np.testing.assert_array_equal(again.numpy(), out.numpy())
    assert int((restored.numpy() != 0).sum()) == out.numpy().size


def test_gradient_goes_to_the_first_maximum_only():
    x = paddle.zeros([1, 1, 2, 2])
    x.stop_gradient = False
    F.max_pool2d(x, 2).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy().reshape(-1), [1, 0, 0, 0])


def test_adaptive_average_of_uneven_windows():
    x = paddle.to_tensor(np.arange(5, dtype="float32").reshape(1, 1, 5))
    # windows [0, 3) and [2, 5)
    np.testing.assert_allclose(F.adaptive_avg_pool1d(x, 2).numpy().reshape(-1), [1.0, 3.0])


def test_float16_pooling_keeps_its_dtype():
    x = paddle.rand([1, 2, 4, 4]).astype("float16")
    assert F.avg_pool2d(x, 2).dtype == paddle.float16
    assert F.max_pool2d(x, 2).dtype == paddle.float16


def test_traced_pool_shapes():
    with Tracer() as tracer:
        x = tracer.input([-1, 3, 8, 8], "float32")
        out = F.max_pool2d(x, 3, 2, 1)
        avg = F.adaptive_avg_pool2d(x, [2, 3])
    assert list(out.shape) == [-1, 3, 4, 4] and list(avg.shape) == [-1, 3, 2, 3]


def test_second_order_gradient_through_avg_pool():
    x = paddle.rand([1, 2, 4, 4], dtype="float64")
    x.stop_gradient = False
    y = (F.avg_pool2d(x, 2, 1, 1) ** 2).sum()
    (g,) = paddle.grad(y, [x], create_graph=True)
    (gg,) = paddle.grad(g.sum(), [x])
    assert gg.shape == [1, 2, 4, 4] and np.isfinite(gg.numpy()).all()


def test_unpool_rejects_out_of_range_indices():
    with pytest.raises(ValueError, match=r"\(unpool\)"):
        F.max_unpool2d(paddle.ones([1, 1, 2, 2]), paddle.full([1, 1, 2, 2], 99, "int64"), 2)


def test_pooling_errors_name_the_api():
    with pytest.raises(ValueError, match=r"\(max_pool2d\).*4-D"):
        F.max_pool2d(paddle.ones([3, 4, 4]), 2)
    with pytest.raises(TypeError, match=r"floating-point"):
        F.max_pool2d(paddle.ones([1, 1, 4, 4], dtype="int32"), 2)


def test_padding_layers_and_aliases():
    x = paddle.to_tensor(np.arange(3, dtype="float32").reshape(1, 1, 3))
    np.testing.assert_array_equal(paddle.nn.ReflectionPad1d(2)(x).numpy().reshape(-1),
                                  [2, 1, 0, 1, 2, 1, 0])
    np.testing.assert_array_equal(paddle.nn.ConstantPad1D([1, 0], 7.0)(x).numpy().reshape(-1),
                                  [7, 0, 1, 2])
    assert paddle.nn.ZeroPad2d is paddle.nn.ZeroPad2D


def test_fractional_pooling_without_random_u_follows_paddle_seed():
    x = paddle.rand([1, 2, 9, 9])
    paddle.seed(3)
    first = F.fractional_max_pool2d(x, 4).numpy()
    paddle.seed(3)
    np.testing.assert_array_equal(F.fractional_max_pool2d(x, 4).numpy(), first)
    assert first.shape == (1, 2, 4, 4)
