"""Reductions over axes (sum, mean, prod, max/min, all/any, logsumexp, arg-reductions) and scans
(cumsum, cumprod). `axis` is None (all axes) or a tuple of normalised axes; the public layer
normalises user input."""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta, normalize_axes, normalize_axis, reduced_shape
from . import _kernel_utils as K
from .registry import REDUCTION, defop


def _axes(op, x_ndim, axis):
    return normalize_axes(op, axis, x_ndim)


def _reduce_meta(op_name, dtype_rule=None):
    def rule(x, axis=None, *rest):
        keepdim = rest[-1] if rest else False
        axes = _axes(op_name, x.ndim, axis)
        dtype = dtype_rule(x.dtype, *rest[:-1]) if dtype_rule else x.dtype
        return TensorMeta(reduced_shape(x.shape, axes, keepdim), dtype)
    return rule


def _expand_back(g, x_shape, axis, keepdim):
    """Broadcast a reduced gradient back to the input's shape."""
    from .manipulation import expand, reshape
    axes = normalize_axes("reduce", axis, len(x_shape))
    if not keepdim:
        g = reshape(g, list(reduced_shape(tuple(x_shape), axes, True)))
    return expand(g, list(x_shape))


def _sum_dtype(x_dtype, dtype=None):
    if dtype is not None:
        return _dt.to_dtype(dtype)
    if x_dtype.kind in "bi" and x_dtype is not _dt.int64 or x_dtype.kind == "u":
        return _dt.int64
    return x_dtype


@defop("sum", infer_meta=_reduce_meta("sum", _sum_dtype), pattern=REDUCTION, ref=np.sum)
def sum_op(xp, x, axis=None, dtype=None, keepdim=False):
    out_dtype = _sum_dtype(_dt.from_numpy_dtype(x.dtype), dtype).np_dtype
    axes = _axes("sum", x.ndim, axis)
    if x.dtype in K.LOW_PRECISION:
        return xp.sum(x.astype(np.float32), axis=axes, keepdims=keepdim).astype(out_dtype)
    return xp.sum(x, axis=axes, dtype=out_dtype, keepdims=keepdim)


@sum_op.grad()
def _(ctx, g):
    return _expand_back(g, ctx.x.shape, ctx.axis, ctx.keepdim).astype(ctx.x.dtype)


