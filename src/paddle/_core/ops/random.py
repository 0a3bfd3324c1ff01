"""Random sampling ops. Every kernel draws from the default generator (paddle/_core/random.py),
so `paddle.seed` makes them reproducible; tracing records them like any other op and the
recorded program samples afresh each time it runs.

The fill ops (uniform, gaussian, randint) take their shape either from the `shape` attribute or
from an optional `like` tensor; the `like` form keeps dynamic dims in traced programs and is what
in-place fills (`x.uniform_()`) use. Like Paddle's in-place random ops, they pass a zero gradient
back to `like`: the filled tensor no longer depends on its old value.
"""
from __future__ import annotations

import math

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta, broadcast_shapes
from ..random import numpy_rng
from .registry import OPAQUE, defop

_FLOAT_OR_COMPLEX = ("float16", "bfloat16", "float32", "float64", "complex64", "complex128")
_FLOATS = ("float16", "bfloat16", "float32", "float64")


def check_dtype(op: str, dtype: _dt.DType, allowed: tuple) -> None:
    """Paddle's random kernels exist for a few dtypes only; anything else is a TypeError."""
    if dtype.name not in allowed:
        raise TypeError(f"({op}) The data type of the output must be one of {list(allowed)}, "
                        f"but received {dtype.name}.")


def _fill_shape(like, shape) -> tuple:
    return tuple(like.shape) if like is not None else tuple(shape)


def _zero_grad_to_like(ctx, g):
    from .creation import full
    # optional-input ops return one gradient per declared input, as a tuple
    return (full(list(ctx.like.shape), 0, ctx.like.dtype),)


_FLOAT32 = np.dtype(np.float32)
_FLOAT64 = np.dtype(np.float64)


def _compute_dtype(dtype: _dt.DType) -> np.dtype:
    """NumPy draws float32/float64 natively; float16/bfloat16 are drawn in float32."""
    return _FLOAT64 if dtype.name in ("float64", "complex128") else _FLOAT32


def _scaled_uniform(rng, shape, draw_dtype, low, high):
    values = rng.random(shape, dtype=draw_dtype)
    if low != 0 or high != 1:
        values *= draw_dtype.type(high) - draw_dtype.type(low)
        values += draw_dtype.type(low)
    return values


def _as_output(values: np.ndarray, dtype: _dt.DType, xp):
    if values.dtype != dtype.np_dtype:
        values = values.astype(dtype.np_dtype)
    return values if xp is np else xp.asarray(values)


# ---- uniform -----------------------------------------------------------------------------------

def _uniform_meta(like, shape, dtype, min, max, seed):  # noqa: A002 - Paddle's names
    check_dtype("uniform", dtype, _FLOAT_OR_COMPLEX)
    return TensorMeta(_fill_shape(like, shape), dtype)


@defop("uniform", "like", infer_meta=_uniform_meta, pattern=OPAQUE, optional_inputs=("like",),
       tags=("random",))
def uniform(xp, like, shape, dtype, min, max, seed):  # noqa: A002
    check_dtype("uniform", dtype, _FLOAT_OR_COMPLEX)
    out_shape = _fill_shape(like, shape)
    rng = numpy_rng(seed)
    draw_dtype = _compute_dtype(dtype)
    values = _scaled_uniform(rng, out_shape, draw_dtype, min, max)
    if dtype.kind == "c":
        values = values + 1j * _scaled_uniform(rng, out_shape, draw_dtype, min, max)
    return _as_output(values, dtype, xp)


uniform.grad()(_zero_grad_to_like)


# ---- gaussian ----------------------------------------------------------------------------------

def _gaussian_meta(like, shape, mean, std, seed, dtype):
    check_dtype("gaussian", dtype, _FLOAT_OR_COMPLEX)
    return TensorMeta(_fill_shape(like, shape), dtype)


@defop("gaussian", "like", infer_meta=_gaussian_meta, pattern=OPAQUE, optional_inputs=("like",),
       tags=("random",))
def gaussian(xp, like, shape, mean, std, seed, dtype):
    check_dtype("gaussian", dtype, _FLOAT_OR_COMPLEX)
    out_shape = _fill_shape(like, shape)
    rng = numpy_rng(seed)
    draw_dtype = _compute_dtype(dtype)
    if dtype.kind == "c":
        # a complex normal with variance std**2 splits it evenly between real and imaginary parts
        scale = draw_dtype.type(std / math.sqrt(2.0))
        mean = complex(mean)
        real = rng.standard_normal(out_shape, dtype=draw_dtype) * scale + mean.real
        imag = rng.standard_normal(out_shape, dtype=draw_dtype) * scale + mean.imag
        values = real + 1j * imag
    else:
        values = rng.standard_normal(out_shape, dtype=draw_dtype)
        mean = mean.real if isinstance(mean, complex) else mean
        if mean != 0 or std != 1:
            values *= draw_dtype.type(std)
            values += draw_dtype.type(mean)
    return _as_output(values, dtype, xp)


