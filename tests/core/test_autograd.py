"""Autograd engine behaviour beyond the golden comparisons: errors, hooks, modes, PyLayer."""
import numpy as np
import pytest

import paddle
from paddle.autograd import GraphFreedError


def leaf(values=(1.0, 2.0, 3.0)):
    return paddle.to_tensor(np.asarray(values, "float32"), stop_gradient=False)


def test_second_backward_through_freed_graph_names_the_op():
    x = leaf()
    y = (x * x).sum()
    y.backward()
    with pytest.raises(GraphFreedError, match="multiply.*retain_graph=True"):
        y.backward()


def test_graph_without_saved_tensors_can_run_twice():
    x = leaf()
    y = (x + 1).sum()
    y.backward()
    y.backward()
    np.testing.assert_allclose(x.grad.numpy(), [2, 2, 2])


def test_inplace_change_of_saved_input_is_detected():
    x = leaf()
    y = x * 1
    z = y * y
    y.add_(paddle.ones([3]))
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        z.sum().backward()


def test_inplace_change_of_saved_output_is_detected():
    x = leaf()
    y = paddle.exp(x)
    y.add_(paddle.ones([3]))
    with pytest.raises(RuntimeError, match="output 'out' of op 'exp'"):
        y.sum().backward()


def test_inplace_on_nonleaf_keeps_gradient_flowing():
    x = leaf()
    y = x * 2
    y.add_(x)  # y = 3x
    y.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [3, 3, 3])


def test_grad_outputs_shape_mismatch_is_a_value_error():
    x = leaf()
    with pytest.raises(ValueError, match=r"grad_outputs\[0\] has shape \[2\].*shape \[3\]"):
        paddle.grad([x * 2], [x], grad_outputs=[paddle.ones([2])])


def test_grad_of_stop_gradient_input_is_rejected():
    x = paddle.to_tensor([1.0, 2.0])
    with pytest.raises(ValueError, match="stop_gradient=True"):
        paddle.grad(x * 2, x)


def test_backward_of_stop_gradient_tensor_warns_and_does_nothing():
    with pytest.warns(UserWarning, match="stop_gradient=True"):
        paddle.to_tensor([1.0]).sum().backward()


def test_hook_handle_remove():
    x = leaf()
    handle = x.register_hook(lambda g: g * 100)
    assert handle.remove()
    (x * 1).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [1, 1, 1])


def test_hook_on_stop_gradient_tensor_is_rejected():
    with pytest.raises(RuntimeError, match="stop gradient"):
        paddle.to_tensor([1.0]).register_hook(lambda g: g)


def test_retain_grads_keeps_nonleaf_gradient():
    x = leaf()
    y = x * 2
    y.retain_grads()
    (y * y).sum().backward()
    np.testing.assert_allclose(y.grad.numpy(), 2 * y.numpy())


def test_no_grad_as_decorator_and_enable_grad_inside():
    x = leaf()

    @paddle.no_grad()
    def f():
        a = x * 2
        with paddle.enable_grad():
            b = x * 2
        return a, b

    a, b = f()
    assert a.stop_gradient and not b.stop_gradient
    assert paddle.is_grad_enabled()


def test_set_grad_enabled_decorator_restores_mode():
    @paddle.set_grad_enabled(False)
    def f(t):
        return t * 2

    assert paddle.is_grad_enabled()
    assert f(leaf()).stop_gradient
    assert paddle.is_grad_enabled()


def test_no_grad_vars_blocks_a_path():
    x = leaf()
    y = x * 2
    z = x * 3
    (g,) = paddle.grad((y + z).sum(), x, no_grad_vars=[y])
    np.testing.assert_allclose(g.numpy(), [3, 3, 3])


def test_create_graph_third_order():
    x = leaf((0.5,))
    (g1,) = paddle.grad((x ** 4).sum(), x, create_graph=True)
    (g2,) = paddle.grad(g1.sum(), x, create_graph=True)
    (g3,) = paddle.grad(g2.sum(), x)
    np.testing.assert_allclose(g3.numpy(), [24 * 0.5], rtol=1e-6)


def test_pylayer_non_differentiable_output_and_materialize():
    class SplitSign(paddle.autograd.PyLayer):
        @staticmethod
        def forward(ctx, x):
            sign = paddle.sign(x)
            ctx.mark_non_differentiable(sign)
            return x * 2, sign

        @staticmethod
        def backward(ctx, g, g_sign):
            return g * 2

    x = leaf((-1.0, 2.0))
    y, s = SplitSign.apply(x)
    assert s.stop_gradient and not y.stop_gradient
    y.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [2, 2])


def test_pylayer_wrong_gradient_count():
    class Bad(paddle.autograd.PyLayer):
        @staticmethod
        def forward(ctx, x, y):
            return x + y

        @staticmethod
        def backward(ctx, g):
            return g

    x, y = leaf(), leaf()
    with pytest.raises(ValueError, match="returned 1 gradients.*2 Tensor inputs"):
        Bad.apply(x, y).sum().backward()


def test_gradient_is_cast_to_leaf_dtype():
    x = paddle.to_tensor(np.ones(3, "float64"), stop_gradient=False)
    (x.astype("float32") * 2).sum().backward()
    assert x.grad.dtype == paddle.float64


def test_grad_of_integer_output_through_cast():
    x = leaf()
    z = x.astype("int64").astype("float32") * x
    z.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [2, 4, 6])


def test_deep_chain_does_not_recurse():
    x = leaf((1.0,))
    y = x
    for _ in range(5000):
        y = y * 1.0
    y.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [1.0])


def test_saved_tensors_hooks_pack_and_unpack_saved_values():
    events = []

    def pack(t):
        events.append("pack")
        return t.numpy()

    def unpack(a):
        events.append("unpack")
        return paddle.to_tensor(a)

    x = leaf((1.0, 2.0))
    with paddle.autograd.saved_tensors_hooks(pack, unpack):
        y = paddle.exp(x * x)
    y.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), 2 * np.array([1, 2]) * np.exp([1, 4]), rtol=1e-6)
    assert events.count("pack") == 3 and events.count("unpack") == 3
