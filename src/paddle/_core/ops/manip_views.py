"""Ops that reinterpret a tensor: as_complex / as_real (pairs of floats <-> complex numbers),
flatten (a range of axes merged into one) and shape (the dims as an int64 tensor, which tracing
keeps symbolic)."""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from .registry import OPAQUE, INJECTIVE, defop

_TO_COMPLEX = {_dt.float32: _dt.complex64, _dt.float64: _dt.complex128}
_TO_REAL = {_dt.complex64: _dt.float32, _dt.complex128: _dt.float64}


def _as_complex_meta(x):
    if x.dtype not in _TO_COMPLEX:
        raise TypeError(f"(as_complex) The input must be float32 or float64, but received "
                        f"{x.dtype.name}.")
    if x.ndim == 0 or x.shape[-1] not in (2, -1):
        raise ValueError(f"(as_complex) The size of the last dimension of the input must be 2, "
                         f"but received shape {list(x.shape)}.")
    return TensorMeta(x.shape[:-1], _TO_COMPLEX[x.dtype])


def _as_complex_ref(x):
    return x[..., 0] + 1j * x[..., 1]


@defop("as_complex", infer_meta=_as_complex_meta, pattern=INJECTIVE, ref=_as_complex_ref)
def as_complex(xp, x):
    meta = _as_complex_meta(TensorMeta(x.shape, _dt.from_numpy_dtype(x.dtype)))
    out = xp.empty(x.shape[:-1], meta.dtype.np_dtype)
    out.real = x[..., 0]
    out.imag = x[..., 1]
    return out


@as_complex.grad()
def _(ctx, g):
    return as_real(g)


def _as_real_meta(x):
    if x.dtype not in _TO_REAL:
        raise TypeError(f"(as_real) The input must be complex64 or complex128, but received "
                        f"{x.dtype.name}.")
    return TensorMeta(x.shape + (2,), _TO_REAL[x.dtype])


def _as_real_ref(x):
    return np.stack([x.real, x.imag], axis=-1)


@defop("as_real", infer_meta=_as_real_meta, pattern=INJECTIVE, ref=_as_real_ref)
def as_real(xp, x):
    _as_real_meta(TensorMeta(x.shape, _dt.from_numpy_dtype(x.dtype)))
    return xp.stack([x.real, x.imag], axis=-1)


@as_real.grad()
def _(ctx, g):
    return as_complex(g)


def flat_shape(shape, start_axis: int, stop_axis: int) -> tuple:
    """`shape` with axes start_axis..stop_axis (non-negative) merged; a merged unknown (-1) dim
    stays unknown. A 0-D shape becomes [1]."""
    if not shape:
        return (1,)
    merged = shape[start_axis:stop_axis + 1]
    size = -1 if -1 in merged else int(np.prod(merged, dtype=np.int64))
    return tuple(shape[:start_axis]) + (size,) + tuple(shape[stop_axis + 1:])


def _flatten_meta(x, start_axis, stop_axis):
    return TensorMeta(flat_shape(x.shape, start_axis, stop_axis), x.dtype)


def _flatten_ref(x, start_axis, stop_axis):
    return x.reshape(flat_shape(x.shape, start_axis, stop_axis))


@defop("flatten", infer_meta=_flatten_meta, pattern=INJECTIVE, ref=_flatten_ref)
def flatten(xp, x, start_axis, stop_axis):
    return x.reshape(flat_shape(x.shape, start_axis, stop_axis))


@flatten.grad()
def _(ctx, g):
    from .manipulation import reshape
    return reshape(g, list(ctx.x.shape))


def _shape_meta(x):
    return TensorMeta((x.ndim,), _dt.int64)


@defop("shape", infer_meta=_shape_meta, pattern=OPAQUE,
       ref=lambda x: np.asarray(x.shape, np.int64))
def shape(xp, x):
    return xp.asarray(x.shape, dtype=np.int64)


shape.no_grad("the shape of a tensor is an integer description, not a function of its values")
