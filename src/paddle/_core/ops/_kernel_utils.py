"""Helpers shared by kernels: precision handling and special functions.

float16/bfloat16 math is computed in float32 and rounded back, as Paddle's kernels do."""
from __future__ import annotations

import math

import ml_dtypes
import numpy as np

from .. import dtype as _dt

LOW_PRECISION = (np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16))

try:  # SciPy is optional; its special functions are faster than the pure-NumPy fallbacks.
    from scipy import special as _special
except ImportError:  # pragma: no cover - depends on the environment
    _special = None


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
    return _special.erf(x) if _special else _vectorize(math.erf)(x)


def lgamma(x):
    return _special.gammaln(x) if _special else _vectorize(math.lgamma)(x)


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
    return _special.digamma(x) if _special else _vectorize(_digamma_scalar)(x)


def erfinv(x):
    if _special:
        return _special.erfinv(x)
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
    return _special.i0(x) if _special else np.i0(x)


def i0e(x):
    return _special.i0e(x) if _special else np.exp(-np.abs(x)) * np.i0(x)


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
    return _special.i1(x) if _special else _vectorize(_bessel_i1_scalar)(x)


def i1e(x):
    return _special.i1e(x) if _special else np.exp(-np.abs(x)) * i1(x)
