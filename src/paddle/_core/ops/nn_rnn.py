"""rnn_layer: one direction of one layer of a SimpleRNN / LSTM / GRU over a whole sequence, as
one kernel (Paddle's `rnn` op is this, looped over layers and directions).

    rnn_layer(x, state0, w_ih, w_hh, b_ih, b_hh, mask, mode, is_reverse, is_test)
        -> out [T, B, H], state [S, B, H], reserve [T, B, RESERVE[mode] * H]

x is time-major [T, B, I]; state0 stacks the S initial states (h, plus c for LSTM); weights
use Paddle's gate order (LSTM i, f, g, o; GRU r, z, c with the reset gate applied after the
hidden matmul). `mask` ([T, B], nonzero = valid step) holds the state through padded steps and
zeroes their outputs, as Paddle's fused kernel does; with is_reverse the steps run from T-1
down, so each sequence starts at its last valid step. `reserve` keeps the per-step activations
and post-mask states for the backward pass (see _rnn_bptt); with is_test (inference, as in
Paddle's `rnn` op) it is [T, B, 0] and the op has no gradient.
"""
from __future__ import annotations

import functools

import numpy as np

from .. import state
from ..backend import xp
from ..meta import TensorMeta
from ..tensor import wrap
from . import _kernel_utils as K
from . import _rnn_bptt as B
from . import manipulation as M
from .nn_norm import any_nonzero, eager_rule
from .registry import OPAQUE, defop

GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}
STATES = {"LSTM": 2, "GRU": 1, "RNN_TANH": 1, "RNN_RELU": 1}
# reserve row per step, in units of H: LSTM i f g o h c; GRU r z c hc h; SimpleRNN y h
RESERVE = {"LSTM": 6, "GRU": 5, "RNN_TANH": 2, "RNN_RELU": 2}


def expect(op, name, meta, shape, dtype) -> None:
    """ValueError/TypeError naming `op` when meta differs from shape (-1: any) or dtype."""
    dims_ok = meta.ndim == len(shape) and all(
        want == got or -1 in (want, got) for want, got in zip(shape, meta.shape))
    if not dims_ok:
        raise ValueError(f"({op}) {name} must have shape {list(shape)}, but received "
                         f"{list(meta.shape)}.")
    if dtype is not None and meta.dtype is not dtype:
        raise TypeError(f"({op}) {name} must have the dtype of x ({dtype.name}), but "
                        f"received {meta.dtype.name}.")


def _rnn_meta(x, state0, w_ih, w_hh, b_ih, b_hh, mask, mode="LSTM", is_reverse=False,
              is_test=False):
    if mode not in GATES:
        raise ValueError(f"(rnn_layer) mode must be one of {list(GATES)}, but received {mode!r}.")
    if x.ndim != 3:
        raise ValueError(f"(rnn_layer) x must be 3-D [time_steps, batch_size, input_size], but "
                         f"received shape {list(x.shape)}.")
    if not x.dtype.is_floating_point:
        raise TypeError(f"(rnn_layer) x must be a floating-point tensor, but received "
                        f"{x.dtype.name}.")
    T, batch, size = x.shape
    H = w_hh.shape[-1]
    gh = GATES[mode] * H if H != -1 else -1
    expect("rnn_layer", "state0", state0, (STATES[mode], batch, H), x.dtype)
    expect("rnn_layer", "w_ih", w_ih, (gh, size), x.dtype)
    expect("rnn_layer", "w_hh", w_hh, (gh, H), x.dtype)
    expect("rnn_layer", "b_ih", b_ih, (gh,), x.dtype)
    expect("rnn_layer", "b_hh", b_hh, (gh,), x.dtype)
    if mask is not None:
        expect("rnn_layer", "mask", mask, (T, batch), None)
    width = 0 if is_test else RESERVE[mode] * H if H != -1 else -1
    return (TensorMeta((T, batch, H), x.dtype), TensorMeta(state0.shape, x.dtype),
            TensorMeta((T, batch, width), x.dtype))


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