@defop("mean", infer_meta=_reduce_meta("mean"), pattern=REDUCTION, ref=np.mean)
def mean(xp, x, axis=None, keepdim=False):
    axes = _axes("mean", x.ndim, axis)
    if x.dtype.kind in "biu":
        total = xp.sum(x, axis=axes, keepdims=keepdim, dtype=np.int64)
        count = x.size // max(total.size, 1) if x.size else 0
        return (total // max(count, 1)).astype(x.dtype)
    if x.dtype in K.LOW_PRECISION:
        return xp.mean(x.astype(np.float32), axis=axes, keepdims=keepdim).astype(x.dtype)
    return xp.mean(x, axis=axes, keepdims=keepdim)


@mean.grad()
def _(ctx, g):
    shape = tuple(ctx.x.shape)
    axes = normalize_axes("mean", ctx.axis, len(shape))
    count = 1
    for i, d in enumerate(shape):
        if axes is None or i in axes:
            count *= d
    return _expand_back(g / max(count, 1), shape, ctx.axis, ctx.keepdim)


@defop("prod", infer_meta=_reduce_meta("prod"), pattern=REDUCTION, ref=np.prod)
def prod(xp, x, axis=None, keepdim=False):
    axes = _axes("prod", x.ndim, axis)
    if x.dtype in K.LOW_PRECISION:
        return xp.prod(x.astype(np.float32), axis=axes, keepdims=keepdim).astype(x.dtype)
    return xp.prod(x, axis=axes, keepdims=keepdim, dtype=x.dtype)


@prod.grad(save="x out")
def _(ctx, g):
    # d prod / dx_i = prod / x_i, computed without division where x has zeros
    x = ctx.x
    out = _expand_back(ctx.out, x.shape, ctx.axis, ctx.keepdim)
    gx = _expand_back(g, x.shape, ctx.axis, ctx.keepdim)
    zero = x == 0
    if not bool(zero.any()):
        return gx * out / x
    from .binary import where
    axes = normalize_axes("prod", ctx.axis, x.ndim)
    ones = x * 0 + 1
    others = _prod_excluding(where(zero, ones, x), zero, axes)
    return gx * others


def _prod_excluding(x_nozero, zero_mask, axes):
    """Product over `axes` of all other elements, exact when x contains zeros."""
    from .binary import where
    from .manipulation import expand
    nz_prod = prod(x_nozero, axes, True)
    zeros_count = sum_op(zero_mask.astype("int64"), axes, None, True)
    full = expand(nz_prod, list(x_nozero.shape))
    count = expand(zeros_count, list(x_nozero.shape))
    alone = where(zero_mask, full, full * 0)
    others = where(zero_mask, full, full / x_nozero)
    return where(count == 0, others, where(count == 1, alone, full * 0))


def _minmax_reduce(name, fn, even_split):
    @defop(name, infer_meta=_reduce_meta(name), pattern=REDUCTION, ref=fn)
    def kernel(xp, x, axis=None, keepdim=False):
        axes = _axes(name, x.ndim, axis)
        if x.size == 0:
            raise ValueError(f"({name}) The input tensor is empty; {name} of an empty tensor "
                             "is undefined.")
        return fn(x, axis=axes, keepdims=keepdim)

    @kernel.grad(save="x out")
    def _(ctx, g):
        x = ctx.x
        out = _expand_back(ctx.out, x.shape, ctx.axis, ctx.keepdim)
        mask = (x == out).astype(g.dtype)
        gx = _expand_back(g, x.shape, ctx.axis, ctx.keepdim)
        if even_split:
            count = _expand_back(sum_op(mask, ctx.axis, None, ctx.keepdim), x.shape, ctx.axis,
                                 ctx.keepdim)
            return gx * mask / count
        return gx * mask

    return kernel


max_op = _minmax_reduce("max", np.max, False)
min_op = _minmax_reduce("min", np.min, False)
amax = _minmax_reduce("amax", np.max, True)
amin = _minmax_reduce("amin", np.min, True)


def _bool_reduce(name, fn):
    @defop(name, infer_meta=_reduce_meta(name, lambda d: _dt.bool_), pattern=REDUCTION, ref=fn)
    def kernel(xp, x, axis=None, keepdim=False):
        return fn(x, axis=_axes(name, x.ndim, axis), keepdims=keepdim)

    return kernel.no_grad("boolean result")


all_op = _bool_reduce("all", np.all)
any_op = _bool_reduce("any", np.any)


def _logsumexp_ref(x, axis=None, keepdims=False):
    m = np.max(x, axis=axis, keepdims=True)
    out = np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True)) + m
    return out if keepdims else np.squeeze(out, axis=axis)


def _float_reduce_meta(op_name):
    return _reduce_meta(op_name, lambda d: d if d.kind in "fc" else _dt.default_float())


@defop("logsumexp", infer_meta=_float_reduce_meta("logsumexp"), pattern=REDUCTION,
       ref=_logsumexp_ref)
def logsumexp(xp, x, axis=None, keepdim=False):
    axes = _axes("logsumexp", x.ndim, axis)

    def compute(v):
        m = xp.max(v, axis=axes, keepdims=True)
        m = xp.where(xp.isfinite(m), m, 0)
        with np.errstate(divide="ignore"):
            out = xp.log(xp.sum(xp.exp(v - m), axis=axes, keepdims=True)) + m
        return out if keepdim else out.reshape(reduced_shape(v.shape, axes, False))

    return K.float_math(compute, x)


@logsumexp.grad(save="x out")
def _(ctx, g):
    from .unary import exp
    x = ctx.x
    out = _expand_back(ctx.out, x.shape, ctx.axis, ctx.keepdim)
    return _expand_back(g, x.shape, ctx.axis, ctx.keepdim) * exp(x - out)


def _arg_meta(op_name):
    def rule(x, axis=None, keepdim=False, flatten=False, dtype=_dt.int64):
        if axis is None or flatten:
            shape = (1,) * x.ndim if keepdim else ()
        else:
            ax = normalize_axis(op_name, axis, x.ndim)
            shape = reduced_shape(x.shape, (ax,), keepdim)
        return TensorMeta(shape, _dt.to_dtype(dtype))
    return rule


