"""Max pooling over regular windows, forward and gradient, as a few long contiguous NumPy passes.

NumPy is fast on contiguous runs and slow (6-10x) on strided or short-row views, which is what
window taps of a strided pool are. So the padded input is split into stride phases (phase p of
a dim holds positions p, p + s, p + 2s, ...) and the outputs are computed "widened": every
spatial dim but the first spans a whole phase plane, the extra columns being scratch that is
cropped away. Flattened, each window tap then reads one contiguous run of one phase plane at a
fixed offset. The work runs in chunks of (sample, channel) planes small enough to stay in
cache across the passes.

Semantics are Paddle's: the max starts from -FLT_MAX (an input holding NaN takes an exact
window-by-window scan instead); the gradient goes to the first input of each window
(row-major) equal to the window's max."""
from __future__ import annotations

import math

import numpy as np

from ._pool_windows import LOWEST

# Input elements per chunk: about 1 MiB of float32, so a chunk's passes hit the cache.
CHUNK_ELEMENTS = 1 << 18


class RunGeometry:
    """Where each tap's run starts in the flattened phase planes, for one pooling geometry."""

    def __init__(self, sizes, kernel, strides, pads, out_sizes):
        self.sizes, self.strides, self.out_sizes = tuple(sizes), tuple(strides), tuple(out_sizes)
        self.before = tuple(b for b, _ in pads)
        # the padded extent windows reach, rounded up to whole strides so phases share one shape
        reach = [max(d + b, (o - 1) * s + k) for d, b, o, s, k in
                 zip(sizes, self.before, out_sizes, strides, kernel)]
        self.plane = tuple(-(-r // s) for r, s in zip(reach, strides))
        self.padded = tuple(p * s for p, s in zip(self.plane, strides))
        plane_strides = [math.prod(self.plane[t + 1:]) for t in range(len(sizes))]
        self.phases = list(np.ndindex(*strides))
        self.taps = [(self.phases.index(tuple(t % s for t, s in zip(tap, strides))),
                      sum(t // s * f for t, s, f in zip(tap, strides, plane_strides)))
                     for tap in np.ndindex(*kernel)]
        self.run = out_sizes[0] * math.prod(self.plane[1:])
        self.plane_size = math.prod(self.plane)
        self.width = max(self.plane_size, max(offset for _, offset in self.taps) + self.run)

    def chunk_rows(self, rows: int) -> int:
        return max(1, min(rows, CHUNK_ELEMENTS // max(1, math.prod(self.padded))))

    def interior(self):
        """The input's place inside the padded image."""
        return tuple(slice(b, b + d) for b, d in zip(self.before, self.sizes))

    def widened(self):
        """The real outputs inside a widened (rows, run) array viewed as (rows, *widened)."""
        return tuple(slice(0, o) for o in self.out_sizes)

    def widened_shape(self, rows):
        return (rows, self.out_sizes[0]) + self.plane[1:]


class _Phases:
    """Reusable buffers: the padded chunk and its phase planes, flattened, with scratch tails."""

    def __init__(self, geo: RunGeometry, rows: int, dtype, fill):
        self.geo = geo
        self.image = np.full((rows,) + geo.padded, fill, dtype)
        self.planes = np.full((len(geo.phases), rows, geo.width), fill, dtype)

    def load(self, chunk):
        """Copy a (rows, *sizes) chunk in and split it into phases."""
        geo, m = self.geo, chunk.shape[0]
        self.image[(slice(0, m),) + geo.interior()] = chunk
        for index, phase in enumerate(geo.phases):
            target = self.planes[index, :m, :geo.plane_size].reshape((m,) + geo.plane)
            target[...] = self.image[(slice(0, m),) + tuple(
                slice(p, None, s) for p, s in zip(phase, geo.strides))]

    def tap_runs(self, m):
        run = self.geo.run
        for phase, offset in self.geo.taps:
            yield self.planes[phase, :m, offset:offset + run]


def _rows(x):
    return x.reshape((x.shape[0] * x.shape[1],) + x.shape[2:])


def max_pool(x, kernel, strides, pads, out_sizes):
    """(N, C, *sizes) -> (N, C, *out_sizes): the max of every regular window."""
    if np.isnan(x).any():
        return _max_pool_scan(x, kernel, strides, pads, out_sizes)
    geo = RunGeometry(x.shape[2:], kernel, strides, pads, out_sizes)
    planes = _rows(x)
    out = np.empty((planes.shape[0],) + tuple(out_sizes), x.dtype)
    step = geo.chunk_rows(planes.shape[0])
    phases = _Phases(geo, step, x.dtype, np.nan)
    best = np.empty((step, geo.run), x.dtype)
    for start in range(0, planes.shape[0], step):
        m = min(step, planes.shape[0] - start)
        phases.load(planes[start:start + m])
        acc = best[:m]
        for index, run in enumerate(phases.tap_runs(m)):
            if index == 0:
                np.fmax(run, LOWEST, out=acc)
            else:
                np.fmax(acc, run, out=acc)
        out[start:start + m] = acc.reshape(geo.widened_shape(m))[(slice(None),) + geo.widened()]
    return out.reshape(x.shape[:2] + tuple(out_sizes))


def max_pool_with_index(x, kernel, strides, pads, out_sizes):
    """max_pool*_with_index's scan: (max, int32 flat input index of the first input equal to
    it) for every window. The max starts from -FLT_MAX and takes only strictly greater
    inputs, so NaN is never taken and a window with nothing above -FLT_MAX gives index -1."""
    geo = RunGeometry(x.shape[2:], kernel, strides, pads, out_sizes)
    out = np.empty((x.shape[0] * x.shape[1],) + tuple(out_sizes), x.dtype)
    index = np.empty(out.shape, np.int32)
    places = _Places(x.shape[2:], geo, kernel)
    for start, codes in _first_matches(x, geo, None, out):
        index[start:start + len(codes)] = places.flat(codes)
    shape = x.shape[:2] + tuple(out_sizes)
    return out.reshape(shape), index.reshape(shape)


def _first_matches(x, geo, maxima, out):
    """Per chunk of (sample, channel) planes: (first plane, codes). A code says which tap
    first holds its window's max: tap n of K is K - n, so the largest code of a window is its
    first match; 0 is none. With `maxima` None the max is computed (from -FLT_MAX, strictly
    greater: NaN never, -FLT_MAX itself never) and written to `out`; otherwise the given
    maxima are matched as they are."""
    planes = _rows(x)
    n = planes.shape[0]
    taps = len(geo.taps)
    code_type = np.uint8 if taps < 255 else np.uint16
    step = geo.chunk_rows(n)
    phases = _Phases(geo, step, x.dtype, np.nan)  # padding equals no max, not even -inf
    # the widened max: NaN in the scratch columns, equal to nothing
    best = np.full((step, geo.run), np.nan, x.dtype)
    code = np.empty((step, geo.run), code_type)
    mark = np.empty((step, geo.run), code_type)
    hit = np.empty((step, geo.run), bool)
    real = (slice(None),) + geo.widened()
    for start in range(0, n, step):
        m = min(step, n - start)
        phases.load(planes[start:start + m])
        runs = list(phases.tap_runs(m))
        acc = best[:m]
        if maxima is None:
            np.fmax(runs[0], LOWEST, out=acc)
            for run in runs[1:]:
                np.fmax(acc, run, out=acc)
            out[start:start + m] = acc.reshape(geo.widened_shape(m))[real]
        else:
            acc.reshape(geo.widened_shape(m))[real] = maxima[start:start + m]
        code[:m] = 0
        for index, run in enumerate(runs):
            np.equal(run, acc, out=hit[:m])
            np.multiply(hit[:m].view(np.uint8), code_type(taps - index), out=mark[:m],
                        casting="unsafe")
            np.maximum(code[:m], mark[:m], out=code[:m])
        if maxima is None:
            np.greater(acc, LOWEST, out=hit[:m])  # nothing above -FLT_MAX: no index
            code[:m] *= hit[:m]
        yield start, code[:m].reshape(geo.widened_shape(m))[real]


class _Places:
    """Flat input positions (inside a plane) of the first-match codes of one geometry."""

    def __init__(self, sizes, geo, kernel):
        size_strides = [math.prod(sizes[t + 1:]) for t in range(len(sizes))]
        offsets = [sum(t * f for t, f in zip(tap, size_strides)) for tap in np.ndindex(*kernel)]
        self.table = np.array([0] + offsets[::-1], np.int64)  # code c -> tap K - c
        base = np.zeros((1,) * len(sizes), np.int64)  # each window's first tap
        for d, (o, s, b, f) in enumerate(zip(geo.out_sizes, geo.strides, geo.before,
                                             size_strides)):
            axis = [1] * len(sizes)
            axis[d] = o
            base = base + ((np.arange(o) * s - b) * f).reshape(axis)
        self.base = base

    def flat(self, codes):
        """The position per window, -1 where the code is 0 (no input)."""
        return np.where(codes > 0, self.base + np.take(self.table, codes), -1)


def _max_pool_scan(x, kernel, strides, pads, out_sizes):
    """max_pool for inputs holding NaN, as Paddle's kernel scans each window's inputs in order:
    y = y if y > x else x, from -FLT_MAX. A NaN is taken and then replaced by the next input
    (a comparison with NaN is false), so where NaN sits in the window matters, and windows
    must skip their padding rather than read a fill value."""
    out = np.full(x.shape[:2] + tuple(out_sizes), LOWEST, x.dtype)
    keep = np.empty(out.shape, bool)
    for tap in np.ndindex(*kernel):
        lows = [max(0, -(-(b - t) // s)) for t, s, (b, _) in zip(tap, strides, pads)]
        highs = [min(o, (b + d - 1 - t) // s + 1) for t, s, (b, _), o, d in
                 zip(tap, strides, pads, out_sizes, x.shape[2:])]
        if any(lo >= hi for lo, hi in zip(lows, highs)):
            continue
        box = (Ellipsis,) + tuple(slice(lo, hi) for lo, hi in zip(lows, highs))
        source = (Ellipsis,) + tuple(slice(lo * s + t - b, (hi - 1) * s + t - b + 1, s) for
                                     lo, hi, t, s, (b, _) in zip(lows, highs, tap, strides, pads))
        np.greater(out[box], x[source], out=keep[box])
        np.copyto(out[box], x[source], where=~keep[box])
    return out


def max_pool_grad(x, out, out_grad, kernel, strides, pads):
    """The gradient of max_pool: each window's out_grad added to the first of its inputs that
    equals the window's max, chunk by chunk of planes (small index arrays, in cache)."""
    geo = RunGeometry(x.shape[2:], kernel, strides, pads, out.shape[2:])
    places = _Places(x.shape[2:], geo, kernel)
    grads = _rows(out_grad)
    plane = math.prod(x.shape[2:])
    dx = np.zeros((grads.shape[0], plane), out_grad.dtype)
    for start, codes in _first_matches(x, geo, _rows(out), None):
        m = len(codes)
        where = places.flat(codes).reshape(m, -1)
        where += (np.arange(m, dtype=np.int64) * plane)[:, None]
        values = grads[start:start + m].reshape(m, -1)
        found = codes.reshape(m, -1) > 0
        target = dx[start:start + m].reshape(-1)
        if found.all():  # every window has its input (the usual case): no masked copies
            np.add.at(target, where.reshape(-1), values.reshape(-1))
        else:
            np.add.at(target, where[found], values[found])
    return dx.reshape(x.shape)