def _lstm_step(xp, pre, state, row, H, scales, into):
    """pre: the gate pre-activations [B, 4H] already multiplied by the scale column; the gate
    activations go into row[:, :4H], the new (h, c) into the two [B, H] arrays `into`."""
    scale, shift = scales
    act = row[:, :4 * H]
    xp.tanh(pre, out=act)
    act *= scale
    act += shift
    i, f, g, o = act[:, :H], act[:, H:2 * H], act[:, 2 * H:3 * H], act[:, 3 * H:]
    h, c = into
    xp.multiply(f, state[1], out=c)
    c += i * g
    xp.tanh(c, out=h)
    h *= o
    return into


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


def _step(xp, mode, x_gates, state, weights, row, H, into):
    """One step: the new (unmasked) states; activations are written into the reserve row.
    For LSTM and SimpleRNN x_gates already holds both biases (LSTM's scaled, see
    lstm_gate_scales); LSTM writes its states straight into `into`."""
    w_hh_t, b_hh = weights[:2]
    hg = state[0] @ w_hh_t
    if mode == "GRU":
        hg += b_hh
        return gru_step(xp, x_gates, hg, state, row, H)
    hg += x_gates
    if mode == "LSTM":
        return _lstm_step(xp, hg, state, row, H, weights[2], into)
    y = row[:, :H]
    if mode == "RNN_TANH":
        xp.tanh(hg, out=y)
    else:
        xp.maximum(hg, 0, out=y)
    return [y.copy()]


def _compute_dtype(x):
    return np.dtype(np.float32) if x.dtype in K.LOW_PRECISION else x.dtype


# rows of the reused input-projection buffer (about 256 KiB of float32 at most): a block of
# steps per BLAS call runs nearly as fast as the whole sequence at once, while a [T, B, G*H]
# temporary would cost more in fresh memory pages than the gemm itself
_BLOCK_ELEMS = 1 << 16


def _input_weights(w_ih, b_ih, b_hh, mode, scale):
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


def _input_gate_steps(xp, x, w_x, biases, steps):
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


def _lstm_unmasked(xp, gate_steps, state, w_hh_s, scales, out, reserve):
    """The LSTM steps without a mask. The gate math runs on contiguous scratch arrays (ufuncs
    over the interleaved reserve row are markedly slower); each step's activations and states
    are then copied into its reserve row unless reserve is None (is_test). Returns the final
    (h, c)."""
    scale, shift = scales
    batch, H = out.shape[1:]
    act = xp.empty((batch, 4 * H), out.dtype)
    i, f, g, o = (act[:, k * H:(k + 1) * H] for k in range(4))
    ig = xp.empty((batch, H), out.dtype)
    h, c = state
    c_new = xp.empty((batch, H), out.dtype)
    for t, x_gates in gate_steps:
        xp.matmul(h, w_hh_s, out=act)
        act += x_gates
        xp.tanh(act, out=act)
        act *= scale
        act += shift
        xp.multiply(f, c, out=c_new)
        xp.multiply(i, g, out=ig)
        c_new += ig
        h = out[t]
        xp.tanh(c_new, out=h)
        h *= o
        if reserve is not None:
            row = reserve[t]
            row[:, :4 * H] = act
            row[:, 4 * H:5 * H] = h
            row[:, 5 * H:] = c_new
        c, c_new = c_new, c  # state holds the kernel's own copies: safe to overwrite
    return h, c


def _gru_unmasked(xp, gate_steps, h, w_hh_t, b_hh, out, reserve):
    """The GRU steps without a mask, in place on reused arrays (the numbers of gru_step); each
    new h goes straight into its output row, the next step's gemm input. Returns [final h]."""
    batch, H = out.shape[1:]
    hg = xp.empty((batch, 3 * H), out.dtype)
    rz = xp.empty((batch, 2 * H), out.dtype)
    c = xp.empty((batch, H), out.dtype)
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
        h_new = out[t]
        xp.subtract(h, c, out=h_new)
        h_new *= z
        h_new += c
        h = h_new
        if reserve is not None:
            row = reserve[t]
            row[:, :2 * H] = rz
            row[:, 2 * H:3 * H] = c
            row[:, 3 * H:4 * H] = hg[:, 2 * H:]
            row[:, 4 * H:] = h
    return [h]


