"""Backpropagation through time for the fused `rnn_layer` op, written once over a small math
namespace so the same steps run on NumPy arrays (the fast path of a plain backward) and on
Tensors with paddle ops (when a second-order graph is recorded or a program traced).

The forward kept per-step activations and post-mask states in its `reserve` output (layout in
nn_rnn.RESERVE); a cotangent arriving on reserve is folded into the same steps, so reserve is an
honest differentiable output and higher-order gradients that flow through it come out right.
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


def lstm_backprop_arrays(xp, seq, g_out, g_state, g_res, is_reverse):
    """backprop() for an LSTM on arrays, the fast path of a plain backward: the pre-activation
    gradients go straight into one [T, B, 4H] buffer and each step runs in place on reused
    scratch arrays (fresh temporaries cost more than the arithmetic)."""
    H, res, mask = seq["H"], seq["reserve"], seq["mask"]
    T, batch = res.shape[:2]
    d_pre = xp.empty((T, batch, 4 * H), res.dtype)
    h_prev = xp.empty((T, batch, H), res.dtype)
    scratch = lstm_scratch(xp, batch, H, res.dtype)
    c_new = xp.empty((batch, H), res.dtype)
    dh, dc = (g.copy() for g in g_state)
    for t in range(T) if is_reverse else range(T - 1, -1, -1):
        before = t + 1 if is_reverse else t - 1
        if 0 <= before < T:
            hp, cp = res[before, :, 4 * H:5 * H], res[before, :, 5 * H:]
        else:
            hp, cp = seq["state0"]
        h_prev[t] = hp
        row = res[t]
        if g_res is not None:
            dh += g_res[t, :, 4 * H:5 * H]
            dc += g_res[t, :, 5 * H:]
        m = None if mask is None else mask[t]
        carry = _carry_and_mask(dh, dc, g_out[t], m)
        if m is None:
            c = row[:, 5 * H:]  # unmasked, the stored c is f * c_prev + i * g exactly
        else:  # the stored c is post-mask: recompute the step's own
            c = c_new
            xp.multiply(row[:, H:2 * H], cp, out=c)
            c += row[:, :H] * row[:, 2 * H:3 * H]
        lstm_step_arrays(xp, row, cp, c, dh, dc, None if g_res is None else g_res[t, :, :4 * H],
                         d_pre[t], scratch)
        dh = d_pre[t] @ seq["w_hh"]
        if carry is not None:
            dh += carry[0]
            dc += carry[1]
    return [dh, dc], d_pre, d_pre, h_prev


def _carry_and_mask(dh, dc, g_out, m):
    """In place: dh gains the output's cotangent, and with a mask column m the state
    cotangents split into the part reaching the step's new value (kept in dh, dc) and the part
    carried unchanged to the previous state (padded steps keep it); returns that carry or
    None."""
    carry = None
    if m is not None:
        carry = [d * (1 - m) for d in (dh, dc) if d is not None]
    dh += g_out
    if m is not None:
        dh *= m
        if dc is not None:
            dc *= m
    return carry


def gru_backprop_arrays(xp, seq, g_out, g_state, g_res, is_reverse):
    """backprop() for a GRU on arrays, in place like lstm_backprop_arrays: the input- and
    hidden-gate gradients go straight into two [T, B, 3H] buffers."""
    H, res, mask = seq["H"], seq["reserve"], seq["mask"]
    T, batch = res.shape[:2]
    gx, gh = xp.empty((T, batch, 3 * H), res.dtype), xp.empty((T, batch, 3 * H), res.dtype)
    h_prev = xp.empty((T, batch, H), res.dtype)
    slope, tmp = xp.empty((batch, 2 * H), res.dtype), xp.empty((batch, H), res.dtype)
    dh = g_state[0].copy()
    for t in range(T) if is_reverse else range(T - 1, -1, -1):
        before = t + 1 if is_reverse else t - 1
        hp = res[before, :, 4 * H:] if 0 <= before < T else seq["state0"][0]
        h_prev[t] = hp
        if g_res is not None:
            dh += g_res[t, :, 4 * H:]
        carry = _carry_and_mask(dh, None, g_out[t], None if mask is None else mask[t])
        _gru_step_arrays(xp, res[t], hp, dh, None if g_res is None else g_res[t, :, :4 * H],
                         gx[t], gh[t], (slope, tmp))
        d_prev = gh[t] @ seq["w_hh"]
        xp.multiply(dh, res[t, :, H:2 * H], out=tmp)
        d_prev += tmp
        if carry is not None:
            d_prev += carry[0]
        dh = d_prev
    return [dh], gx, gh, h_prev


def _gru_step_arrays(xp, row, h_prev, dh, g_gates, dx, dhh, scratch) -> None:
    """One GRU step backwards (the math of _gru_back), in place. dh: the cotangent of the
    step's new h (before any mask); g_gates: the cotangent of the row's r z c hc, or None. dx
    gets the input-gate gradients (r, z, c pre-activations), dhh the hidden-gate ones (r, z,
    hidden part of c)."""
    H = h_prev.shape[-1]
    slope, tmp = scratch
    r, z, c, hc = (row[:, k * H:(k + 1) * H] for k in range(4))
    d_r, d_z, d_c = (dx[:, k * H:(k + 1) * H] for k in range(3))
    xp.subtract(h_prev, c, out=d_z)
    d_z *= dh
    xp.subtract(1, z, out=d_c)
    d_c *= dh
    if g_gates is not None:
        dx[:, H:] += g_gates[:, H:3 * H]
    xp.multiply(c, c, out=tmp)
    xp.subtract(1, tmp, out=tmp)
    d_c *= tmp
    xp.multiply(d_c, hc, out=d_r)
    xp.multiply(d_c, r, out=dhh[:, 2 * H:])
    if g_gates is not None:
        d_r += g_gates[:, :H]
        dhh[:, 2 * H:] += g_gates[:, 3 * H:]
    # sigmoid slopes s (1 - s) of r and z, adjacent in the row
    xp.subtract(1, row[:, :2 * H], out=slope)
    slope *= row[:, :2 * H]
    dx[:, :2 * H] *= slope
    dhh[:, :2 * H] = dx[:, :2 * H]


def lstm_scratch(xp, batch, H, dtype):
    """The reused arrays of lstm_step_arrays."""
    return xp.empty((batch, 4 * H), dtype), xp.empty((batch, H), dtype), \
        xp.empty((batch, H), dtype)


def lstm_step_arrays(xp, row, c_prev, c, dh, dc, g_gates, dp, scratch) -> None:
    """One LSTM step backwards, in place. row: the step's reserve row (i f g o, then h, c); c:
    the step's new c before any mask; dh, dc: the cotangents of the new h and c (the caller's
    own arrays; dh is used up, dc becomes the gradient of c_prev); g_gates: the cotangent of
    the row's i f g o, or None; the gate pre-activation gradient is written into dp."""
    H = c_prev.shape[-1]
    slope, tc, tmp = scratch
    act = row[:, :4 * H]
    i, f, g, o = (act[:, k * H:(k + 1) * H] for k in range(4))
    d_i, d_f, d_g, d_o = (dp[:, k * H:(k + 1) * H] for k in range(4))
    xp.tanh(c, out=tc)
    xp.multiply(dh, tc, out=d_o)
    xp.multiply(tc, tc, out=tmp)
    xp.subtract(1, tmp, out=tmp)
    tmp *= o
    tmp *= dh
    dc += tmp
    xp.multiply(dc, g, out=d_i)
    xp.multiply(dc, c_prev, out=d_f)
    xp.multiply(dc, i, out=d_g)
    if g_gates is not None:
        dp += g_gates
    # activation slopes: s (1 - s) for the sigmoid gates, 1 - g^2 for the tanh gate
    xp.subtract(1, act, out=slope)
    slope *= act
    xp.multiply(g, g, out=tmp)
    xp.subtract(1, tmp, out=slope[:, 2 * H:3 * H])
    dp *= slope
    dc *= f


def weight_grads(ops, x, w_ih, gx, gh, h_prev, needs):
    """Gradients of x, w_ih, w_hh, b_ih, b_hh from the per-step gate gradients."""
    need_x, need_wih, need_whh, need_bih, need_bhh = needs
    g_x = ops.matmul(gx, w_ih) if need_x else None
    g_wih = ops.matmul(ops.flat(gx), ops.flat(x), True) if need_wih else None
    g_whh = ops.matmul(ops.flat(gh), ops.flat(h_prev), True) if need_whh else None
    g_bih = ops.sum_rows(gx) if need_bih else None
    g_bhh = ops.sum_rows(gh) if need_bhh else None
    return g_x, g_wih, g_whh, g_bih, g_bhh