def _arg_reduce(name, fn):
    @defop(name, infer_meta=_arg_meta(name), pattern=REDUCTION, ref=fn)
    def kernel(xp, x, axis=None, keepdim=False, flatten=False, dtype=_dt.int64):
        if x.size == 0:
            raise ValueError(f"({name}) The input tensor is empty.")
        out_dtype = _dt.to_dtype(dtype).np_dtype
        if x.dtype in K.LOW_PRECISION:
            x = x.astype(np.float32)
        if axis is None or flatten:
            out = np.asarray(fn(x.reshape(-1)))
            return out.reshape((1,) * x.ndim if keepdim else ()).astype(out_dtype)
        ax = normalize_axis(name, axis, x.ndim)
        if x.ndim == 0:
            return np.zeros((), out_dtype)
        return fn(x, axis=ax, keepdims=keepdim).astype(out_dtype)

    return kernel.no_grad("integer result")


argmax = _arg_reduce("argmax", np.argmax)
argmin = _arg_reduce("argmin", np.argmin)


def _scan_meta(op_name, widen_int):
    def rule(x, axis=None, *attrs):
        dtype = x.dtype
        if widen_int and (dtype.kind in "bu" or dtype in (_dt.int8, _dt.int16, _dt.int32)):
            dtype = _dt.int64
        shape = (max(1, int(np.prod(x.shape))),) if axis is None else x.shape
        if axis is None and x.ndim == 0:
            shape = (1,)
        return TensorMeta(shape if axis is None else x.shape, dtype)
    return rule


def _scan_input(x, axis, op_name):
    if axis is None:
        return x.reshape(-1), 0
    return x, normalize_axis(op_name, axis, x.ndim)


@defop("cumsum", infer_meta=_scan_meta("cumsum", True), pattern=REDUCTION, ref=np.cumsum)
def cumsum(xp, x, axis=None, flatten=False, exclusive=False, reverse=False):
    v, ax = _scan_input(x, None if flatten else axis, "cumsum")
    if v.ndim == 0:
        v = v.reshape(1)
    dtype = x.dtype
    if dtype.kind in "bu" or dtype in (np.int8, np.int16, np.int32):
        dtype = np.dtype(np.int64)
    work = v.astype(np.float32) if v.dtype in K.LOW_PRECISION else v
    if reverse:
        work = xp.flip(work, ax)
    out = xp.cumsum(work, axis=ax, dtype=None if work.dtype != np.bool_ else np.int64)
    if exclusive:
        out = xp.concatenate([xp.zeros_like(xp.take(out, [0], axis=ax)),
                              xp.take(out, range(out.shape[ax] - 1), axis=ax)], axis=ax)
    if reverse:
        out = xp.flip(out, ax)
    if x.ndim == 0 and axis is not None:
        out = out.reshape(())
    return out.astype(dtype)


@cumsum.grad()
def _(ctx, g):
    from .manipulation import reshape
    shape = list(ctx.x.shape)
    gx = cumsum(g, -1 if ctx.axis is None or ctx.flatten else ctx.axis, False, ctx.exclusive,
                not ctx.reverse)
    return reshape(gx, shape)


@defop("cumprod", infer_meta=_scan_meta("cumprod", False), pattern=REDUCTION, ref=np.cumprod)
def cumprod(xp, x, dim=None, exclusive=False, reverse=False):
    v, ax = _scan_input(x, dim, "cumprod")
    if v.ndim == 0:
        v = v.reshape(1)
    work = v.astype(np.float32) if v.dtype in K.LOW_PRECISION else v
    if reverse:
        work = xp.flip(work, ax)
    out = xp.cumprod(work, axis=ax)
    if exclusive:
        out = xp.concatenate([xp.ones_like(xp.take(out, [0], axis=ax)),
                              xp.take(out, range(out.shape[ax] - 1), axis=ax)], axis=ax)
    if reverse:
        out = xp.flip(out, ax)
    if x.ndim == 0 and dim is not None:
        out = out.reshape(())
    return out.astype(x.dtype)


@cumprod.grad(save="x out")
def _(ctx, g):
    # d/dx_i sum_j g_j * out_j = sum_{j>=i} g_j * out_j / x_i   (x without zeros)
    from .manipulation import reshape
    x = ctx.x
    axis = -1 if ctx.dim is None else ctx.dim
    flat_x = reshape(x, [-1]) if ctx.dim is None else x
    rev = cumsum(g * ctx.out, axis, False, ctx.exclusive, not ctx.reverse)
    return reshape(rev / flat_x, list(x.shape))