gaussian.grad()(_zero_grad_to_like)


# ---- randint -----------------------------------------------------------------------------------

def check_int_range(op: str, low: int, high: int) -> None:
    if low >= high:
        raise ValueError(f"({op}) randint's low must less then high, but received: low = "
                         f"{low}, high = {high}.")


def _randint_meta(like, low, high, shape, dtype):
    check_int_range("randint", low, high)
    return TensorMeta(_fill_shape(like, shape), dtype)


@defop("randint", "like", infer_meta=_randint_meta, pattern=OPAQUE, optional_inputs=("like",),
       tags=("random",))
def randint(xp, like, low, high, shape, dtype):
    """Integers drawn uniformly from [low, high), stored as `dtype` (bools/floats by casting,
    as Paddle's randint_like does)."""
    check_int_range("randint", low, high)
    values = numpy_rng().integers(low, high, size=_fill_shape(like, shape), dtype=np.int64)
    return xp.asarray(values.astype(dtype.np_dtype, copy=False))


randint.grad()(_zero_grad_to_like)


# ---- randperm ----------------------------------------------------------------------------------

_RANDPERM_DTYPES = ("int32", "int64", "float32", "float64")


def _randperm_meta(n, dtype):
    _check_randperm(n, dtype)
    return TensorMeta((n,), dtype)


def _check_randperm(n: int, dtype: _dt.DType) -> None:
    check_dtype("randperm", dtype, _RANDPERM_DTYPES)
    if n < 0:
        raise ValueError(f"(randperm) The input n should be greater than or equal to 0, but "
                         f"received n = {n}.")


@defop("randperm", (), infer_meta=_randperm_meta, pattern=OPAQUE, tags=("random",))
def randperm(xp, n, dtype):
    _check_randperm(n, dtype)
    return xp.asarray(numpy_rng().permutation(n).astype(dtype.np_dtype))


randperm.no_grad("samples a random permutation")


# ---- multinomial -------------------------------------------------------------------------------

def _multinomial_meta(x, num_samples, replacement):
    _check_multinomial_args(x.ndim, x.dtype, num_samples)
    return TensorMeta(tuple(x.shape[:-1]) + (num_samples,), _dt.int64)


def _check_multinomial_args(ndim: int, dtype: _dt.DType, num_samples: int) -> None:
    if dtype.name not in ("float32", "float64"):
        raise TypeError("(multinomial) The input x must be float32 or float64, but received "
                        f"{dtype.name}.")
    if ndim == 0 or ndim > 2:
        bound = "> 0" if ndim == 0 else "<= 2"
        raise ValueError("(multinomial) The number of dimensions of the input probability "
                         f"distribution should be {bound}, but got {ndim}.")
    if num_samples <= 0:
        raise ValueError(f"(multinomial) The number of samples should be > 0, but got "
                         f"{num_samples}.")


def _checked_weights(x: np.ndarray, num_samples: int, replacement: bool) -> np.ndarray:
    """Rows of non-negative weights; infinite weights share all the probability."""
    bad = np.isnan(x) | (x < 0)
    if bad.any():
        raise ValueError("(multinomial) The input of multinomial distribution should be >= 0, "
                         f"but got {x[bad].flat[0]}.")
    rows = x.reshape(-1, x.shape[-1]).astype(np.float64)
    infinite = np.isinf(rows)
    rows = np.where(infinite.any(axis=1, keepdims=True), infinite.astype(np.float64), rows)
    totals = rows.sum(axis=1)
    if (totals <= 0).any():
        raise ValueError("(multinomial) The sum of one multinomial distribution probability "
                         f"should be > 0, but got {totals[totals <= 0][0]:f}.")
    if not replacement and (np.count_nonzero(rows, axis=1) < num_samples).any():
        raise ValueError("(multinomial) When replacement is False, number of samples should be "
                         "less than non-zero categories.")
    return rows


