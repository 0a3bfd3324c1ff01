"""Linear algebra ops: matmul and friends."""
from __future__ import annotations

import numpy as np

from ..meta import TensorMeta, broadcast_shapes
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
        raise TypeError(f"(matmul) The dtypes of X ({x.dtype.name}) and Y ({y.dtype.name}) "
                        "must be the same.")
    return TensorMeta(_matmul_shapes(x.shape, y.shape, transpose_x, transpose_y), x.dtype)


def _t(a):
    return a if a.ndim < 2 else np.swapaxes(a, -1, -2)


@defop("matmul", "x y", infer_meta=_matmul_meta, pattern=OPAQUE, ref=np.matmul)
def matmul(xp, x, y, transpose_x=False, transpose_y=False):
    if x.dtype != y.dtype:
        raise TypeError(f"(matmul) The dtypes of X ({x.dtype}) and Y ({y.dtype}) must be the "
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
    from .manipulation import reshape, unsqueeze
    need_x, need_y = ctx.needs_grad
    x, y = ctx.x, ctx.y
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

