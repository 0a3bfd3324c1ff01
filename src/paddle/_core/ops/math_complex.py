"""Complex-number parts: real, imag, conj, angle, and complex(real, imag).

Gradients follow Paddle's convention for complex tensors: the gradient of a real-valued
function of z is delivered as a complex tensor (dL/dRe z) + i (dL/dIm z)."""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta, broadcast_shapes, same_as
from ._grad_utils import sum_to_shape
from .registry import BROADCAST, ELEMENTWISE, defop

_REAL_OF = {_dt.complex64: _dt.float32, _dt.complex128: _dt.float64}
_COMPLEX_OF = {_dt.float32: _dt.complex64, _dt.float64: _dt.complex128}


def _real_meta(x, *attrs):
    return TensorMeta(x.shape, _REAL_OF.get(x.dtype, x.dtype))


@defop("real", infer_meta=_real_meta, pattern=ELEMENTWISE, ref=np.real)
def real(xp, x):
    return xp.real(x).copy()


@real.grad()
def _(ctx, g):
    if ctx.x.dtype.kind != "c":
        return g
    return complex_op(g, g * 0)


@defop("imag", infer_meta=_real_meta, pattern=ELEMENTWISE, ref=np.imag)
def imag(xp, x):
    return xp.imag(x).copy()


@imag.grad()
def _(ctx, g):
    if ctx.x.dtype.kind != "c":
        return g * 0
    return complex_op(g * 0, g)


@defop("conj", infer_meta=same_as("x"), pattern=ELEMENTWISE, ref=np.conj)
def conj(xp, x):
    return xp.conj(x) if x.dtype.kind == "c" else x.copy()


@conj.grad()
def _(ctx, g):
    return conj(g)


@defop("angle", infer_meta=_real_meta, pattern=ELEMENTWISE, ref=np.angle)
def angle(xp, x):
    """The argument of z in (-π, π]; π for negative reals and 0 otherwise (NaN stays NaN)."""
    if x.dtype.kind == "c":
        return xp.angle(x).astype(_REAL_OF[_dt.from_numpy_dtype(x.dtype)].np_dtype)
    out = xp.where(x < 0, x.dtype.type(np.pi), x.dtype.type(0))
    return xp.where(xp.isnan(x), x, out)


@angle.grad(save="x")
def _(ctx, g):
    x = ctx.x
    if x.dtype.kind != "c":
        return g * 0
    # d arg(z) = (-Im z dRe + Re z dIm) / |z|², zero at z == 0
    re, im = real(x), imag(x)
    norm = re * re + im * im
    zero = norm == 0
    safe = norm + zero.astype(norm.dtype)
    scale = g / safe * (1 - zero.astype(norm.dtype))
    return complex_op(-im * scale, re * scale)


def _complex_meta(real_part, imag_part):
    if real_part.dtype is not imag_part.dtype:
        raise ValueError(f"(complex) real and imag must have the same dtype, but received "
                         f"{real_part.dtype.name} and {imag_part.dtype.name}")
    if real_part.dtype not in _COMPLEX_OF:
        raise TypeError(f"(complex) real and imag must be float32 or float64, but received "
                        f"{real_part.dtype.name}")
    shape = broadcast_shapes("complex", real_part.shape, imag_part.shape)
    return TensorMeta(shape, _COMPLEX_OF[real_part.dtype])


@defop("complex", "real_part imag_part", infer_meta=_complex_meta, pattern=BROADCAST,
       ref=lambda a, b: a + 1j * b)
def complex_op(xp, real_part, imag_part):
    _complex_meta(TensorMeta(real_part.shape, _dt.from_numpy_dtype(real_part.dtype)),
                  TensorMeta(imag_part.shape, _dt.from_numpy_dtype(imag_part.dtype)))
    out_dtype = np.result_type(real_part.dtype, np.complex64)
    out = xp.empty(np.broadcast_shapes(real_part.shape, imag_part.shape), out_dtype)
    out.real = real_part
    out.imag = imag_part
    return out


@complex_op.grad()
def _(ctx, g):
    need_re, need_im = ctx.needs_grad
    return (sum_to_shape(real(g), ctx.real_part.shape) if need_re else None,
            sum_to_shape(imag(g), ctx.imag_part.shape) if need_im else None)
