"""Linear algebra ops on whole tensors: matmul, cross product and trace."""
from __future__ import annotations

import numpy as np

from ..meta import TensorMeta, broadcast_shapes, meta_of, normalize_axis
from . import _kernel_utils as K
from .registry import OPAQUE, defop


def _matmul_shapes(x_shape, y_shape, transpose_x, transpose_y):
    xs, ys = list(x_shape), list(y_shape)
    if not xs or not ys:
        raise ValueError(f"(matmul) The inputs must be at least 1-D, but received shapes "
                         f"{xs} and {ys}.")
    x_vec, y_vec = len(xs) == 1, len(ys) == 1
    if x_vec:
        xs = [1] + xs
    if y_vec:
        ys = ys + [1]
    if transpose_x:
        xs[-1], xs[-2] = xs[-2], xs[-1]
    if transpose_y:
        ys[-1], ys[-2] = ys[-2], ys[-1]
    k_x, k_y = xs[-1], ys[-2]
    if k_x != k_y and -1 not in (k_x, k_y):
        raise ValueError(
            f"(matmul) In operator matmul, the [{len(x_shape) - 1}] dimension of Input(X) must "
            f"be equal to the [{max(len(y_shape) - 2, 0)}] dimension of Input(Y). But receiving "
            f"the [{len(x_shape) - 1}] dimension of Input(X) is [{k_x}], and the "
            f"[{max(len(y_shape) - 2, 0)}] dimension of Input(Y) is [{k_y}]. (X shape "
            f"{list(x_shape)}, Y shape {list(y_shape)})")
    batch = broadcast_shapes("matmul", tuple(xs[:-2]), tuple(ys[:-2]))
    out = list(batch) + [xs[-2], ys[-1]]
    if x_vec:
        out.pop(-2)
    if y_vec:
        out.pop(-1)
    return tuple(out)


def _matmul_meta(x, y, transpose_x=False, transpose_y=False):
    if x.dtype is not y.dtype:
        raise ValueError(f"(matmul) The dtypes of X ({x.dtype.name}) and Y ({y.dtype.name}) "
                         "must be the same.")
    return TensorMeta(_matmul_shapes(x.shape, y.shape, transpose_x, transpose_y), x.dtype)


def _t(a):
    return a if a.ndim < 2 else np.swapaxes(a, -1, -2)


@defop("matmul", "x y", infer_meta=_matmul_meta, pattern=OPAQUE, ref=np.matmul)
def matmul(xp, x, y, transpose_x=False, transpose_y=False):
    if x.dtype != y.dtype:
        raise ValueError(f"(matmul) The dtypes of X ({x.dtype}) and Y ({y.dtype}) must be the "
                         "same.")
    if x.ndim == 0 or y.ndim == 0:
        _matmul_shapes(x.shape, y.shape, transpose_x, transpose_y)
    a = _t(x) if transpose_x else x
    b = _t(y) if transpose_y else y
    if a.dtype.kind == "V" or a.dtype == np.float16:
        return xp.matmul(a.astype(np.float32), b.astype(np.float32)).astype(x.dtype)
    return xp.matmul(a, b)


@matmul.grad(save="x y")
def _(ctx, g):
    from ._grad_utils import sum_to_shape
    from .linalg_checks import conj
    from .manipulation import reshape, unsqueeze
    need_x, need_y = ctx.needs_grad
    x, y = conj(ctx.x), conj(ctx.y)
    tx, ty = ctx.transpose_x, ctx.transpose_y
    # Work with matrices: promote vectors, then undo at the end.
    xm = unsqueeze(x, [0]) if x.ndim == 1 else x
    ym = unsqueeze(y, [-1]) if y.ndim == 1 else y
    gm = g
    if y.ndim == 1:
        gm = unsqueeze(gm, [-1])
    if x.ndim == 1:
        gm = unsqueeze(gm, [-2])
    gx = gy = None
    if need_x:
        gx = matmul(ym, gm, ty, True) if tx else matmul(gm, ym, False, not ty)
        gx = reshape(sum_to_shape(gx, xm.shape), list(x.shape))
    if need_y:
        gy = matmul(gm, xm, True, tx) if ty else matmul(xm, gm, not tx, False)
        gy = reshape(sum_to_shape(gy, ym.shape), list(y.shape))
    return gx, gy



