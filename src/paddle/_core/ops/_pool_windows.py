"""NumPy window geometry of the pooling kernels (channel-first, any number of spatial dims).

Regular windows start at o * stride - pad_before and hold `kernel` positions; adaptive windows
cover [floor(o * S / O), ceil((o + 1) * S / O)). Positions outside the input never contribute:
regular windows are read from a copy padded with a fill value (-inf for max, 0 for sums),
adaptive ones through index tables that point outside positions at one trailing fill slot."""
from __future__ import annotations

import math

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

# Paddle's max pooling starts from -FLT_MAX: empty windows give it, and never select an index.
LOWEST = np.finfo(np.float32).min


def pool_out_size(size: int, kernel: int, stride: int, before: int, after: int,
                  ceil_mode: bool) -> int:
    """Paddle's pooled length, with C-style division (a kernel a little larger than the input
    still gives one window) and no adjustment for windows that start in the padding."""
    if size == -1:
        return -1
    room = size + before + after - kernel + (stride - 1 if ceil_mode else 0)
    return (room // stride if room >= 0 else -(-room // stride)) + 1


def adaptive_bounds(size: int, out: int) -> tuple[np.ndarray, np.ndarray]:
    o = np.arange(out)
    return (o * size) // out, -((-(o + 1) * size) // out)


def regular_windows(x: np.ndarray, kernel, strides, pads, out_sizes, fill) -> np.ndarray:
    """View (N, C, *out, *kernel) of x padded with `fill`, long enough for every window."""
    nd = len(kernel)
    if 0 in out_sizes:
        return np.zeros(x.shape[:2] + tuple(out_sizes) + tuple(kernel), x.dtype)
    sizes = x.shape[2:]
    after = [max((o - 1) * s + k - d - b, 0) for o, s, k, d, (b, _) in
             zip(out_sizes, strides, kernel, sizes, pads)]
    shape = x.shape[:2] + tuple(d + b + a for d, (b, _), a in zip(sizes, pads, after))
    padded = np.full(shape, fill, x.dtype)
    padded[(slice(None),) * 2 + tuple(slice(b, b + d) for d, (b, _) in zip(sizes, pads))] = x
    view = sliding_window_view(padded, tuple(kernel), axis=tuple(range(2, 2 + nd)))
    index = (slice(None),) * 2 + tuple(slice(0, (o - 1) * s + 1, s)
                                       for o, s in zip(out_sizes, strides))
    return view[index]


def regular_positions(kernel, strides, pads, out_sizes) -> list[np.ndarray]:
    """Per dim, the input position of each (output, tap) pair: arrays of shape (O, k)."""
    return [np.arange(o)[:, None] * s - b + np.arange(k)[None, :]
            for k, s, (b, _), o in zip(kernel, strides, pads, out_sizes)]


def adaptive_positions(sizes, out_sizes) -> list[np.ndarray]:
    """Per dim, (O, K) input positions of adaptive windows (K = the longest window); positions
    past a window's end are marked with the dim's size (out of range)."""
    tables = []
    for size, out in zip(sizes, out_sizes):
        start, end = adaptive_bounds(size, out)
        taps = np.arange(int((end - start).max()) if out else 0)
        pos = start[:, None] + taps[None, :]
        tables.append(np.where(pos < end[:, None], pos, size))
    return tables


def fractional_bounds(size: int, out: int, kernel: int, u: float):
    """Paddle's fractional max-pooling windows (Graham's pseudo-random sequence), computed in
    float32 as its kernels do: start_i = floor((i + u') a) - floor(u' a) with a the mean step;
    windows are `kernel` long, or run to the next start when kernel is 0 (then u is first
    scaled into the range that keeps every window non-empty)."""
    f32 = np.float32
    steps = out - (1 if kernel > 0 else 0)
    alpha = f32(size - kernel) / f32(steps) if steps else f32(0)
    u = f32(u)
    if kernel == 0:
        base = size // out
        u_max = min(f32(base + 2) / alpha - f32(1), f32(size + 1 - base) / alpha - f32(out - 1))
        u = f32(u * u_max)
    o = np.arange(out + 1, dtype=f32)
    edges = (np.floor((o + u) * alpha) - np.floor(u * alpha)).astype(np.int64)
    start = edges[:-1]
    end = start + kernel if kernel > 0 else edges[1:]
    return start, np.minimum(end, size)


def fractional_positions(sizes, out_sizes, kernel, u) -> list[np.ndarray]:
    """Per dim, (O, K) input positions of fractional windows (out-of-window marked by size)."""
    tables = []
    for size, out, k in zip(sizes, out_sizes, kernel):
        start, end = fractional_bounds(size, out, k, u)
        taps = np.arange(int((end - start).max()) if out else 0)
        pos = start[:, None] + taps[None, :]
        tables.append(np.where(pos < end[:, None], pos, size))
    return tables


def gather_windows(x: np.ndarray, tables, fill) -> np.ndarray:
    """(N, C, *out, *taps) windows through per-dim position tables; out-of-range positions
    read `fill`."""
    nd = len(tables)
    sizes = x.shape[2:]
    padded = np.full(x.shape[:2] + tuple(d + 1 for d in sizes), fill, x.dtype)
    padded[(slice(None),) * 2 + tuple(slice(0, d) for d in sizes)] = x
    index = []
    for d, (size, table) in enumerate(zip(sizes, tables)):
        safe = np.where((table >= 0) & (table < size), table, size)
        shape = [1] * (2 * nd)
        shape[d], shape[nd + d] = table.shape
        index.append(safe.reshape(shape))
    return padded[(slice(None), slice(None)) + tuple(index)]


def flat_positions(tables, sizes) -> np.ndarray:
    """Row-major flat input index of every (out..., taps...) entry (-1 where out of range)."""
    nd = len(tables)
    flat = np.zeros((1,) * (2 * nd), np.int64)
    inside = np.ones((1,) * (2 * nd), bool)
    for d, (size, table) in enumerate(zip(sizes, tables)):
        shape = [1] * (2 * nd)
        shape[d], shape[nd + d] = table.shape
        t = table.reshape(shape)
        flat = flat * size + t
        inside = inside & (t >= 0) & (t < size)
    return np.where(inside, flat, -1)


def taps_of(win: np.ndarray):
    """(tap index, view) for each window tap of a (N, C, *out, *taps) array."""
    nd = (win.ndim - 2) // 2
    for tap in np.ndindex(*win.shape[2 + nd:]):
        yield tap, win[(Ellipsis,) + tap]


def sum_tiles(x: np.ndarray, kernel, out_sizes) -> np.ndarray:
    """Window sums where the windows tile the input from its origin (stride == kernel, no
    padding): one reduction over the input split into (out, kernel) blocks per dim. Fast
    when the blocks are long contiguous runs (global pooling); small tiles reduce faster tap
    by tap (sum_windows)."""
    nd = len(kernel)
    if tuple(kernel) == tuple(x.shape[2:]):  # whole planes: plain row sums (the same sums)
        planes = x.reshape(x.shape[:2] + (-1,))
        return np.add.reduce(planes, axis=2).reshape(x.shape[:2] + (1,) * nd)
    covered = x[(Ellipsis,) + tuple(slice(0, o * k) for o, k in zip(out_sizes, kernel))]
    blocks = covered.reshape(x.shape[:2] + tuple(v for o, k in zip(out_sizes, kernel)
                                                 for v in (o, k)))
    return blocks.sum(axis=tuple(3 + 2 * d for d in range(nd)))


def sum_tiles_rows_first(x: np.ndarray, kernel, out_sizes) -> np.ndarray:
    """2-D window sums where the windows tile the input from its origin: each window's rows
    summed first, in order, then those row sums, in order (contiguous passes, and the order of
    the compiled kernel, compiler/pool.py)."""
    (kh, kw), (oh, ow) = kernel, out_sizes
    covered = x[..., :oh * kh, :ow * kw].reshape(x.shape[:2] + (oh, kh, ow * kw))
    rows = covered[:, :, :, 0].copy()
    for a in range(1, kh):
        rows += covered[:, :, :, a]
    columns = rows.reshape(x.shape[:2] + (oh, ow, kw))
    total = columns[..., 0].copy()
    for b in range(1, kw):
        total += columns[..., b]
    return total


def sum_windows(win: np.ndarray) -> np.ndarray:
    """Sum over the window taps, one strided view at a time (fast on strided views)."""
    nd = (win.ndim - 2) // 2
    total = np.zeros(win.shape[:2 + nd], win.dtype)
    for _, view in taps_of(win):
        total += view
    return total


def argmax_windows(win: np.ndarray, tables, sizes):
    """argmax_taps over the taps of a (N, C, *out, *taps) window array."""
    nd = (win.ndim - 2) // 2
    return argmax_taps(taps_of(win), win.shape[:2 + nd], win.dtype, tables, sizes)


def argmax_taps(taps, out_shape, dtype, tables, sizes):
    """Max over the window taps ((tap, view) pairs) and the flat input index it came from, as
    Paddle's kernels scan: start from -FLT_MAX, take a tap only when strictly greater (so NaN
    is never taken and the first maximum wins); a window with nothing above -FLT_MAX gives
    (-FLT_MAX, -1). `tables` are the per-dim (out, taps) positions, start + tap, of the
    windows."""
    nd = len(sizes)
    with np.errstate(over="ignore"):  # -FLT_MAX is -inf in float16, as in Paddle
        best = np.full(out_shape, LOWEST).astype(dtype)
    # the flat input index of every window's first tap; a tap adds its own offset, so each
    # tap writes its indices straight into the int32 mask (no gather afterwards)
    plane = [math.prod(sizes[d + 1:]) for d in range(nd)]
    start = np.zeros((1,) * nd, np.int64)
    for d, table in enumerate(tables):
        shape = [1] * nd
        shape[d] = -1
        start = start + table[:, 0].reshape(shape) * plane[d]
    start = start.astype(np.int32)
    mask = np.full(out_shape, -1, np.int32)
    better = np.empty(out_shape, bool)
    for tap, view in taps:
        np.greater(view, best, out=better)
        offset = sum(t * p for t, p in zip(tap, plane))
        np.copyto(mask, start + np.int32(offset), where=better)
        np.fmax(best, view, out=best)  # fmax keeps best where view is NaN
    return best, mask
