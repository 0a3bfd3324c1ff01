"""Reductions over axes: sum, mean, prod, max/min, amax/amin, all/any, logsumexp and the
arg-reductions. `axis` arrives from the public layer as None (every axis) or a tuple of distinct
normalised axes; result dtypes follow Paddle's kernels, which numpy's defaults often do not."""
from __future__ import annotations

import math

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta, normalize_axes, normalize_axis, reduced_shape
from . import _kernel_utils as K
from .registry import REDUCTION, defop


def _axes(op, ndim, axis):
    axes = normalize_axes(op, axis, ndim)
    return None if ndim == 0 else axes


def _reduce_meta(op_name, dtype_rule=None):
    def rule(x, axis=None, *rest):
        keepdim = rest[-1] if rest else False
        axes = _axes(op_name, x.ndim, axis)
        dtype = dtype_rule(x.dtype, *rest[:-1]) if dtype_rule else x.dtype
        return TensorMeta(reduced_shape(x.shape, axes, keepdim and x.ndim > 0), dtype)
    return rule


def expand_back(g, x_shape, axis, keepdim):
    """Broadcast a reduced gradient back to the input's shape (a 0-d gradient of a full
    reduction expands as it is: no reshape needed)."""
    from .manipulation import expand, reshape
    if g._data.ndim and (not keepdim or not len(x_shape)):
        axes = normalize_axes("reduce", axis, len(x_shape))
        g = reshape(g, list(reduced_shape(tuple(x_shape), axes, True)))
    return expand(g, list(x_shape))


def _keep(x, keepdim):
    """Paddle keeps a 0-d result 0-d even with keepdim=True."""
    return keepdim and x.ndim > 0


def reduce_count(shape, axis) -> int:
    axes = normalize_axes("reduce", axis, len(shape))
    return math.prod(d for i, d in enumerate(shape) if axes is None or i in axes)


def _widened(x):
    """float16/bfloat16 accumulate in float32, as Paddle's kernels do."""
    return x.astype(np.float32) if x.dtype in K.LOW_PRECISION else x


# ---- sum / mean / prod ----------------------------------------------------------------------

def sum_dtype(x_dtype, dtype=None):
    """bool and int32 sum to int64; other dtypes keep theirs (int8/int16/uint8 included)."""
    if dtype is not None:
        return _dt.to_dtype(dtype)
    return _dt.int64 if x_dtype in (_dt.bool_, _dt.int32) else x_dtype


_SUM_WIDENS = {np.dtype(np.bool_): np.dtype(np.int64), np.dtype(np.int32): np.dtype(np.int64)}


@defop("sum", infer_meta=_reduce_meta("sum", sum_dtype), pattern=REDUCTION, ref=np.sum)
def sum_op(xp, x, axis=None, dtype=None, keepdim=False):
    target = _SUM_WIDENS.get(x.dtype, x.dtype) if dtype is None else _dt.to_dtype(dtype).np_dtype
    if x.dtype != target:
        x = x.astype(target)
    axes = _axes("sum", x.ndim, axis)
    if target in K.LOW_PRECISION:
        return np.add.reduce(x, axes, np.float32, keepdims=_keep(x, keepdim)).astype(target)
    return np.asarray(np.add.reduce(x, axes, target, keepdims=_keep(x, keepdim)))


@sum_op.grad()
def _(ctx, g):
    grad = expand_back(g, ctx.x.shape, ctx.axis, ctx.keepdim)
    x_dtype = ctx.x._np_dtype
    return grad if grad._data.dtype == x_dtype else grad.astype(ctx.x.dtype)


