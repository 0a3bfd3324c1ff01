"""unique and unique_consecutive. Both always compute every output (values, first indices,
inverse, counts); the public layer returns the ones asked for. Sizes depend on the data, so
infer_meta reports them as unknown (-1)."""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta, normalize_axis
from .registry import OPAQUE, defop


def _index_dtype(dtype):
    dt = _dt.to_dtype(dtype)
    if dt not in (_dt.int32, _dt.int64):
        raise TypeError(f"(unique) The index dtype must be int32 or int64, but received "
                        f"{dt.name}.")
    return dt


def _flat_size(shape) -> int:
    return -1 if -1 in shape else int(np.prod(shape))


def _unique_meta(x, axis=None, dtype=_dt.int64):
    index = _index_dtype(dtype)
    if axis is None and 0 in x.shape:  # Paddle hands an empty input back unchanged
        return (TensorMeta(x.shape, x.dtype),) + (TensorMeta((0,), index),) * 3
    if axis is None:
        return (TensorMeta((-1,), x.dtype), TensorMeta((-1,), index),
                TensorMeta((_flat_size(x.shape),), index), TensorMeta((-1,), index))
    ax = normalize_axis("unique", axis, x.ndim)
    shape = list(x.shape)
    shape[ax] = -1
    return (TensorMeta(shape, x.dtype), TensorMeta((-1,), index),
            TensorMeta((x.shape[ax],), index), TensorMeta((-1,), index))


@defop("unique", "x", ("out", "indices", "inverse", "counts"), infer_meta=_unique_meta,
       pattern=OPAQUE)
def unique(xp, x, axis=None, dtype=_dt.int64):
    index = _index_dtype(dtype).np_dtype
    if axis is None and x.size == 0:
        return (x.copy(),) + (np.zeros(0, index),) * 3
    if axis is None:
        values, first, inverse, counts = np.unique(x.reshape(-1), True, True, True,
                                                   equal_nan=False)
        if values.dtype.kind == "f":  # Paddle counts NaN entries as zero occurrences
            counts = np.where(np.isnan(values), 0, counts)
    else:
        ax = normalize_axis("unique", axis, x.ndim)
        values, first, inverse, counts = np.unique(x, True, True, True, axis=ax)
    return values, first.astype(index), inverse.reshape(-1).astype(index), counts.astype(index)


unique.no_grad("set-valued result")


def _consecutive_meta(x, axis=None, dtype=_dt.int64):
    index = _index_dtype(dtype)
    if axis is None:
        return (TensorMeta((-1,), x.dtype), TensorMeta((_flat_size(x.shape),), index),
                TensorMeta((-1,), index))
    ax = normalize_axis("unique_consecutive", axis, x.ndim)
    shape = list(x.shape)
    shape[ax] = -1
    return (TensorMeta(shape, x.dtype), TensorMeta((x.shape[ax],), index),
            TensorMeta((-1,), index))


@defop("unique_consecutive", "x", ("out", "inverse", "counts"), infer_meta=_consecutive_meta,
       pattern=OPAQUE)
def unique_consecutive(xp, x, axis=None, dtype=_dt.int64):
    index = _index_dtype(dtype).np_dtype
    if axis is None:
        x, ax = x.reshape(-1), 0
    else:
        ax = normalize_axis("unique_consecutive", axis, x.ndim)
    n = x.shape[ax]
    moved = np.moveaxis(x, ax, 0)
    slices = moved.reshape(n, int(np.prod(moved.shape[1:])))
    changed = np.ones(n, bool)
    changed[1:] = (slices[1:] != slices[:-1]).any(-1)
    starts = np.flatnonzero(changed)
    values = np.take(x, starts, axis=ax)
    inverse = np.cumsum(changed) - 1
    counts = np.diff(np.append(starts, n))
    return values, inverse.astype(index), counts.astype(index)


unique_consecutive.no_grad("set-valued result")
