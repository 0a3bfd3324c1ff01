"""`x[idx]` / `x[idx] = v` beyond the goldens: cases where real Paddle 3.3.1 reads or writes
out of bounds (we raise), gradients of assigned values through tensor indices (Paddle returns
uninitialised memory), in-place semantics, double backward and tracing."""
import numpy as np
import pytest

import paddle
from paddle._core.tracing import Tracer


def _x(shape=(3, 4, 5), dtype="float64"):
    return paddle.to_tensor(np.arange(int(np.prod(shape))).reshape(shape).astype(dtype))


@pytest.mark.parametrize("index", [[0, 3], [-4], np.array([5])])
def test_out_of_range_index_lists_raise_index_error(index):
    with pytest.raises(IndexError, match="getitem"):
        _x()[index]


def test_out_of_range_index_tensor_raises_index_error():
    with pytest.raises(IndexError):
        _x()[paddle.to_tensor([0, 5])]
    x = _x()
    with pytest.raises(IndexError):
        x[paddle.to_tensor([4])] = 1.0


def test_integers_apply_before_tensor_indices():
    x = _x()
    assert x[1, :, [0, 2]].shape == [4, 2]
    np.testing.assert_array_equal(x[1, :, [0, 2]].numpy(), x.numpy()[1][:, [0, 2]])
    assert x[None, [0, 2]].shape == [1, 2, 4, 5]
    assert x[[0, 1], None, [0, 2]].shape == [2, 1, 5]


def test_value_gradient_through_tensor_index():
    x = _x()
    v = paddle.to_tensor(np.full((2, 4, 5), 7.0))
    x.stop_gradient = False
    v.stop_gradient = False
    y = x * 1
    y[paddle.to_tensor([2, 0])] = v * 2
    weights = np.arange(60.0).reshape(3, 4, 5)
    gx, gv = paddle.grad((y * paddle.to_tensor(weights)).sum(), [x, v])
    expected_gx = weights.copy()
    expected_gx[[2, 0]] = 0
    np.testing.assert_allclose(gx.numpy(), expected_gx)
    np.testing.assert_allclose(gv.numpy(), 2 * weights[[2, 0]])


def test_value_gradient_through_mask_sums_broadcast():
    x = _x((3, 4))
    v = paddle.to_tensor(np.float64(1.5))
    v.stop_gradient = False
    y = x * 1
    y[paddle.to_tensor([True, False, True])] = v
    (gv,) = paddle.grad(y.sum(), [v])
    assert float(gv) == 8.0


def test_getitem_gradient_accumulates_repeated_indices():
    x = _x((3, 2))
    x.stop_gradient = False
    (g,) = paddle.grad(x[[2, 2, 0]].sum(), [x])
    np.testing.assert_array_equal(g.numpy(), [[1, 1], [0, 0], [2, 2]])


def test_getitem_double_backward():
    x = _x((4,))
    x.stop_gradient = False
    y = (x[[1, 1, 3]] ** 2).sum()
    (g,) = paddle.grad(y, [x], create_graph=True)
    (gg,) = paddle.grad(g.sum(), [x])
    np.testing.assert_array_equal(gg.numpy(), [0, 4, 0, 2])


def test_setitem_on_leaf_that_needs_grad_raises():
    x = _x((2, 3))
    x.stop_gradient = False
    with pytest.raises(ValueError, match="inplace"):
        x[0] = 1.0


def test_setitem_bumps_version_and_keeps_identity():
    x = _x((2, 3))
    before = x._version
    x[0, 1] = 9.0
    assert x._version == before + 1
    assert float(x[0, 1]) == 9.0


@pytest.mark.parametrize("value", [[1, 2, 3], "a", None])
def test_setitem_rejects_non_tensor_values(value):
    x = _x((2, 3))
    with pytest.raises(ValueError, match="setitem"):
        x[0] = value


def test_setitem_converts_value_dtype():
    x = _x((2, 3), "int32")
    x[0] = paddle.to_tensor([1.7, 2.2, -3.9])
    np.testing.assert_array_equal(x.numpy()[0], [1, 2, -3])
    assert x.dtype == paddle.int32


@pytest.mark.parametrize("index", [1.5, "a", (Ellipsis, 0, Ellipsis)])
def test_invalid_indices_raise_value_error(index):
    with pytest.raises(ValueError):
        _x()[index]


def test_numpy_scalar_indices():
    x = _x()
    assert x[np.int64(1), np.int32(2)].shape == [5]
    assert x[np.bool_(True)].shape == [1, 3, 4, 5]


def test_traced_indexing_infers_shapes():
    with Tracer() as tracer:
        x = tracer.input([3, 4, 5], "float32")
        assert list(x[1, :, [0, 2]].shape) == [4, 2]
        assert list(x[x > 0].shape) == [-1]
        assert list(x[::-1, None].shape) == [3, 1, 4, 5]
