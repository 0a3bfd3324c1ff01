"""Smooth activations: the exponential-linear family, gelu, silu, mish, softplus and friends.

Kernels follow the formulas of Paddle's CPU functors, including their float32 rounding: e.g.
softplus and log_sigmoid use log(1 + exp(.)) rather than log1p, and elu uses exp(x) - 1, so
results agree to the last bits rather than only to the mathematically exact values."""
from __future__ import annotations

import math

from . import _kernel_utils as K
from . import unary as U
from .binary import equal, greater_than, where
from .nn_activation import apply, attr32, const, float_meta
from .registry import ELEMENTWISE, defop

_SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)
_INV_SQRT_2PI = 1.0 / math.sqrt(2.0 * math.pi)
_GELU_CUBIC = 0.044715


# ---- exponential-linear units ------------------------------------------------------------------

@defop("elu", infer_meta=float_meta("elu"), pattern=ELEMENTWISE)
def elu(xp, x, alpha=1.0):
    a = attr32(alpha)
    return apply("elu", lambda v: xp.where(v > 0, v, a * (xp.exp(v) - 1)), x)


@elu.grad(save="x out")
def _(ctx, g):
    x = ctx.x
    # for x <= 0, out + alpha == alpha * exp(x), without overflowing for large positive x
    return where(greater_than(x, const(0, x)), g, g * (ctx.out + attr32(ctx.alpha)))


@defop("celu", infer_meta=float_meta("celu"), pattern=ELEMENTWISE)
def celu(xp, x, alpha=1.0):
    a = attr32(alpha)

    def formula(v):
        zero = v.dtype.type(0)
        return xp.maximum(v, zero) + xp.minimum(a * (xp.exp(v / a) - 1), zero)
    return apply("celu", formula, x)


@celu.grad(save="x out")
def _(ctx, g):
    x = ctx.x
    return where(greater_than(x, const(0, x)), g, g * (ctx.out / attr32(ctx.alpha) + 1))


@defop("selu", infer_meta=float_meta("selu"), pattern=ELEMENTWISE)
def selu(xp, x, scale=1.0507009873554805, alpha=1.6732632423543772):
    s, a = attr32(scale), attr32(alpha)
    return apply("selu", lambda v: xp.where(v > 0, s * v, s * (a * xp.exp(v) - a)), x)


@selu.grad(save="x out")
def _(ctx, g):
    x = ctx.x
    s = attr32(ctx.scale)
    return where(greater_than(x, const(0, x)), g * s, g * (ctx.out + s * attr32(ctx.alpha)))


# ---- gaussian and sigmoid-weighted units -------------------------------------------------------

@defop("gelu", infer_meta=float_meta("gelu"), pattern=ELEMENTWISE)
def gelu(xp, x, approximate=False):
    if approximate:
        def formula(v):
            inner = _SQRT_2_OVER_PI * v * (1 + _GELU_CUBIC * v * v)
            return 0.5 * v * (1 + xp.tanh(inner))
    else:
        def formula(v):
            return 0.5 * v * (1 + K.erf(v * math.sqrt(0.5)))
    return apply("gelu", formula, x)


@gelu.grad(save="x out")
def _(ctx, g):
    x = ctx.x
    if ctx.approximate:
        t = U.tanh(x * _SQRT_2_OVER_PI * (x * x * _GELU_CUBIC + 1))
        slope = (x * x * (3 * _GELU_CUBIC) + 1) * _SQRT_2_OVER_PI
        return g * ((t + 1) * 0.5 + x * 0.5 * (1 - t * t) * slope)
    # Phi(x) = out / x recovers the normal CDF without a second erf (the costly part); at x = 0
    # it is 1/2, and the divisor is kept non-zero there so double backward stays finite
    at_zero = equal(x, const(0, x))
    cdf = where(at_zero, const(0.5, x), ctx.out / where(at_zero, const(1, x), x))
    pdf = U.exp(x * x * -0.5) * _INV_SQRT_2PI
    return g * (cdf + x * pdf)


@defop("silu", infer_meta=float_meta("silu"), pattern=ELEMENTWISE)
def silu(xp, x):
    return apply("silu", lambda v: v / (1 + xp.exp(-v)), x)


@silu.grad(save="x")
def _(ctx, g):
    x = ctx.x
    s = U.sigmoid(x)
    return g * s * (x * (1 - s) + 1)


def _softplus_unit(xp, v, threshold):
    """log(1 + e^v), and v itself above the threshold (where it is exact in floating point)."""
    return xp.where(v > threshold, v, xp.log(1 + xp.exp(v)))


@defop("mish", infer_meta=float_meta("mish"), pattern=ELEMENTWISE)
def mish(xp, x, threshold=20.0):
    t = attr32(threshold)
    return apply("mish", lambda v: v * xp.tanh(_softplus_unit(xp, v, t)), x)


@mish.grad(save="x")
def _(ctx, g):
    x = ctx.x
    above = greater_than(x, const(attr32(ctx.threshold), x))
    sp = where(above, x, U.log(U.exp(x) + 1))
    tsp = U.tanh(sp)
    dsp = where(above, const(1, x), U.sigmoid(x))
    return g * (tsp + x * (1 - tsp * tsp) * dsp)


# ---- log-sigmoid, softplus, softsign, tanhshrink -----------------------------------------------

@defop("logsigmoid", infer_meta=float_meta("logsigmoid"), pattern=ELEMENTWISE)
def logsigmoid(xp, x):
    def formula(v):
        shift = xp.maximum(-v, v.dtype.type(0))
        return -shift - xp.log(xp.exp(-shift) + xp.exp(-v - shift))
    return apply("logsigmoid", formula, x)


@logsigmoid.grad(save="x")
def _(ctx, g):
    return g * U.sigmoid(-ctx.x)


@defop("softplus", infer_meta=float_meta("softplus"), pattern=ELEMENTWISE)
def softplus(xp, x, beta=1.0, threshold=20.0):
    b, t = float(beta), float(threshold)

    def formula(v):
        scaled = v * b
        return xp.where(scaled > t, v, xp.log(1 + xp.exp(scaled)) / b)
    return apply("softplus", formula, x)


@softplus.grad(save="x")
def _(ctx, g):
    scaled = ctx.x * float(ctx.beta)
    above = greater_than(scaled, const(float(ctx.threshold), scaled))
    return where(above, g, g * U.sigmoid(scaled))


@defop("softsign", infer_meta=float_meta("softsign"), pattern=ELEMENTWISE)
def softsign(xp, x):
    return apply("softsign", lambda v: v / (1 + xp.abs(v)), x)


@softsign.grad(save="x")
def _(ctx, g):
    denom = U.abs_op(ctx.x) + 1
    return g / (denom * denom)


@defop("tanh_shrink", infer_meta=float_meta("tanh_shrink"), pattern=ELEMENTWISE)
def tanh_shrink(xp, x):
    return apply("tanh_shrink", lambda v: v - xp.tanh(v), x)


@tanh_shrink.grad(save="x")
def _(ctx, g):
    t = U.tanh(ctx.x)
    return g * t * t
