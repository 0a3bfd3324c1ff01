"""median and nanmedian over the last axis, with Paddle's indices and gradient rules.

Paddle selects the k = n // 2 + 1 smallest values with its topk kernel (k = n - fewest NaNs of
any row for nanmedian) and reads the lower/upper middle from that order; indices of tied values
therefore follow libstdc++ and are replayed through stl_order when ties touch a middle.

Outputs: the median, the index Paddle reports (of the lower middle), and the upper middle's
index, which the gradient needs. The public layer moves the reduced axes last and flattens them.
"""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from . import search_rows as rows_
from .registry import OPAQUE, defop


def _median_meta(x, mode="avg", evenly=True):
    if x.ndim == 0:
        raise ValueError("(median) expects the reduced axis last; received a 0-D tensor.")
    shape = x.shape[:-1]
    return (TensorMeta(shape, x.dtype), TensorMeta(shape, _dt.int64),
            TensorMeta(shape, _dt.int64))


def _middles(rows, ignore_nan):
    """Per row: lower/upper middle positions in sorted order and the topk k Paddle uses."""
    m, n = rows.shape
    nan_count = np.isnan(rows).sum(-1) if rows.dtype.kind in "fV" else np.zeros(m, np.int64)
    if not ignore_nan:
        return np.full(m, (n - 1) // 2), np.full(m, n // 2), n // 2 + 1, nan_count
    valid = n - nan_count
    upper = valid >> 1
    lower = np.where(valid & 1, upper, upper - 1)
    return lower, upper, n - int(nan_count.min(initial=n)), nan_count


def _middle_indices(rows, ignore_nan):
    order, ranked = rows_.value_order(rows)
    lower, upper, k, nan_count = _middles(rows, ignore_nan)
    r = np.arange(rows.shape[0])
    lo = order[r, np.clip(lower, 0, None)]
    hi = order[r, np.clip(upper, 0, rows.shape[1] - 1)]
    tied = rows_.tied_pairs(ranked)
    replay = (rows_.tied_at(tied, lower) | rows_.tied_at(tied, upper)) & (lower >= 0)
    for i, replayed in rows_.replay_rows(rows, replay, False, rows_.topk_order, k).items():
        lo[i], hi[i] = replayed[lower[i]], replayed[upper[i]]
    return lo, hi, nan_count


def _average(a, b):
    """(a + b) / 2 in the input's dtype; C++ integer division truncates toward zero."""
    if a.dtype.kind in "iu":
        total = a.astype(np.int64) + b
        return (np.sign(total) * (np.abs(total) // 2)).astype(a.dtype)
    return ((a + b) / 2).astype(a.dtype)


def _median_kernel(rows, mode, ignore_nan):
    m, n = rows.shape
    if n == 0 and m:
        raise ValueError("(median) Cannot take the median along an axis of size 0.")
    lo, hi, nan_count = _middle_indices(rows, ignore_nan) if m else (
        np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.int64))
    r = np.arange(m)
    values = rows[r, lo] if mode == "min" else _average(rows[r, lo], rows[r, hi])
    values = np.asarray(values, rows.dtype)
    if not ignore_nan:
        has_nan = nan_count > 0
        first_nan = np.argmax(np.isnan(rows), -1) if has_nan.any() else lo
        lo = np.where(has_nan, first_nan, lo)
        hi = np.where(has_nan, first_nan, hi)
        values = np.where(has_nan, np.nan, values).astype(rows.dtype)
    else:
        empty = nan_count == n
        # when every row is all-NaN Paddle reports index 0, otherwise -1 for such rows
        fill = 0 if empty.all() else -1
        lo = np.where(empty, fill, lo)
        hi = np.where(empty, fill, hi)
        values = np.where(empty, np.nan, values).astype(rows.dtype) if empty.any() else values
    return values, lo.astype(np.int64), hi.astype(np.int64)


def _declare(name, ignore_nan):
    @defop(name, "x", ("out", "index", "upper_index"), infer_meta=_median_meta, pattern=OPAQUE)
    def kernel(xp, x, mode="avg", evenly=True):
        _median_meta(x)
        rows = x.reshape(-1, x.shape[-1])
        values, lo, hi = _median_kernel(rows, mode, ignore_nan)
        shape = x.shape[:-1]
        return values.reshape(shape), lo.reshape(shape), hi.reshape(shape)

    @kernel.grad(save="x out index upper_index")
    def _(ctx, g, g_index, g_upper):
        return median_vjp(ctx.x, ctx.out, ctx.index, ctx.upper_index, g, ctx.mode, ctx.evenly)

    return kernel


def _to_index(x, index, g):
    """Scatter g to `index` along the last axis, skipping rows whose index is -1."""
    from .creation import full
    from .manipulation import unsqueeze
    from .search import scatter_add_along_axis
    valid = index >= 0
    safe = index * valid.astype(index.dtype)
    g = g * valid.astype(g.dtype)
    base = full(list(x.shape), 0, g.dtype)
    return scatter_add_along_axis(base, unsqueeze(safe, [-1]), unsqueeze(g, [-1]), -1)


def median_vjp(x, out, index, upper_index, g, mode, evenly):
    """Paddle's rule: with a single reduced axis in 'min' mode the gradient goes to the
    reported index. Otherwise it is split evenly among the elements equal to the result (or
    among the NaNs when the result is NaN); an average of two different middles sends half
    to each middle."""
    from .binary import logical_and, logical_or, where
    from .manipulation import unsqueeze
    from .reduction import sum_op
    from .unary import isnan
    if not evenly:
        return _to_index(x, index, g)
    target = unsqueeze(out, [-1])
    equal = logical_or(x == target, logical_and(isnan(x), isnan(target))).astype(g.dtype)
    count = sum_op(equal, (len(x.shape) - 1,), None, True)
    even = unsqueeze(g, [-1]) * equal / (count + (count == 0).astype(g.dtype))
    if mode != "avg":
        return even
    halves = (_to_index(x, index, g) + _to_index(x, upper_index, g)) * 0.5
    return where(count > 0, even, halves)


median = _declare("median", ignore_nan=False)
nanmedian = _declare("nanmedian", ignore_nan=True)
