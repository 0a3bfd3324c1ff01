"""lstm_cell: one LSTM step as one kernel, so an LSTMCell call is one autograd node instead of
the ~14 of its composite form (two matmuls, bias adds, split, three sigmoids, two tanhs, the
products and the sum).

    lstm_cell(x, h_prev, c_prev, w_ih, w_hh, b_ih, b_hh) -> h [B, H], c [B, H], reserve [B, 6H]

The numbers are the composite cell's, operation for operation: gates = (x W_ih^T + b_ih) +
(h_prev W_hh^T + b_hh) in Paddle's order i, f, g, o; sigmoid(v) = tanh(v / 2) / 2 + 1/2 as the
sigmoid op computes it; c = f * c_prev + i * g; h = o * tanh(c). `reserve` is one rnn_layer
reserve row (the activations i f g o, then h and c), so the backward is rnn_layer's per-step
rule from _rnn_bptt, on NumPy arrays for a plain backward and on Tensors when a second-order
graph is recorded or a program traced.
"""
from __future__ import annotations

from ..backend import xp
from ..meta import TensorMeta
from ..tensor import wrap
from . import _kernel_utils as K
from . import _rnn_bptt as B
from .nn_norm import any_nonzero, eager_rule
from .nn_rnn import expect, lstm_gate_scales
from .registry import OPAQUE, defop


def _cell_meta(x, h_prev, c_prev, w_ih, w_hh, b_ih, b_hh):
    if x.ndim != 2:
        raise ValueError(f"(lstm_cell) x must be 2-D [batch_size, input_size], but received "
                         f"shape {list(x.shape)}.")
    if not x.dtype.is_floating_point:
        raise TypeError(f"(lstm_cell) x must be a floating-point tensor, but received "
                        f"{x.dtype.name}.")
    batch, size = x.shape
    H = w_hh.shape[-1] if w_hh.ndim else -1
    gates = 4 * H if H != -1 else -1
    for name, meta, shape in (("h_prev", h_prev, (batch, H)), ("c_prev", c_prev, (batch, H)),
                              ("w_ih", w_ih, (gates, size)), ("w_hh", w_hh, (gates, H)),
                              ("b_ih", b_ih, (gates,)), ("b_hh", b_hh, (gates,))):
        expect("lstm_cell", name, meta, shape, x.dtype)
    state = TensorMeta((batch, H), x.dtype)
    return state, state, TensorMeta((batch, 6 * H if H != -1 else -1), x.dtype)


def _check(x, h_prev, c_prev, w_ih, w_hh, b_ih, b_hh) -> None:
    """Shape and dtype agreement, tested on the arrays (cheap); infer_meta explains a failure
    (NumPy would otherwise broadcast or promote silently)."""
    arrays = (x, h_prev, c_prev, w_ih, w_hh, b_ih, b_hh)
    batch, H = h_prev.shape if h_prev.ndim == 2 else (-1, -1)
    shapes_ok = (x.ndim == 2 and x.shape[0] == batch and c_prev.shape == (batch, H)
                 and w_ih.shape == (4 * H, x.shape[1]) and w_hh.shape == (4 * H, H)
                 and b_ih.shape == b_hh.shape == (4 * H,))
    if not shapes_ok or any(a.dtype != x.dtype for a in arrays):
        from ..meta import meta_of
        _cell_meta(*(meta_of(a) for a in arrays))
        raise ValueError("(lstm_cell) inputs of inconsistent shapes or dtypes.")


@defop("lstm_cell", "x h_prev c_prev w_ih w_hh b_ih b_hh", ("h", "c", "reserve"),
       infer_meta=_cell_meta, pattern=OPAQUE)
def lstm_cell(xp, x, h_prev, c_prev, w_ih, w_hh, b_ih, b_hh):
    _check(x, h_prev, c_prev, w_ih, w_hh, b_ih, b_hh)
    dtype = x.dtype
    if dtype in K.LOW_PRECISION:  # computed in float32, rounded once at the end
        x, h_prev, c_prev, w_ih, w_hh, b_ih, b_hh = (
            a.astype("float32") for a in (x, h_prev, c_prev, w_ih, w_hh, b_ih, b_hh))
    H = w_hh.shape[1]
    pre = x @ w_ih.T
    pre += b_ih
    hidden = h_prev @ w_hh.T
    hidden += b_hh
    pre += hidden
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


@lstm_cell.grad(save="x h_prev c_prev w_ih w_hh reserve")
def _(ctx, g_h, g_c, g_reserve):
    if eager_rule():
        return _array_grads(ctx, g_h, g_c, g_reserve)
    return _tensor_grads(ctx.needs_grad, ctx.x, ctx.h_prev, ctx.c_prev, ctx.w_ih, ctx.w_hh,
                         ctx.reserve, g_h, g_c, g_reserve)


def _array_grads(ctx, g_h, g_c, g_reserve):
    """The plain-backward fast path: rnn_layer's in-place array step."""
    dtype = ctx.x._data.dtype

    def arr(t):
        return t._data.astype("float32") if dtype in K.LOW_PRECISION else t._data

    x, h_prev, c_prev, reserve = arr(ctx.x), arr(ctx.h_prev), arr(ctx.c_prev), arr(ctx.reserve)
    batch, H = c_prev.shape
    d_pre = xp.empty((batch, 4 * H), reserve.dtype)
    d_c = arr(g_c).astype(reserve.dtype)  # copies: the step works in place
    B.lstm_step_arrays(xp, reserve, c_prev, arr(g_h).astype(reserve.dtype), d_c,
                       arr(g_reserve) if any_nonzero(g_reserve) else None, d_pre,
                       B.lstm_scratch(xp, batch, H, reserve.dtype))
    needs = ctx.needs_grad
    # each bias its own sum: leaf gradients must not share memory (accumulation is in place)
    grads = (d_pre @ arr(ctx.w_ih) if needs[0] else None,
             d_pre @ arr(ctx.w_hh) if needs[1] else None, d_c if needs[2] else None,
             d_pre.T @ x if needs[3] else None, d_pre.T @ h_prev if needs[4] else None,
             d_pre.sum(axis=0) if needs[5] else None, d_pre.sum(axis=0) if needs[6] else None)
    return tuple(None if g is None else wrap(g.astype(dtype, copy=False)) for g in grads)


def _tensor_grads(needs, x, h_prev, c_prev, w_ih, w_hh, reserve, g_h, g_c, g_reserve):
    """Gradients of x, h_prev, c_prev, w_ih, w_hh, b_ih, b_hh through one LSTM step, as
    differentiable paddle ops (a second-order graph or a traced program)."""
    ops = B.TensorMath
    H = w_hh.shape[1]
    # w_hh None: the step skips the h_prev gradient's gemm
    (d_h, d_c), d_pre, _ = B.STEP_BACK["LSTM"](ops, reserve, [h_prev, c_prev], [g_h, g_c],
                                               None, g_reserve, None,
                                               w_hh if needs[1] else None, H)
    # each bias its own sum: leaf gradients must not share memory (accumulation is in place)
    return (ops.matmul(d_pre, w_ih) if needs[0] else None, d_h if needs[1] else None,
            d_c if needs[2] else None, ops.matmul(d_pre, x, True) if needs[3] else None,
            ops.matmul(d_pre, h_prev, True) if needs[4] else None,
            ops.sum_batch(d_pre) if needs[5] else None,
            ops.sum_batch(d_pre) if needs[6] else None)