# ---- cross product ------------------------------------------------------------------------------

def _cross_meta(x, y, axis):
    if x.dtype is not y.dtype:
        raise ValueError(f"(cross) The dtypes of X ({x.dtype.name}) and Y ({y.dtype.name}) must "
                         "be the same.")
    if tuple(x.shape) != tuple(y.shape):
        raise ValueError(f"(cross) The shape of Input(X) should be equal to the shape of "
                         f"Input(Y). But received Input(X).dimensions = {list(x.shape)}, "
                         f"Input(Y).dimensions = {list(y.shape)}")
    ax = normalize_axis("cross", axis, len(x.shape))
    if x.shape[ax] not in (3, -1):
        raise ValueError(f"(cross) Input(X/Y).dims()[{axis}] should be equal to 3, but received "
                         f"{x.shape[ax]} (shape {list(x.shape)}).")
    return TensorMeta(x.shape, x.dtype)


def _cross_ref(x, y, axis):
    return np.cross(x, y, axis=axis)


@defop("cross", "x y", infer_meta=_cross_meta, pattern=OPAQUE, ref=_cross_ref)
def cross(xp, x, y, axis):
    _cross_meta(meta_of(x), meta_of(y), axis)
    return K.same_dtype_math(lambda a, b: xp.cross(a, b, axis=axis), x, y)


@cross.grad(save="x y")
def _(ctx, g):
    from .linalg_checks import conj
    need_x, need_y = ctx.needs_grad
    gx = cross(conj(ctx.y), g, ctx.axis) if need_x else None
    gy = cross(g, conj(ctx.x), ctx.axis) if need_y else None
    return gx, gy


# ---- trace --------------------------------------------------------------------------------------

def _trace_axes(shape, axis1, axis2):
    ndim = len(shape)
    if ndim < 2:
        raise IndexError(f"(trace) Input(x)'s dim is out of range (expected at least 2, but got "
                         f"{ndim}); shape {list(shape)}.")
    for name, axis in (("axis1", axis1), ("axis2", axis2)):
        if not -ndim <= axis < ndim:
            raise IndexError(f"(trace) {name} is out of range (expected to be in range of "
                             f"[{-ndim}, {ndim - 1}], but got {axis}).")
    a1, a2 = axis1 % ndim, axis2 % ndim
    if a1 == a2:
        raise ValueError(f"(trace) The dimensions should not be identical {axis1} vs {axis2}.")
    return a1, a2


def _trace_meta(x, offset=0, axis1=0, axis2=1):
    a1, a2 = _trace_axes(x.shape, axis1, axis2)
    return TensorMeta([d for i, d in enumerate(x.shape) if i not in (a1, a2)], x.dtype)


def _trace_ref(x, offset=0, axis1=0, axis2=1):
    return np.trace(x, offset, axis1, axis2)


@defop("trace", infer_meta=_trace_meta, pattern=OPAQUE, ref=_trace_ref)
def trace(xp, x, offset=0, axis1=0, axis2=1):
    a1, a2 = _trace_axes(x.shape, axis1, axis2)
    if x.dtype in K.LOW_PRECISION:
        return xp.trace(x.astype(np.float32), offset, a1, a2).astype(x.dtype)
    return xp.trace(x, offset, a1, a2, dtype=x.dtype)


@trace.grad()
def _(ctx, g):
    from ..tensor import wrap
    from .manipulation import unsqueeze
    shape = tuple(ctx.x.shape)
    a1, a2 = _trace_axes(shape, ctx.axis1, ctx.axis2)
    diagonal = np.eye(shape[a1], shape[a2], k=ctx.offset, dtype=g._data.dtype)
    mask_shape = [1] * len(shape)
    mask_shape[a1], mask_shape[a2] = shape[a1], shape[a2]
    if a1 > a2:
        diagonal = diagonal.T
    mask = wrap(np.ascontiguousarray(diagonal).reshape(mask_shape))
    return unsqueeze(g, sorted((a1, a2))) * mask
