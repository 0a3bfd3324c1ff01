"""The forward step loops of the rnn_layer kernel (nn_rnn), per mode: LSTM and GRU (with or
without a mask) and unmasked SimpleRNN run in place on reused arrays; the input projection comes
in blocks of steps. The one-step cell kernels (nn_rnn_cell) share the gate helpers."""
from __future__ import annotations

import functools

GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}
STATES = {"LSTM": 2, "GRU": 1, "RNN_TANH": 1, "RNN_RELU": 1}
# reserve row per step, in units of H: LSTM i f g o h c; GRU r z c hc h; SimpleRNN y h
RESERVE = {"LSTM": 6, "GRU": 5, "RNN_TANH": 2, "RNN_RELU": 2}


@functools.lru_cache(maxsize=64)
def lstm_gate_scales(xp, H, dtype):
    """Per-column (scale, shift) over the 4H LSTM gates: sigmoid(v) = tanh(v / 2) / 2 + 1/2
    (the overflow-free form of the sigmoid op) for i, f and o, tanh(v) * 1 + 0 for g. Scaling
    the gate weights and biases by `scale` (powers of two: exact) lets one tanh cover all
    gates. Cached: callers share the arrays and must not modify them."""
    scale = xp.full(4 * H, 0.5, dtype)
    scale[2 * H:3 * H] = 1.0
    shift = xp.full(4 * H, 0.5, dtype)
    shift[2 * H:3 * H] = 0.0
    return scale, shift


def gru_step(xp, pre_x, hg, state, act, H):
    """One GRU step from pre_x = x W_ih^T + b_ih and hg = h W_hh^T + b_hh: the activations
    r, z, c and the hidden part of c (hc) go into act[:, :4H]; returns [new h]."""
    act[:, :2 * H] = _sigmoid(xp, pre_x[:, :2 * H] + hg[:, :2 * H])
    r, z = act[:, :H], act[:, H:2 * H]
    act[:, 3 * H:4 * H] = hg[:, 2 * H:]
    c = act[:, 2 * H:3 * H]
    xp.tanh(pre_x[:, 2 * H:] + r * hg[:, 2 * H:], out=c)
    return [(state[0] - c) * z + c]


def _sigmoid(xp, v):
    return xp.tanh(v * 0.5) * 0.5 + 0.5  # overflow-free form, as the sigmoid op


def _simple_step(xp, relu, x_gates, h, w_hh_t, row, H):
    """One SimpleRNN step (x_gates already holds both biases): the new h, written into the
    reserve row's first H columns."""
    hg = h @ w_hh_t
    hg += x_gates
    y = row[:, :H]
    if relu:
        xp.maximum(hg, 0, out=y)
    else:
        xp.tanh(hg, out=y)
    return y


# rows of the reused input-projection buffer (about 256 KiB of float32 at most): a block of
# steps per BLAS call runs nearly as fast as the whole sequence at once, while a [T, B, G*H]
# temporary would cost more in fresh memory pages than the gemm itself
_BLOCK_ELEMS = 1 << 16


def input_weights(w_ih, b_ih, b_hh, mode, scale):
    """W_ih^T and the biases added before the nonlinearity (b_hh too, except GRU's, which the
    reset gate multiplies). LSTM's gate scale is folded in: powers of two, so the numbers are
    those of scaling afterwards."""
    w_x = w_ih.T.copy()
    biases = [b_ih.copy()] + ([] if mode == "GRU" else [b_hh.astype(w_ih.dtype)])
    if scale is not None:
        w_x *= scale
        for bias in biases:
            bias *= scale
    return w_x, biases


