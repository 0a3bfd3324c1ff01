"""Discrete Fourier transforms, split as Paddle splits them: fft_c2c (complex to complex),
fft_r2c (real to complex, optionally one-sided) and fft_c2r (one-sided complex to real).

Every op transforms over `axes` in the direction `forward` with Paddle's `normalization`
('backward': the inverse divides by n; 'forward': the forward divides by n; 'ortho': both divide
by sqrt(n)). The kernels are pocketfft (SciPy's where installed, else NumPy's), the library
Paddle's CPU kernels use too.

Gradients follow Paddle's complex convention (dL/dRe z + i dL/dIm z): the adjoint of a transform
is the transform in the other direction with the same scale, which is the swapped norm."""
from __future__ import annotations

import functools

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from ..tensor import Tensor
from .math_complex import real
from .pad import pad
from .registry import OPAQUE, defop


@functools.cache
def _scipy_fft():
    """SciPy's pocketfft runs float32 natively and is several times faster than NumPy's; it is
    imported on the first transform, not with paddle."""
    try:
        from scipy import fft
    except ImportError:  # pragma: no cover - depends on the environment
        return None
    return fft


NORMS = ("backward", "ortho", "forward")
_SWAPPED = {"backward": "forward", "forward": "backward", "ortho": "ortho"}
_COMPLEX_OF = {_dt.float32: _dt.complex64, _dt.float64: _dt.complex128}
_REAL_OF = {_dt.complex64: _dt.float32, _dt.complex128: _dt.float64}


def _check_attrs(op, ndim, axes, normalization):
    if normalization not in NORMS:
        raise ValueError(f"({op}) Unexpected norm: {normalization}. Norm should be forward, "
                         f"backward or ortho")
    if not axes or len(set(axes)) != len(axes) or any(not 0 <= a < ndim for a in axes):
        raise ValueError(f"({op}) axes {list(axes)} must be distinct and in range [0, {ndim})")


def _check_dtype(op, x, allowed, what):
    if x.dtype not in allowed:
        raise TypeError(f"({op}) x must be {what}, but received {x.dtype.name}")


def _c2c_meta(x, axes, normalization, forward):
    _check_dtype("fft_c2c", x, _REAL_OF, "complex64 or complex128")
    _check_attrs("fft_c2c", len(x.shape), axes, normalization)
    return TensorMeta(x.shape, x.dtype)


def _r2c_meta(x, axes, normalization, forward, onesided):
    _check_dtype("fft_r2c", x, _COMPLEX_OF, "float32 or float64")
    _check_attrs("fft_r2c", len(x.shape), axes, normalization)
    shape = list(x.shape)
    if onesided and shape[axes[-1]] != -1:
        shape[axes[-1]] = shape[axes[-1]] // 2 + 1
    return TensorMeta(tuple(shape), _COMPLEX_OF[x.dtype])


def c2r_last_size(in_size: int, last_dim_size: int) -> int:
    """The real signal length: given, or 2 * (m - 1) for m one-sided bins."""
    if last_dim_size > 0:
        return last_dim_size
    return -1 if in_size == -1 else max(2 * (in_size - 1), 0)


def _c2r_meta(x, axes, normalization, forward, last_dim_size=0):
    _check_dtype("fft_c2r", x, _REAL_OF, "complex64 or complex128")
    _check_attrs("fft_c2r", len(x.shape), axes, normalization)
    shape = list(x.shape)
    shape[axes[-1]] = c2r_last_size(shape[axes[-1]], last_dim_size)
    return TensorMeta(tuple(shape), _REAL_OF[x.dtype])


def _empty_result(xp, shape, np_dtype):
    return xp.zeros(shape, np_dtype)


def _fft_module(xp):
    scipy_fft = _scipy_fft() if xp is np else None
    return scipy_fft if scipy_fft is not None else xp.fft


def _c2c_ref(x, axes, normalization, forward):
    fn = np.fft.fftn if forward else np.fft.ifftn
    return fn(x, axes=axes, norm=normalization).astype(x.dtype)


@defop("fft_c2c", infer_meta=_c2c_meta, pattern=OPAQUE, ref=_c2c_ref)
def fft_c2c(xp, x, axes, normalization="backward", forward=True):
    if x.size == 0:
        return _empty_result(xp, x.shape, x.dtype)
    lib = _fft_module(xp)
    fn = lib.fftn if forward else lib.ifftn
    return fn(x, axes=tuple(axes), norm=normalization).astype(x.dtype, copy=False)


