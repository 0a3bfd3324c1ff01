"""Ops that create tensors from attributes alone (no tensor inputs)."""
from __future__ import annotations

import math

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from .registry import OPAQUE, defop


def _full_meta(shape, value, dtype):
    return TensorMeta(shape, _dt.to_dtype(dtype))


@defop("full", (), infer_meta=_full_meta, pattern=OPAQUE, ref=np.full)
def full(xp, shape, value, dtype):
    np_dtype = _dt.to_dtype(dtype).np_dtype
    if np_dtype.kind in "iu" and isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"(full) Cannot fill an integer tensor with {value}.")
    return xp.full(tuple(shape), value, dtype=np_dtype)


full.no_grad("creates a constant")


def _arange_len(start, end, step) -> int:
    return max(0, math.ceil((end - start) / step))


def _arange_meta(start, end, step, dtype):
    return TensorMeta((_arange_len(start, end, step),), _dt.to_dtype(dtype))


@defop("arange", (), infer_meta=_arange_meta, pattern=OPAQUE, ref=np.arange)
def arange(xp, start, end, step, dtype):
    np_dtype = _dt.to_dtype(dtype).np_dtype
    n = _arange_len(start, end, step)
    if np_dtype.kind in "iu":
        return (start + step * xp.arange(n, dtype=np.int64)).astype(np_dtype)
    return (start + step * xp.arange(n, dtype=np.float64)).astype(np_dtype)


arange.no_grad("creates a constant")


def _linspace_meta(start, stop, num, dtype):
    return TensorMeta((num,), _dt.to_dtype(dtype))


@defop("linspace", (), infer_meta=_linspace_meta, pattern=OPAQUE, ref=np.linspace)
def linspace(xp, start, stop, num, dtype):
    np_dtype = _dt.to_dtype(dtype).np_dtype
    values = xp.linspace(float(start), float(stop), num, dtype=np.float64)
    if np_dtype.kind in "iu":
        values = xp.trunc(values)
    return values.astype(np_dtype)


linspace.no_grad("creates a constant")


def _eye_meta(rows, cols, dtype):
    return TensorMeta((rows, cols), _dt.to_dtype(dtype))


@defop("eye", (), infer_meta=_eye_meta, pattern=OPAQUE, ref=np.eye)
def eye(xp, num_rows, num_columns, dtype):
    return xp.eye(num_rows, num_columns, dtype=_dt.to_dtype(dtype).np_dtype)


eye.no_grad("creates a constant")
