"""Backpropagation through time for the fused `rnn_layer` op, written once over a small math
namespace so the same steps run on NumPy arrays and on Tensors with paddle ops (when a
second-order graph is recorded or a program traced). A plain backward of an LSTM or GRU takes
the in-place array version of these steps instead (_rnn_bptt_inplace).

The forward kept per-step activations and post-mask states in its `reserve` output (layout in
_rnn_steps.RESERVE); a cotangent arriving on reserve is folded into the same steps, so reserve
is an honest differentiable output and higher-order gradients that flow through it come out
right.
"""
from __future__ import annotations

from . import linalg as L
from . import manipulation as M
from . import reduction as R
from . import unary as U


class ArrayMath:
    """Array functions of the fast path over an array module (NumPy, or CuPy on GPUs); the
    inputs are already in the compute dtype."""

    def __init__(self, xp):
        self.xp = xp
        self.tanh = xp.tanh

    def matmul(self, a, b, transpose_a=False):
        if a.ndim == 3:  # one 2-D BLAS call instead of a loop over the leading axis
            flat = a.reshape(a.shape[0] * a.shape[1], a.shape[2])
            return (flat @ b).reshape(a.shape[0], a.shape[1], b.shape[1])
        return (a.T if transpose_a else a) @ b

    def concat(self, parts):
        return self.xp.concatenate(parts, axis=-1)

    def stack(self, parts):
        return self.xp.stack(parts)

    @staticmethod
    def flat(a):
        return a.reshape(-1, a.shape[-1])

    @staticmethod
    def sum_rows(a):
        return a.sum(axis=(0, 1))

    @staticmethod
    def sum_batch(a):
        return a.sum(axis=0)


    @staticmethod
    def positive(y):
        return (y > 0).astype(y.dtype)


class TensorMath:
    """The same functions as paddle ops, so the result is differentiable."""

    tanh = staticmethod(U.tanh)

    @staticmethod
    def matmul(a, b, transpose_a=False):
        return L.matmul(a, b, transpose_a, False)

    @staticmethod
    def concat(parts):
        return M.concat(list(parts), -1)

    @staticmethod
    def stack(parts):
        return M.stack(list(parts), 0)

    @staticmethod
    def flat(a):
        return M.reshape(a, [-1, a.shape[-1]])

    @staticmethod
    def sum_rows(a):
        return R.sum_op(a, [0, 1], None, False)

    @staticmethod
    def sum_batch(a):
        return R.sum_op(a, [0], None, False)

    @staticmethod
    def positive(y):
        return M.cast(y > 0, y.dtype)


def _through_mask(d_state, g_out, m):
    """Split the cotangent of a post-mask state into the part reaching the step's new value and
    the part carried unchanged to the previous state (padded steps keep the old state)."""
    d_new = d_state if g_out is None else d_state + g_out
    if m is None:
        return d_new, None
    return d_new * m, d_state * (1 - m)


def _carry(d, carried):
    return d if carried is None else d + carried


def _lstm_back(ops, res, prev, d_state, g_out, g_res, m, w_hh, H):
    i, f, g, o = (res[..., k * H:(k + 1) * H] for k in range(4))
    c_prev = prev[1]
    dh, dc = d_state
    if g_res is not None:
        dh = dh + g_res[..., 4 * H:5 * H]
        dc = dc + g_res[..., 5 * H:6 * H]
    dh_new, carry_h = _through_mask(dh, g_out, m)
    dc_new, carry_c = _through_mask(dc, None, m)
    # unmasked, the stored c is f * c_prev + i * g exactly
    tc = ops.tanh(res[..., 5 * H:6 * H] if m is None else f * c_prev + i * g)
    d_o = dh_new * tc
    dc_new = dc_new + dh_new * o * (1 - tc * tc)
    d_i, d_f, d_g = dc_new * g, dc_new * c_prev, dc_new * i
    if g_res is not None:
        d_i, d_f = d_i + g_res[..., :H], d_f + g_res[..., H:2 * H]
        d_g, d_o = d_g + g_res[..., 2 * H:3 * H], d_o + g_res[..., 3 * H:4 * H]
    d_pre = ops.concat([d_i * i * (1 - i), d_f * f * (1 - f), d_g * (1 - g * g),
                        d_o * o * (1 - o)])
    dh_prev = None if w_hh is None else _carry(ops.matmul(d_pre, w_hh), carry_h)
    return [dh_prev, _carry(dc_new * f, carry_c)], d_pre, d_pre


