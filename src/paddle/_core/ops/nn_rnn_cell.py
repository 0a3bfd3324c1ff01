"""One recurrent step as one kernel, so a cell call is one autograd node instead of the many of
its composite form (an LSTMCell's is ~14: two matmuls, bias adds, split, three sigmoids, two
tanhs, the products and the sum).

    lstm_cell(x, h_prev, c_prev, w_ih, w_hh, b_ih, b_hh) -> h, c [B, H], reserve [B, 6H]
    gru_cell(x, h_prev, w_ih, w_hh, b_ih, b_hh) -> h [B, H], reserve [B, 5H]
    simple_rnn_cell(x, h_prev, w_ih, w_hh, b_ih, b_hh, activation) -> h [B, H], reserve [B, 2H]

The numbers are the composite cells', operation for operation: projections (x W_ih^T + b_ih)
and (h_prev W_hh^T + b_hh), Paddle's gate orders (LSTM i, f, g, o; GRU r, z, c with the reset
gate applied after the hidden matmul), sigmoid(v) = tanh(v / 2) / 2 + 1/2 as the sigmoid op
computes it, relu as fmax(v, 0). `reserve` is one rnn_layer reserve row (nn_rnn.RESERVE), so
the backward is rnn_layer's per-step rule from _rnn_bptt: on NumPy arrays for a plain backward
(in place for LSTM), on Tensors when a second-order graph is recorded or a program traced.
"""
from __future__ import annotations

from ..backend import xp
from ..meta import TensorMeta
from ..tensor import wrap
from . import _kernel_utils as K
from . import _rnn_bptt as B
from . import _rnn_bptt_inplace as inplace
from ._rnn_steps import GATES, RESERVE, gru_step, lstm_gate_scales
from .nn_norm import any_nonzero, eager_rule
from .nn_rnn import expect
from .registry import OPAQUE, defop

_STATE_NAMES = ("h_prev", "c_prev")


def _step_meta(op, mode, x, states, w_ih, w_hh, b_ih, b_hh):
    if x.ndim != 2:
        raise ValueError(f"({op}) x must be 2-D [batch_size, input_size], but received shape "
                         f"{list(x.shape)}.")
    if not x.dtype.is_floating_point:
        raise TypeError(f"({op}) x must be a floating-point tensor, but received "
                        f"{x.dtype.name}.")
    batch, size = x.shape
    H = w_hh.shape[-1] if w_hh.ndim else -1
    gates = GATES[mode] * H if H != -1 else -1
    for name, meta in zip(_STATE_NAMES, states):
        expect(op, name, meta, (batch, H), x.dtype)
    for name, meta, shape in (("w_ih", w_ih, (gates, size)), ("w_hh", w_hh, (gates, H)),
                              ("b_ih", b_ih, (gates,)), ("b_hh", b_hh, (gates,))):
        expect(op, name, meta, shape, x.dtype)
    state = TensorMeta((batch, H), x.dtype)
    width = RESERVE[mode] * H if H != -1 else -1
    return (state,) * len(states) + (TensorMeta((batch, width), x.dtype),)


def _check(op, mode, x, states, w_ih, w_hh, b_ih, b_hh) -> None:
    """Shape and dtype agreement, tested on the arrays (cheap); infer_meta explains a failure
    (NumPy would otherwise broadcast or promote silently)."""
    arrays = (x, *states, w_ih, w_hh, b_ih, b_hh)
    h_prev = states[0]
    batch, H = h_prev.shape if h_prev.ndim == 2 else (-1, -1)
    gates = GATES[mode] * H
    shapes_ok = (x.ndim == 2 and x.shape[0] == batch
                 and all(s.shape == (batch, H) for s in states)
                 and w_ih.shape == (gates, x.shape[1]) and w_hh.shape == (gates, H)
                 and b_ih.shape == b_hh.shape == (gates,))
    if not shapes_ok or any(a.dtype != x.dtype for a in arrays):
        from ..meta import meta_of
        _step_meta(op, mode, meta_of(x), [meta_of(s) for s in states],
                   *(meta_of(a) for a in (w_ih, w_hh, b_ih, b_hh)))
        raise ValueError(f"({op}) inputs of inconsistent shapes or dtypes.")


def _work(arrays):
    """float16/bfloat16 computed in float32 (rounded once at the end)."""
    if arrays[0].dtype in K.LOW_PRECISION:
        return [a.astype("float32") for a in arrays]
    return arrays