def _simple_unmasked(xp, gate_steps, h, w_hh_t, relu, out, reserve):
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


def _general_steps(xp, mode, gate_steps, state, weights, out, reserve, valid, keep):
    """Any mode, with or without a mask (the layers use it for masks): the activations go into
    the step's reserve row (a reused scratch row when not `keep`), then the post-mask states
    close the row. Returns the final states."""
    batch, H = out.shape[1:]
    S = STATES[mode]
    first = reserve.shape[-1] - S * H
    scratch = [xp.empty((batch, H), out.dtype) for _ in range(S)]
    for t, x_gates in gate_steps:
        row = reserve[t] if keep else reserve[0]
        kept = [row[:, first + k * H:first + (k + 1) * H] for k in range(S)]
        if valid is None:
            # unmasked states are final: h goes straight into the (contiguous) output row,
            # which the next step's gemm reads
            into = [out[t]] + kept[1:]
            new = _step(xp, mode, x_gates, state, weights, row, H, into)
            for k in range(S):
                if new[k] is not into[k]:
                    into[k][...] = new[k]
            kept[0][...] = into[0]
            state = into
            continue
        new = _step(xp, mode, x_gates, state, weights, row, H, scratch)
        for k in range(S):
            kept[k][...] = xp.where(valid[t], new[k], state[k])
        out[t] = new[0] * valid[t]
        state = kept
    return state


@defop("rnn_layer", "x state0 w_ih w_hh b_ih b_hh mask", ("out", "state", "reserve"),
       infer_meta=_rnn_meta, pattern=OPAQUE, optional_inputs=("mask",))
def rnn_layer(xp, x, state0, w_ih, w_hh, b_ih, b_hh, mask, mode="LSTM", is_reverse=False,
              is_test=False):
    from ..meta import meta_of
    _rnn_meta(*(None if a is None else meta_of(a) for a in
                (x, state0, w_ih, w_hh, b_ih, b_hh, mask)), mode, is_reverse, is_test)
    work = _compute_dtype(x)
    T, batch, _ = x.shape
    H = w_hh.shape[1]
    scales = lstm_gate_scales(xp, H, work) if mode == "LSTM" else None
    w_x, biases = _input_weights(w_ih.astype(work, copy=False), b_ih.astype(work, copy=False),
                                 b_hh, mode, None if scales is None else scales[0])
    # the recurrent weight row-major: the per-step gemm runs faster than on a transposed view
    w_hh_t = xp.ascontiguousarray(w_hh.T.astype(work))
    if scales is not None:
        w_hh_t *= scales[0]
    out = xp.empty((T, batch, H), work)
    width = RESERVE[mode] * H
    reserve = xp.empty((T, batch, 0 if is_test else width), work)
    state = [s.astype(work) for s in state0]
    steps = range(T - 1, -1, -1) if is_reverse else range(T)
    gate_steps = _input_gate_steps(xp, x.astype(work, copy=False), w_x, biases, steps)
    if not T:
        final = state
    elif mask is None and mode == "LSTM":
        final = _lstm_unmasked(xp, gate_steps, state, w_hh_t, scales, out,
                               None if is_test else reserve)
    elif mask is None and mode == "GRU":
        final = _gru_unmasked(xp, gate_steps, state[0], w_hh_t, b_hh.astype(work), out,
                              None if is_test else reserve)
    elif mask is None:
        final = _simple_unmasked(xp, gate_steps, state[0], w_hh_t, mode == "RNN_RELU", out,
                                 None if is_test else reserve)
    else:
        rows = xp.empty((1, batch, width), work) if is_test else reserve
        valid = None if mask is None else (mask != 0)[:, :, None]
        final = _general_steps(xp, mode, gate_steps, state, (w_hh_t, b_hh.astype(work), scales),
                               out, rows, valid, not is_test)
    return tuple(a.astype(x.dtype, copy=False) for a in (out, xp.stack(final), reserve))


