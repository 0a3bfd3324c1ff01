"""Recurrent layers: the fused kernel agrees with the per-step cell loop, padded sequences behave
like truncated ones, gradients (including where real Paddle's CPU backward is wrong) match
finite differences, second-order gradients work, and bad arguments raise clear errors."""
import numpy as np
import pytest

import paddle
from paddle.nn.layer.rnn import _step_loop


def _rng_values(layer, seed=0):
    rng = np.random.default_rng(seed)
    for p in layer.parameters():
        p.set_value(rng.uniform(-0.5, 0.5, p.shape).astype(p.numpy().dtype))


@pytest.mark.parametrize("cell_cls", [paddle.nn.LSTMCell, paddle.nn.GRUCell,
                                      paddle.nn.SimpleRNNCell])
@pytest.mark.parametrize("is_reverse", [False, True])
def test_fused_kernel_matches_cell_loop(cell_cls, is_reverse):
    cell = cell_cls(4, 3)
    x = paddle.randn([2, 6, 4])
    states = cell.get_initial_states(x)
    fused_out, fused_state = paddle.nn.RNN(cell, is_reverse=is_reverse)(x, states)
    loop_out, loop_state = _step_loop(cell, x, states, None, 1, is_reverse, {})
    np.testing.assert_allclose(fused_out.numpy(), loop_out.numpy(), rtol=1e-5, atol=1e-6)
    for a, b in zip(_as_tuple(fused_state), _as_tuple(loop_state)):
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-5, atol=1e-6)


def _as_tuple(state):
    return state if isinstance(state, tuple) else (state,)


@pytest.mark.parametrize("mode", ["LSTM", "GRU", "SimpleRNN"])
def test_padded_sequence_equals_truncated(mode):
    layer = getattr(paddle.nn, mode)(3, 4, direction="bidirect")
    x = paddle.randn([2, 5, 3])
    out, state = layer(x, sequence_length=paddle.to_tensor([5, 3]))
    short_out, short_state = layer(x[1:, :3])
    np.testing.assert_allclose(out.numpy()[1, :3], short_out.numpy()[0], rtol=1e-5, atol=1e-6)
    assert not out.numpy()[1, 3:].any()
    final = state[0] if mode == "LSTM" else state
    short_final = short_state[0] if mode == "LSTM" else short_state
    np.testing.assert_allclose(final.numpy()[:, 1], short_final.numpy()[:, 0], rtol=1e-5,
                               atol=1e-6)


@pytest.mark.parametrize("mode", ["LSTM", "GRU", "SimpleRNN"])
def test_reverse_padded_gradient_from_nonzero_states(mode):
    """Real Paddle's CPU backward gets this case wrong; ours must match finite differences."""
    paddle.set_default_dtype("float64")
    try:
        layer = getattr(paddle.nn, mode)(3, 2, 1, "bidirect")
    finally:
        paddle.set_default_dtype("float32")
    rng = np.random.default_rng(1)
    x = paddle.to_tensor(rng.standard_normal([3, 4, 3]))
    h0 = paddle.to_tensor(rng.standard_normal([2, 3, 2]))
    states = (h0, paddle.to_tensor(rng.standard_normal([2, 3, 2]))) if mode == "LSTM" else h0
    lengths = paddle.to_tensor([4, 2, 3])
    weights = paddle.to_tensor(rng.standard_normal([3, 4, 4]))
    param = layer.weight_hh_l0_reverse
    base = param.numpy().copy()

    def loss():
        return (layer(x, states, lengths)[0] * weights).sum()

    loss().backward()
    direction = rng.standard_normal(base.shape)
    analytic = float((param.grad.numpy() * direction).sum())
    values = []
    for eps in (1e-6, -1e-6):
        param.set_value(base + eps * direction)
        values.append(float(loss().numpy()))
    assert np.isclose(analytic, (values[0] - values[1]) / 2e-6, rtol=1e-6)


def test_second_order_gradient_through_lstm():
    paddle.set_default_dtype("float64")
    try:
        layer = paddle.nn.LSTM(2, 3)
    finally:
        paddle.set_default_dtype("float32")
    rng = np.random.default_rng(2)
    x_np = rng.standard_normal([2, 3, 2])

    def grad_norm(values):
        x = paddle.to_tensor(values)
        x.stop_gradient = False
        (g,) = paddle.grad([layer(x)[0].sum()], [x], create_graph=True)
        return (g * g).sum(), x

    total, x = grad_norm(x_np)
    (gg,) = paddle.grad([total], [x])
    direction = rng.standard_normal(x_np.shape)
    numeric = (float(grad_norm(x_np + 1e-6 * direction)[0].numpy())
               - float(grad_norm(x_np - 1e-6 * direction)[0].numpy())) / 2e-6
    assert np.isclose(float((gg.numpy() * direction).sum()), numeric, rtol=1e-5)


