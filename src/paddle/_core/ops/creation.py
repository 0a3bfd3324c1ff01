"""Ops that create tensors from attributes alone (no tensor inputs): constant fills, ranges,
identity matrices and triangle indices. Attributes arrive normalised by the public layer."""
from __future__ import annotations

import math

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from .registry import OPAQUE, defop


def fill_scalar(value, dtype: _dt.DType):
    """`value` converted as Paddle's fill kernels convert it: integers truncate and wrap around
    (C casts), NaN/inf become the type's minimum, bools test non-zero, complex into real keeps
    the real part."""
    if dtype.kind == "b":
        return bool(value)
    if dtype.kind in "iu":
        if isinstance(value, complex):
            value = value.real
        if isinstance(value, float) and not math.isfinite(value):
            return int(np.iinfo(dtype.np_dtype).min)
        bits = dtype.itemsize * 8
        wrapped = int(value) % (1 << bits)
        if dtype.kind == "i" and wrapped >= 1 << (bits - 1):
            wrapped -= 1 << bits
        return wrapped
    if dtype.kind == "f" and isinstance(value, complex):
        return value.real
    return value


def _full_meta(shape, value, dtype):
    return TensorMeta(shape, _dt.to_dtype(dtype))


@defop("full", (), infer_meta=_full_meta, pattern=OPAQUE, ref=np.full)
def full(xp, shape, value, dtype):
    dtype = _dt.to_dtype(dtype)
    return xp.full(tuple(shape), fill_scalar(value, dtype), dtype=dtype.np_dtype)


full.no_grad("creates a constant")


# ---- arange ------------------------------------------------------------------------------------

def _compute_dtype(dtype: _dt.DType) -> np.dtype:
    """The precision Paddle's range kernels compute in: the dtype itself, float32 for the
    half-precision floats."""
    if dtype.kind == "f" and dtype.itemsize < 4:
        return np.dtype(np.float32)
    return dtype.np_dtype


def arange_length(start, end, step, dtype: _dt.DType) -> int:
    """Paddle's element count, computed in the output precision (so float32 ranges can hold one
    element fewer than the float64 arithmetic would suggest)."""
    if dtype.kind in "iu":
        start, end, step = int(start), int(end), int(step)
        if (end - start) * step <= 0:
            return 0
        return (abs(end - start) + abs(step) - 1) // abs(step)
    ct = _compute_dtype(dtype).type
    span = ct(end) - ct(start)
    if span * ct(step) <= 0:
        return 0
    return int(np.ceil(np.abs(span / ct(step))))


def _arange_meta(start, end, step, dtype):
    return TensorMeta((arange_length(start, end, step, dtype),), dtype)


@defop("arange", (), infer_meta=_arange_meta, pattern=OPAQUE, ref=np.arange)
def arange(xp, start, end, step, dtype):
    n = arange_length(start, end, step, dtype)
    ct = _compute_dtype(dtype)
    if dtype.kind in "iu":
        start, step = int(start), int(step)
    # Paddle accumulates start + step + step + … in the output precision; cumsum does the same.
    terms = np.full(n, ct.type(step), dtype=ct)
    if n:
        terms[0] = ct.type(start)
    return xp.asarray(np.cumsum(terms, dtype=ct).astype(dtype.np_dtype, copy=False))


arange.no_grad("creates a constant")


# ---- linspace / logspace -----------------------------------------------------------------------

def _linspace_values(start, stop, num: int, dtype: _dt.DType) -> np.ndarray:
    """Paddle's symmetric formula: the first half steps up from start, the second half steps
    down from stop, so both ends are exact. Integer outputs compute in float64 and truncate."""
    ct = np.dtype(np.float64) if dtype.kind in "iu" else _compute_dtype(dtype)
    start, stop = ct.type(start), ct.type(stop)
    if num == 1:
        return np.array([start], dtype=ct)
    step = (stop - start) / ct.type(num - 1)
    index = np.arange(num)
    up = start + step * index.astype(ct)
    down = stop - step * (num - 1 - index).astype(ct)
    return np.where(index < num // 2, up, down).astype(ct)


def _linspace_meta(start, stop, num, dtype):
    return TensorMeta((num,), dtype)


@defop("linspace", (), infer_meta=_linspace_meta, pattern=OPAQUE, ref=np.linspace)
def linspace(xp, start, stop, num, dtype):
    return xp.asarray(_linspace_values(start, stop, num, dtype).astype(dtype.np_dtype))


linspace.no_grad("creates a constant")


def _logspace_meta(start, stop, num, base, dtype):
    return TensorMeta((num,), dtype)


@defop("logspace", (), infer_meta=_logspace_meta, pattern=OPAQUE,
       ref=lambda start, stop, num, base, dtype: np.logspace(start, stop, num, base=base))
def logspace(xp, start, stop, num, base, dtype):
    exponents = _linspace_values(start, stop, num, dtype)
    with np.errstate(invalid="ignore", over="ignore"):
        values = np.power(exponents.dtype.type(base), exponents)
    return xp.asarray(values.astype(dtype.np_dtype))


logspace.no_grad("creates a constant")


# ---- matrices and index sets -------------------------------------------------------------------

def _eye_meta(rows, cols, dtype):
    return TensorMeta((rows, cols), _dt.to_dtype(dtype))


@defop("eye", (), infer_meta=_eye_meta, pattern=OPAQUE, ref=np.eye)
def eye(xp, num_rows, num_columns, dtype):
    return xp.eye(num_rows, num_columns, dtype=_dt.to_dtype(dtype).np_dtype)


eye.no_grad("creates a constant")


def _triangle_count(rows: int, cols: int, offset: int, lower: bool) -> int:
    if lower:
        return sum(max(0, min(cols, r + offset + 1)) for r in range(rows))
    return sum(max(0, cols - max(0, r + offset)) for r in range(rows))


def _tril_indices_meta(rows, cols, offset, dtype):
    return TensorMeta((2, _triangle_count(rows, cols, offset, True)), dtype)


@defop("tril_indices", (), infer_meta=_tril_indices_meta, pattern=OPAQUE,
       ref=lambda rows, cols, offset, dtype: np.stack(np.tril_indices(rows, offset, cols)))
def tril_indices(xp, rows, cols, offset, dtype):
    return xp.asarray(np.stack(np.tril_indices(rows, offset, cols)).astype(dtype.np_dtype))


tril_indices.no_grad("creates integer indices")


def _triu_indices_meta(rows, cols, offset, dtype):
    return TensorMeta((2, _triangle_count(rows, cols, offset, False)), dtype)


@defop("triu_indices", (), infer_meta=_triu_indices_meta, pattern=OPAQUE,
       ref=lambda rows, cols, offset, dtype: np.stack(np.triu_indices(rows, offset, cols)))
def triu_indices(xp, rows, cols, offset, dtype):
    return xp.asarray(np.stack(np.triu_indices(rows, offset, cols)).astype(dtype.np_dtype))


triu_indices.no_grad("creates integer indices")
