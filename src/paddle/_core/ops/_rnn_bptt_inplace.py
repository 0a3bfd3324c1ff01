"""In-place backpropagation through time on arrays for LSTM and GRU layers (and the one-step
cells): the fast path of a plain backward. The math is _rnn_bptt's step rules (which serve
second-order graphs and traced programs as paddle ops), written here into preallocated gate
gradient buffers and reused scratch arrays, since fresh temporaries per step cost more than the
arithmetic; results agree with _rnn_bptt.backprop to rounding.
"""
from __future__ import annotations


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