def inference_only(*tensors) -> bool:
    """is_test for an rnn_layer over these inputs: True when no backward pass can reach it
    (eager, and no gradient recorded or wanted), so the kernel may skip its reserve."""
    if state.tracer is not None:
        return False
    return not state.grad_enabled or all(t is None or t.stop_gradient for t in tensors)


_FIRST_INPUTS = ("x", "state0", "w_ih", "w_hh", "b_ih", "b_hh")


@rnn_layer.grad(save="x state0 w_ih w_hh mask reserve")
def _(ctx, g_out, g_state, g_reserve):
    if ctx.is_test:
        raise RuntimeError("(rnn_layer) was run with is_test=True, which keeps no per-step "
                           "activations, so it has no gradient; run it with is_test=False "
                           "to differentiate it.")
    needs = ctx.needs_grad[:6]
    if ctx.x.shape[0] == 0:
        return _empty_sequence_grads(ctx, g_state, needs)
    if eager_rule():
        return _numpy_grads(ctx, g_out, g_state, g_reserve, needs)
    return _tensor_grads(ctx, g_out, g_state, g_reserve, needs)


def _numpy_grads(ctx, g_out, g_state, g_reserve, needs):
    work = _compute_dtype(ctx.x._data)

    def arr(t):
        return t._data.astype(work, copy=False)

    seq = {"x": arr(ctx.x), "w_hh": arr(ctx.w_hh), "reserve": arr(ctx.reserve),
           "state0": list(arr(ctx.state0)), "H": ctx.w_hh.shape[1], "S": STATES[ctx.mode],
           "mask": None if ctx.mask is None else (ctx.mask._data != 0)[:, :, None].astype(work)}
    g_res = arr(g_reserve) if any_nonzero(g_reserve) else None
    ops = B.ArrayMath(xp)
    in_place = {"LSTM": B.lstm_backprop_arrays, "GRU": B.gru_backprop_arrays}.get(ctx.mode)
    if in_place is not None and ctx.mask is None:
        d_state, gx, gh, h_prev = in_place(xp, seq, arr(g_out), list(arr(g_state)), g_res,
                                           ctx.is_reverse)
    else:
        d_state, gx, gh, h_prev = B.backprop(ops, ctx.mode, seq, arr(g_out),
                                             list(arr(g_state)), g_res, ctx.is_reverse)
    grads = B.weight_grads(ops, seq["x"], arr(ctx.w_ih), gx, gh, h_prev,
                           (needs[0],) + tuple(needs[2:]))
    dtype = ctx.x._data.dtype
    out = [grads[0], xp.stack(d_state) if needs[1] else None, *grads[1:]]
    return (*(None if g is None else wrap(g.astype(dtype, copy=False)) for g in out), None)


def _tensor_grads(ctx, g_out, g_state, g_reserve, needs):
    mask = None
    if ctx.mask is not None:
        mask = M.unsqueeze(M.cast(ctx.mask != 0, ctx.x.dtype), [2])
    seq = {"x": ctx.x, "w_hh": ctx.w_hh, "reserve": ctx.reserve, "mask": mask,
           "state0": list(M.unstack(ctx.state0, 0, None)), "H": ctx.w_hh.shape[1],
           "S": STATES[ctx.mode]}
    d_state, gx, gh, h_prev = B.backprop(B.TensorMath, ctx.mode, seq, g_out,
                                         list(M.unstack(g_state, 0, None)), g_reserve,
                                         ctx.is_reverse)
    grads = B.weight_grads(B.TensorMath, ctx.x, ctx.w_ih, gx, gh, h_prev,
                           (needs[0],) + tuple(needs[2:]))
    return grads[0], M.stack(d_state, 0) if needs[1] else None, *grads[1:], None


def _empty_sequence_grads(ctx, g_state, needs):
    """With no steps the final state is the initial state and nothing else is used."""
    from .creation import full
    zero = [full(list(getattr(ctx, name).shape), 0, getattr(ctx, name).dtype) if need else None
            for name, need in zip(_FIRST_INPUTS, needs)]
    zero[1] = g_state if needs[1] else None
    return (*zero, None)