def test_state_dict_round_trip_and_shared_names():
    source, target = paddle.nn.GRU(3, 4, 2), paddle.nn.GRU(3, 4, 2)
    _rng_values(source)
    target.set_state_dict(source.state_dict())
    x = paddle.randn([2, 5, 3])
    np.testing.assert_array_equal(source(x)[0].numpy(), target(x)[0].numpy())
    assert target.weight_ih_l1 is target[1].cell.weight_ih
    assert len(target.parameters()) == 8


def test_dropout_between_layers_only_in_training():
    layer = paddle.nn.LSTM(3, 8, 2, dropout=0.9)
    x = paddle.randn([2, 4, 3])
    layer.eval()
    first, second = layer(x)[0].numpy(), layer(x)[0].numpy()
    np.testing.assert_array_equal(first, second)
    layer.train()
    assert not np.allclose(layer(x)[0].numpy(), first)


def test_default_initial_states_follow_input_dtype():
    paddle.set_default_dtype("float64")
    try:
        layer = paddle.nn.GRU(3, 4)
    finally:
        paddle.set_default_dtype("float32")
    out, h = layer(paddle.randn([2, 5, 3]).astype("float64"))
    assert out.dtype == paddle.float64 and h.dtype == paddle.float64


def test_rnn_wrapper_passes_nested_inputs_and_kwargs():
    class PairCell(paddle.nn.RNNCellBase):
        def __init__(self):
            super().__init__()
            self.input_size = 2

        def forward(self, inputs, states, scale=1.0):
            a, b = inputs
            new = states + (a + b) * scale
            return new, new

        @property
        def state_shape(self):
            return (2,)

    x = paddle.ones([3, 4, 2])
    out, final = paddle.nn.RNN(PairCell())((x, x), scale=0.5)
    assert out.shape == [3, 4, 2]
    np.testing.assert_allclose(final.numpy(), np.full([3, 2], 4.0))


@pytest.mark.parametrize("make, message", [
    (lambda: paddle.nn.LSTM(3, 4)(paddle.ones([2, 5, 7])), "input_size"),
    (lambda: paddle.nn.GRU(3, 4)(paddle.ones([5, 3])), "3-D"),
    (lambda: paddle.nn.LSTM(3, 4)(paddle.ones([2, 5, 3]), paddle.zeros([1, 2, 4])),
     "2 tensor"),
    (lambda: paddle.nn.GRU(3, 4)(paddle.ones([2, 5, 3]), paddle.zeros([1, 3, 4])),
     r"initial_states\[0\]"),
    (lambda: paddle.nn.LSTM(3, 4, direction="up"), "direction"),
])
def test_errors_name_the_argument(make, message):
    with pytest.raises(ValueError, match=message):
        make()


