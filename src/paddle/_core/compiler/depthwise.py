"""The depthwise convolution forward compiled with numba.

Unit column stride: each channel's plane is copied into a zero-padded plane, flattened. With
unit strides, output rows are computed in bands that fit the L1 cache, keeping the padded row
length: a kernel row's taps then add weight * (one contiguous run of the padded plane) to the
whole band in one pass, and the extra columns are dropped when the band is copied out; with a
row stride s the padded rows are stored as s row phases (rows s*k + p for each p), which keeps
each kernel row's run contiguous across the band. Column strides: for
every output row, each tap adds weight * (a shifted input row) over the columns where it lands
inside the input; with a column stride s each plane is first split into its s column phases
(columns s*k + p for each p), which makes every tap's read contiguous again. The sums run tap
by tap in the order of _conv_depthwise's NumPy kernel, products and sums rounded the same way,
so both give the same numbers. Inner loops run over contiguous array slices, which numba
vectorises; copies are plain loops too (numba's slice assignment costs more on short rows)."""
from __future__ import annotations

import numba
import numpy as np


@numba.njit(cache=True, nogil=True)
def _copy(target, source):
    """target[:] = source, as a plain loop."""
    for j in range(target.shape[0]):
        target[j] = source[j]


@numba.njit(cache=True, nogil=True)
def _zero(target):
    for j in range(target.shape[0]):
        target[j] = 0


