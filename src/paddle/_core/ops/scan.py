"""Scans along an axis: cumsum, cumprod, logcumsumexp, and cummax/cummin (values with the index
each value came from). `axis=None` (or flatten=True) scans the flattened tensor; a 0-d input
scanned along axis 0 stays 0-d."""
from __future__ import annotations

import math

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from . import _kernel_utils as K
from .registry import REDUCTION, defop

_WIDEN_TO_INT64 = (np.dtype(np.bool_), np.dtype(np.uint8), np.dtype(np.int8),
                   np.dtype(np.int16), np.dtype(np.int32))


def scan_axis(op: str, axis: int, ndim: int, error=IndexError) -> int:
    """Normalise a scan axis; Paddle raises IndexError here (ValueError for cumprod)."""
    bound = max(ndim, 1)
    if not -bound <= axis < bound:
        raise error(f"({op}) axis is out of range (expected to be in range of [{-bound}, "
                    f"{bound}), but got {axis}).")
    return axis % bound


def _scan_shape(op, shape, axis, flatten, error=IndexError):
    if axis is None or flatten:
        return (int(np.prod(shape)) if len(shape) else 1,)
    scan_axis(op, axis, len(shape), error)
    return tuple(shape)


def _scan_view(op, x, axis, flatten, error=IndexError):
    """The array to scan (flattened or at least 1-D) and the axis to scan it along."""
    if axis is None or flatten:
        return x.reshape(-1), 0
    ax = scan_axis(op, axis, x.ndim, error)
    return (x.reshape(1), 0) if x.ndim == 0 else (x, ax)


def _scan_meta(op, dtype_rule=None, error=IndexError):
    def rule(x, axis=None, flatten=False, *attrs):
        dtype = dtype_rule(x.dtype) if dtype_rule else x.dtype
        return TensorMeta(_scan_shape(op, x.shape, axis, flatten, error), dtype)
    return rule


def _directed(scan, v, ax, exclusive, reverse, identity):
    """Run an inclusive numpy scan, then apply Paddle's exclusive/reverse variants."""
    if reverse:
        v = np.flip(v, ax)
    out = scan(v, ax)
    if exclusive and out.shape[ax]:
        head = np.full_like(np.take(out, [0], axis=ax), identity)
        out = np.concatenate([head, np.take(out, np.arange(out.shape[ax] - 1), axis=ax)], ax)
    return np.flip(out, ax) if reverse else out


def _is_float(a) -> bool:
    return a.dtype.kind == "f" or a.dtype in K.LOW_PRECISION


def _finish(out, x, axis, flatten, dtype):
    if x.ndim == 0 and axis is not None and not flatten:
        out = out.reshape(())
    return out.astype(dtype)


# ---- cumsum ---------------------------------------------------------------------------------

def _cumsum_dtype(d):
    return _dt.int64 if d.np_dtype in _WIDEN_TO_INT64 else d


@defop("cumsum", infer_meta=_scan_meta("cumsum", _cumsum_dtype), pattern=REDUCTION,
       ref=np.cumsum)
def cumsum(xp, x, axis=None, flatten=False, exclusive=False, reverse=False):
    v, ax = _scan_view("cumsum", x, axis, flatten)
    dtype = np.dtype(np.int64) if x.dtype in _WIDEN_TO_INT64 else x.dtype
    work = v.astype(np.float32) if v.dtype in K.LOW_PRECISION else v.astype(dtype, copy=False)
    out = _directed(lambda a, i: np.cumsum(a, axis=i), work, ax, exclusive, reverse, 0)
    return _finish(out, x, axis, flatten, dtype)


@cumsum.grad()
def _(ctx, g):
    from .manipulation import reshape
    flat = ctx.axis is None or ctx.flatten or not len(ctx.x.shape)
    gx = cumsum(g, 0 if flat else ctx.axis, False, ctx.exclusive, not ctx.reverse)
    return reshape(gx, list(ctx.x.shape))


# ---- cumprod --------------------------------------------------------------------------------

def _cumprod_meta(x, dim=None, exclusive=False, reverse=False):
    return TensorMeta(_scan_shape("cumprod", x.shape, dim, False, ValueError), x.dtype)


@defop("cumprod", infer_meta=_cumprod_meta, pattern=REDUCTION,
       ref=np.cumprod)
def cumprod(xp, x, dim=None, exclusive=False, reverse=False):
    v, ax = _scan_view("cumprod", x, dim, False, ValueError)
    work = v.astype(np.float32) if v.dtype in K.LOW_PRECISION else v
    out = _directed(lambda a, i: np.cumprod(a, axis=i), work, ax, exclusive, reverse, 1)
    return _finish(out, x, dim, False, x.dtype)


@cumprod.grad(save="x")
def _(ctx, g):
    from .manipulation import reshape
    x = ctx.x
    if ctx.dim is None or not len(x.shape):
        gx = _cumprod_vjp(reshape(x, [-1]), reshape(g, [-1]), 0, ctx.exclusive, ctx.reverse)
        return reshape(gx, list(x.shape))
    return _cumprod_vjp(x, g, ctx.dim % len(x.shape), ctx.exclusive, ctx.reverse)


_PAIRWISE_LIMIT = 1 << 22  # elements of the n x n form worth building for exactness


def _cumprod_vjp(x, g, axis, exclusive, reverse):
    """Without zeros (checked in eager mode): sum(g * y) / x. With zeros: the n x n form,
    exact and differentiable again; when that would be too large, the first-zero form, exact
    for the gradient itself but not for gradients of it."""
    from .. import state
    if state.tracer is None and not (x._data == 0).any():
        y = cumprod(x, axis, exclusive, reverse)
        return cumsum(g * y, axis, False, exclusive, not reverse) / x
    n = x.shape[axis]
    if math.prod(x.shape) * n <= _PAIRWISE_LIMIT:
        return _cumprod_vjp_pairwise(x, g, axis, exclusive, reverse)
    return _cumprod_vjp_first_zero(x, g, axis, exclusive, reverse)


