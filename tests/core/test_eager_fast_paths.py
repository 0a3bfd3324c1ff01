"""The eager hot path's shortcuts give the same results as the general paths they bypass:
number operands of arithmetic operators, the fused tanh gradient, the dependency count of a
plain backward, and the gradient context's on-demand shape views."""
import numpy as np
import pytest

import paddle
from paddle._core.autograd.node import GradContext


def leaf(values, dtype="float32"):
    return paddle.to_tensor(np.asarray(values, dtype), stop_gradient=False)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("number", [0.5, 3, -2])
def test_number_operands_keep_the_float_dtype(dtype, number):
    x = leaf([1.0, -2.0, 4.0], dtype)
    data = x.numpy()
    cases = [(x * number, data * number), (number * x, number * data),
             (x + number, data + number), (number + x, number + data),
             (x - number, data - number), (number - x, number - data)]
    for result, expected in cases:
        assert result.dtype == x.dtype
        np.testing.assert_allclose(result.numpy(), expected.astype(dtype))


def test_number_operands_of_other_dtypes_still_promote():
    assert (paddle.to_tensor([1, 2]) * 0.5).dtype == paddle.float32
    assert (paddle.to_tensor([1, 2], "int32") + 3).dtype == paddle.int32
    assert (paddle.to_tensor(1.0, "float16") * 0.5).dtype == paddle.float32  # 0-d float16
    assert (paddle.to_tensor([1.0], "float16") * 0.5).dtype == paddle.float16
    assert (paddle.to_tensor([1.0]) * True).dtype == paddle.float32


def test_number_operand_gradients():
    x = leaf([1.0, 2.0])
    ((1 - x) * 3.0 + x * 0.5).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [-2.5, -2.5])


def test_tanh_gradient_and_its_double_gradient():
    x = leaf([-0.5, 0.25, 1.5], "float64")
    y = paddle.tanh(x)
    (g,) = paddle.grad(y.sum(), x, create_graph=True)
    t = np.tanh(x.numpy())
    np.testing.assert_allclose(g.numpy(), 1 - t * t)
    (gg,) = paddle.grad(g.sum(), x)
    np.testing.assert_allclose(gg.numpy(), -2 * t * (1 - t * t))


def test_tanh_gradient_keeps_low_precision_dtypes():
    x = paddle.to_tensor([0.5, -1.0], "float16", stop_gradient=False)
    paddle.tanh(x).sum().backward()
    assert x.grad.dtype == paddle.float16
    np.testing.assert_allclose(x.grad.numpy(), 1 - np.tanh([0.5, -1.0]) ** 2, rtol=2e-3)


def test_backward_from_two_roots_where_one_feeds_the_other():
    x = leaf([1.0, 2.0])
    a = x * x
    b = a * 3.0
    paddle.autograd.backward([a, b], [paddle.ones([2]), paddle.ones([2])])
    np.testing.assert_allclose(x.grad.numpy(), 8 * x.numpy())


def test_backward_through_a_diamond_counts_both_paths():
    x = leaf([1.0, 2.0])
    a = paddle.exp(x)
    (a * a + a).sum().backward()
    e = np.exp(x.numpy())
    np.testing.assert_allclose(x.grad.numpy(), 2 * e * e + e, rtol=1e-6)


def test_gradient_context_builds_shape_views_on_demand():
    x = leaf([[1.0, 2.0]])
    y = x + paddle.ones([3, 1])
    ctx = GradContext(y._node, [True, False])
    assert ctx.needs_grad == [True, False]
    assert ctx.x.shape == (1, 2) and ctx.x.dtype == paddle.float32
    assert ctx.out.shape == (3, 2)
    with pytest.raises(AttributeError, match="add"):
        _ = ctx.missing
