"""The three transform shapes every paddle.fft function reduces to, in 1-D and n-D forms:
complex-to-complex, real-to-complex (one-sided) and one-sided complex-to-real."""
from __future__ import annotations

from .._core.ops.fft import fft_c2c, fft_c2r, fft_r2c
from . import _plan as P


def c2c(api, x, n, axis, norm, forward, out=None):
    x = P.as_complex(api, P.tensor_arg(api, x))
    P.check_norm(norm)
    axis = P.check_axis(x, -1 if axis is None else axis)
    if n is not None:
        P.check_n(n)
        x = P.resize(x, [n], [axis])
    return P.finish(fft_c2c(x, [axis], norm, forward), out)


def r2c(api, x, n, axis, norm, forward, onesided, out=None):
    x = P.as_real(api, P.tensor_arg(api, x))
    P.check_norm(norm)
    axis = P.check_axis(x, -1 if axis is None else axis)
    if n is not None:
        P.check_n(n)
        x = P.resize(x, [n], [axis])
    return P.finish(fft_r2c(x, [axis], norm, forward, onesided), out)


def c2r(api, x, n, axis, norm, forward, out=None):
    x = P.as_complex(api, P.tensor_arg(api, x))
    P.check_norm(norm)
    axis = P.check_axis(x, -1 if axis is None else axis)
    if n is not None:
        P.check_n(n)
        x = P.resize(x, [n // 2 + 1], [axis])
    return P.finish(fft_c2r(x, [axis], norm, forward, 0 if n is None else n), out)


def c2c_nd(api, x, s, axes, norm, forward, out=None):
    x = P.as_complex(api, P.tensor_arg(api, x))
    P.check_norm(norm)
    s, axes = P.plan_axes(x, s, axes, keep_last=False)
    if s is not None:
        x = P.resize(x, s, axes)
    return P.finish(fft_c2c(x, axes, norm, forward), out)


def r2c_nd(api, x, s, axes, norm, forward, onesided, out=None):
    x = P.as_real(api, P.tensor_arg(api, x))
    P.check_norm(norm)
    s, axes = P.plan_axes(x, s, axes, keep_last=True)
    if s is not None:
        x = P.resize(x, s, axes)
    return P.finish(fft_r2c(x, axes, norm, forward, onesided), out)


def c2r_nd(api, x, s, axes, norm, forward, out=None):
    x = P.as_complex(api, P.tensor_arg(api, x))
    P.check_norm(norm)
    s, axes = P.plan_axes(x, s, axes, keep_last=True)
    if s is not None:
        x = P.resize(x, s[:-1] + [s[-1] // 2 + 1], axes)
    return P.finish(fft_c2r(x, axes, norm, forward, 0 if s is None else s[-1]), out)
