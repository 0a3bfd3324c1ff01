"""Selection along an axis with Paddle's index choices: topk, kthvalue and mode.

NumPy finds the values; when several equal values compete for a slot, the row is replayed through
libstdc++'s algorithm (stl_order) so the reported index, and hence where the gradient goes, is
the one Paddle reports."""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta, normalize_axis
from . import search_rows as rows_
from . import stl_order as stl
from .registry import OPAQUE, defop


def scatter_picked(x_shape, g, indices, axis, keepdim):
    """Gradient of picking one element per row: g goes back to the picked positions."""
    from .creation import full
    from .manipulation import unsqueeze
    from .search import scatter_add_along_axis
    if not len(x_shape):
        return g
    if not keepdim:
        g = unsqueeze(g, [axis])
        indices = unsqueeze(indices, [axis])
    return scatter_add_along_axis(full(list(x_shape), 0, g.dtype), indices, g, axis)


def _picked_shape(shape, axis, keepdim):
    if not len(shape):
        return ()
    return tuple(1 if i == axis else d for i, d in enumerate(shape) if keepdim or i != axis)


# ---- topk -----------------------------------------------------------------------------------

def _topk_axis(x_ndim, axis):
    bound = max(x_ndim, 1)
    if not -bound <= axis < bound:
        raise ValueError(f"(topk) the axis of topk must be [{-bound}, {bound}), but you set axis "
                         f"is {axis}")
    return axis % bound


def _check_k(op, k, n):
    if k < 1:
        raise ValueError(f"({op}) the attribute of k in the {op} must >= 1, but received {k}.")
    if k > n:
        raise ValueError(f"({op}) k ({k}) must not exceed the size ({n}) of the input along "
                         "the selected axis.")


def _topk_meta(x, k, axis=-1, largest=True, sorted=True):
    ax = _topk_axis(x.ndim, axis)
    shape = list(x.shape)
    if shape:
        if shape[ax] != -1:
            _check_k("topk", k, shape[ax])
        shape[ax] = k
    return TensorMeta(shape, x.dtype), TensorMeta(shape, _dt.int64)


def _topk_rows(rows, k, largest, sorted_output):
    if (k + 1) * 8 < rows.shape[-1]:
        order, ranked = rows_.leading_order(rows, k + 1, largest)
    else:
        order, ranked = rows_.value_order(rows, largest)
    replay = rows_.tied_pairs(ranked)[:, :k].any(-1)  # ties inside the top k or at its edge
    if not sorted_output and k > 2 and k * 64 >= rows.shape[-1]:
        replay[:] = True  # nth_element leaves its own order; only a replay reproduces it
    picked = order[:, :k].copy()
    for r, replayed in rows_.replay_rows(rows, replay, largest, rows_.topk_order, k,
                                         sorted_output).items():
        picked[r] = replayed[:k]
    return picked


@defop("topk", "x", ("out", "indices"), infer_meta=_topk_meta, pattern=OPAQUE)
def topk(xp, x, k, axis=-1, largest=True, sorted=True):
    if x.ndim == 0:
        _check_k("topk", k, 1)
        return x.copy(), np.zeros((), np.int64)
    ax = _topk_axis(x.ndim, axis)
    _check_k("topk", k, x.shape[ax])
    rows = rows_.rows_along(x, ax)
    picked = _topk_rows(rows, k, largest, sorted)
    values = np.take_along_axis(rows, picked, -1)
    return rows_.unrows(values, x.shape, ax), rows_.unrows(picked, x.shape, ax)


@topk.grad(save="indices")
def _(ctx, g_out, g_indices):
    from .creation import full
    from .search import scatter_add_along_axis
    if not len(ctx.x.shape):
        return g_out
    base = full(list(ctx.x.shape), 0, g_out.dtype)
    return scatter_add_along_axis(base, ctx.indices, g_out, _topk_axis(len(ctx.x.shape),
                                                                        ctx.axis))


# ---- kthvalue -------------------------------------------------------------------------------

