"""Special functions: erf and its inverse, lgamma, digamma and polygamma, the modified Bessel
functions i0/i1 (plain and scaled) and the regularized upper incomplete gamma function. SciPy
computes them when installed; the NumPy fallbacks (here and in _kernel_utils) keep the ops
available without it."""
from __future__ import annotations

import math

import numpy as np

from ..meta import broadcast_binary, unary_float
from . import _kernel_utils as K
from ._grad_utils import sum_to_shape
from .registry import BROADCAST, ELEMENTWISE, defop
from .unary import exp, log, quiet_float_math, sign

_SQRT_PI_INV2 = 2.0 / math.sqrt(math.pi)


@defop("erf", infer_meta=unary_float, pattern=ELEMENTWISE)
def erf(xp, x):
    return quiet_float_math(K.erf, x)


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
    return quiet_float_math(_erfinv, x)


@erfinv.grad(save="out")
def _(ctx, g):
    return g * (math.sqrt(math.pi) / 2) * exp(ctx.out * ctx.out)


def _lgamma(v):
    """log|Γ(v)|, with +inf at -inf as Paddle returns."""
    return np.where(v == -np.inf, v.dtype.type(np.inf), K.lgamma(v)).astype(v.dtype)


@defop("lgamma", infer_meta=unary_float, pattern=ELEMENTWISE)
def lgamma(xp, x):
    return quiet_float_math(_lgamma, x)


@lgamma.grad(save="x")
def _(ctx, g):
    return g * digamma(ctx.x)


@defop("digamma", infer_meta=unary_float, pattern=ELEMENTWISE)
def digamma(xp, x):
    return quiet_float_math(K.digamma, x)


@digamma.grad(save="x")
def _(ctx, g):
    return g * polygamma(ctx.x, 1)


@defop("i0", infer_meta=unary_float, pattern=ELEMENTWISE, ref=np.i0)
def i0(xp, x):
    return quiet_float_math(K.i0, x)


@i0.grad(save="x")
def _(ctx, g):
    return g * i1(ctx.x)


@defop("i0e", infer_meta=unary_float, pattern=ELEMENTWISE)
def i0e(xp, x):
    return quiet_float_math(K.i0e, x)


@i0e.grad(save="x out")
def _(ctx, g):
    # i0e'(x) = i1e(x) - sign(x) i0e(x); Paddle takes sign(0) as +1 (the right derivative)
    right = (ctx.x >= 0).astype(ctx.out.dtype) * 2 - 1
    return g * (i1e(ctx.x) - right * ctx.out)


@defop("i1", infer_meta=unary_float, pattern=ELEMENTWISE)
def i1(xp, x):
    return quiet_float_math(K.i1, x)


@i1.grad(save="x out")
def _(ctx, g):
    # I1'(x) = I0(x) - I1(x)/x, with the limit 1/2 at x = 0
    x = ctx.x
    safe = x + (x == 0).astype(x.dtype)
    return g * (i0(x) - ctx.out / safe) * (x != 0).astype(x.dtype) + g * 0.5 * (x == 0).astype(
        x.dtype)


@defop("i1e", infer_meta=unary_float, pattern=ELEMENTWISE)
def i1e(xp, x):
    return quiet_float_math(K.i1e, x)


@i1e.grad(save="x out")
def _(ctx, g):
    # i1e'(x) = i0e(x) - i1e(x) (1/x + sign(x)), with the limit 1/2 at x = 0
    x = ctx.x
    zero = (x == 0).astype(x.dtype)
    safe = x + zero
    slope = i0e(x) - ctx.out * (1 / safe + sign(x))
    return g * (slope * (1 - zero) + 0.5 * zero)


# Bernoulli numbers B_2, B_4, …, B_20 for the asymptotic series of polygamma.
_BERNOULLI = (1 / 6, -1 / 30, 1 / 42, -1 / 30, 5 / 66, -691 / 2730, 7 / 6, -3617 / 510,
              43867 / 798, -174611 / 330)