def _projections(x, h_prev, w_ih, w_hh, b_ih, b_hh):
    x_part = x @ w_ih.T
    x_part += b_ih
    h_part = h_prev @ w_hh.T
    h_part += b_hh
    return x_part, h_part


def _lstm_meta(x, h_prev, c_prev, w_ih, w_hh, b_ih, b_hh):
    return _step_meta("lstm_cell", "LSTM", x, [h_prev, c_prev], w_ih, w_hh, b_ih, b_hh)


@defop("lstm_cell", "x h_prev c_prev w_ih w_hh b_ih b_hh", ("h", "c", "reserve"),
       infer_meta=_lstm_meta, pattern=OPAQUE)
def lstm_cell(xp, x, h_prev, c_prev, w_ih, w_hh, b_ih, b_hh):
    _check("lstm_cell", "LSTM", x, [h_prev, c_prev], w_ih, w_hh, b_ih, b_hh)
    dtype = x.dtype
    x, h_prev, c_prev, w_ih, w_hh, b_ih, b_hh = _work([x, h_prev, c_prev, w_ih, w_hh, b_ih,
                                                       b_hh])
    H = w_hh.shape[1]
    pre, h_part = _projections(x, h_prev, w_ih, w_hh, b_ih, b_hh)
    pre += h_part
    # in place on the contiguous gates (ufuncs over a strided reserve view run slower)
    scale, shift = lstm_gate_scales(xp, H, pre.dtype)
    pre *= scale
    xp.tanh(pre, out=pre)
    pre *= scale
    pre += shift
    i, f, g, o = (pre[:, k * H:(k + 1) * H] for k in range(4))
    c = f * c_prev
    c += i * g
    h = xp.tanh(c)
    h *= o
    reserve = xp.concatenate([pre, h, c], axis=1)
    return h.astype(dtype, copy=False), c.astype(dtype, copy=False), \
        reserve.astype(dtype, copy=False)


def _gru_meta(x, h_prev, w_ih, w_hh, b_ih, b_hh):
    return _step_meta("gru_cell", "GRU", x, [h_prev], w_ih, w_hh, b_ih, b_hh)


@defop("gru_cell", "x h_prev w_ih w_hh b_ih b_hh", ("h", "reserve"), infer_meta=_gru_meta,
       pattern=OPAQUE)
def gru_cell(xp, x, h_prev, w_ih, w_hh, b_ih, b_hh):
    _check("gru_cell", "GRU", x, [h_prev], w_ih, w_hh, b_ih, b_hh)
    dtype = x.dtype
    x, h_prev, w_ih, w_hh, b_ih, b_hh = _work([x, h_prev, w_ih, w_hh, b_ih, b_hh])
    H = w_hh.shape[1]
    reserve = xp.empty((x.shape[0], 5 * H), h_prev.dtype)
    (h,) = gru_step(xp, *_projections(x, h_prev, w_ih, w_hh, b_ih, b_hh), [h_prev], reserve, H)
    reserve[:, 4 * H:] = h
    return h.astype(dtype, copy=False), reserve.astype(dtype, copy=False)


def _simple_meta(x, h_prev, w_ih, w_hh, b_ih, b_hh, activation="tanh"):
    return _step_meta("simple_rnn_cell", _simple_mode(activation), x, [h_prev], w_ih, w_hh,
                      b_ih, b_hh)


def _simple_mode(activation):
    if activation not in ("tanh", "relu"):
        raise ValueError(f"(simple_rnn_cell) activation must be 'tanh' or 'relu', but received "
                         f"{activation!r}.")
    return "RNN_TANH" if activation == "tanh" else "RNN_RELU"


@defop("simple_rnn_cell", "x h_prev w_ih w_hh b_ih b_hh", ("h", "reserve"),
       infer_meta=_simple_meta, pattern=OPAQUE)
def simple_rnn_cell(xp, x, h_prev, w_ih, w_hh, b_ih, b_hh, activation="tanh"):
    _check("simple_rnn_cell", _simple_mode(activation), x, [h_prev], w_ih, w_hh, b_ih, b_hh)
    dtype = x.dtype
    x, h_prev, w_ih, w_hh, b_ih, b_hh = _work([x, h_prev, w_ih, w_hh, b_ih, b_hh])
    pre, h_part = _projections(x, h_prev, w_ih, w_hh, b_ih, b_hh)
    pre += h_part
    # fmax maps NaN to 0, as the relu op does
    h = xp.tanh(pre, out=pre) if activation == "tanh" else xp.fmax(pre, 0, out=pre)
    return h.astype(dtype, copy=False), \
        xp.concatenate([h, h], axis=1).astype(dtype, copy=False)