def _kth_meta(x, k, axis=-1, keepdim=False):
    ax = normalize_axis("kthvalue", axis, x.ndim)
    if x.ndim and x.shape[ax] != -1:
        _check_kth(k, x.shape[ax], ax)
    shape = _picked_shape(x.shape, ax, keepdim)
    return TensorMeta(shape, x.dtype), TensorMeta(shape, _dt.int64)


def _check_kth(k, n, axis):
    if k < 1:
        raise ValueError(f"(kthvalue) the k in the kthvalue must >= 1, but received {k}.")
    if k > n:
        raise ValueError(f"(kthvalue) input of kthvalue must have >= {k} columns in axis of "
                         f"{axis}, but it has {n}.")


@defop("kthvalue", "x", ("out", "indices"), infer_meta=_kth_meta, pattern=OPAQUE)
def kthvalue(xp, x, k, axis=-1, keepdim=False):
    if x.ndim == 0:
        _check_kth(k, 1, 0)
        return x.copy(), np.zeros((), np.int64)
    ax = normalize_axis("kthvalue", axis, x.ndim)
    _check_kth(k, x.shape[ax], ax)
    rows = rows_.rows_along(x, ax)
    order, ranked = rows_.value_order(rows)
    picked = order[:, k - 1].copy()
    tied = rows_.tied_at(rows_.tied_pairs(ranked), k - 1)
    for r, replayed in rows_.replay_rows(rows, tied, False, rows_.kth_order, k).items():
        picked[r] = replayed[k - 1]
    return _picked_result(rows, picked, x.shape, ax, keepdim)


def _picked_result(rows, picked, shape, axis, keepdim):
    values = rows[np.arange(rows.shape[0]), picked]
    out_shape = _picked_shape(shape, axis, keepdim)
    return values.reshape(out_shape), picked.reshape(out_shape)


@kthvalue.grad(save="indices")
def _(ctx, g_out, g_indices):
    axis = normalize_axis("kthvalue", ctx.axis, len(ctx.x.shape))
    return scatter_picked(ctx.x.shape, g_out, ctx.indices, axis, ctx.keepdim)


# ---- mode -----------------------------------------------------------------------------------

def _mode_meta(x, axis=-1, keepdim=False):
    ax = normalize_axis("mode", axis, x.ndim)
    shape = _picked_shape(x.shape, ax, keepdim)
    return TensorMeta(shape, x.dtype), TensorMeta(shape, _dt.int64)


def _longest_runs(sorted_values):
    """Per row, the end position and length of the first longest run of equal values (NaNs
    never equal each other, as in Paddle's `!=` scan)."""
    m, n = sorted_values.shape
    ends = np.ones((m, n), bool)
    ends[:, :-1] = sorted_values[:, 1:] != sorted_values[:, :-1]
    r, c = np.nonzero(ends)
    new_row = np.r_[True, r[1:] != r[:-1]]
    prev = np.r_[-1, c[:-1]]
    prev[new_row] = -1
    length = c - prev
    best = np.lexsort((c, -length, r))
    first = best[np.r_[True, r[best][1:] != r[best][:-1]]]
    return c[first], length[first]


@defop("mode", "x", ("out", "indices"), infer_meta=_mode_meta, pattern=OPAQUE)
def mode(xp, x, axis=-1, keepdim=False):
    if x.ndim == 0:
        return x.copy(), np.zeros((), np.int64)
    ax = normalize_axis("mode", axis, x.ndim)
    if x.shape[ax] == 0:
        raise ValueError(f"(mode) The size of axis {ax} must be positive, but it is 0.")
    rows = rows_.rows_along(x, ax)
    order, ranked = rows_.value_order(rows)
    ends, lengths = _longest_runs(ranked)
    picked = order[np.arange(rows.shape[0]), ends]
    if rows.shape[-1] > 16:  # std::sort reorders equal values of longer rows
        for r, replayed in rows_.replay_rows(rows, lengths > 1, False, stl.sort).items():
            picked[r] = replayed[ends[r]]
    return _picked_result(rows, picked, x.shape, ax, keepdim)


@mode.grad(save="indices")
def _(ctx, g_out, g_indices):
    axis = normalize_axis("mode", ctx.axis, len(ctx.x.shape))
    return scatter_picked(ctx.x.shape, g_out, ctx.indices, axis, ctx.keepdim)
