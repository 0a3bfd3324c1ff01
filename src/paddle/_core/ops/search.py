"""Sorting and searching: sort (values with their source indices), nonzero, searchsorted, and
the pair of index ops that carry gradients of every "pick elements along an axis" op:

    gather_along_axis(x, indices, axis)                 out[..i..] = x[..indices[..i..]..]
    scatter_add_along_axis(base, indices, values, axis) base with values added at indices

Each is the other's gradient, so sort/topk/kthvalue/mode/median/cummax gradients are scatters
of the output gradient back to the positions the values came from (duplicates accumulate)."""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta, normalize_axis
from . import search_rows as rows_
from . import stl_order as stl
from .registry import INJECTIVE, OPAQUE, defop


def _along_index(indices: np.ndarray, axis: int) -> tuple:
    """Full fancy index addressing, for each entry of `indices`, its target along `axis`."""
    grids = list(np.indices(indices.shape, sparse=True))
    grids[axis] = indices
    return tuple(grids)


def _check_index_rank(op, x, indices):
    if len(indices.shape) != len(x.shape):
        raise ValueError(f"({op}) The rank of indices ({len(indices.shape)}) must equal the rank "
                         f"of the input ({len(x.shape)}).")


def _gather_meta(x, indices, axis):
    _check_index_rank("gather_along_axis", x, indices)
    return TensorMeta(indices.shape, x.dtype)


@defop("gather_along_axis", "x indices", infer_meta=_gather_meta, pattern=INJECTIVE,
       ref=lambda x, indices, axis: np.take_along_axis(x, indices, axis))
def gather_along_axis(xp, x, indices, axis):
    if x.ndim == 0:
        return x.copy()
    return x[_along_index(indices, normalize_axis("gather_along_axis", axis, x.ndim))]


@gather_along_axis.grad(save="indices")
def _(ctx, g):
    from .creation import full
    base = full(list(ctx.x.shape), 0, g.dtype)
    return scatter_add_along_axis(base, ctx.indices, g, ctx.axis), None


def _scatter_meta(base, indices, values, axis):
    _check_index_rank("scatter_add_along_axis", base, indices)
    return TensorMeta(base.shape, base.dtype)


def _scatter_ref(base, indices, values, axis):
    out = base.copy()
    np.add.at(out, _along_index(indices, axis % max(base.ndim, 1)), values)
    return out


@defop("scatter_add_along_axis", "base indices values", infer_meta=_scatter_meta,
       pattern=INJECTIVE, ref=_scatter_ref)
def scatter_add_along_axis(xp, base, indices, values, axis):
    if base.ndim == 0:
        return base + values
    out = base.copy()
    ax = normalize_axis("scatter_add_along_axis", axis, base.ndim)
    np.add.at(out, _along_index(indices, ax), np.broadcast_to(values, indices.shape))
    return out


@scatter_add_along_axis.grad(save="indices")
def _(ctx, g):
    need_base, _, need_values = ctx.needs_grad
    gv = gather_along_axis(g, ctx.indices, ctx.axis) if need_values else None
    return (g if need_base else None), None, gv


# ---- sort -----------------------------------------------------------------------------------

def _sort_meta(x, axis=-1, descending=False, stable=False):
    normalize_axis("sort", axis, x.ndim)
    return TensorMeta(x.shape, x.dtype), TensorMeta(x.shape, _dt.int64)


def sort_rows(rows: np.ndarray, descending: bool, stable: bool) -> np.ndarray:
    """Paddle's argsort of each row: std::stable_sort, or std::sort (whose order of equal keys
    differs from a stable sort once a row is longer than 16)."""
    order, ranked = rows_.value_order(rows, descending)
    if stable or rows.shape[-1] <= 16:
        return order
    tied_rows = rows_.tied_pairs(ranked).any(-1)
    for r, replayed in rows_.replay_rows(rows, tied_rows, descending, stl.sort).items():
        order[r] = replayed
    return order


@defop("sort", "x", ("out", "indices"), infer_meta=_sort_meta, pattern=OPAQUE)
def sort(xp, x, axis=-1, descending=False, stable=False):
    if x.ndim == 0:
        return x.copy(), np.zeros((), np.int64)
    ax = normalize_axis("sort", axis, x.ndim)
    rows = rows_.rows_along(x, ax)
    order = sort_rows(rows, descending, stable)
    values = np.take_along_axis(rows, order, -1)
    return rows_.unrows(values, x.shape, ax), rows_.unrows(order, x.shape, ax)


@sort.grad(save="indices")
def _(ctx, g_out, g_indices):
    from .creation import full
    if not len(ctx.x.shape):
        return g_out
    base = full(list(ctx.x.shape), 0, g_out.dtype)
    return scatter_add_along_axis(base, ctx.indices, g_out, ctx.axis)


# ---- nonzero --------------------------------------------------------------------------------

def _nonzero_meta(x):
    _check_nonzero_rank(x.ndim)
    return TensorMeta((-1, x.ndim), _dt.int64)


def _check_nonzero_rank(ndim):
    if ndim == 0:
        raise ValueError("(nonzero) Input(Condition) should have number of dimension at least 1; "
                         "received a 0-D tensor.")


@defop("nonzero", infer_meta=_nonzero_meta, pattern=OPAQUE,
       ref=lambda x: np.argwhere(x))
def nonzero(xp, x):
    _check_nonzero_rank(x.ndim)
    return np.argwhere(x).astype(np.int64)


nonzero.no_grad("integer result")


# ---- searchsorted ---------------------------------------------------------------------------

def _searchsorted_meta(sorted_sequence, values, out_int32=False, right=False):
    _check_search_shapes(sorted_sequence.shape, values.shape)
    return TensorMeta(values.shape, _dt.int32 if out_int32 else _dt.int64)


def _check_search_shapes(seq_shape, val_shape):
    if len(seq_shape) == 1:
        return
    if len(seq_shape) != len(val_shape) or tuple(seq_shape[:-1]) != tuple(val_shape[:-1]):
        raise RuntimeError(f"(searchsorted) The dimensions of sorted_sequence tensor "
                           f"{list(seq_shape)} and values tensor {list(val_shape)} can not "
                           "match: their leading dimensions must be equal, or sorted_sequence "
                           "must be 1-D.")


def _searchsorted_ref(sorted_sequence, values, out_int32=False, right=False):
    side = "right" if right else "left"
    if sorted_sequence.ndim == 1:
        out = np.searchsorted(sorted_sequence, values, side)
    else:
        seq = sorted_sequence.reshape(-1, sorted_sequence.shape[-1])
        vals = values.reshape(seq.shape[0], -1)
        out = np.stack([np.searchsorted(s, v, side) for s, v in zip(seq, vals)]).reshape(
            values.shape)
    if values.dtype.kind == "f":  # Paddle places NaN after every element
        out = np.where(np.isnan(values), sorted_sequence.shape[-1], out)
    return out


@defop("searchsorted", "sorted_sequence values", infer_meta=_searchsorted_meta,
       pattern=OPAQUE, ref=_searchsorted_ref)
def searchsorted(xp, sorted_sequence, values, out_int32=False, right=False):
    _check_search_shapes(sorted_sequence.shape, values.shape)
    out = _searchsorted_ref(sorted_sequence, values, right=right)
    return np.asarray(out).astype(np.int32 if out_int32 else np.int64)


searchsorted.no_grad("integer result")