@defop("multinomial", infer_meta=_multinomial_meta, pattern=OPAQUE, tags=("random",))
def multinomial(xp, x, num_samples, replacement):
    _check_multinomial_args(x.ndim, _dt.from_numpy_dtype(x.dtype), num_samples)
    rows = _checked_weights(x, num_samples, replacement)
    rng = numpy_rng()
    if rows.shape[0] == 0:
        picks = np.zeros((0, num_samples), dtype=np.int64)
    elif replacement:
        cdf = np.cumsum(rows, axis=1)
        draws = rng.random((rows.shape[0], num_samples)) * cdf[:, -1:]
        picks = np.stack([np.searchsorted(c, d, side="right") for c, d in zip(cdf, draws)])
        picks = np.minimum(picks, rows.shape[1] - 1)
    else:
        # Exponential race: category i finishes at E_i / w_i; the first num_samples to finish
        # are a draw without replacement proportional to the weights. Zero weights never finish.
        with np.errstate(divide="ignore"):
            finish = rng.standard_exponential(rows.shape) / rows
        picks = np.argsort(finish, axis=1, kind="stable")[:, :num_samples]
    out_shape = x.shape[:-1] + (num_samples,)
    return xp.asarray(picks.astype(np.int64).reshape(out_shape))


multinomial.no_grad("samples category indices")


# ---- elementwise samplers parameterised by a tensor -----------------------------------------

def _sampler_meta(op: str):
    def rule(x):
        check_dtype(op, x.dtype, ("float32", "float64"))
        return TensorMeta(x.shape, x.dtype)
    return rule


@defop("bernoulli", infer_meta=_sampler_meta("bernoulli"), pattern=OPAQUE, tags=("random",))
def bernoulli(xp, x):
    check_dtype("bernoulli", _dt.from_numpy_dtype(x.dtype), ("float32", "float64"))
    below = x < 0
    if below.any():
        raise IndexError(f"(bernoulli) The probability should be >= 0, but got "
                         f"{x[below].flat[0]:f}")
    above = ~(x <= 1)
    if above.any():
        raise IndexError(f"(bernoulli) The probability should be <= 1, but got "
                         f"{x[above].flat[0]:f}")
    return xp.asarray(np.asarray(numpy_rng().random(x.shape) < x).astype(x.dtype))


bernoulli.no_grad("samples 0/1 values")


@defop("poisson", infer_meta=_sampler_meta("poisson"), pattern=OPAQUE, tags=("random",))
def poisson(xp, x):
    check_dtype("poisson", _dt.from_numpy_dtype(x.dtype), ("float32", "float64"))
    rates = x.astype(np.float64)
    finite = np.isfinite(rates)
    # Paddle samples 0 for non-positive and NaN rates; an infinite rate gives infinity.
    safe = np.where(finite & (rates > 0), rates, 0.0)
    counts = np.asarray(numpy_rng().poisson(safe), dtype=np.float64)
    counts = np.where(np.isposinf(rates), np.inf, counts)
    return xp.asarray(counts.astype(x.dtype))


@poisson.grad()
def _(ctx, g):
    from .creation import full
    return full(list(ctx.x.shape), 0, ctx.x.dtype)


@defop("standard_gamma", infer_meta=_sampler_meta("standard_gamma"), pattern=OPAQUE,
       tags=("random",))
def standard_gamma(xp, x):
    check_dtype("standard_gamma", _dt.from_numpy_dtype(x.dtype), ("float32", "float64"))
    alpha = x.astype(np.float64)
    valid = alpha > 0
    samples = np.asarray(numpy_rng().standard_gamma(np.where(valid, alpha, 1.0)))
    tiny = np.finfo(x.dtype).tiny
    # Paddle clamps to the smallest normal number, also for invalid (non-positive) shapes.
    samples = np.where(valid, np.maximum(samples.astype(x.dtype), tiny), tiny)
    return xp.asarray(samples.astype(x.dtype))


standard_gamma.no_grad("samples from a gamma distribution")


def _binomial_meta(count, prob):
    check_dtype("binomial", prob.dtype, ("float32", "float64"))
    return TensorMeta(broadcast_shapes("binomial", count.shape, prob.shape), _dt.int64)


@defop("binomial", "count prob", infer_meta=_binomial_meta, pattern=OPAQUE, tags=("random",))
def binomial(xp, count, prob):
    check_dtype("binomial", _dt.from_numpy_dtype(prob.dtype), ("float32", "float64"))
    broadcast_shapes("binomial", count.shape, prob.shape)
    trials = np.maximum(np.trunc(count.astype(np.float64)), 0).astype(np.int64)
    # Paddle treats probabilities above 1 as 1 and negative trial counts as 0.
    p = np.clip(np.nan_to_num(prob.astype(np.float64), nan=0.0), 0.0, 1.0)
    return xp.asarray(np.asarray(numpy_rng().binomial(trials, p), dtype=np.int64))


binomial.no_grad("samples integer counts")
