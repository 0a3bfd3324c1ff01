"""Elementwise unary math ops and their gradients."""
from __future__ import annotations

import math

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta, same_as, same_shape, unary_float
from . import _kernel_utils as K
from .registry import ELEMENTWISE, defop

_SQRT_PI_INV2 = 2.0 / math.sqrt(math.pi)


def _float_math(fn, x):
    """K.float_math without NumPy's floating-point warnings: Paddle returns inf and NaN (log 0,
    sqrt -1, overflowing exp) silently."""
    with np.errstate(all="ignore"):
        return K.float_math(fn, x)


# ---- float math (integers become the default float) ----------------------------------------

@defop("exp", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.exp)
def exp(xp, x):
    return _float_math(xp.exp, x)


@exp.grad(save="out")
def _(ctx, g):
    return g * ctx.out


@defop("expm1", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.expm1)
def expm1(xp, x):
    return _float_math(xp.expm1, x)


@expm1.grad(save="out")
def _(ctx, g):
    return g * (ctx.out + 1)


@defop("log", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.log)
def log(xp, x):
    return _float_math(xp.log, x)


@log.grad(save="x")
def _(ctx, g):
    return g / ctx.x


def _log_base(log_fn, base: float):
    """Real inputs use NumPy's log; complex ones divide log(z) by log(base) in complex
    arithmetic, as Paddle's log2 does (log2(0j) is -inf+nanj, unlike its log10)."""
    def apply(v):
        if v.dtype.kind == "c":
            with np.errstate(divide="ignore", invalid="ignore"):
                return np.log(v) / v.dtype.type(np.log(base))
        return log_fn(v)
    return apply


@defop("log2", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.log2)
def log2(xp, x):
    return _float_math(_log_base(xp.log2, 2.0), x)


@log2.grad(save="x")
def _(ctx, g):
    return g / (ctx.x * math.log(2.0))


@defop("log10", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.log10)
def log10(xp, x):
    return _float_math(xp.log10, x)


@log10.grad(save="x")
def _(ctx, g):
    return g / (ctx.x * math.log(10.0))


@defop("log1p", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.log1p)
def log1p(xp, x):
    return _float_math(xp.log1p, x)


@log1p.grad(save="x")
def _(ctx, g):
    return g / (ctx.x + 1)


@defop("sqrt", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.sqrt)
def sqrt(xp, x):
    return _float_math(xp.sqrt, x)


@sqrt.grad(save="out")
def _(ctx, g):
    return g * 0.5 / ctx.out


@defop("rsqrt", infer_meta=unary_float, pattern=ELEMENTWISE, ref=lambda x: 1 / np.sqrt(x))
def rsqrt(xp, x):
    return _float_math(lambda v: 1 / xp.sqrt(v), x)


@rsqrt.grad(save="out")
def _(ctx, g):
    return g * (-0.5) * ctx.out * ctx.out * ctx.out


@defop("reciprocal", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.reciprocal)
def reciprocal(xp, x):
    return _float_math(lambda v: 1 / v, x)


@reciprocal.grad(save="out")
def _(ctx, g):
    return -g * ctx.out * ctx.out


@defop("sin", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.sin)
def sin(xp, x):
    return _float_math(xp.sin, x)


@sin.grad(save="x")
def _(ctx, g):
    return g * cos(ctx.x)


@defop("cos", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.cos)
def cos(xp, x):
    return _float_math(xp.cos, x)


@cos.grad(save="x")
def _(ctx, g):
    return -g * sin(ctx.x)


@defop("tan", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.tan)
def tan(xp, x):
    return _float_math(xp.tan, x)


@tan.grad(save="out")
def _(ctx, g):
    return g * (ctx.out * ctx.out + 1)


@defop("asin", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.arcsin)
def asin(xp, x):
    return _float_math(xp.arcsin, x)


@asin.grad(save="x")
def _(ctx, g):
    return g * rsqrt(1 - ctx.x * ctx.x)


@defop("acos", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.arccos)
def acos(xp, x):
    return _float_math(xp.arccos, x)


@acos.grad(save="x")
def _(ctx, g):
    return -g * rsqrt(1 - ctx.x * ctx.x)


@defop("atan", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.arctan)
def atan(xp, x):
    return _float_math(xp.arctan, x)


@atan.grad(save="x")
def _(ctx, g):
    return g / (ctx.x * ctx.x + 1)


@defop("sinh", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.sinh)
def sinh(xp, x):
    return _float_math(xp.sinh, x)


@sinh.grad(save="x")
def _(ctx, g):
    return g * cosh(ctx.x)


