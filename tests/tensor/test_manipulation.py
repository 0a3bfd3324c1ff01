"""Shape manipulation and gather/scatter beyond the goldens: places where real Paddle 3.3.1 is
wrong or crashes (we compute the right thing or raise), in-place forms, copies vs views, the
pad op's pair form, and tracing of the composites."""
import numpy as np
import pytest

import paddle
from paddle._core.ops import pad as pad_op
from paddle._core.tracing import Tracer
from paddle.tensor.manip_pad import pad


def _leaf(values):
    t = paddle.to_tensor(np.asarray(values, "float64"))
    t.stop_gradient = False
    return t


def test_unfold_gradient_adds_overlapping_windows():
    x = _leaf(np.arange(8.0).reshape(2, 4))
    out = x.unfold(1, 2, 1)
    weights = paddle.to_tensor(np.arange(1.0, 13.0).reshape(2, 3, 2))
    (g,) = paddle.grad((out * weights).sum(), [x])
    np.testing.assert_array_equal(g.numpy(), [[1, 5, 9, 6], [7, 17, 21, 12]])


def test_diag_embed_is_differentiable():
    x = _leaf([[1.0, 2.0], [3.0, 4.0]])
    out = paddle.diag_embed(x, 1)
    weights = paddle.to_tensor(np.arange(1.0, 19.0).reshape(2, 3, 3))
    (g,) = paddle.grad((out * weights).sum(), [x])
    np.testing.assert_array_equal(g.numpy(), [[2, 6], [11, 15]])


def test_masked_fill_tensor_value_gets_gradient():
    x = _leaf(np.ones((2, 3)))
    v = _leaf(2.0)
    out = paddle.masked_fill(x, paddle.to_tensor([True, False, True]), v)
    gx, gv = paddle.grad(out.sum(), [x, v])
    np.testing.assert_array_equal(gx.numpy(), [[0, 1, 0], [0, 1, 0]])
    assert float(gv) == 4.0


def test_complex_round_trip_gradient():
    x = _leaf(np.arange(6.0).reshape(3, 2))
    out = paddle.as_real(paddle.as_complex(x))
    weights = paddle.to_tensor(np.arange(6.0).reshape(3, 2))
    (g,) = paddle.grad((out * weights).sum(), [x])
    np.testing.assert_array_equal(g.numpy(), weights.numpy())


@pytest.mark.parametrize("call", [
    lambda x: paddle.index_put(x, (paddle.to_tensor([5]),), paddle.to_tensor(1.0)),
    lambda x: paddle.index_fill(x, paddle.to_tensor([4]), 1, 1.0),
    lambda x: paddle.select_scatter(x, paddle.ones([3]), 1, 5),
])
def test_out_of_range_writes_raise(call):
    with pytest.raises(IndexError):
        call(paddle.zeros([3, 4]))


def test_inplace_composite_keeps_identity_and_memory():
    x = paddle.zeros([3, 2])
    memory = x._data
    result = paddle.scatter_(x, paddle.to_tensor([1]), paddle.ones([1, 2]))
    assert result is x
    np.testing.assert_array_equal(memory, [[0, 0], [1, 1], [0, 0]])
    x.masked_fill_(paddle.to_tensor([True, False]), 5.0)
    np.testing.assert_array_equal(x.numpy(), [[5, 0], [5, 1], [5, 0]])


def test_inplace_composite_on_leaf_that_needs_grad_raises():
    x = _leaf(np.zeros((2, 2)))
    with pytest.raises(ValueError, match="inplace"):
        paddle.index_fill_(x, paddle.to_tensor([0]), 0, 1.0)


def test_inplace_composite_gradient_flows_to_earlier_values():
    x = _leaf(np.arange(4.0).reshape(2, 2))
    y = x * 3
    paddle.index_add_(y, paddle.to_tensor([0]), 1, paddle.ones([2, 1], "float64"))
    (g,) = paddle.grad((y * y).sum(), [x])
    expected = 2 * (np.arange(4.0).reshape(2, 2) * 3 + [[1, 0], [1, 0]]) * 3
    np.testing.assert_allclose(g.numpy(), expected)


def test_flip_and_roll_return_copies():
    x = paddle.to_tensor([1.0, 2.0, 3.0])
    y = paddle.flip(x, 0)
    y[0] = 10.0
    assert x.numpy().tolist() == [1.0, 2.0, 3.0]


def test_scatter_nd_add_without_index_depth_adds_every_update():
    x = paddle.zeros([2])
    out = paddle.scatter_nd_add(x, paddle.zeros([3, 0], "int64"), paddle.ones([3, 2]))
    np.testing.assert_array_equal(out.numpy(), [3, 3])


def test_take_along_axis_rejects_float_indices():
    with pytest.raises(TypeError):
        paddle.put_along_axis(paddle.zeros([2, 2]), paddle.to_tensor([[0.0]]), 1.0, 1)


def test_pad_op_takes_pairs_per_axis():
    x = paddle.to_tensor(np.arange(6.0).reshape(2, 3))
    out = pad_op.pad(x, [(1, 0), (0, 2)], "constant", -1.0)
    np.testing.assert_array_equal(out.numpy(), [[-1, -1, -1, -1, -1], [0, 1, 2, -1, -1],
                                                [3, 4, 5, -1, -1]])
    np.testing.assert_array_equal(pad_op.pad(x, [(0, 0), (-1, -1)]).numpy(), [[1], [4]])
    with pytest.raises(ValueError, match="reflect"):
        pad_op.pad(x, [(0, 0), (3, 0)], "reflect")


def test_pad_constant_all_dims_orders():
    x = paddle.ones([1, 2])
    assert pad(x, [1, 0, 0, 2]).shape == [2, 4]
    assert pad(x, [1, 0, 0, 2], pad_from_left_axis=False).shape == [3, 3]


def test_pad_gradient_sums_reflected_positions():
    x = _leaf(np.arange(4.0).reshape(1, 1, 4))
    out = pad(x, [2, 1], mode="reflect")
    (g,) = paddle.grad(out.sum(), [x])
    np.testing.assert_array_equal(g.numpy(), [[[1, 2, 3, 1]]])


def test_composites_trace_without_reading_values():
    with Tracer() as tracer:
        x = tracer.input([3, 4], "float32")
        rows = tracer.input([2], "int64")
        cols = tracer.input([3, 1], "int64")
        points = tracer.input([5, 2], "int64")
        assert list(paddle.gather(x, rows).shape) == [2, 4]
        assert list(paddle.take_along_axis(x, cols, 1).shape) == [3, 1]
        assert list(paddle.gather_nd(x, points).shape) == [5]
        assert list(paddle.put_along_axis(x, cols, 1.0, 1).shape) == [3, 4]
        assert list(paddle.scatter(x, rows, paddle.ones([2, 4])).shape) == [3, 4]
        assert list(paddle.rot90(x).shape) == [4, 3]
        assert list(paddle.shape(x).shape) == [2]
    names = {op.name for op in tracer.ops}
    assert {"pd_op.getitem", "pd_op.put_along_axis", "pd_op.setitem", "pd_op.flip",
            "pd_op.shape"} <= names
