"""The depthwise convolution forward compiled with numba.

Each channel's plane is copied into a zero-padded plane, kept flat; with strides (s, s') it is
stored as s * s' phase blocks (rows s*k + q, columns s'*k' + p), so that for every tap the
inputs of consecutive output positions are consecutive. Output rows are computed in bands
that fit the L1 cache, each row as long as a (phase) row of the plane: every tap then adds
weight * (one contiguous run) to the whole band, a kernel row's taps in one pass where the
column stride is 1, and the extra columns are dropped when the band is copied out. The sums
run tap by tap in the order of _conv_depthwise's NumPy kernel, each product and sum rounded as
there, so both give the same numbers. Inner loops run over contiguous slices, which numba
vectorises; copies are plain loops too (numba's slice assignment costs more on short rows).
3x3 and 5x5 kernels with column steps of 1 or 2 sum several kernel rows per pass (each output
in registers, stored once per pass; the same order of sums). A fused conv's epilogue (bias,
activation, scale, shift) is applied to each band before it is copied out, while it is in
cache, with the epilogue kernel's numbers."""
from __future__ import annotations

import numpy as np

from .cache import jit
from .epilogue import CODES, finish_row

# output elements per band (16 KiB of float32: half the L1 cache)
BAND = 4096


@jit
def _copy(target, source):
    """target[:] = source, as a plain loop."""
    for j in range(target.shape[0]):
        target[j] = source[j]


@jit
def _zero(target):
    for j in range(target.shape[0]):
        target[j] = 0


@jit
def _add_kernel_row(band, source, weights, dilation, first):
    """band[j] += weights[b] * source[j + b * dilation] for each b in turn (band[j] = ... for
    the `first` kernel row, whose sum starts from its first product as NumPy's does), every b
    of the row in one pass over the band: the sums still run b by b, rounded as separate
    passes would round them. 3- and 5-tap rows, the common ones, have loops of their own."""
    n = band.shape[0]
    if weights.shape[0] == 3:
        w0, w1, w2 = weights[0], weights[1], weights[2]
        s0, s1 = source[:n], source[dilation:dilation + n]
        s2 = source[2 * dilation:2 * dilation + n]
        if first:
            for j in range(n):
                band[j] = (w0 * s0[j] + w1 * s1[j]) + w2 * s2[j]
        else:
            for j in range(n):
                band[j] = ((band[j] + w0 * s0[j]) + w1 * s1[j]) + w2 * s2[j]
    elif weights.shape[0] == 5:
        w0, w1, w2, w3, w4 = weights[0], weights[1], weights[2], weights[3], weights[4]
        s0, s1 = source[:n], source[dilation:dilation + n]
        s2, s3 = source[2 * dilation:2 * dilation + n], source[3 * dilation:3 * dilation + n]
        s4 = source[4 * dilation:4 * dilation + n]
        if first:
            for j in range(n):
                band[j] = (((w0 * s0[j] + w1 * s1[j]) + w2 * s2[j]) + w3 * s3[j]) + w4 * s4[j]
        else:
            for j in range(n):
                band[j] = ((((band[j] + w0 * s0[j]) + w1 * s1[j]) + w2 * s2[j]) +
                           w3 * s3[j]) + w4 * s4[j]
    else:
        if first:
            _zero(band)
        for b in range(weights.shape[0]):
            weight = weights[b]
            shifted = source[b * dilation:b * dilation + n]
            for j in range(n):
                band[j] += weight * shifted[j]


@jit
def _add_strided_row(band, flat, start, phase_size, weights, dilation, stride):
    """A kernel row's taps with a column stride: tap b reads column phase (b * dilation) %
    stride, shifted by (b * dilation) // stride; one pass over the band per tap."""
    n = band.shape[0]
    for b in range(weights.shape[0]):
        column = b * dilation
        begin = start + (column % stride) * phase_size + column // stride
        source = flat[begin:begin + n]
        weight = weights[b]
        for j in range(n):
            band[j] += weight * source[j]