@numba.njit(cache=True, nogil=True)
def _column_plan(out_width, in_width, taps, stride, dilation, pad):
    """Per kernel column b: the first and stop output columns it reaches, the column phase
    it reads and the phase index of the first one."""
    plan = np.zeros((taps, 4), np.int64)
    for b in range(taps):
        offset = b * dilation - pad
        first = 0 if offset >= 0 else (stride - 1 - offset) // stride
        stop = max(first, min(out_width, (in_width - 1 - offset) // stride + 1))
        phase = offset % stride
        plan[b, 0], plan[b, 1], plan[b, 2] = first, stop, phase
        plan[b, 3] = first + (offset - phase) // stride
    return plan


@numba.njit(cache=True, nogil=True)
def _split_phases(plane, phases):
    """phases[r, p, k] = plane[r, k * stride + p] (stride = phases.shape[1])."""
    stride = phases.shape[1]
    for r in range(plane.shape[0]):
        for p in range(stride):
            _copy(phases[r, p], plane[r, p::stride])


# output elements per band of the unit-stride kernel (16 KiB of float32: half the L1 cache)
BAND = 4096


@numba.njit(cache=True, nogil=True)
def _add_kernel_row(band, source, weights, dilation):
    """band[j] += weights[b] * source[j + b * dilation] for each b in turn, every b of the row
    in one pass over the band (the sums still run b by b, rounded as separate passes would
    round them); 3- and 5-tap rows, the common ones, have loops of their own."""
    n = band.shape[0]
    if weights.shape[0] == 3:
        w0, w1, w2 = weights[0], weights[1], weights[2]
        s0, s1 = source[:n], source[dilation:dilation + n]
        s2 = source[2 * dilation:2 * dilation + n]
        for j in range(n):
            band[j] = ((band[j] + w0 * s0[j]) + w1 * s1[j]) + w2 * s2[j]
    elif weights.shape[0] == 5:
        w0, w1, w2, w3, w4 = weights[0], weights[1], weights[2], weights[3], weights[4]
        s0, s1 = source[:n], source[dilation:dilation + n]
        s2, s3 = source[2 * dilation:2 * dilation + n], source[3 * dilation:3 * dilation + n]
        s4 = source[4 * dilation:4 * dilation + n]
        for j in range(n):
            band[j] = ((((band[j] + w0 * s0[j]) + w1 * s1[j]) + w2 * s2[j]) + w3 * s3[j]) + \
                w4 * s4[j]
    else:
        for b in range(weights.shape[0]):
            weight = weights[b]
            shifted = source[b * dilation:b * dilation + n]
            for j in range(n):
                band[j] += weight * shifted[j]


@numba.njit(cache=True, nogil=True)
def _correlate_unit_column_stride(x, w, out, row_stride, pads, dilations):
    batch, channels, height, width = x.shape
    taps_h, taps_w = w.shape[1], w.shape[2]
    out_h, out_w = out.shape[2], out.shape[3]
    padded_w = max(width + 2 * pads[1], out_w + (taps_w - 1) * dilations[1])
    padded_h = max(height + 2 * pads[0],
                   (out_h - 1) * row_stride + (taps_h - 1) * dilations[0] + 1)
    # the padded rows as row_stride phases (rows s*k + p for each p), phase after phase
    phase_rows = (padded_h + row_stride - 1) // row_stride
    reach = (taps_w - 1) * dilations[1]
    flat = np.zeros(row_stride * phase_rows * padded_w + reach, x.dtype)
    rows = max(1, min(out_h, BAND // padded_w))
    wide = np.empty(rows * padded_w, x.dtype)
    for n in range(batch):
        for c in range(channels):
            for r in range(height):
                padded = r + pads[0]
                begin = ((padded % row_stride) * phase_rows + padded // row_stride) * padded_w
                _copy(flat[begin + pads[1]:begin + pads[1] + width], x[n, c, r])
            target = out[n, c]
            for first in range(0, out_h, rows):
                count = min(rows, out_h - first)
                length = count * padded_w
                band = wide[:length]
                _zero(band)
                for a in range(taps_h):
                    offset = a * dilations[0]
                    start = ((offset % row_stride) * phase_rows + first +
                             offset // row_stride) * padded_w
                    _add_kernel_row(band, flat[start:start + length + reach], w[c, a],
                                    dilations[1])
                for i in range(count):
                    _copy(target[first + i], band[i * padded_w:i * padded_w + out_w])


@numba.njit(cache=True, nogil=True)
def _correlate(x, w, out, strides, pads, dilations):
    batch, channels, height, width = x.shape
    taps_h, taps_w = w.shape[1], w.shape[2]
    stride = strides[1]
    plan = _column_plan(out.shape[3], width, taps_w, stride, dilations[1], pads[1])
    split = np.zeros((height, stride, (width + stride - 1) // stride), x.dtype)
    for n in range(batch):
        for c in range(channels):
            if stride == 1:
                phases = x[n, c].reshape(height, 1, width)
            else:
                _split_phases(x[n, c], split)
                phases = split
            for i in range(out.shape[2]):
                row = out[n, c, i]
                _zero(row)
                for a in range(taps_h):
                    r = i * strides[0] + a * dilations[0] - pads[0]
                    if r < 0 or r >= height:
                        continue
                    for b in range(taps_w):
                        first, stop, phase, start = plan[b, 0], plan[b, 1], plan[b, 2], plan[b, 3]
                        weight = w[c, a, b]
                        target = row[first:stop]
                        source = phases[r, phase, start:start + stop - first]
                        for j in range(stop - first):
                            target[j] += weight * source[j]


def depthwise_correlate(x: np.ndarray, w: np.ndarray, strides, pads, dilations, out_sizes):
    """(N, C, H, W) x (C, 1, kh, kw) -> (N, C, *out_sizes), or None for other ranks."""
    if x.ndim != 4:
        return None
    out = np.empty(x.shape[:2] + tuple(out_sizes), np.result_type(x, w))
    x = np.ascontiguousarray(x, out.dtype)
    weights = np.ascontiguousarray(w[:, 0], out.dtype)
    before = np.asarray([p[0] for p in pads], np.int64)
    if strides[1] == 1:
        _correlate_unit_column_stride(x, weights, out, int(strides[0]), before,
                                      np.asarray(dilations, np.int64))
    else:
        _correlate(x, weights, out, np.asarray(strides, np.int64), before,
                   np.asarray(dilations, np.int64))
    return out
