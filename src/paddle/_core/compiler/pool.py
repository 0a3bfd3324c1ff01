"""2-D pooling over regular windows compiled with numba: one pass over each (sample, channel)
plane instead of NumPy's padded copies and strided tap views (a small pool cost 25-500 us
there). The numbers are those of ops/nn_pool's NumPy kernels:
- average pooling over tiles (stride = kernel, no padding) sums each window's rows first,
  then those sums, as the NumPy kernel does; other windows add their taps in row-major order
  from 0 (padding adds nothing); both divide by Paddle's count in float64 and round once;
- max pooling gives the maximum from -FLT_MAX, in any order; where the input holds NaN it
  scans the window's inputs in row-major order as Paddle's kernel does (y = y if y > x else
  x), padding skipped."""
from __future__ import annotations

import numpy as np

from .cache import jit

LOWEST = float(np.finfo(np.float32).min)  # where Paddle's max starts, whatever the dtype


@jit
def _columns(tap, stride, pad, width, count):
    """The outputs [first, last) whose window tap `tap` falls inside a row of `width`."""
    first = max(0, (pad - tap + stride - 1) // stride)
    last = min(count, (width - 1 + pad - tap) // stride + 1)
    return first, max(first, last)


@jit
def _windows(planes, out, kernel, strides, pads, divisor, is_max, row):
    """Windowed pooling of planes (P, H, W) into out (P, Ho, Wo), an output row at a time:
    each window tap (row-major) updates the whole row of outputs it falls inside (row is a
    Wo scratch), so every window still takes its taps in row-major order, padding skipped;
    averages are divided by divisor (Ho, Wo) in float64."""
    height, width = planes.shape[1], planes.shape[2]
    out_w = out.shape[2]
    start = planes.dtype.type(LOWEST) if is_max else planes.dtype.type(0)
    for p in range(planes.shape[0]):
        for i in range(out.shape[1]):
            for j in range(out_w):
                row[j] = start
            top = i * strides[0] - pads[0]
            for r in range(max(top, 0), min(top + kernel[0], height)):
                source = planes[p, r]
                for b in range(kernel[1]):
                    first, last = _columns(b, strides[1], pads[1], width, out_w)
                    offset = b - pads[1]
                    if is_max:
                        for j in range(first, last):
                            v = source[j * strides[1] + offset]
                            row[j] = row[j] if row[j] > v else v  # noqa: FURB136 - NaN order
                    else:
                        for j in range(first, last):
                            row[j] += source[j * strides[1] + offset]
            target = out[p, i]
            if is_max:
                for j in range(out_w):
                    target[j] = row[j]
            else:
                for j in range(out_w):
                    target[j] = np.float64(row[j]) / divisor[i, j]


@jit(reassociate=True)
def _poisoned(plane):
    """Whether a plane may hold NaN: its sum is NaN (also for +inf and -inf together, which
    only sends the plane to the exact scan)."""
    total = plane.dtype.type(0)
    for r in range(plane.shape[0]):
        for c in range(plane.shape[1]):
            total += plane[r, c]
    return np.isnan(total)


@jit
def _combine_rows(plane, first, last, rows, is_max):
    """rows[c] = plane[first, c] combined (max, or + in order) with rows first+1 .. last-1."""
    source = plane[first]
    for c in range(rows.shape[0]):
        rows[c] = source[c]
    for r in range(first + 1, last):
        source = plane[r]
        if is_max:
            for c in range(rows.shape[0]):
                rows[c] = rows[c] if rows[c] > source[c] else source[c]  # noqa: FURB136
        else:
            for c in range(rows.shape[0]):
                rows[c] = rows[c] + source[c]


@jit
def _combine(rows, begin, end, is_max, start):
    """rows[begin:end] combined from `start` (a max) or from rows[begin] (a sum, in order)."""
    if is_max:
        best = start
        for c in range(begin, end):
            best = best if best > rows[c] else rows[c]  # noqa: FURB136
        return best
    total = rows[begin] if begin < end else start
    for c in range(begin + 1, end):
        total += rows[c]
    return total


@jit
def _combine_columns(rows, totals, kernel, stride, pad, is_max, start):
    """totals[j] = the combined window j of rows (width W, windows of `kernel` columns every
    `stride` from -pad); windows inside the row take a short path for 2 and 3 columns."""
    width, count = rows.shape[0], totals.shape[0]
    inside_from = min(count, (pad + stride - 1) // stride)
    inside_to = max(inside_from, min(count, (width - kernel + pad) // stride + 1))
    for j in range(count):
        if inside_from <= j < inside_to:
            continue
        left = j * stride - pad
        totals[j] = _combine(rows, max(left, 0), min(left + kernel, width), is_max, start)
    if kernel == 2 and is_max:
        for j in range(inside_from, inside_to):
            c = j * stride - pad
            best = start if start > rows[c] else rows[c]  # noqa: FURB136
            totals[j] = best if best > rows[c + 1] else rows[c + 1]  # noqa: FURB136
    elif kernel == 2:
        for j in range(inside_from, inside_to):
            c = j * stride - pad
            totals[j] = rows[c] + rows[c + 1]
    elif kernel == 3 and not is_max:
        for j in range(inside_from, inside_to):
            c = j * stride - pad
            totals[j] = (rows[c] + rows[c + 1]) + rows[c + 2]
    else:
        for j in range(inside_from, inside_to):
            c = j * stride - pad
            totals[j] = _combine(rows, c, c + kernel, is_max, start)


@jit
def _rows_first(planes, out, kernel, strides, pads, divisor, is_max, rows, totals):
    """Windowed pooling of planes (P, H, W) into out (P, Ho, Wo), rows first: for each output
    row, the window's input rows are combined column by column (contiguous, vector lanes),
    then each output combines its columns of that, from -FLT_MAX for a max, in order for a
    sum (then divided by divisor (Ho, Wo) in float64). Padding is skipped. A max gives the
    scan's answer whatever the order, except where NaN may be: such a plane is scanned by
    _windows (Paddle's NaN order); sums run rows then columns as ops/nn_pool's tile sums do.
    """
    height = planes.shape[1]
    start = planes.dtype.type(LOWEST) if is_max else planes.dtype.type(0)
    for p in range(planes.shape[0]):
        plane = planes[p]
        if is_max and _poisoned(plane):
            _windows(planes[p:p + 1], out[p:p + 1], kernel, strides, pads, divisor, is_max,
                     totals)
            continue
        for i in range(out.shape[1]):
            top = i * strides[0] - pads[0]
            first, last = max(top, 0), min(top + kernel[0], height)
            if first < last:
                _combine_rows(plane, first, last, rows, is_max)
            else:
                rows[:] = start
            _combine_columns(rows, totals, kernel[1], strides[1], pads[1], is_max, start)
            target = out[p, i]
            if is_max:
                for j in range(target.shape[0]):
                    target[j] = totals[j]
            else:
                for j in range(target.shape[0]):
                    target[j] = np.float64(totals[j]) / divisor[i, j]


def pool_windows(x: np.ndarray, kernel, strides, pads, out_sizes, pooling_type: str,
                 divisor, tiles: bool = False) -> np.ndarray:
    """(N, C, H, W) -> (N, C, *out_sizes) over regular windows (pads: (before, after) pairs);
    `divisor` is the (Ho, Wo) float64 count of an average, unused for max. Maxima, and the
    averages of `tiles` (windows that tile the input, summed rows first as the NumPy kernel
    sums them), go rows first; other averages tap by tap in row-major order."""
    planes = np.ascontiguousarray(x).reshape((-1,) + x.shape[2:])
    out = np.empty((planes.shape[0],) + tuple(out_sizes), x.dtype)
    is_max = pooling_type == "max"
    table = np.empty((0, 0)) if is_max else np.ascontiguousarray(divisor, np.float64)
    geometry = (np.asarray(kernel, np.int64), np.asarray(strides, np.int64),
                np.asarray([b for b, _ in pads], np.int64), table, is_max)
    if is_max or tiles:
        _rows_first(planes, out, *geometry, np.empty(x.shape[3], x.dtype),
                    np.empty(out_sizes[1], x.dtype))
    else:
        _windows(planes, out, *geometry, np.empty(out_sizes[1], x.dtype))
    return out.reshape(x.shape[:2] + tuple(out_sizes))