@jit
def _fill_plane(flat, plane, pads, strides, phase_rows, row_length):
    """Copy one input plane into the padded phase blocks of `flat` (its borders stay zero):
    row phase q holds the column phases of rows s*k + q, each phase_rows x row_length."""
    stride_h, stride_w = strides[0], strides[1]
    phase_size = phase_rows * row_length
    for r in range(plane.shape[0]):
        padded = r + pads[0]
        base = ((padded % stride_h) * stride_w * phase_rows + padded // stride_h) * row_length
        if stride_w == 1:  # contiguous slices: a vectorised copy
            _copy(flat[base + pads[1]:base + pads[1] + plane.shape[1]], plane[r])
            continue
        for p in range(stride_w):  # input columns k with (k + pad) % s' == p
            k0 = (p - pads[1]) % stride_w
            if k0 >= plane.shape[1]:
                continue
            count = (plane.shape[1] - k0 + stride_w - 1) // stride_w
            begin = base + p * phase_size + (k0 + pads[1]) // stride_w
            _copy(flat[begin:begin + count], plane[r, k0::stride_w])


@jit(inline=True)
def _row3(total, row, j, w):
    return ((total + w[0] * row[j]) + w[1] * row[j + 1]) + w[2] * row[j + 2]


@jit(inline=True)
def _row5(total, row, j, w):
    return ((((total + w[0] * row[j]) + w[1] * row[j + 1]) + w[2] * row[j + 2]) +
            w[3] * row[j + 3]) + w[4] * row[j + 4]


@jit(inline=True)
def _row3_s2(total, even, odd, j, w):
    """A kernel row of 3 over column phases (stride 2): taps 0, 1, 2 read even[j], odd[j],
    even[j + 1]."""
    return ((total + w[0] * even[j]) + w[1] * odd[j]) + w[2] * even[j + 1]


@jit(inline=True)
def _row5_s2(total, even, odd, j, w):
    return ((((total + w[0] * even[j]) + w[1] * odd[j]) + w[2] * even[j + 1]) +
            w[3] * odd[j + 1]) + w[4] * even[j + 2]


@jit(inline=True)
def _taps3(row):
    return row[0], row[1], row[2]


@jit(inline=True)
def _taps5(row):
    return row[0], row[1], row[2], row[3], row[4]


@jit
def _whole_3x3(band, flat, starts, w):
    """A 3x3 kernel's nine taps in one pass over the band (unit column stride and dilation):
    each output is summed in registers, in _add_kernel_row's order, and stored once."""
    n = band.shape[0]
    r0, r1, r2 = (flat[starts[0]:starts[0] + n + 2], flat[starts[1]:starts[1] + n + 2],
                  flat[starts[2]:starts[2] + n + 2])
    w0, w1, w2 = _taps3(w[0]), _taps3(w[1]), _taps3(w[2])
    for j in range(n):
        first = (w0[0] * r0[j] + w0[1] * r0[j + 1]) + w0[2] * r0[j + 2]
        band[j] = _row3(_row3(first, r1, j, w1), r2, j, w2)


@jit
def _whole_5x5(band, flat, starts, w):
    """_whole_3x3 for a 5x5 kernel, in two passes (kernel rows 0-2, then 3-4): 25 weights
    and their products at once would not fit the vector registers."""
    n = band.shape[0]
    r0, r1, r2 = (flat[starts[0]:starts[0] + n + 4], flat[starts[1]:starts[1] + n + 4],
                  flat[starts[2]:starts[2] + n + 4])
    w0, w1, w2 = _taps5(w[0]), _taps5(w[1]), _taps5(w[2])
    for j in range(n):
        first = (((w0[0] * r0[j] + w0[1] * r0[j + 1]) + w0[2] * r0[j + 2]) +
                 w0[3] * r0[j + 3]) + w0[4] * r0[j + 4]
        band[j] = _row5(_row5(first, r1, j, w1), r2, j, w2)
    r3, r4 = flat[starts[3]:starts[3] + n + 4], flat[starts[4]:starts[4] + n + 4]
    w3, w4 = _taps5(w[3]), _taps5(w[4])
    for j in range(n):
        band[j] = _row5(_row5(band[j], r3, j, w3), r4, j, w4)


@jit
def _whole_s2(band, flat, starts, phase_size, w):
    """3x3 and 5x5 kernels over column phases (column stride 2, unit dilation), summed from 0
    as _add_strided_row sums them, a kernel row at a time over both phases; 5x5 in two
    passes (kernel rows 0-2, then 3-4)."""
    n, zero = band.shape[0], band.dtype.type(0)
    size = w.shape[0]
    ev0, od0 = flat[starts[0]:starts[0] + n + 2], flat[starts[0] + phase_size:][:n + 2]
    ev1, od1 = flat[starts[1]:starts[1] + n + 2], flat[starts[1] + phase_size:][:n + 2]
    ev2, od2 = flat[starts[2]:starts[2] + n + 2], flat[starts[2] + phase_size:][:n + 2]
    if size == 3:
        w0, w1, w2 = _taps3(w[0]), _taps3(w[1]), _taps3(w[2])
        for j in range(n):
            band[j] = _row3_s2(_row3_s2(_row3_s2(zero, ev0, od0, j, w0), ev1, od1, j, w1),
                               ev2, od2, j, w2)
        return
    w0, w1, w2 = _taps5(w[0]), _taps5(w[1]), _taps5(w[2])
    for j in range(n):
        band[j] = _row5_s2(_row5_s2(_row5_s2(zero, ev0, od0, j, w0), ev1, od1, j, w1),
                           ev2, od2, j, w2)
    ev3, od3 = flat[starts[3]:starts[3] + n + 2], flat[starts[3] + phase_size:][:n + 2]
    ev4, od4 = flat[starts[4]:starts[4] + n + 2], flat[starts[4] + phase_size:][:n + 2]
    w3, w4 = _taps5(w[3]), _taps5(w[4])
    for j in range(n):
        band[j] = _row5_s2(_row5_s2(band[j], ev3, od3, j, w3), ev4, od4, j, w4)


@jit
def _bands(flat, w, target, strides, dilations, phase_rows, row_length, wide, starts,
           epilogue):
    """One channel's output (Ho, Wo) from its filled phase blocks, band by band; each band
    gets the epilogue (b, code, alpha, beta, scale, shift) before its rows are copied out."""
    b, code, alpha, beta, scale, shift = epilogue
    out_h, out_w = target.shape
    stride_h, stride_w = strides[0], strides[1]
    reach = (w.shape[1] - 1) * dilations[1]
    rows = max(1, min(out_h, wide.shape[0] // row_length))
    # kernels summed several rows per pass: 3x3 and 5x5 over column steps of 1 or 2
    whole = stride_w <= 2 and dilations[1] == 1 and w.shape[0] == w.shape[1] and \
        (w.shape[0] == 3 or w.shape[0] == 5)
    for first in range(0, out_h, rows):
        count = min(rows, out_h - first)
        band = wide[:count * row_length]
        if stride_w > 1 and not whole:
            _zero(band)
        for a in range(w.shape[0]):
            offset = a * dilations[0]
            starts[a] = ((offset % stride_h) * stride_w * phase_rows + first +
                         offset // stride_h) * row_length
        if whole and stride_w == 2:
            _whole_s2(band, flat, starts, phase_rows * row_length, w)
        elif whole and w.shape[0] == 3:
            _whole_3x3(band, flat, starts, w)
        elif whole:
            _whole_5x5(band, flat, starts, w)
        for a in range(0 if not whole else w.shape[0], w.shape[0]):
            start = starts[a]
            if stride_w == 1:
                _add_kernel_row(band, flat[start:start + band.shape[0] + reach], w[a],
                                dilations[1], a == 0)
            else:
                _add_strided_row(band, flat, start, phase_rows * row_length, w[a],
                                 dilations[1], stride_w)
        finish_row(band, b, code, alpha, beta, scale, shift)
        for i in range(count):
            _copy(target[first + i], band[i * row_length:i * row_length + out_w])


@jit
def _correlate(x, w, out, strides, pads, dilations, bias, code, alpha, beta, scale, shift):
    height, width = x.shape[2], x.shape[3]
    out_h, out_w = out.shape[2], out.shape[3]
    padded_h = max(height + 2 * pads[0],
                   (out_h - 1) * strides[0] + (w.shape[1] - 1) * dilations[0] + 1)
    padded_w = max(width + 2 * pads[1],
                   (out_w - 1) * strides[1] + (w.shape[2] - 1) * dilations[1] + 1)
    phase_rows = (padded_h + strides[0] - 1) // strides[0]
    row_length = (padded_w + strides[1] - 1) // strides[1]
    reach = (w.shape[2] - 1) * dilations[1]
    flat = np.zeros(strides[0] * strides[1] * phase_rows * row_length + reach + row_length,
                    x.dtype)
    wide = np.empty(max(BAND, row_length), x.dtype)
    starts = np.empty(w.shape[1], np.int64)  # where each kernel row's run begins in `flat`
    zero = out.dtype.type(0)
    for n in range(x.shape[0]):
        for c in range(x.shape[1]):
            _fill_plane(flat, x[n, c], pads, strides, phase_rows, row_length)
            epilogue = (bias[c] if bias.shape[0] else zero, code, alpha, beta, scale, shift)
            _bands(flat, w[c], out[n, c], strides, dilations, phase_rows, row_length, wide,
                   starts, epilogue)


def depthwise_correlate(x: np.ndarray, w: np.ndarray, strides, pads, dilations, out_sizes,
                        bias=None, activation="", alpha=0.0, beta=0.0, scale=1.0, shift=0.0):
    """(N, C, H, W) x (C, 1, kh, kw) -> (N, C, *out_sizes), then act(. + bias[c]) * scale +
    shift as the fused convs' epilogue computes it; None for other ranks and for activations
    the epilogue kernel leaves to NumPy."""
    code = CODES.get(activation)
    if x.ndim != 4 or code is None:
        return None
    out = np.empty(x.shape[:2] + tuple(out_sizes), np.result_type(x, w))
    kind = out.dtype.type
    x = np.ascontiguousarray(x, out.dtype)
    weights = np.ascontiguousarray(w[:, 0], out.dtype)
    bias = np.empty(0, out.dtype) if bias is None else np.ascontiguousarray(bias, out.dtype)
    _correlate(x, weights, out, np.asarray(strides, np.int64),
               np.asarray([p[0] for p in pads], np.int64), np.asarray(dilations, np.int64),
               bias, code, kind(alpha), kind(beta), kind(scale), kind(shift))
    return out