@fft_c2c.grad()
def _(ctx, g):
    return fft_c2c(g, ctx.axes, _SWAPPED[ctx.normalization], not ctx.forward)


def _r2c_ref(x, axes, normalization, forward, onesided):
    full = np.fft.fftn(x, axes=axes, norm=normalization if forward else _SWAPPED[normalization])
    full = full if forward else np.conj(full)
    if onesided:
        full = np.take(full, np.arange(x.shape[axes[-1]] // 2 + 1), axis=axes[-1])
    return full.astype(np.result_type(x.dtype, np.complex64))


@defop("fft_r2c", infer_meta=_r2c_meta, pattern=OPAQUE, ref=_r2c_ref)
def fft_r2c(xp, x, axes, normalization="backward", forward=True, onesided=True):
    out_dtype = np.result_type(x.dtype, np.complex64)
    axes = tuple(axes)
    if x.size == 0:
        shape = list(x.shape)
        if onesided:
            shape[axes[-1]] = shape[axes[-1]] // 2 + 1
        return _empty_result(xp, tuple(shape), out_dtype)
    # the inverse of a real signal is the conjugate of its forward transform, rescaled
    norm = normalization if forward else _SWAPPED[normalization]
    lib = _fft_module(xp)
    out = lib.rfftn(x, axes=axes, norm=norm) if onesided else lib.fftn(x, axes=axes, norm=norm)
    if not forward:
        out = xp.conj(out)
    return out.astype(out_dtype, copy=False)


@fft_r2c.grad()
def _(ctx, g):
    axes = ctx.axes
    if ctx.onesided:
        last = axes[-1]
        pairs = [(0, 0)] * len(ctx.x.shape)
        pairs[last] = (0, ctx.x.shape[last] - g.shape[last])
        g = pad(g, pairs, "constant", 0.0)
    return real(fft_c2c(g, axes, _SWAPPED[ctx.normalization], not ctx.forward))


def _c2r_ref(x, axes, normalization, forward, last_dim_size=0):
    n = c2r_last_size(x.shape[axes[-1]], last_dim_size)
    sizes = [x.shape[a] for a in axes[:-1]] + [n]
    if forward:
        x, normalization = np.conj(x), _SWAPPED[normalization]
    out = np.fft.irfftn(x, s=sizes, axes=axes, norm=normalization)
    return out.astype(np.real(np.zeros((), x.dtype)).dtype)


@defop("fft_c2r", infer_meta=_c2r_meta, pattern=OPAQUE, ref=_c2r_ref)
def fft_c2r(xp, x, axes, normalization="backward", forward=False, last_dim_size=0):
    axes = tuple(axes)
    real_dtype = xp.real(xp.zeros((), x.dtype)).dtype
    n = c2r_last_size(x.shape[axes[-1]], last_dim_size)
    sizes = [x.shape[a] for a in axes[:-1]] + [n]
    if x.size == 0 or n == 0:
        shape = list(x.shape)
        shape[axes[-1]] = n
        return _empty_result(xp, tuple(shape), real_dtype)
    if forward:  # a forward c2r is the inverse of the conjugate, rescaled
        x, normalization = xp.conj(x), _SWAPPED[normalization]
    out = _fft_module(xp).irfftn(x, s=sizes, axes=axes, norm=normalization)
    return out.astype(real_dtype, copy=False)


def _hermitian_weights(m: int, n: int, dtype) -> np.ndarray:
    """How often each one-sided bin counts in the full spectrum: once for the zero frequency
    (and the Nyquist bin of an even n), twice for the bins that stand for a conjugate pair."""
    weights = np.full(m, 2.0)
    weights[0] = 1.0
    if n % 2 == 0 and n // 2 < m:
        weights[n // 2] = 1.0
    weights[n // 2 + 1:] = 0.0
    return weights.astype(dtype)


@fft_c2r.grad()
def _(ctx, g):
    axes = ctx.axes
    last = axes[-1]
    m = ctx.x.shape[last]
    n = g.shape[last]
    spectrum = fft_r2c(g, axes, _SWAPPED[ctx.normalization], not ctx.forward, True)
    pairs = [(0, 0)] * len(g.shape)
    pairs[last] = (0, m - spectrum.shape[last])
    spectrum = pad(spectrum, pairs, "constant", 0.0)
    shape = [1] * len(g.shape)
    shape[last] = m
    weights = _hermitian_weights(m, n, g.dtype.np_dtype).reshape(shape)
    return spectrum * Tensor(weights)
