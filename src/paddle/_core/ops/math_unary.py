"""Unary elementwise ops with attributes or Paddle-specific edge rules: clip, logit,
nan_to_num, frexp, signbit and sinc."""
from __future__ import annotations

import math

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta, same_as, same_shape, unary_float
from . import _kernel_utils as K
from .binary import where
from .registry import ELEMENTWISE, defop
from .unary import cos, isfinite


@defop("clip", infer_meta=same_as("x"), pattern=ELEMENTWISE, ref=np.clip)
def clip(xp, x, min=None, max=None):  # noqa: A002 - Paddle's attribute names
    """Bounds arrive resolved (None becomes the dtype's limit in the public layer)."""
    lo = -np.inf if min is None else min
    hi = np.inf if max is None else max
    if x.dtype.kind in "biu":
        return xp.clip(x, lo, hi).astype(x.dtype)
    return K.same_dtype_math(lambda v: xp.clip(v, v.dtype.type(lo), v.dtype.type(hi)), x)


@clip.grad(save="x")
def _(ctx, g):
    # Paddle passes the gradient on the closed interval, bounds included.
    lo = -math.inf if ctx.min is None else ctx.min
    hi = math.inf if ctx.max is None else ctx.max
    return g * ((ctx.x >= lo) & (ctx.x <= hi)).astype(g.dtype)


def _logit(x, eps):
    if eps:
        x = np.clip(x, x.dtype.type(eps), x.dtype.type(1 - eps))
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.log(x / (1 - x))


@defop("logit", infer_meta=unary_float, pattern=ELEMENTWISE,
       ref=lambda x, eps=0.0: _logit(x, eps))
def logit(xp, x, eps=0.0):
    return K.float_math(lambda v: _logit(v, eps), x)


@logit.grad(save="x")
def _(ctx, g):
    # Paddle: outside [eps, 1 - eps] the gradient is 0 when eps > 0 and NaN when eps == 0.
    x = ctx.x
    eps = ctx.eps or 0.0
    outside = (x < eps) | (x > 1 - eps)
    fill = g * 0 if eps else g * math.nan
    return where(outside, fill, g / (x * (1 - x)))


@defop("nan_to_num", infer_meta=same_as("x"), pattern=ELEMENTWISE, ref=np.nan_to_num)
def nan_to_num(xp, x, nan=0.0, posinf=None, neginf=None):
    if x.dtype.kind not in "fc":
        return x.copy()
    return K.same_dtype_math(lambda v: np.nan_to_num(v, nan=nan, posinf=posinf, neginf=neginf),
                             x)


@nan_to_num.grad(save="x")
def _(ctx, g):
    return g * isfinite(ctx.x).astype(g.dtype)


def _frexp_meta(x):
    return TensorMeta(x.shape, x.dtype), TensorMeta(x.shape, x.dtype)


def _frexp(x):
    """NumPy's frexp with Paddle's conventions: the exponent is a float of x's dtype, ±inf has
    exponent 1 and NaN has exponent NaN."""
    mantissa, exponent = np.frexp(x)
    exponent = exponent.astype(x.dtype)
    exponent = np.where(np.isinf(x), x.dtype.type(1), exponent)
    exponent = np.where(np.isnan(x), x.dtype.type(np.nan), exponent)
    return mantissa.astype(x.dtype), exponent.astype(x.dtype)


@defop("frexp", outputs="mantissa exponent", infer_meta=_frexp_meta, pattern=ELEMENTWISE,
       ref=_frexp)
def frexp(xp, x):
    return _frexp(x)


@frexp.grad(save="x exponent")
def _(ctx, g_mantissa, g_exponent):
    from .binary import elementwise_pow
    halves = elementwise_pow(ctx.exponent * 0 + 0.5, ctx.exponent)
    return where(ctx.x == 0, g_mantissa * 0, g_mantissa * halves)


def _signbit(x):
    if x.dtype.kind in "biu":
        return x < 0
    return np.signbit(x.astype(np.float32) if x.dtype in K.LOW_PRECISION else x)


@defop("signbit", infer_meta=same_shape(_dt.bool_), pattern=ELEMENTWISE, ref=np.signbit)
def signbit(xp, x):
    return _signbit(x)


signbit.no_grad("boolean result")


def _sinc(v):
    """Paddle replaces every NaN of sin(πx)/(πx) by 1: at 0, and at ±inf and NaN inputs."""
    scaled = np.pi * np.where(v == 0, 1, v)
    with np.errstate(invalid="ignore"):
        out = np.sin(scaled) / scaled
    return np.where((v == 0) | np.isnan(out), 1, out).astype(v.dtype)


@defop("sinc", infer_meta=same_as("x"), pattern=ELEMENTWISE, ref=np.sinc)
def sinc(xp, x):
    """sin(πx) / (πx), and 1 at x == 0 (and where that is NaN)."""
    return K.same_dtype_math(_sinc, x)


@sinc.grad(save="x out")
def _(ctx, g):
    # (cos(πx) - sinc(x)) / x away from 0; the derivative is 0 at x == 0
    x = ctx.x
    zero = x == 0
    safe = where(zero, x * 0 + 1, x)
    slope = (cos(safe * math.pi) - ctx.out) / safe
    return where(zero, g * 0, g * slope)