@defop("cosh", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.cosh)
def cosh(xp, x):
    return _float_math(xp.cosh, x)


@cosh.grad(save="x")
def _(ctx, g):
    return g * sinh(ctx.x)


@defop("tanh", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.tanh)
def tanh(xp, x):
    return _float_math(xp.tanh, x)


@tanh.grad(save="out")
def _(ctx, g):
    return g * (1 - ctx.out * ctx.out)


@defop("asinh", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.arcsinh)
def asinh(xp, x):
    return _float_math(xp.arcsinh, x)


@asinh.grad(save="x")
def _(ctx, g):
    return g * rsqrt(ctx.x * ctx.x + 1)


@defop("acosh", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.arccosh)
def acosh(xp, x):
    return _float_math(xp.arccosh, x)


@acosh.grad(save="x")
def _(ctx, g):
    return g * rsqrt(ctx.x * ctx.x - 1)


@defop("atanh", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.arctanh)
def atanh(xp, x):
    return _float_math(xp.arctanh, x)


@atanh.grad(save="x")
def _(ctx, g):
    return g / (1 - ctx.x * ctx.x)


def _sigmoid_ref(x):
    return 1 / (1 + np.exp(-x))


@defop("sigmoid", infer_meta=unary_float, pattern=ELEMENTWISE, ref=_sigmoid_ref)
def sigmoid(xp, x):
    return _float_math(lambda v: xp.tanh(v * 0.5) * 0.5 + 0.5, x)


@sigmoid.grad(save="out")
def _(ctx, g):
    return g * ctx.out * (1 - ctx.out)


@defop("erf", infer_meta=unary_float, pattern=ELEMENTWISE)
def erf(xp, x):
    return _float_math(K.erf, x)


@erf.grad(save="x")
def _(ctx, g):
    return g * _SQRT_PI_INV2 * exp(-ctx.x * ctx.x)


def _erfinv(v):
    """Paddle saturates outside [-1, 1]: ±inf there, NaN only for NaN."""
    with np.errstate(invalid="ignore"):
        out = K.erfinv(v)
    return np.where(np.abs(v) > 1, np.copysign(np.inf, v), out).astype(v.dtype)


@defop("erfinv", infer_meta=unary_float, pattern=ELEMENTWISE)
def erfinv(xp, x):
    return _float_math(_erfinv, x)


@erfinv.grad(save="out")
def _(ctx, g):
    return g * (math.sqrt(math.pi) / 2) * exp(ctx.out * ctx.out)


def _lgamma(v):
    """log|Γ(v)|, with +inf at -inf as Paddle returns."""
    return np.where(v == -np.inf, v.dtype.type(np.inf), K.lgamma(v)).astype(v.dtype)


@defop("lgamma", infer_meta=unary_float, pattern=ELEMENTWISE)
def lgamma(xp, x):
    return _float_math(_lgamma, x)


@lgamma.grad(save="x")
def _(ctx, g):
    return g * digamma(ctx.x)


@defop("digamma", infer_meta=unary_float, pattern=ELEMENTWISE)
def digamma(xp, x):
    return _float_math(K.digamma, x)


@digamma.grad(save="x")
def _(ctx, g):
    from .math_special import polygamma
    return g * polygamma(ctx.x, 1)


@defop("i0", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.i0)
def i0(xp, x):
    return _float_math(K.i0, x)


@i0.grad(save="x")
def _(ctx, g):
    return g * i1(ctx.x)


@defop("i0e", infer_meta=unary_float, pattern=ELEMENTWISE)
def i0e(xp, x):
    return _float_math(K.i0e, x)


@i0e.grad(save="x out")
def _(ctx, g):
    # i0e'(x) = i1e(x) - sign(x) i0e(x); Paddle takes sign(0) as +1 (the right derivative)
    right = (ctx.x >= 0).astype(ctx.out.dtype) * 2 - 1
    return g * (i1e(ctx.x) - right * ctx.out)


@defop("i1", infer_meta=unary_float, pattern=ELEMENTWISE)
def i1(xp, x):
    return _float_math(K.i1, x)


@i1.grad(save="x out")
def _(ctx, g):
    # I1'(x) = I0(x) - I1(x)/x, with the limit 1/2 at x = 0
    x = ctx.x
    safe = x + (x == 0).astype(x.dtype)
    return g * (i0(x) - ctx.out / safe) * (x != 0).astype(x.dtype) + g * 0.5 * (x == 0).astype(
        x.dtype)


@defop("i1e", infer_meta=unary_float, pattern=ELEMENTWISE)
def i1e(xp, x):
    return _float_math(K.i1e, x)