def _gru_back(ops, res, prev, d_state, g_out, g_res, m, w_hh, H):
    r, z, c, hc = (res[..., k * H:(k + 1) * H] for k in range(4))
    (h_prev,), (dh,) = prev, d_state
    if g_res is not None:
        dh = dh + g_res[..., 4 * H:5 * H]
    dh_new, carry = _through_mask(dh, g_out, m)
    d_z, d_c = dh_new * (h_prev - c), dh_new * (1 - z)
    if g_res is not None:
        d_z, d_c = d_z + g_res[..., H:2 * H], d_c + g_res[..., 2 * H:3 * H]
    d_cpre = d_c * (1 - c * c)
    d_r, d_hc = d_cpre * hc, d_cpre * r
    if g_res is not None:
        d_r, d_hc = d_r + g_res[..., :H], d_hc + g_res[..., 3 * H:4 * H]
    d_rpre, d_zpre = d_r * r * (1 - r), d_z * z * (1 - z)
    d_hgates = ops.concat([d_rpre, d_zpre, d_hc])
    dh_prev = None if w_hh is None else _carry(ops.matmul(d_hgates, w_hh) + dh_new * z, carry)
    return [dh_prev], ops.concat([d_rpre, d_zpre, d_cpre]), d_hgates


def _simple_back(relu):
    def back(ops, res, prev, d_state, g_out, g_res, m, w_hh, H):
        y = res[..., :H]
        (dh,) = d_state
        if g_res is not None:
            dh = dh + g_res[..., H:2 * H]
        d_y, carry = _through_mask(dh, g_out, m)
        if g_res is not None:
            d_y = d_y + g_res[..., :H]
        d_pre = d_y * ops.positive(y) if relu else d_y * (1 - y * y)
        dh_prev = None if w_hh is None else _carry(ops.matmul(d_pre, w_hh), carry)
        return [dh_prev], d_pre, d_pre
    return back


# One step backwards per mode: (ops, reserve row, previous states, state cotangents, output
# cotangent or None, reserve-row cotangent or None, mask column or None, w_hh, H) ->
# (previous-state gradients, input-gate gradient, hidden-gate gradient). With w_hh None the
# previous h's gradient (a gemm) is skipped and comes back as None.
STEP_BACK = {"LSTM": _lstm_back, "GRU": _gru_back, "RNN_TANH": _simple_back(False),
             "RNN_RELU": _simple_back(True)}


def backprop(ops, mode, seq, g_out, g_state, g_res, is_reverse):
    """Walk the steps backwards. seq: dict with x, state0 (list of [B, H]), w_hh, reserve, mask
    (or None), H, S (state components). Returns (state0 grads, per-step input-gate grads
    [T, B, G*H], hidden-gate grads [T, B, G*H], previous hidden states [T, B, H])."""
    H, S, res, mask = seq["H"], seq["S"], seq["reserve"], seq["mask"]
    T = seq["x"].shape[0]
    steps = range(T) if is_reverse else range(T - 1, -1, -1)
    d_state = list(g_state)
    gx, gh, h_prev = [None] * T, [None] * T, [None] * T
    back = STEP_BACK[mode]
    first = res.shape[-1] - S * H  # the post-mask states close each reserve row
    for t in steps:
        before = t + 1 if is_reverse else t - 1
        if 0 <= before < T:
            prev = [res[before, :, first + k * H:first + (k + 1) * H] for k in range(S)]
        else:
            prev = seq["state0"]
        g_res_t = None if g_res is None else g_res[t]
        m = None if mask is None else mask[t]
        d_state, gx[t], gh[t] = back(ops, res[t], prev, d_state, g_out[t], g_res_t, m,
                                     seq["w_hh"], H)
        h_prev[t] = prev[0]
    gx_all = ops.stack(gx)
    # LSTM and SimpleRNN use one pre-activation gradient for both projections: stack it once
    same = all(a is b for a, b in zip(gx, gh))
    return d_state, gx_all, gx_all if same else ops.stack(gh), ops.stack(h_prev)


def weight_grads(ops, x, w_ih, gx, gh, h_prev, needs):
    """Gradients of x, w_ih, w_hh, b_ih, b_hh from the per-step gate gradients."""
    need_x, need_wih, need_whh, need_bih, need_bhh = needs
    g_x = ops.matmul(gx, w_ih) if need_x else None
    g_wih = ops.matmul(ops.flat(gx), ops.flat(x), True) if need_wih else None
    g_whh = ops.matmul(ops.flat(gh), ops.flat(h_prev), True) if need_whh else None
    g_bih = ops.sum_rows(gx) if need_bih else None
    g_bhh = ops.sum_rows(gh) if need_bhh else None
    return g_x, g_wih, g_whh, g_bih, g_bhh