def _int_mean(x, axes, keepdim):
    """Integer mean truncates toward zero like C++ integer division; bool means are bool."""
    if x.dtype == np.bool_:
        return np.mean(x, axis=axes, keepdims=keepdim) != 0
    total = np.sum(x, axis=axes, keepdims=keepdim, dtype=np.int64)
    count = max(x.size // max(total.size, 1), 1)
    return (np.sign(total) * (np.abs(total) // count)).astype(x.dtype)


@defop("mean", infer_meta=_reduce_meta("mean"), pattern=REDUCTION, ref=np.mean)
def mean(xp, x, axis=None, keepdim=False):
    axes = _axes("mean", x.ndim, axis)
    keepdim = _keep(x, keepdim)
    if x.dtype.kind in "biu":
        return _int_mean(x, axes, keepdim)
    count = x.size if axes is None else math.prod(x.shape[a] for a in axes)
    with np.errstate(invalid="ignore", divide="ignore"):
        out = np.add.reduce(_widened(x), axes, keepdims=keepdim) / count
    return np.asarray(out).astype(x.dtype, copy=False)


@mean.grad()
def _(ctx, g):
    count = reduce_count(ctx.x.shape, ctx.axis)
    return expand_back(g / max(count, 1), ctx.x.shape, ctx.axis, ctx.keepdim)


@defop("prod", infer_meta=_reduce_meta("prod"), pattern=REDUCTION, ref=np.prod)
def prod(xp, x, axis=None, keepdim=False):
    axes = _axes("prod", x.ndim, axis)
    out = xp.prod(_widened(x), axis=axes, keepdims=_keep(x, keepdim))
    return out.astype(x.dtype, copy=False)


@prod.grad(save="x out")
def _(ctx, g):
    # Paddle's kernel uses out / x, so a zero in x gives NaN there, exactly as here.
    x = ctx.x
    out = expand_back(ctx.out, x.shape, ctx.axis, ctx.keepdim)
    return expand_back(g, x.shape, ctx.axis, ctx.keepdim) * out / x


# ---- max / min / amax / amin ----------------------------------------------------------------

def _check_nonempty(name, x, axes):
    for i in range(x.ndim) if axes is None else axes:
        if x.shape[i] == 0:
            raise ValueError(f"({name}) Cannot perform reduction along an axis ({i}) that has a "
                             "size of 0.")
    if x.ndim == 0 and x.size == 0:
        raise ValueError(f"({name}) The input tensor is empty.")


def _extremum(name, ufunc, ref):
    @defop(name, infer_meta=_reduce_meta(name), pattern=REDUCTION, ref=ref)
    def kernel(xp, x, axis=None, keepdim=False):
        axes = _axes(name, x.ndim, axis)
        if not x.size:
            _check_nonempty(name, x, axes)
        return np.asarray(ufunc.reduce(x, axes, keepdims=_keep(x, keepdim)))

    @kernel.grad(save="x out")
    def _(ctx, g):
        # Paddle splits the gradient evenly among the positions that attain the extremum.
        x = ctx.x
        out = expand_back(ctx.out, x.shape, ctx.axis, ctx.keepdim)
        mask = (x == out).astype(g.dtype)
        count = expand_back(sum_op(mask, ctx.axis, None, ctx.keepdim), x.shape, ctx.axis,
                            ctx.keepdim)
        return expand_back(g, x.shape, ctx.axis, ctx.keepdim) * mask / count

    return kernel


max_op = _extremum("max", np.maximum, np.max)
min_op = _extremum("min", np.minimum, np.min)
amax = _extremum("amax", np.maximum, np.max)
amin = _extremum("amin", np.minimum, np.min)


# ---- all / any ------------------------------------------------------------------------------

def _bool_reduce(name, fn):
    @defop(name, infer_meta=_reduce_meta(name, lambda d: _dt.bool_), pattern=REDUCTION, ref=fn)
    def kernel(xp, x, axis=None, keepdim=False):
        return np.asarray(fn(x, axis=_axes(name, x.ndim, axis), keepdims=_keep(x, keepdim)))

    return kernel.no_grad("boolean result")


all_op = _bool_reduce("all", np.all)
any_op = _bool_reduce("any", np.any)


# ---- logsumexp ------------------------------------------------------------------------------

def _float_result(d):
    return d if d.kind in "fc" else _dt.default_float()


def _logsumexp_ref(x, axis=None, keepdims=False):
    m = np.max(x, axis=axis, keepdims=True)
    out = np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True)) + m
    return out if keepdims else np.squeeze(out, axis=axis)


@defop("logsumexp", infer_meta=_reduce_meta("logsumexp", _float_result), pattern=REDUCTION,
       ref=_logsumexp_ref)
def logsumexp(xp, x, axis=None, keepdim=False):
    axes = _axes("logsumexp", x.ndim, axis)
    shape = reduced_shape(x.shape, axes, _keep(x, keepdim))

    def compute(v):
        if v.size == 0:
            return np.full(shape, -np.inf, v.dtype)
        # Paddle subtracts the unsanitised maximum, so an infinite maximum yields NaN.
        m = xp.max(v, axis=axes, keepdims=True)
        with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
            out = xp.log(xp.sum(xp.exp(v - m), axis=axes, keepdims=True)) + m
        return out.reshape(shape)

    return K.float_math(compute, x)


@logsumexp.grad(save="x out")
def _(ctx, g):
    from .unary import exp
    x = ctx.x
    out = expand_back(ctx.out, x.shape, ctx.axis, ctx.keepdim)
    return expand_back(g, x.shape, ctx.axis, ctx.keepdim) * exp(x - out)


# ---- argmax / argmin ------------------------------------------------------------------------

def _arg_meta(op_name):
    def rule(x, axis=None, keepdim=False, flatten=False, dtype=_dt.int64):
        if axis is None or flatten:
            shape = (1,) * x.ndim if keepdim else ()
        else:
            ax = normalize_axis(op_name, axis, x.ndim)
            shape = reduced_shape(x.shape, (ax,), keepdim and x.ndim > 0)
        return TensorMeta(shape, _dt.to_dtype(dtype))
    return rule


def _arg_reduce(name, fn, nan_fill):
    @defop(name, infer_meta=_arg_meta(name), pattern=REDUCTION, ref=fn)
    def kernel(xp, x, axis=None, keepdim=False, flatten=False, dtype=_dt.int64):
        whole = axis is None or flatten or x.ndim == 0
        if x.size == 0 and (whole or x.shape[normalize_axis(name, axis, x.ndim)] == 0):
            raise ValueError(f"({name}) The input tensor is empty; {name} needs at least one "
                             "element along the reduced axis.")
        out_dtype = _dt.to_dtype(dtype).np_dtype
        x = _widened(x)
        if x.dtype.kind == "f":
            # Paddle's comparison never selects NaN (it stays on the first element instead).
            x = np.where(np.isnan(x), nan_fill, x)
        if whole:
            out = np.asarray(fn(x.reshape(-1)))
            return out.reshape((1,) * x.ndim if keepdim else ()).astype(out_dtype)
        ax = normalize_axis(name, axis, x.ndim)
        return fn(x, axis=ax, keepdims=keepdim).astype(out_dtype)

    return kernel.no_grad("integer result")


argmax = _arg_reduce("argmax", np.argmax, -np.inf)
argmin = _arg_reduce("argmin", np.argmin, np.inf)
