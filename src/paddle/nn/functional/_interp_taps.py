"""Tap tables of Paddle's interpolation kernels: for one axis, which input positions each output
position reads and with what weights, (index (out, taps) int64, weight (out, taps) float32).

Coordinates are computed the way Paddle's CPU kernels compute them, in float32 (with the
intermediate double steps where the C++ has them), so that floor/truncation choices match."""
from __future__ import annotations

import numpy as np

_F32 = np.float32
CUBIC_A = -0.75


def ratio(in_size: int, out_size: int, scale, align_corners: bool,
          zero_single: bool = True) -> np.float32:
    """Source step per output step. A single output gets 0 with align_corners, and also
    without it in the kernels that guard it (all but linear and trilinear, as in Paddle)."""
    if out_size <= 1 and (zero_single or align_corners):
        return _F32(0.0)
    if align_corners:
        return _F32(in_size - 1) / _F32(out_size - 1)
    if scale is not None and scale > 0:
        return _F32(1.0 / float(_F32(scale)))
    return _F32(in_size) / _F32(out_size)


def nearest(in_size, out_size, scale, align_corners):
    r = ratio(in_size, out_size, scale, align_corners)
    pos = r * np.arange(out_size, dtype=_F32)
    if align_corners:
        pos = pos + _F32(0.5)
    index = np.minimum(np.trunc(pos).astype(np.int64), in_size - 1)
    return index[:, None], np.ones((out_size, 1), _F32)


def linear(in_size, out_size, scale, align_corners, align_mode, zero_single=True):
    r = ratio(in_size, out_size, scale, align_corners, zero_single)
    o = np.arange(out_size)
    if align_mode == 0 and not align_corners:
        src = np.float64(r) * (o + 0.5) - 0.5
        left = np.maximum(np.trunc(src).astype(np.int64), 0)
        frac = np.maximum(src, 0).astype(_F32) - left.astype(_F32)
    else:
        src = r * o.astype(_F32)
        left = np.trunc(src).astype(np.int64)
        frac = src - left.astype(_F32)
    right = np.where(left < in_size - 1, left + 1, left)
    index = np.stack([left, right], axis=1)
    return index, np.stack([_F32(1) - frac, frac], axis=1).astype(_F32)


def _cubic_near(x):
    return ((_F32(CUBIC_A + 2) * x - _F32(CUBIC_A + 3)) * x) * x + _F32(1)


def _cubic_far(x):
    a = _F32(CUBIC_A)
    return ((a * x - _F32(5) * a) * x + _F32(8) * a) * x - _F32(4) * a


def cubic(in_size, out_size, scale, align_corners):
    r = ratio(in_size, out_size, scale, align_corners)
    o = np.arange(out_size)
    if align_corners:
        src = r * o.astype(_F32)
    else:
        src = (np.float64(r) * (o + 0.5) - 0.5).astype(_F32)
    base = np.floor(src).astype(np.int64)
    t = (src - base.astype(_F32)).astype(_F32)
    weight = np.stack([_cubic_far(t + _F32(1)), _cubic_near(t), _cubic_near(_F32(1) - t),
                       _cubic_far(_F32(2) - t)], axis=1)
    index = np.clip(base[:, None] + np.arange(-1, 3)[None, :], 0, in_size - 1)
    return index, weight.astype(_F32)


def antialiased(in_size, out_size, scale, align_corners, kind):
    """Filtered downsampling ('bilinear' = triangle, 'bicubic' = cubic with a=-0.5): each
    output averages the inputs under a filter stretched by the scale, weights normalised."""
    support_base = 1.0 if kind == "bilinear" else 2.0
    step = float(ratio(in_size, out_size, scale, align_corners)) if out_size > 1 else \
        in_size / max(out_size, 1)
    stretch = max(step, 1.0)
    support = support_base * stretch
    centers = step * (np.arange(out_size) + 0.5)
    starts = np.maximum((centers - support + 0.5).astype(np.int64), 0)
    stops = np.minimum((centers + support + 0.5).astype(np.int64), in_size)
    taps = int((stops - starts).max()) if out_size else 0
    index = starts[:, None] + np.arange(taps)[None, :]
    valid = index < stops[:, None]
    dist = (index - centers[:, None] + 0.5) / stretch
    weight = np.where(valid, _filter(dist, kind), 0.0)
    total = weight.sum(axis=1, keepdims=True)
    weight = np.where(total != 0, weight / np.where(total == 0, 1, total), 0.0)
    return np.minimum(index, in_size - 1), weight.astype(_F32)


def _filter(x, kind):
    x = np.abs(x)
    if kind == "bilinear":
        return np.maximum(1.0 - x, 0.0)
    a = -0.5
    near = ((a + 2) * x - (a + 3)) * x * x + 1
    far = ((a * x - 5 * a) * x + 8 * a) * x - 4 * a
    return np.where(x < 1, near, np.where(x < 2, far, 0.0))