_SHIFT_TO = 20.0


def _polygamma_fallback(n: int, x: np.ndarray) -> np.ndarray:
    """ψ⁽ⁿ⁾(x) for n ≥ 1: recurrence ψ⁽ⁿ⁾(x) = ψ⁽ⁿ⁾(x+1) + (-1)ⁿ⁺¹ n!/xⁿ⁺¹ up to x ≥ 20, then
    the asymptotic series. Poles (0, -1, …) give ±inf like SciPy."""
    x = x.astype(np.float64)
    sign = -1.0 if n % 2 == 0 else 1.0
    total = np.zeros_like(x)
    shifted = x.copy()
    with np.errstate(divide="ignore", invalid="ignore"):
        while True:
            low = shifted < _SHIFT_TO
            if not low.any():
                break
            total = total + np.where(low, sign * math.factorial(n) / shifted ** (n + 1), 0)
            shifted = np.where(low, shifted + 1, shifted)
        inv = 1 / shifted
        series = math.factorial(n - 1) * inv ** n + math.factorial(n) / 2 * inv ** (n + 1)
        for k, b in enumerate(_BERNOULLI, 1):
            series = series + b * math.factorial(2 * k + n - 1) / math.factorial(2 * k) \
                * inv ** (2 * k + n)
    return total + sign * series


def polygamma_values(n: int, x: np.ndarray) -> np.ndarray:
    if n == 0:
        return K.digamma(x)
    special = K.scipy_special()
    values = special.polygamma(n, x) if special is not None else _polygamma_fallback(n, x)
    # Paddle gives NaN at +inf (where the limit is 0)
    return np.where(x == np.inf, np.nan, values).astype(x.dtype)


@defop("polygamma", infer_meta=unary_float, pattern=ELEMENTWISE)
def polygamma(xp, x, n=1):
    return K.float_math(lambda v: polygamma_values(int(n), v), x)


@polygamma.grad(save="x")
def _(ctx, g):
    return g * polygamma(ctx.x, ctx.n + 1)


def _gammaincc_scalar(a: float, x: float) -> float:
    """Q(a, x) by the series for P when x < a + 1, else by Lentz's continued fraction."""
    if math.isnan(a) or math.isnan(x):
        return math.nan
    if x == 0:
        return 1.0
    if a == 0:
        return 0.0
    if math.isinf(x):
        return 0.0
    log_prefactor = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        k = a
        while abs(term) > abs(total) * 1e-16:
            k += 1
            term *= x / k
            total += term
        return 1.0 - total * math.exp(log_prefactor)
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-16:
            break
    return math.exp(log_prefactor) * h


_gammaincc_ufunc = np.frompyfunc(_gammaincc_scalar, 2, 1)


def _gammaincc(a: np.ndarray, x: np.ndarray) -> np.ndarray:
    special = K.scipy_special()
    if special is not None:
        return special.gammaincc(a, x).astype(a.dtype)
    a, x = np.broadcast_arrays(a, x)
    if not a.size:
        return np.zeros(a.shape, a.dtype)
    return _gammaincc_ufunc(a.astype(np.float64), x.astype(np.float64)).astype(a.dtype)


@defop("gammaincc", "x y", infer_meta=broadcast_binary("gammaincc"), pattern=BROADCAST)
def gammaincc(xp, x, y):
    """Regularized upper incomplete gamma Q(x, y) = Γ(x, y) / Γ(x)."""
    if x.dtype.kind != "f":
        raise TypeError(f"(gammaincc) x and y must be floating tensors, but received "
                        f"{x.dtype}")
    return K.same_dtype_math(_gammaincc, x, y)


@gammaincc.grad(save="x y")
def _(ctx, g):
    # Paddle differentiates with respect to y only: dQ/dy = -y^(x-1) e^(-y) / Γ(x).
    x, y = ctx.x, ctx.y
    density = exp((x - 1) * log(y) - y - lgamma(x))
    return None, (sum_to_shape(-g * density, y.shape) if ctx.needs_grad[1] else None)