def _cumprod_vjp_first_zero(x, g, axis, exclusive, reverse):
    """Elements before the first zero (in scan order) get sum(g * y) / x; the first zero gets
    the scan of x with that zero replaced by one; later elements reach no nonzero output."""
    nonzero = (x != 0).astype(x.dtype)
    before = cumprod(nonzero, axis, True, reverse)
    live = before * nonzero
    first_zero = before - live
    y = cumprod(x, axis, exclusive, reverse)
    y_skip = cumprod(x * (1 - first_zero) + first_zero, axis, exclusive, reverse)
    total = lambda v: cumsum(v, axis, False, exclusive, not reverse)  # noqa: E731
    return live * total(g * y) / (x + (1 - nonzero)) + first_zero * total(g * y_skip)


def _cumprod_vjp_pairwise(x, g, axis, exclusive, reverse):
    from .manipulation import transpose, unsqueeze
    from .reduction import sum_op
    ndim = len(x.shape)
    n = x.shape[axis]
    perm = [i for i in range(ndim) if i != axis] + [axis]
    back = [perm.index(i) for i in range(ndim)]
    xt, gt = transpose(x, perm), transpose(g, perm)
    k, j = np.indices((n, n))
    eye = _const(np.eye(n), x.dtype)
    others = unsqueeze(xt, [-2]) * (1 - eye) + eye  # row k: x with x_k replaced by 1
    partial = cumprod(others, -1, exclusive, reverse)  # [k, j]: d y_j / d x_k
    reached = (j > k if exclusive else j >= k) if not reverse else (j < k if exclusive else
                                                                     j <= k)
    terms = unsqueeze(gt, [-2]) * partial * _const(reached, x.dtype)
    return transpose(sum_op(terms, (ndim,), None, False), back)


def _const(array, dtype):
    from ..tensor import wrap
    return wrap(np.asarray(array).astype(dtype.np_dtype))


# ---- logcumsumexp ---------------------------------------------------------------------------

def _float_dtype(d):
    return d if d.kind in "fc" else _dt.default_float()


@defop("logcumsumexp", infer_meta=_scan_meta("logcumsumexp", _float_dtype), pattern=REDUCTION)
def logcumsumexp(xp, x, axis=None, flatten=False, reverse=False):
    x = K.float_input(x)
    v, ax = _scan_view("logcumsumexp", x, axis, flatten)
    work = v.astype(np.float32) if v.dtype in K.LOW_PRECISION else v
    out = _directed(lambda a, i: np.logaddexp.accumulate(a, axis=i), work, ax, False, reverse, 0)
    return _finish(out, x, axis, flatten, x.dtype)


@logcumsumexp.grad(save="x out")
def _(ctx, g):
    # d out_j / d x_k = exp(x_k - out_j); the sums over j are taken in log space, separately
    # for positive and negative cotangents, so nothing overflows. An out_j of -inf (every x so
    # far -inf) contributes nothing; replacing it by 0 keeps -inf - -inf from making NaNs.
    from .binary import where
    from .creation import full
    from .manipulation import reshape
    from .unary import exp, log
    x, out = ctx.x, ctx.out
    flat = ctx.axis is None or ctx.flatten or not len(x.shape)
    axis = 0 if flat else ctx.axis
    xs = reshape(x, [-1]) if flat else x
    shape = list(g.shape)
    ninf = full(shape, float("-inf"), g.dtype)
    finite_out = where(out == ninf, full(shape, 0, g.dtype), out)
    total = 0
    for sign in (1, -1):
        part = g * sign > 0
        logs = where(part, log(where(part, g * sign, full(shape, 1, g.dtype))), ninf)
        total = total + sign * exp(logcumsumexp(logs - finite_out, axis, False, not ctx.reverse)
                                   + xs)
    return reshape(total, list(x.shape))


# ---- cummax / cummin ------------------------------------------------------------------------

def _cumext_meta(op):
    def rule(x, axis=-1, dtype=_dt.int64):
        scan_axis(op, axis, x.ndim)
        return TensorMeta(x.shape, x.dtype), TensorMeta(x.shape, _dt.to_dtype(dtype))
    return rule


def _cumulative_extremum(name, accumulate):
    @defop(name, "x", ("out", "indices"), infer_meta=_cumext_meta(name), pattern=REDUCTION)
    def kernel(xp, x, axis=-1, dtype=_dt.int64):
        v, ax = _scan_view(name, x, axis, False)
        values = accumulate(v, axis=ax)
        # Paddle moves the index to every new extremum, to later ties, and to every NaN.
        hit = (v == values) | (np.isnan(v) if _is_float(v) else False)
        shape = [1] * v.ndim
        shape[ax] = v.shape[ax]
        positions = np.arange(v.shape[ax]).reshape(shape)
        indices = np.maximum.accumulate(np.where(hit, positions, -1), axis=ax)
        index_dtype = _dt.to_dtype(dtype).np_dtype
        return values.reshape(x.shape), indices.reshape(x.shape).astype(index_dtype)

    @kernel.grad(save="indices")
    def _(ctx, g_out, g_indices):
        from .creation import full
        from .search import scatter_add_along_axis
        base = full(list(ctx.x.shape), 0, g_out.dtype)
        if not len(ctx.x.shape):
            return g_out
        return scatter_add_along_axis(base, ctx.indices, g_out, ctx.axis)

    return kernel


cummax = _cumulative_extremum("cummax", np.maximum.accumulate)
cummin = _cumulative_extremum("cummin", np.minimum.accumulate)