@i1e.grad(save="x out")
def _(ctx, g):
    # i1e'(x) = i0e(x) - i1e(x) (1/x + sign(x)), with the limit 1/2 at x = 0
    x = ctx.x
    zero = (x == 0).astype(x.dtype)
    safe = x + zero
    slope = i0e(x) - ctx.out * (1 / safe + sign(x))
    return g * (slope * (1 - zero) + 0.5 * zero)


# ---- ops that keep integer dtypes ----------------------------------------------------------

def _abs_meta(x):
    """|x| is real: complex inputs give their component float dtype."""
    real = {_dt.complex64: _dt.float32, _dt.complex128: _dt.float64}
    return TensorMeta(x.shape, real.get(x.dtype, x.dtype))


@defop("abs", infer_meta=_abs_meta, pattern=ELEMENTWISE, ref=np.abs)
def abs_op(xp, x):
    return xp.abs(x)


@abs_op.grad(save="x")
def _(ctx, g):
    return g * sign(ctx.x)


@defop("neg", infer_meta=same_as("x"), pattern=ELEMENTWISE, ref=np.negative)
def neg(xp, x):
    if x.dtype == np.bool_:
        return x.copy()
    return xp.negative(x)


@neg.grad()
def _(ctx, g):
    return -g


@defop("square", infer_meta=same_as("x"), pattern=ELEMENTWISE, ref=np.square)
def square(xp, x):
    return K.same_dtype_math(xp.square, x)


@square.grad(save="x")
def _(ctx, g):
    return g * 2.0 * ctx.x


def _complex_sign(z):
    magnitude = np.abs(z)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(magnitude == 0, 0, z / magnitude).astype(z.dtype)


@defop("sign", infer_meta=same_as("x"), pattern=ELEMENTWISE, ref=np.sign)
def sign(xp, x):
    """-1, 0 or 1 (NaN stays NaN); z / |z| for complex z."""
    if x.dtype.kind == "c":
        return _complex_sign(x)
    return K.same_dtype_math(xp.sign, x)


@sign.grad()
def _(ctx, g):
    return g * 0


def _rounding_op(name, fn):
    @defop(name, infer_meta=same_as("x"), pattern=ELEMENTWISE, ref=fn)
    def kernel(xp, x):
        if x.dtype.kind in "biu":
            return x.copy()
        return K.same_dtype_math(fn, x)

    @kernel.grad()
    def _(ctx, g):
        return g * 0

    return kernel


floor = _rounding_op("floor", np.floor)
ceil = _rounding_op("ceil", np.ceil)
trunc = _rounding_op("trunc", np.trunc)


@defop("round", infer_meta=same_as("x"), pattern=ELEMENTWISE, ref=np.round)
def round_op(xp, x, decimals=0):
    """Round half to even (2.5 -> 2, -0.5 -> -0), at `decimals` places; integers unchanged."""
    if x.dtype.kind in "biu":
        return x.copy()
    return K.same_dtype_math(lambda v: xp.round(v, decimals), x)


@round_op.grad()
def _(ctx, g):
    return g * 0


# ---- predicates --------------------------------------------------------------------------

def _predicate(name, fn):
    @defop(name, infer_meta=same_shape(_dt.bool_), pattern=ELEMENTWISE, ref=fn)
    def kernel(xp, x):
        if x.dtype.kind in "biu":
            return fn(x.astype(np.float32))
        return fn(x if x.dtype not in K.LOW_PRECISION else x.astype(np.float32))

    return kernel.no_grad("boolean result")


isnan = _predicate("isnan", np.isnan)
isinf = _predicate("isinf", np.isinf)
isfinite = _predicate("isfinite", np.isfinite)


@defop("scale", infer_meta=same_as("x"), pattern=ELEMENTWISE)
def scale(xp, x, scale=1.0, bias=0.0, bias_after_scale=True):
    if x.dtype.kind in "biu":
        # Paddle converts scale and bias to x's dtype first (2.7 -> 2 for ints, -> True for
        # bools), then computes in integers.
        factor = int(np.asarray(scale).astype(x.dtype))
        shift = int(np.asarray(bias).astype(x.dtype))
        v = x.astype(np.int64)
        out = v * factor + shift if bias_after_scale else (v + shift) * factor
        return out.astype(x.dtype)
    if bias_after_scale:
        return K.same_dtype_math(lambda v: v * v.dtype.type(scale) + v.dtype.type(bias), x)
    return K.same_dtype_math(lambda v: (v + v.dtype.type(bias)) * v.dtype.type(scale), x)


@scale.grad()
def _(ctx, g):
    return scale(g, ctx.scale, 0.0, True)
