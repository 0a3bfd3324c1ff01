"""Elementwise unary math ops and their gradients (special functions are in math_special)."""
from __future__ import annotations

import math

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta, same_as, same_shape, unary_float
from . import _kernel_utils as K
from .registry import ELEMENTWISE, defop


def quiet_float_math(fn, x):
    """K.float_math without NumPy's floating-point warnings: Paddle returns inf and NaN (log 0,
    sqrt -1, overflowing exp) silently."""
    with np.errstate(all="ignore"):
        return K.float_math(fn, x)


# ---- float math (integers become the default float) ----------------------------------------

@defop("exp", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.exp)
def exp(xp, x):
    return quiet_float_math(xp.exp, x)


@exp.grad(save="out")
def _(ctx, g):
    return g * ctx.out


@defop("expm1", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.expm1)
def expm1(xp, x):
    return quiet_float_math(xp.expm1, x)


@expm1.grad(save="out")
def _(ctx, g):
    return g * (ctx.out + 1)


@defop("log", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.log)
def log(xp, x):
    return quiet_float_math(xp.log, x)


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
    return quiet_float_math(_log_base(xp.log2, 2.0), x)


@log2.grad(save="x")
def _(ctx, g):
    return g / (ctx.x * math.log(2.0))


@defop("log10", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.log10)
def log10(xp, x):
    return quiet_float_math(xp.log10, x)


@log10.grad(save="x")
def _(ctx, g):
    return g / (ctx.x * math.log(10.0))


@defop("log1p", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.log1p)
def log1p(xp, x):
    return quiet_float_math(xp.log1p, x)


@log1p.grad(save="x")
def _(ctx, g):
    return g / (ctx.x + 1)


@defop("sqrt", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.sqrt)
def sqrt(xp, x):
    return quiet_float_math(xp.sqrt, x)


@sqrt.grad(save="out")
def _(ctx, g):
    return g * 0.5 / ctx.out


@defop("rsqrt", infer_meta=unary_float, pattern=ELEMENTWISE, ref=lambda x: 1 / np.sqrt(x))
def rsqrt(xp, x):
    return quiet_float_math(lambda v: 1 / xp.sqrt(v), x)


@rsqrt.grad(save="out")
def _(ctx, g):
    return g * (-0.5) * ctx.out * ctx.out * ctx.out


@defop("reciprocal", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.reciprocal)
def reciprocal(xp, x):
    return quiet_float_math(lambda v: 1 / v, x)


@reciprocal.grad(save="out")
def _(ctx, g):
    return -g * ctx.out * ctx.out


@defop("sin", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.sin)
def sin(xp, x):
    return quiet_float_math(xp.sin, x)


@sin.grad(save="x")
def _(ctx, g):
    return g * cos(ctx.x)


@defop("cos", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.cos)
def cos(xp, x):
    return quiet_float_math(xp.cos, x)


@cos.grad(save="x")
def _(ctx, g):
    return -g * sin(ctx.x)


@defop("tan", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.tan)
def tan(xp, x):
    return quiet_float_math(xp.tan, x)


@tan.grad(save="out")
def _(ctx, g):
    return g * (ctx.out * ctx.out + 1)


@defop("asin", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.arcsin)
def asin(xp, x):
    return quiet_float_math(xp.arcsin, x)


@asin.grad(save="x")
def _(ctx, g):
    return g * rsqrt(1 - ctx.x * ctx.x)


@defop("acos", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.arccos)
def acos(xp, x):
    return quiet_float_math(xp.arccos, x)


@acos.grad(save="x")
def _(ctx, g):
    return -g * rsqrt(1 - ctx.x * ctx.x)


@defop("atan", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.arctan)
def atan(xp, x):
    return quiet_float_math(xp.arctan, x)


@atan.grad(save="x")
def _(ctx, g):
    return g / (ctx.x * ctx.x + 1)


@defop("sinh", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.sinh)
def sinh(xp, x):
    return quiet_float_math(xp.sinh, x)


@sinh.grad(save="x")
def _(ctx, g):
    return g * cosh(ctx.x)


@defop("cosh", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.cosh)
def cosh(xp, x):
    return quiet_float_math(xp.cosh, x)


@cosh.grad(save="x")
def _(ctx, g):
    return g * sinh(ctx.x)


@defop("tanh", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.tanh)
def tanh(xp, x):
    if x.dtype.kind == "f":  # real tanh cannot overflow or divide by zero: nothing to silence
        return K.float_math(xp.tanh, x)
    return quiet_float_math(xp.tanh, x)


@tanh.grad(save="out")
def _(ctx, g):
    return tanh_grad(ctx.out, g)


def _tanh_grad_ref(out, gout):
    return gout * (1 - out * out)


@defop("tanh_grad", "out gout", "x_grad", infer_meta=same_as("out"), pattern=ELEMENTWISE,
       ref=_tanh_grad_ref)
def tanh_grad(xp, out, gout):
    """gout * (1 - out²) in one kernel (tanh's backward is on every RNN's hot path); each step
    rounds to out's dtype, as the three separate ops it replaces did."""
    return gout * (xp.asarray(1, dtype=out.dtype) - out * out)


@tanh_grad.grad(save="out gout")
def _(ctx, gg):
    need_out, need_gout = ctx.needs_grad
    return (gg * ctx.gout * ctx.out * -2 if need_out else None,
            tanh_grad(ctx.out, gg) if need_gout else None)


@defop("asinh", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.arcsinh)
def asinh(xp, x):
    return quiet_float_math(xp.arcsinh, x)


@asinh.grad(save="x")
def _(ctx, g):
    return g * rsqrt(ctx.x * ctx.x + 1)


@defop("acosh", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.arccosh)
def acosh(xp, x):
    return quiet_float_math(xp.arccosh, x)


@acosh.grad(save="x")
def _(ctx, g):
    return g * rsqrt(ctx.x * ctx.x - 1)


@defop("atanh", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.arctanh)
def atanh(xp, x):
    return quiet_float_math(xp.arctanh, x)


@atanh.grad(save="x")
def _(ctx, g):
    return g / (1 - ctx.x * ctx.x)


def _sigmoid_ref(x):
    return 1 / (1 + np.exp(-x))


@defop("sigmoid", infer_meta=unary_float, pattern=ELEMENTWISE, ref=_sigmoid_ref)
def sigmoid(xp, x):
    return quiet_float_math(lambda v: xp.tanh(v * 0.5) * 0.5 + 0.5, x)


@sigmoid.grad(save="out")
def _(ctx, g):
    return g * ctx.out * (1 - ctx.out)


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
    x = ctx.x
    if x.dtype.kind != "c":
        return g * sign(x)
    # z / |z| written with differentiable ops (sign's own gradient is zero, which is right for
    # reals only); where z = 0 the divisor is 1 and the result 0.
    magnitude = abs_op(x)
    safe = magnitude + (magnitude == 0).astype(magnitude.dtype)
    return g * (x / safe)


@defop("neg", infer_meta=same_as("x"), pattern=ELEMENTWISE, ref=np.negative)
def neg(xp, x):
    if x.dtype.kind == "b":
        return x.copy()
    return xp.negative(x)


@neg.grad()
def _(ctx, g):
    return neg(g)


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
