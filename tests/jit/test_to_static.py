"""paddle.jit.to_static: converted functions and layers give eager's outputs and gradients."""
import warnings

import numpy as np
import pytest

import paddle
from paddle.static import InputSpec


class MLP(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc1 = paddle.nn.Linear(3, 8)
        self.fc2 = paddle.nn.Linear(8, 2)

    def forward(self, x):
        return self.fc2(paddle.tanh(self.fc1(x))) * 2.0 + 1.0


def _x(shape=(4, 3), seed=0):
    return paddle.to_tensor(np.random.default_rng(seed).random(shape).astype("float32"))


def test_layer_forward_and_gradients_match_eager():
    net = MLP()
    x = _x()
    eager = net(x)
    eager.sum().backward()
    expected = [p.grad.numpy().copy() for p in net.parameters()]
    net.clear_gradients(set_to_zero=False)
    static = paddle.jit.to_static(net, input_spec=[InputSpec([None, 3], "float32", "x")])
    out = static(x)
    np.testing.assert_allclose(out.numpy(), eager.numpy(), rtol=1e-6)
    out.sum().backward()
    for p, g in zip(net.parameters(), expected):
        np.testing.assert_allclose(p.grad.numpy(), g, rtol=1e-6)


def test_inference_runs_the_interpreter_and_follows_parameter_updates():
    net = paddle.jit.to_static(MLP())
    x = _x()
    with paddle.no_grad():
        first = net(x).numpy()
        net.fc2.bias.set_value(np.full([2], 5.0, "float32"))
        second = net(x).numpy()
    np.testing.assert_allclose(second - first, np.full_like(first, 2 * 5.0), rtol=1e-5)


def test_function_decorator_and_cache_per_shape():
    calls = []

    @paddle.jit.to_static
    def f(x, scale=2.0):
        calls.append(1)
        return paddle.exp(x) * scale

    a = f(_x((2, 3)))
    f(_x((2, 3), seed=1))
    f(_x((5, 3)))
    assert len(calls) == 2  # traced once per input signature
    np.testing.assert_allclose(a.numpy(), np.exp(_x((2, 3)).numpy()) * 2, rtol=1e-6)


def test_concrete_program_prints_pir():
    net = paddle.jit.to_static(MLP(), input_spec=[InputSpec([None, 3], "float32", "x")])
    text = str(net.forward.concrete_program.main_program)
    assert '"pd_op.data" () {dtype:float32,name:"x"' in text
    assert "tensor<-1x8xf32>" in text and '"pd_op.tanh"' in text


def test_flatten_over_the_unknown_batch_keeps_it_unknown():
    f = paddle.jit.to_static(lambda x: paddle.flatten(x, 0, 1) * 2,
                             input_spec=[InputSpec([None, 3, 4], "float32", "x")])
    x = _x((2, 3, 4))
    np.testing.assert_array_equal(f(x).numpy(), x.numpy().reshape(6, 4) * 2)
    text = str(f.concrete_program.main_program)
    assert ('"pd_op.flatten" (%0) {start_axis:0,stop_axis:1,stop_gradient:[false]} : '
            '(tensor<-1x3x4xf32>) -> tensor<-1x4xf32>') in text


def test_dropout_along_the_unknown_batch_draws_one_decision_per_row_like_eager():
    f = paddle.jit.to_static(lambda x: paddle.nn.functional.dropout(x, 0.5, axis=0),
                             input_spec=[InputSpec([None, 3], "float32", "x")])
    x = paddle.ones([6, 3])
    paddle.seed(5)
    got = f(x).numpy()
    paddle.seed(5)
    want = paddle.nn.functional.dropout(x, 0.5, axis=0).numpy()
    np.testing.assert_array_equal(got, want)
    assert set(np.unique(got)) <= {0.0, 2.0} and (got == got[:, :1]).all()


def test_buffers_are_read_at_every_run_like_parameters():
    """As in Paddle (same outputs: 1, 5, 7): a buffer is program state, so values loaded by
    set_state_dict after the conversion reach the program."""
    class Shift(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.register_buffer("shift", paddle.ones([3]))

        def forward(self, x):
            return x + self.shift

    net = Shift()
    static = paddle.jit.to_static(net, input_spec=[InputSpec([None, 3], "float32", "x")])
    zeros = paddle.zeros([1, 3])
    assert static(zeros).numpy().tolist() == [[1.0, 1.0, 1.0]]
    net.shift.set_value(paddle.full([3], 5.0))
    assert static(zeros).numpy().tolist() == [[5.0, 5.0, 5.0]]
    net.set_state_dict({"shift": paddle.full([3], 7.0)})
    assert static(zeros).numpy().tolist() == [[7.0, 7.0, 7.0]]
    text = str(static.forward.concrete_program.main_program)
    assert (f'parameter_name:"{net.shift.name}",persistable:[true],stop_gradient:[true],'
            'trainable:[false]}') in text


def test_input_spec_violation_is_a_clear_error():
    net = paddle.jit.to_static(MLP(), input_spec=[InputSpec([None, 3], "float32", "x")])
    with pytest.raises(ValueError, match=r"'x'.*\[2, 5\].*InputSpec"):
        net(paddle.ones([2, 5]))


@pytest.mark.parametrize("dtype", ["int64", "float64", "bool"])
def test_input_spec_dtype_violation_names_the_argument_and_spec(dtype):
    net = paddle.jit.to_static(MLP(), input_spec=[InputSpec([None, 3], "float32", "x")])
    with pytest.raises(ValueError, match=rf"'x'.*dtype {dtype}.*InputSpec\(shape=\[-1, 3\], "
                                         r"dtype=float32\)"):
        net(paddle.ones([2, 3], dtype))


def test_code_needing_a_tensor_value_falls_back_with_warning():
    @paddle.jit.to_static
    def f(x):
        if float(x.sum()) > 0:  # a Python number from a tensor: no program can express it
            return x * 2
        return x - 1

    with pytest.warns(UserWarning, match="dynamic mode"):
        out = f(paddle.to_tensor([1.0, 2.0]))
    assert out.tolist() == [2.0, 4.0]
    assert f(paddle.to_tensor([-1.0, -2.0])).tolist() == [-2.0, -3.0]


def test_full_graph_refuses_uncapturable_control_flow():
    def g(x):
        return x * 2 if bool(x.sum() > 0) else x

    static = paddle.jit.to_static(g, full_graph=True)
    with pytest.raises(RuntimeError, match="full_graph"):
        static(paddle.to_tensor([1.0]))


def test_rollback_restores_eager_forward():
    net = MLP()
    static = paddle.jit.to_static(net)
    assert static is net
    net.forward.rollback()
    assert not isinstance(net.forward, paddle.jit.StaticFunction)


def test_enable_to_static_false_runs_eagerly():
    traced = []

    @paddle.jit.to_static
    def f(x):
        traced.append(x)
        return x + 1

    paddle.jit.enable_to_static(False)
    try:
        f(paddle.ones([1]))
    finally:
        paddle.jit.enable_to_static(True)
    assert not traced[0].__class__.__name__.startswith("Symbolic")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        f(paddle.ones([1]))


def test_inference_fast_path_still_checks_new_signatures_and_modes():
    net = MLP()
    net.fc1 = paddle.nn.Sequential(paddle.nn.Linear(3, 8), paddle.nn.Dropout(0.5))
    static = paddle.jit.to_static(net, input_spec=[InputSpec([None, 3], "float32", "x")])
    with paddle.no_grad():
        net.eval()
        first = static(_x()).numpy()
        np.testing.assert_array_equal(static(_x()).numpy(), first)  # served by the fast path
        np.testing.assert_allclose(static(_x((6, 3))).numpy(), net.fc2(paddle.tanh(
            net.fc1(_x((6, 3))))).numpy() * 2.0 + 1.0, rtol=1e-6)
        with pytest.raises(ValueError, match=r"'x'.*\[4, 5\]"):
            static(paddle.ones([4, 5]))
        with pytest.raises(ValueError, match=r"'x'.*float64"):
            static(paddle.ones([4, 3], "float64"))
        net.train()  # dropout now drops: a different program
        assert not np.array_equal(static(_x()).numpy(), first)


def test_state_writes_run_in_inference_and_training_calls():
    from paddle._core import state
    running = paddle.zeros([3])

    def f(x):
        new = running * 0.5 + x.mean(axis=0)
        if state.tracer is not None:
            state.tracer.write_state(running, new)
        else:
            running.set_value(new)
        return x * 2

    static = paddle.jit.to_static(f)
    x = _x()
    with paddle.no_grad():
        static(x)  # the interpreter
    x.stop_gradient = False
    static(x).sum().backward()  # the replayer
    mean = x.numpy().mean(axis=0)
    np.testing.assert_allclose(running.numpy(), mean * 0.5 + mean, rtol=1e-6)


def test_batch_norm_running_statistics_update_under_to_static_as_in_eager():
    def make():
        paddle.seed(0)
        return paddle.nn.Sequential(paddle.nn.Conv2D(3, 4, 3), paddle.nn.BatchNorm2D(4))

    eager, converted = make(), make()
    static = paddle.jit.to_static(converted)
    x = paddle.randn([2, 3, 6, 6])
    for _ in range(3):
        eager(x).sum().backward()
        static(x).sum().backward()
    mean, variance = converted[1]._mean.numpy(), converted[1]._variance.numpy()
    assert np.abs(mean).max() > 0  # moved from its initial zeros
    np.testing.assert_allclose(mean, eager[1]._mean.numpy(), rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(variance, eager[1]._variance.numpy(), rtol=1e-6, atol=1e-7)


def test_register_hook_inside_to_static_applies_to_the_gradients():
    class Net(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.first, self.second = paddle.nn.Linear(5, 5), paddle.nn.Linear(5, 3)

        def forward(self, x, hook=False):
            hidden = self.first(x)
            if hook:
                hidden.register_hook(lambda grad: grad * 2)
            return self.second(hidden).mean(axis=-1)

    paddle.seed(1)
    static = paddle.jit.to_static(Net(), input_spec=[InputSpec([None, 5])])
    data = np.random.default_rng(0).uniform(size=[4, 5]).astype("float32")
    plain = paddle.to_tensor(data, stop_gradient=False)
    hooked = paddle.to_tensor(data, stop_gradient=False)
    static(plain).sum().backward()
    static(hooked, True).sum().backward()
    assert np.abs(plain.grad.numpy()).max() > 0
    np.testing.assert_allclose(hooked.grad.numpy(), 2 * plain.grad.numpy(), rtol=1e-6)