@lstm_cell.grad(save="x h_prev c_prev w_ih w_hh reserve")
def _(ctx, g_h, g_c, g_reserve):
    if eager_rule():
        return _lstm_array_grads(ctx, g_h, g_c, g_reserve)
    return _step_grads(B.TensorMath, "LSTM", ctx.needs_grad, ctx.x, [ctx.h_prev, ctx.c_prev],
                       ctx.w_ih, ctx.w_hh, ctx.reserve, [g_h, g_c], g_reserve)


@gru_cell.grad(save="x h_prev w_ih w_hh reserve")
def _(ctx, g_h, g_reserve):
    return _one_state_grads(ctx, "GRU", g_h, g_reserve)


@simple_rnn_cell.grad(save="x h_prev w_ih w_hh reserve")
def _(ctx, g_h, g_reserve):
    return _one_state_grads(ctx, _simple_mode(ctx.activation), g_h, g_reserve)


def _one_state_grads(ctx, mode, g_h, g_reserve):
    if not eager_rule():
        return _step_grads(B.TensorMath, mode, ctx.needs_grad, ctx.x, [ctx.h_prev], ctx.w_ih,
                           ctx.w_hh, ctx.reserve, [g_h], g_reserve)
    dtype = ctx.x._data.dtype
    x, h_prev, w_ih, w_hh, reserve, g_h = _work(
        [t._data for t in (ctx.x, ctx.h_prev, ctx.w_ih, ctx.w_hh, ctx.reserve, g_h)])
    g_res = _work([g_reserve._data])[0] if any_nonzero(g_reserve) else None
    grads = _step_grads(B.ArrayMath(xp), mode, ctx.needs_grad, x, [h_prev], w_ih, w_hh,
                        reserve, [g_h], g_res)
    return tuple(None if g is None else wrap(g.astype(dtype, copy=False)) for g in grads)


def _step_grads(ops, mode, needs, x, prev, w_ih, w_hh, reserve, d_state, g_res):
    """Gradients of x, the previous states, w_ih, w_hh, b_ih, b_hh through one step."""
    n = 1 + len(prev)
    d_prev, gx, gh = B.STEP_BACK[mode](ops, reserve, prev, d_state, None, g_res, None,
                                       w_hh if needs[1] else None, w_hh.shape[1])
    # each bias its own sum: leaf gradients must not share memory (accumulation is in place)
    return (ops.matmul(gx, w_ih) if needs[0] else None,
            *(d if need else None for d, need in zip(d_prev, needs[1:n])),
            ops.matmul(gx, x, True) if needs[n] else None,
            ops.matmul(gh, prev[0], True) if needs[n + 1] else None,
            ops.sum_batch(gx) if needs[n + 2] else None,
            ops.sum_batch(gh) if needs[n + 3] else None)


def _lstm_array_grads(ctx, g_h, g_c, g_reserve):
    """The plain-backward fast path of lstm_cell: rnn_layer's in-place array step."""
    dtype = ctx.x._data.dtype
    x, h_prev, c_prev, reserve, g_h, g_c = _work(
        [t._data for t in (ctx.x, ctx.h_prev, ctx.c_prev, ctx.reserve, g_h, g_c)])
    batch, H = c_prev.shape
    d_pre = xp.empty((batch, 4 * H), reserve.dtype)
    d_h, d_c = g_h.copy(), g_c.copy()  # the step works in place
    g_res = _work([g_reserve._data])[0] if any_nonzero(g_reserve) else None
    if g_res is not None:
        d_h += g_res[:, 4 * H:5 * H]
        d_c += g_res[:, 5 * H:]
    inplace.lstm_step_arrays(xp, reserve, c_prev, reserve[:, 5 * H:], d_h, d_c,
                             None if g_res is None else g_res[:, :4 * H], d_pre,
                             inplace.lstm_scratch(xp, batch, H, reserve.dtype))
    needs = ctx.needs_grad
    w_ih, w_hh = _work([ctx.w_ih._data, ctx.w_hh._data])
    grads = (d_pre @ w_ih if needs[0] else None, d_pre @ w_hh if needs[1] else None,
             d_c if needs[2] else None, d_pre.T @ x if needs[3] else None,
             d_pre.T @ h_prev if needs[4] else None,
             d_pre.sum(axis=0) if needs[5] else None, d_pre.sum(axis=0) if needs[6] else None)
    return tuple(None if g is None else wrap(g.astype(dtype, copy=False)) for g in grads)
