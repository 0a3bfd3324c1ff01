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

import numpy as np

from .. import state
from ..backend import xp
from ..meta import TensorMeta
from ..tensor import wrap
from . import _kernel_utils as K
from . import _rnn_bptt as B
from . import _rnn_bptt_inplace as inplace
from . import _rnn_steps as loops
from . import manipulation as M
from ._rnn_steps import GATES, RESERVE, STATES, lstm_gate_scales
from .nn_norm import any_nonzero, eager_rule
from .registry import OPAQUE, defop


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


def _compute_dtype(x):
    return np.dtype(np.float32) if x.dtype in K.LOW_PRECISION else x.dtype


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
    w_x, biases = loops.input_weights(w_ih.astype(work, copy=False),
                                      b_ih.astype(work, copy=False), b_hh, mode,
                                      None if scales is None else scales[0])
    # the recurrent weight row-major: the per-step gemm runs faster than on a transposed view
    w_hh_t = xp.ascontiguousarray(w_hh.T.astype(work))
    if scales is not None:
        w_hh_t *= scales[0]
    out = xp.empty((T, batch, H), work)
    width = RESERVE[mode] * H
    reserve = xp.empty((T, batch, 0 if is_test else width), work)
    kept = None if is_test else reserve
    state = [s.astype(work) for s in state0]
    steps = range(T - 1, -1, -1) if is_reverse else range(T)
    gate_steps = loops.input_gate_steps(xp, x.astype(work, copy=False), w_x, biases, steps)
    valid = None if mask is None else (mask != 0)[:, :, None]
    if not T:
        final = state
    elif mode == "LSTM":
        final = loops.lstm_loop(xp, gate_steps, state, w_hh_t, scales, out, kept, valid)
    elif mode == "GRU":
        final = loops.gru_loop(xp, gate_steps, state[0], w_hh_t, b_hh.astype(work), out, kept,
                               valid)
    elif valid is None:
        final = loops.simple_unmasked(xp, gate_steps, state[0], w_hh_t, mode == "RNN_RELU",
                                      out, kept)
    else:
        rows = xp.empty((1, batch, width), work) if is_test else reserve
        final = loops.simple_masked(xp, gate_steps, state[0], w_hh_t, mode == "RNN_RELU", out,
                                    rows, valid, not is_test)
    return tuple(a.astype(x.dtype, copy=False) for a in (out, xp.stack(final), reserve))


def inference_only(*tensors) -> bool:
    """is_test for an rnn_layer over these inputs: True when no backward pass can reach it
    (eager, and no gradient recorded or wanted), so the kernel may skip its reserve."""
    if state.tracer is not None:
        return False
    return not state.grad_enabled or all(t is None or t.stop_gradient for t in tensors)


# the array BPTT of a plain backward, in place where written (SimpleRNN's is the generic one)
_IN_PLACE = {"LSTM": inplace.lstm_backprop_arrays, "GRU": inplace.gru_backprop_arrays}
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
    fast = _IN_PLACE.get(ctx.mode)
    if fast is not None:
        d_state, gx, gh, h_prev = fast(xp, seq, arr(g_out), list(arr(g_state)), g_res,
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
