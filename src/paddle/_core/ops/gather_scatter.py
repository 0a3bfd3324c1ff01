"""Scatter with reduction along an axis (Paddle's put_along_axis kernel), and the index helpers
the gather/scatter family shares.

Most of the family is composed from the indexing ops (getitem = gather, index_accumulate =
scatter-add, setitem = scatter-assign); put_along_axis is the one primitive, because its
mul/mean/amin/amax reductions are real kernels.

    put_along_axis(arr, indices, values, axis, reduce, include_self)

`indices` and `values` have the same shape and arr's rank (the public layer broadcasts them);
negative indices count from the end of `axis`."""
from __future__ import annotations

import numpy as np

from ..meta import TensorMeta
from ..tensor import wrap
from . import _kernel_utils as K
from .registry import OPAQUE, defop

REDUCTIONS = ("assign", "add", "mul", "multiply", "mean", "amin", "amax")


def along_axis_index(indices: np.ndarray, axis: int, size: int) -> tuple:
    """NumPy index selecting, for every position of `indices`, the element at that position
    with its `axis` coordinate replaced by the index value."""
    index = list(np.ogrid[tuple(slice(0, d) for d in indices.shape)])
    index[axis] = np.where(indices < 0, indices + size, indices)
    return tuple(index)


def along_axis_spec(indices, axis: int) -> tuple[list, tuple]:
    """(index tensors, spec) for the getitem/setitem ops equivalent to along_axis_index: an
    arange per other dimension and the `indices` tensor itself, so no index data is read
    (tracing works) and negative indices count from the end as in NumPy."""
    ndim = len(indices.shape)
    parts = []
    for d in range(ndim):
        if d == axis:
            parts.append(indices)
            continue
        view = [1] * ndim
        view[d] = indices.shape[d]
        parts.append(wrap(np.arange(indices.shape[d], dtype=np.int64).reshape(view)))
    return parts, tuple(("tensor", k) for k in range(ndim))


def check_reduce(reduce: str) -> None:
    if reduce not in REDUCTIONS:
        raise ValueError(f"(put_along_axis) The reduce must be one of {list(REDUCTIONS)}, "
                         f"but received '{reduce}'.")


def _put_meta(arr, indices, values, axis, reduce="assign", include_self=True):
    check_reduce(reduce)
    return TensorMeta(arr.shape, arr.dtype)


def _identity_fill(dtype: np.dtype, reduce: str):
    """The value a reduction starts from when the target's own value is excluded."""
    if reduce in ("add", "mean"):
        return 0
    if reduce in ("mul", "multiply"):
        return 1
    if dtype.kind == "f":
        return np.inf if reduce == "amin" else -np.inf
    if dtype.kind == "b":
        return reduce == "amin"
    info = np.iinfo(dtype)
    return info.max if reduce == "amin" else info.min


_UFUNCS = {"add": np.add, "mul": np.multiply, "multiply": np.multiply, "amin": np.minimum,
           "amax": np.maximum}


@defop("put_along_axis", "arr indices values", infer_meta=_put_meta, pattern=OPAQUE)
def put_along_axis(xp, arr, indices, values, axis, reduce="assign", include_self=True):
    check_reduce(reduce)
    index = along_axis_index(indices, axis, arr.shape[axis])
    if reduce == "assign":
        out = arr.copy()
        out[index] = values
        return out
    out = arr.astype(np.float32) if arr.dtype in K.LOW_PRECISION else arr.copy()
    values = values.astype(out.dtype, copy=False)
    if not include_self:
        out[index] = _identity_fill(out.dtype, reduce)
    if reduce != "mean":
        _UFUNCS[reduce].at(out, index, values)
        return out.astype(arr.dtype, copy=False)
    np.add.at(out, index, values)
    counts = target_counts(indices, axis, arr.shape, include_self)
    out = out // counts if out.dtype.kind in "iu" else out / counts
    return out.astype(arr.dtype, copy=False)


def target_counts(indices: np.ndarray, axis: int, shape: tuple, include_self: bool):
    """How many values each position of the result averages (at least 1)."""
    counts = np.zeros(shape, np.int64)
    np.add.at(counts, along_axis_index(indices, axis, shape[axis]), 1)
    return np.maximum(counts + (1 if include_self else 0), 1)


def _targeted(indices: np.ndarray, axis: int, shape: tuple) -> np.ndarray:
    mask = np.zeros(shape, bool)
    mask[along_axis_index(indices, axis, shape[axis])] = True
    return mask


def _assign_winners(indices: np.ndarray, axis: int, shape: tuple) -> np.ndarray:
    """For assignment with repeated targets, which values are the ones that stay (the last)."""
    order = np.arange(indices.size).reshape(indices.shape)
    written = np.full(shape, -1, np.int64)
    index = along_axis_index(indices, axis, shape[axis])
    written[index] = order
    return written[index] == order


@put_along_axis.grad(save="arr indices values out")
def _(ctx, g):
    from .binary import where
    idx = ctx.indices._data
    shape = tuple(ctx.arr.shape)
    take = getitem_along(*along_axis_spec(ctx.indices, ctx.axis))
    zeros = _zeros_like(g)
    g_values_zero = _zeros_like(take(g))
    reduce = "mul" if ctx.reduce == "multiply" else ctx.reduce
    if reduce == "assign" or not ctx.include_self:
        g_arr = where(wrap(~_targeted(idx, ctx.axis, shape)), g, zeros)
    if reduce == "assign":
        winners = wrap(_assign_winners(idx, ctx.axis, shape))
        g_values = where(winners, take(g), g_values_zero)
    elif reduce == "add":
        g_arr = g if ctx.include_self else g_arr
        g_values = take(g)
    elif reduce == "mean":
        counts = wrap(target_counts(idx, ctx.axis, shape, ctx.include_self)
                      .astype(g._data.dtype))
        g_arr = g / counts if ctx.include_self else g_arr
        g_values = take(g / counts)
    elif reduce == "mul":
        if ctx.include_self:
            factors = put_along_axis(_zeros_like(ctx.arr) + 1, ctx.indices, ctx.values,
                                     ctx.axis, "mul", True)
            g_arr = g * factors
        g_values = take(g * ctx.out) / ctx.values
    else:
        hits_self, hits_values, ties = _extreme_ties(ctx, idx, shape)
        share = g / wrap(ties.astype(g._data.dtype))
        g_arr = where(wrap(hits_self), share, zeros) if ctx.include_self else g_arr
        g_values = where(wrap(hits_values), take(share), g_values_zero)
    need_arr, _, need_values = ctx.needs_grad
    return (g_arr if need_arr else None), None, (g_values if need_values else None)


def _extreme_ties(ctx, idx: np.ndarray, shape: tuple):
    """amin/amax: which of arr and values attain each result, and how many share it. The
    gradient is split evenly among them; like Paddle, an arr value equal to the result counts
    as a tie even when include_self is False (it then gets no share itself)."""
    index = along_axis_index(idx, ctx.axis, shape[ctx.axis])
    out = ctx.out._data
    hits_self = ctx.arr._data == out
    hits_values = ctx.values._data == out[index]
    ties = hits_self.astype(np.int64)
    np.add.at(ties, index, hits_values)
    return hits_self, hits_values, np.maximum(ties, 1)


def _zeros_like(t):
    from .creation import full
    return full(list(t.shape), 0, t.dtype)


def getitem_along(tensors: list, spec: tuple):
    """A function gathering `t[index]` for the along-axis index (differentiable)."""
    from .indexing import getitem

    def take(t):
        return getitem(t, tensors, spec)
    return take
