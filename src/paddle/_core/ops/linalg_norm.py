"""The vector p-norm op behind paddle.norm / paddle.linalg.vector_norm (Paddle's `p_norm`).

`axis` is None (all elements, Paddle's `asvector`) or a tuple of axes; `porder` is any float,
with 0 counting non-zeros and ±inf taking the max/min magnitude."""
from __future__ import annotations

import math

import numpy as np

from ..meta import TensorMeta, normalize_axes, reduced_shape
from . import _kernel_utils as K
from .linalg_checks import expand_reduced, prim, real_dtype
from .registry import REDUCTION, defop


def _p_norm_meta(x, porder=2.0, axis=None, keepdim=False):
    axes = normalize_axes("p_norm", axis, x.ndim)
    return TensorMeta(reduced_shape(x.shape, axes, keepdim), real_dtype(x.dtype))


def _norm_of_magnitudes(xp, a, porder, axes, keepdim):
    if porder == 0:
        return xp.sum(a != 0, axis=axes, keepdims=keepdim).astype(a.dtype)
    if porder == math.inf:
        return xp.max(a, axis=axes, keepdims=keepdim, initial=0)
    if porder == -math.inf:
        return xp.min(a, axis=axes, keepdims=keepdim, initial=math.inf)
    if porder == 1:
        return xp.sum(a, axis=axes, keepdims=keepdim)
    if porder == 2:
        return xp.sqrt(xp.sum(a * a, axis=axes, keepdims=keepdim))
    with np.errstate(divide="ignore", over="ignore"):
        return xp.sum(a ** porder, axis=axes, keepdims=keepdim) ** (1.0 / porder)


def _p_norm_ref(x, porder=2.0, axis=None, keepdim=False):
    axes = normalize_axes("p_norm", axis, x.ndim)
    return _norm_of_magnitudes(np, np.abs(x), porder, axes, keepdim)


@defop("p_norm", infer_meta=_p_norm_meta, pattern=REDUCTION, ref=_p_norm_ref)
def p_norm(xp, x, porder=2.0, axis=None, keepdim=False):
    axes = normalize_axes("p_norm", axis, x.ndim)
    if x.dtype.kind in "biu":
        raise TypeError(f"(p_norm) The input must be a floating or complex tensor, but received "
                        f"{x.dtype}.")
    magnitude = xp.abs(x)
    if magnitude.dtype in K.LOW_PRECISION:
        out = _norm_of_magnitudes(xp, magnitude.astype(np.float32), porder, axes, keepdim)
        return out.astype(magnitude.dtype)
    return _norm_of_magnitudes(xp, magnitude, porder, axes, keepdim)


@p_norm.grad(save="x out")
def _(ctx, g):
    abs_op, sign, where, pow_op = prim("abs"), prim("sign"), prim("where"), prim("pow")
    x, p = ctx.x, ctx.porder
    if p == 0:
        return x * 0
    g = expand_reduced(g, x.shape, ctx.axis, ctx.keepdim)
    out = expand_reduced(ctx.out, x.shape, ctx.axis, ctx.keepdim)
    if p in (math.inf, -math.inf):
        return g * sign(x) * (abs_op(x) == out).astype(x.dtype)
    # A zero norm means every element is zero; its gradient is zero (Paddle's convention).
    safe = where(out == 0, out * 0 + 1, out)
    if p == 2:
        return g * x / safe
    if p == 1:
        return g * sign(x)
    return g * sign(x) * pow_op(abs_op(x), p - 1) / pow_op(safe, p - 1)