def test_to_static_with_unknown_batch_matches_eager():
    paddle.seed(0)
    lstm = paddle.nn.LSTM(4, 6, 2, direction="bidirect")
    x = paddle.randn([3, 5, 4])
    expected = lstm(x)[0].numpy()
    static = paddle.jit.to_static(lstm, input_spec=[paddle.static.InputSpec([None, 5, 4])])
    np.testing.assert_allclose(static(x)[0].numpy(), expected, rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize("mode", ["LSTM", "GRU", "RNN_TANH"])
@pytest.mark.parametrize("masked", [False, True])
def test_is_test_skips_reserve_with_the_same_results(mode, masked):
    from paddle._core.ops.nn_rnn import GATES, STATES, rnn_layer
    rng = np.random.default_rng(1)
    T, B, size, H = 5, 3, 4, 6
    G = GATES[mode] * H
    arrays = [rng.uniform(-1, 1, s).astype("float32") for s in
              [(T, B, size), (STATES[mode], B, H), (G, size), (G, H), (G,), (G,)]]
    inputs = [paddle.to_tensor(a) for a in arrays]
    mask = paddle.to_tensor(np.arange(T)[:, None] < np.array([5, 2, 4])) if masked else None
    out, state, reserve = rnn_layer(*inputs, mask, mode, True, False)
    test_out, test_state, test_reserve = rnn_layer(*inputs, mask, mode, True, True)
    np.testing.assert_array_equal(test_out.numpy(), out.numpy())
    np.testing.assert_array_equal(test_state.numpy(), state.numpy())
    assert reserve.shape[-1] > 0 and test_reserve.shape == [T, B, 0]


def test_is_test_has_no_gradient_and_layers_choose_it():
    from paddle._core.ops.nn_rnn import inference_only, rnn_layer
    x = paddle.randn([2, 3, 4])
    x.stop_gradient = False
    w = [paddle.randn(s) for s in ([24, 4], [24, 6], [24], [24])]
    out, _, _ = rnn_layer(x, paddle.zeros([2, 3, 6]), *w, None, "LSTM", False, True)
    with pytest.raises(RuntimeError, match="is_test=True"):
        out.sum().backward()
    assert not inference_only(x, *w)
    with paddle.no_grad():
        assert inference_only(x, *w)
    x.stop_gradient = True
    assert inference_only(x, *w)


@pytest.mark.parametrize("make", [lambda: paddle.nn.LSTMCell(5, 3), lambda: paddle.nn.GRUCell(5, 3),
                                  lambda: paddle.nn.SimpleRNNCell(5, 3),
                                  lambda: paddle.nn.SimpleRNNCell(5, 3, activation="relu")])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_one_kernel_cells_match_the_composite_step(make, dtype, monkeypatch):
    paddle.set_default_dtype(dtype)
    try:
        cell = make()
    finally:
        paddle.set_default_dtype("float32")
    rng = np.random.default_rng(3)
    leaves = [paddle.to_tensor(rng.uniform(-1, 1, s).astype(dtype)) for s in ([4, 5], [4, 3],
                                                                                [4, 3])]
    for t in leaves:
        t.stop_gradient = False
    lstm = isinstance(cell, paddle.nn.LSTMCell)
    states = (leaves[1], leaves[2]) if lstm else leaves[1]

    def step():
        out, new = cell(leaves[0], states)
        last = new[1] if lstm else new
        (out.sum() * 2 + (last * last).sum()).backward()
        grads = [t.grad for t in leaves[:3 if lstm else 2]] + [p.grad for p in cell.parameters()]
        values = [out.numpy(), last.numpy()] + [g.numpy().copy() for g in grads]
        cell.clear_gradients()
        for t in leaves:
            t.clear_gradient()
        return values

    fused = step()
    monkeypatch.setattr(cell, "_fusable", lambda *args: False)
    composite = step()
    for a, b in zip(fused[:2], composite[:2]):
        np.testing.assert_array_equal(a, b)
    for a, b in zip(fused[2:], composite[2:]):
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-6)


def test_cell_op_errors_name_the_argument():
    from paddle._core.ops.nn_rnn_cell import gru_cell, lstm_cell
    x, h = paddle.randn([2, 4]), paddle.randn([2, 3])
    w = [paddle.randn(s) for s in ([12, 4], [12, 3], [12], [12])]
    with pytest.raises(ValueError, match=r"\(lstm_cell\) c_prev must have shape \[2, 3\]"):
        lstm_cell(x, h, paddle.randn([3, 3]), *w)
    with pytest.raises(TypeError, match=r"\(lstm_cell\) w_ih must have the dtype of x"):
        lstm_cell(x, h, h, w[0].astype("float64"), *w[1:])
    with pytest.raises(ValueError, match=r"\(gru_cell\) w_ih must have shape \[9, 4\]"):
        gru_cell(x, h, *w)


def test_traced_cells_keep_paddle_ops_for_jit_save(tmp_path):
    class Cells(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.lstm, self.gru = paddle.nn.LSTMCell(4, 3), paddle.nn.GRUCell(3, 2)
            self.simple = paddle.nn.SimpleRNNCell(2, 2)

        def forward(self, x):
            return self.simple(self.gru(self.lstm(x)[0])[0])[0]

    model = Cells()
    x = paddle.randn([2, 4])
    expected = model(x).numpy()
    static = paddle.jit.to_static(model, input_spec=[paddle.static.InputSpec([None, 4])])
    path = str(tmp_path / "cells")
    paddle.jit.save(static, path)
    np.testing.assert_allclose(paddle.jit.load(path)(x).numpy(), expected, rtol=1e-6)
