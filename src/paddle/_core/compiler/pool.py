"""2-D pooling over regular windows compiled with numba: one pass over each (sample, channel)
plane instead of NumPy's padded copies and strided tap views (a small pool cost 25-500 us
there). The numbers are those of ops/nn_pool's NumPy kernels:
- average pooling adds a window's taps in row-major order from 0 (padding adds nothing), then
  divides by Paddle's count in float64 and rounds once;
- max pooling scans a window's inputs in row-major order from -FLT_MAX as Paddle's kernel
  does (y = y if y > x else x), padding skipped, so it also gives Paddle's answer where the
  input holds NaN."""
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


def pool_windows(x: np.ndarray, kernel, strides, pads, out_sizes, pooling_type: str,
                 divisor) -> np.ndarray:
    """(N, C, H, W) -> (N, C, *out_sizes) over regular windows (pads: (before, after) pairs);
    `divisor` is the (Ho, Wo) float64 count of an average, unused for max."""
    planes = np.ascontiguousarray(x).reshape((-1,) + x.shape[2:])
    out = np.empty((planes.shape[0],) + tuple(out_sizes), x.dtype)
    is_max = pooling_type == "max"
    table = np.empty((0, 0)) if is_max else np.ascontiguousarray(divisor, np.float64)
    _windows(planes, out, np.asarray(kernel, np.int64), np.asarray(strides, np.int64),
             np.asarray([b for b, _ in pads], np.int64), table, is_max,
             np.empty(out_sizes[1], x.dtype))
    return out.reshape(x.shape[:2] + tuple(out_sizes))