def input_gate_steps(xp, x, w_x, biases, steps):
    """Yield (t, x[t] @ w_x + biases) in step order, projecting blocks of consecutive steps
    with one 2-D BLAS call each into a reused buffer."""
    T, batch, size = x.shape
    width = w_x.shape[1]
    block = max(1, min(T, _BLOCK_ELEMS // max(1, batch * width)))
    buf = xp.empty((block * batch, width), w_x.dtype)
    steps = list(steps)
    for start in range(0, len(steps), block):
        chunk = steps[start:start + block]
        low, n = min(chunk[0], chunk[-1]), len(chunk)
        gates = buf[:n * batch]
        xp.matmul(x[low:low + n].reshape(n * batch, size), w_x, out=gates)
        for bias in biases:
            gates += bias
        gates = gates.reshape(n, batch, width)
        for t in chunk:
            yield t, gates[t - low]


def lstm_loop(xp, gate_steps, state, w_hh_s, scales, out, reserve, valid=None):
    """The LSTM steps. The gate math runs on contiguous scratch arrays (ufuncs over the
    interleaved reserve row are markedly slower); each step's activations and post-mask states
    are then copied into its reserve row unless reserve is None (is_test). With a mask (valid:
    [T, B, 1] bool) padded rows keep the old (h, c) and output zeros. Returns the final
    (h, c); state holds the kernel's own copies, so they are updated in place."""
    scale, shift = scales
    batch, H = out.shape[1:]
    act = xp.empty((batch, 4 * H), out.dtype)
    i, f, g, o = (act[:, k * H:(k + 1) * H] for k in range(4))
    ig, h_new, c_new = (xp.empty((batch, H), out.dtype) for _ in range(3))
    h, c = state
    for t, x_gates in gate_steps:
        xp.matmul(h, w_hh_s, out=act)
        act += x_gates
        xp.tanh(act, out=act)
        act *= scale
        act += shift
        xp.multiply(f, c, out=c_new)
        xp.multiply(i, g, out=ig)
        c_new += ig
        if valid is None:  # the new states are final: h straight into the output row
            h = out[t]
            xp.tanh(c_new, out=h)
            h *= o
            c, c_new = c_new, c
        else:
            xp.tanh(c_new, out=h_new)
            h_new *= o
            xp.multiply(h_new, valid[t], out=out[t])
            xp.copyto(h, h_new, where=valid[t])
            xp.copyto(c, c_new, where=valid[t])
        if reserve is not None:
            row = reserve[t]
            row[:, :4 * H] = act
            row[:, 4 * H:5 * H] = h
            row[:, 5 * H:] = c
    return h, c


def gru_loop(xp, gate_steps, h, w_hh_t, b_hh, out, reserve, valid=None):
    """The GRU steps, in place on reused arrays (the numbers of gru_step); without a mask each
    new h goes straight into its output row, the next step's gemm input; with one (valid:
    [T, B, 1] bool) padded rows keep the old h and output zeros. Returns [final h]; h is the
    kernel's own copy, updated in place."""
    batch, H = out.shape[1:]
    hg = xp.empty((batch, 3 * H), out.dtype)
    rz = xp.empty((batch, 2 * H), out.dtype)
    c, h_new = xp.empty((batch, H), out.dtype), xp.empty((batch, H), out.dtype)
    r, z = rz[:, :H], rz[:, H:]
    for t, x_gates in gate_steps:
        xp.matmul(h, w_hh_t, out=hg)
        hg += b_hh
        xp.add(x_gates[:, :2 * H], hg[:, :2 * H], out=rz)
        rz *= 0.5  # the sigmoid op's overflow-free form, tanh(v / 2) / 2 + 1/2
        xp.tanh(rz, out=rz)
        rz *= 0.5
        rz += 0.5
        xp.multiply(r, hg[:, 2 * H:], out=c)
        c += x_gates[:, 2 * H:]
        xp.tanh(c, out=c)
        new = out[t] if valid is None else h_new
        xp.subtract(h, c, out=new)
        new *= z
        new += c
        if valid is None:
            h = new
        else:
            xp.multiply(new, valid[t], out=out[t])
            xp.copyto(h, new, where=valid[t])
        if reserve is not None:
            row = reserve[t]
            row[:, :2 * H] = rz
            row[:, 2 * H:3 * H] = c
            row[:, 3 * H:4 * H] = hg[:, 2 * H:]
            row[:, 4 * H:] = h
    return [h]


def simple_unmasked(xp, gate_steps, h, w_hh_t, relu, out, reserve):
    """The SimpleRNN steps without a mask, each written straight into its output row (the next
    step's gemm input); the reserve row holds y and h, equal here. Returns [final h]."""
    H = out.shape[2]
    for t, x_gates in gate_steps:
        y = out[t]
        xp.matmul(h, w_hh_t, out=y)
        y += x_gates
        if relu:
            xp.maximum(y, 0, out=y)
        else:
            xp.tanh(y, out=y)
        if reserve is not None:
            reserve[t, :, :H] = y
            reserve[t, :, H:] = y
        h = y
    return [h]


def simple_masked(xp, gate_steps, h, w_hh_t, relu, out, reserve, valid, keep):
    """SimpleRNN with a mask (valid: [T, B, 1] bool): the activation goes into the step's
    reserve row (a reused scratch row when not `keep`), then the post-mask state closes the
    row; padded steps keep the old state and output zeros. Returns [final h]."""
    H = out.shape[2]
    for t, x_gates in gate_steps:
        row = reserve[t] if keep else reserve[0]
        new = _simple_step(xp, relu, x_gates, h, w_hh_t, row, H)
        row[:, H:] = xp.where(valid[t], new, h)
        out[t] = new * valid[t]
        h = row[:, H:]
    return [h]
