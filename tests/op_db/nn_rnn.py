"""op_db entry for rnn_layer (one direction of one SimpleRNN / LSTM / GRU layer), with a plain
per-step NumPy reference written from the cell formulas."""
from .entry import Sample, entry, np

_GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}
_STATES = {"LSTM": 2, "GRU": 1, "RNN_TANH": 1, "RNN_RELU": 1}
_WIDTH = {"LSTM": 6, "GRU": 5, "RNN_TANH": 2, "RNN_RELU": 2}


def _sig(v):
    return 1 / (1 + np.exp(-v))


def _cell(mode, x, state, w_ih, w_hh, b_ih, b_hh):
    """New states and the activations rnn_layer keeps in reserve."""
    H = w_hh.shape[1]
    xg, hg = x @ w_ih.T + b_ih, state[0] @ w_hh.T + b_hh
    if mode == "LSTM":
        pre = xg + hg
        i, f, o = _sig(pre[:, :H]), _sig(pre[:, H:2 * H]), _sig(pre[:, 3 * H:])
        g = np.tanh(pre[:, 2 * H:3 * H])
        c = f * state[1] + i * g
        return [o * np.tanh(c), c], [i, f, g, o]
    if mode == "GRU":
        r, z = _sig(xg[:, :H] + hg[:, :H]), _sig(xg[:, H:2 * H] + hg[:, H:2 * H])
        c = np.tanh(xg[:, 2 * H:] + r * hg[:, 2 * H:])
        return [(state[0] - c) * z + c], [r, z, c, hg[:, 2 * H:]]
    y = np.tanh(xg + hg) if mode == "RNN_TANH" else np.maximum(xg + hg, 0)
    return [y], [y]


def _rnn_ref(x, state0, w_ih, w_hh, b_ih, b_hh, mask, mode="LSTM", is_reverse=False):
    T = x.shape[0]
    state = list(state0)
    out = np.zeros((T,) + state0.shape[1:], x.dtype)
    rows = [None] * T
    for t in (reversed(range(T)) if is_reverse else range(T)):
        new, acts = _cell(mode, x[t], state, w_ih, w_hh, b_ih, b_hh)
        m = np.ones((x.shape[1], 1)) if mask is None else (mask[t] != 0)[:, None] * 1.0
        state = [m * n + (1 - m) * s for n, s in zip(new, state)]
        out[t] = new[0] * m
        rows[t] = np.concatenate(acts + state, axis=-1)
    width = _WIDTH[mode] * w_hh.shape[1]
    reserve = np.stack(rows) if T else np.zeros((0, x.shape[1], width), x.dtype)
    return out, np.stack(state), reserve


def _samples(rng, dtype):
    def arr(*shape):
        return rng.uniform(-1, 1, shape).astype(dtype)

    def layer(mode, T=4, batch=3, size=2, H=3):
        G, S = _GATES[mode], _STATES[mode]
        return (arr(T, batch, size), arr(S, batch, H), arr(G * H, size), arr(G * H, H),
                arr(G * H), arr(G * H))

    lengths = np.arange(4)[:, None] < np.array([4, 2, 1])[None]  # bool: not differentiated
    out = []
    for mode in _GATES:
        out.append(Sample((*layer(mode), None), (mode, False), name=f"{mode}"))
        out.append(Sample((*layer(mode), lengths), (mode, True), name=f"{mode} masked reverse"))
    out.append(Sample((*layer("LSTM"), lengths), ("LSTM", False), name="LSTM masked"))
    out.append(Sample((*layer("LSTM"), None), ("LSTM", True), name="LSTM reverse"))
    out.append(Sample((*layer("GRU", batch=1, size=1, H=2), None), ("GRU", True),
                      name="GRU reverse, batch 1"))
    out.append(Sample((*layer("LSTM", T=0), None), ("LSTM", False), name="empty sequence"))
    return out


entry("rnn_layer", _samples, ref=_rnn_ref, rtol=1e-5, atol=1e-5)


def _step_ref(mode):
    def ref(x, *rest):
        S = _STATES[mode]
        states, (w_ih, w_hh, b_ih, b_hh) = list(rest[:S]), rest[S:S + 4]
        activation = rest[S + 4:]  # simple_rnn_cell's attribute
        step_mode = "RNN_RELU" if activation == ("relu",) else mode
        new, acts = _cell(step_mode, x, states, w_ih, w_hh, b_ih, b_hh)
        return (*new, np.concatenate(acts + new, axis=-1))
    return ref


def _step_samples(mode, attrs=()):
    def make(rng, dtype):
        def arr(*shape):
            return rng.uniform(-1, 1, shape).astype(dtype)

        def step(batch, size=2, H=3):
            G = _GATES[mode] * H
            states = tuple(arr(batch, H) for _ in range(_STATES[mode]))
            return (arr(batch, size), *states, arr(G, size), arr(G, H), arr(G), arr(G))

        samples = [Sample(step(3), attrs, name="batch 3"),
                   Sample(step(1, size=4, H=2), attrs, name="batch 1"),
                   Sample(step(0), attrs, name="empty batch")]
        if attrs:  # the relu cell: values away from the kink, for the numeric gradients
            relu = step(4)
            samples.append(Sample(relu, ("relu",), name="relu"))
        return samples
    return make


entry("lstm_cell", _step_samples("LSTM"), ref=_step_ref("LSTM"), rtol=1e-5, atol=1e-5)
entry("gru_cell", _step_samples("GRU"), ref=_step_ref("GRU"), rtol=1e-5, atol=1e-5)
entry("simple_rnn_cell", _step_samples("RNN_TANH", ("tanh",)), ref=_step_ref("RNN_TANH"),
      rtol=1e-5, atol=1e-5)
