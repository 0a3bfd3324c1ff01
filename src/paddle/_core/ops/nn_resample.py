"""Resampling along one axis by a sparse tap table, and its adjoint:

    resample_axis(x, index, weight, axis)               y[.., o, ..] = sum_t w[o, t] x[.., i[o, t], ..]
    resample_axis_transpose(g, index, weight, axis, size)   the adjoint (scatter of g back)

Every interpolation mode (nearest, linear, bicubic, antialiased filters) is separable, so
paddle.nn.functional.interpolate applies one resample_axis per spatial axis with the tap table
of its mode. `index` (int64) and `weight` (the input's dtype) have shape (out, taps). The two ops
are each other's gradient, so derivatives of every order stay within this pair."""
from __future__ import annotations

import numpy as np

from ..meta import TensorMeta, normalize_axis
from . import _kernel_utils as K
from .registry import OPAQUE, defop


def _check_tables(op: str, index, weight, axis: int, ndim: int) -> int:
    if index.ndim != 2 or tuple(index.shape) != tuple(weight.shape):
        raise ValueError(f"({op}) index and weight must both have shape (out, taps), but "
                         f"received {list(index.shape)} and {list(weight.shape)}.")
    return normalize_axis(op, axis, ndim)


def _resample_meta(x, index, weight, axis):
    ax = _check_tables("resample_axis", index, weight, axis, x.ndim)
    shape = list(x.shape)
    shape[ax] = index.shape[0]
    return TensorMeta(shape, x.dtype)


def _apply_taps(x: np.ndarray, index: np.ndarray, weight: np.ndarray, ax: int) -> np.ndarray:
    out, taps = index.shape
    picked = np.take(x, index.reshape(-1), axis=ax)  # (.., out * taps, ..)
    shape = x.shape[:ax] + (out, taps) + x.shape[ax + 1:]
    w = weight.reshape((out, taps) + (1,) * (x.ndim - ax - 1))
    return (picked.reshape(shape) * w).sum(axis=ax + 1)


@defop("resample_axis", "x index weight", infer_meta=_resample_meta, pattern=OPAQUE)
def resample_axis(xp, x, index, weight, axis):
    ax = _check_tables("resample_axis", index, weight, axis, x.ndim)
    data = x.astype(np.float32) if x.dtype in K.LOW_PRECISION else x
    if index.shape[1] == 1 and bool(np.all(weight == 1)):
        return np.take(x, index[:, 0], axis=ax)
    out = _apply_taps(data, index, weight.astype(data.dtype), ax)
    return out.astype(x.dtype, copy=False)


@resample_axis.grad(save="index weight")
def _(ctx, g):
    size = ctx.x.shape[normalize_axis("resample_axis", ctx.axis, len(ctx.x.shape))]
    return resample_axis_transpose(g, ctx.index, ctx.weight, ctx.axis, size), None, None


def _transpose_meta(g, index, weight, axis, size):
    ax = _check_tables("resample_axis_transpose", index, weight, axis, g.ndim)
    shape = list(g.shape)
    shape[ax] = size
    return TensorMeta(shape, g.dtype)


def _segment_scatter(values: np.ndarray, targets: np.ndarray, out: np.ndarray, ax: int):
    """out[.., targets[o], ..] += values[.., o, ..] along ax. Tap tables are non-decreasing in
    o, so equal targets form runs that one reduceat sums; otherwise fall back to add.at."""
    if targets.size == 0:
        return
    if np.all(targets[1:] >= targets[:-1]):
        starts = np.flatnonzero(np.r_[True, targets[1:] != targets[:-1]])
        sums = np.add.reduceat(values, starts, axis=ax)
        index = (slice(None),) * ax + (targets[starts],)
        out[index] += sums
    else:
        np.add.at(out, (slice(None),) * ax + (targets,), values)


@defop("resample_axis_transpose", "g index weight", infer_meta=_transpose_meta, pattern=OPAQUE)
def resample_axis_transpose(xp, g, index, weight, axis, size):
    ax = _check_tables("resample_axis_transpose", index, weight, axis, g.ndim)
    data = g.astype(np.float32) if g.dtype in K.LOW_PRECISION else g
    shape = list(g.shape)
    shape[ax] = size
    out = np.zeros(shape, data.dtype)
    trailing = (1,) * (g.ndim - ax - 1)
    for t in range(index.shape[1]):
        contribution = data * weight[:, t].astype(data.dtype).reshape((-1,) + trailing)
        _segment_scatter(contribution, index[:, t], out, ax)
    return out.astype(g.dtype, copy=False)


@resample_axis_transpose.grad(save="index weight")
def _(ctx, g):
    return resample_axis(g, ctx.index, ctx.weight, ctx.axis), None, None
