"""Helpers shared by kernels: precision handling and special functions.

float16/bfloat16 math is computed in float32 and rounded back, as Paddle's kernels do.
SciPy (optional, faster than the pure-NumPy fallbacks) is imported on the first special-function
call, not with paddle: it pulls in numpy.testing and unittest, a quarter second."""
from __future__ import annotations

import functools
import math

import numpy as np

from .. import dtype as _dt

# float16, plus bfloat16 once ml_dtypes is loaded (no array is bfloat16 before that)
LOW_PRECISION = _dt.LOW_PRECISION_NP


@functools.cache
def scipy_special():
    """scipy.special, or None where SciPy is not installed."""
    try:
        from scipy import special
    except ImportError:  # pragma: no cover - depends on the environment
        return None
    return special


def float_input(x: np.ndarray) -> np.ndarray:
    """Integers and bools become the default float dtype (Paddle's rule for float math)."""
    if x.dtype.kind in "biu":
        return x.astype(_dt.default_float().np_dtype)
    return x


def float_math(fn, x: np.ndarray) -> np.ndarray:
    """Apply a float ufunc, computing low-precision inputs in float32."""
    x = float_input(x)
    if x.dtype in LOW_PRECISION:
        return fn(x.astype(np.float32)).astype(x.dtype)
    return fn(x)


def same_dtype_math(fn, *arrays: np.ndarray) -> np.ndarray:
    """Apply fn keeping the first array's dtype (low precision computed in float32)."""
    dtype = arrays[0].dtype
    if dtype in LOW_PRECISION:
        return fn(*(a.astype(np.float32) for a in arrays)).astype(dtype)
    out = fn(*arrays)
    return out if out.dtype == dtype else out.astype(dtype)


def _vectorize(scalar_fn):
    ufunc = np.frompyfunc(scalar_fn, 1, 1)

    def apply(x):
        return ufunc(x.astype(np.float64)).astype(x.dtype) if x.size else x.copy()
    return apply


def erf(x):
    special = scipy_special()
    return special.erf(x) if special else _vectorize(math.erf)(x)


def lgamma(x):
    special = scipy_special()
    return special.gammaln(x) if special else _vectorize(math.lgamma)(x)


def _digamma_scalar(v: float) -> float:
    if v <= 0 and v == math.floor(v):
        return math.nan
    result = 0.0
    if v < 0:  # reflection
        return _digamma_scalar(1 - v) - math.pi / math.tan(math.pi * v)
    while v < 6:
        result -= 1 / v
        v += 1
    inv = 1 / v
    inv2 = inv * inv
    series = inv2 * (1 / 12 - inv2 * (1 / 120 - inv2 * (1 / 252 - inv2 * (1 / 240 - inv2 / 132))))
    return result + math.log(v) - 0.5 * inv - series


def digamma(x):
    special = scipy_special()
    return special.digamma(x) if special else _vectorize(_digamma_scalar)(x)


def erfinv(x):
    special = scipy_special()
    if special:
        return special.erfinv(x)
    # Initial guess from Giles' single-precision approximation, refined by Newton steps on erf.
    x64 = x.astype(np.float64)
    w = -np.log((1.0 - x64) * (1.0 + x64))
    small = w < 5
    ws = w - 2.5
    ps = 2.81022636e-08
    for c in (3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087, -0.00125372503,
              -0.00417768164, 0.246640727, 1.50140941):
        ps = c + ps * ws
    wl = np.sqrt(np.maximum(w, 5)) - 3
    pl = -0.000200214257
    for c in (0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773, -0.0076224613,
              0.00943887047, 1.00167406, 2.83297682):
        pl = c + pl * wl
    y = np.where(small, ps, pl) * x64
    with np.errstate(all="ignore"):
        for _ in range(3):
            err = erf(y) - x64
            y = y - err / (2 / math.sqrt(math.pi) * np.exp(-y * y))
    y = np.where(np.abs(x64) == 1, np.copysign(np.inf, x64), y)
    y = np.where(np.abs(x64) > 1, np.nan, y)
    return y.astype(x.dtype)


def i0(x):
    special = scipy_special()
    return special.i0(x) if special else np.i0(x)


def i0e(x):
    special = scipy_special()
    return special.i0e(x) if special else np.exp(-np.abs(x)) * np.i0(x)


def _bessel_i1_scalar(v: float) -> float:
    # power series; converges for all v (terms are positive for v > 0)
    half = v / 2
    term = half
    total = term
    k = 0
    while abs(term) > 1e-17 * abs(total):
        k += 1
        term *= half * half / (k * (k + 1))
        total += term
        if k > 500:
            break
    return total


def i1(x):
    special = scipy_special()
    return special.i1(x) if special else _vectorize(_bessel_i1_scalar)(x)


def i1e(x):
    special = scipy_special()
    return special.i1e(x) if special else np.exp(-np.abs(x)) * i1(x)
