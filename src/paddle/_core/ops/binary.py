"""Elementwise binary ops (broadcasting). Inputs arrive with equal dtypes: type promotion happens
in the public API layer before the op is called, so every op here sees one dtype."""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta, broadcast_binary, broadcast_shapes, same_as, same_shape
from . import _kernel_utils as K
from . import unary
from ._grad_utils import sum_to_shape
from .registry import BROADCAST, ELEMENTWISE, defop


@defop("add", "x y", infer_meta=broadcast_binary("add"), pattern=BROADCAST, ref=np.add)
def add(xp, x, y):
    return xp.add(x, y)


@add.grad()
def _(ctx, g):
    need_x, need_y = ctx.needs_grad
    return (sum_to_shape(g, ctx.x.shape) if need_x else None,
            sum_to_shape(g, ctx.y.shape) if need_y else None)


@defop("subtract", "x y", infer_meta=broadcast_binary("subtract"), pattern=BROADCAST,
       ref=np.subtract)
def subtract(xp, x, y):
    if x.dtype == np.bool_:
        return xp.logical_xor(x, y)
    return xp.subtract(x, y)


@subtract.grad()
def _(ctx, g):
    need_x, need_y = ctx.needs_grad
    return (sum_to_shape(g, ctx.x.shape) if need_x else None,
            sum_to_shape(-g, ctx.y.shape) if need_y else None)


@defop("multiply", "x y", infer_meta=broadcast_binary("multiply"), pattern=BROADCAST,
       ref=np.multiply)
def multiply(xp, x, y):
    if x.dtype == np.bool_:
        return xp.logical_and(x, y)
    return xp.multiply(x, y)


@multiply.grad(save="x y")
def _(ctx, g):
    need_x, need_y = ctx.needs_grad
    return (sum_to_shape(g * ctx.y, ctx.x.shape) if need_x else None,
            sum_to_shape(g * ctx.x, ctx.y.shape) if need_y else None)


@defop("divide", "x y", infer_meta=broadcast_binary("divide"), pattern=BROADCAST,
       ref=np.true_divide)
def divide(xp, x, y):
    if x.dtype.kind in "biu":
        if np.any(y == 0):
            raise ZeroDivisionError("(divide) Integer division by zero encountered in divide.")
        return xp.trunc(x / y).astype(x.dtype) if x.dtype != np.bool_ else x & y
    return xp.true_divide(x, y)


@divide.grad(save="x y")
def _(ctx, g):
    need_x, need_y = ctx.needs_grad
    gx = g / ctx.y
    return (sum_to_shape(gx, ctx.x.shape) if need_x else None,
            sum_to_shape(-gx * ctx.x / ctx.y, ctx.y.shape) if need_y else None)


@defop("floor_divide", "x y", infer_meta=broadcast_binary("floor_divide"), pattern=BROADCAST,
       ref=np.floor_divide)
def floor_divide(xp, x, y):
    if x.dtype.kind in "iu" and np.any(y == 0):
        raise ZeroDivisionError("(floor_divide) Integer division by zero encountered in "
                                "floor_divide.")
    return K.same_dtype_math(xp.floor_divide, x, y)


floor_divide.no_grad("piecewise constant")


@defop("remainder", "x y", infer_meta=broadcast_binary("remainder"), pattern=BROADCAST,
       ref=np.remainder)
def remainder(xp, x, y):
    if x.dtype.kind in "iu" and np.any(y == 0):
        raise ZeroDivisionError("(remainder) Integer division by zero encountered in remainder.")
    return K.same_dtype_math(xp.remainder, x, y)


@remainder.grad(save="x y")
def _(ctx, g):
    need_x, need_y = ctx.needs_grad
    return (sum_to_shape(g, ctx.x.shape) if need_x else None,
            sum_to_shape(-g * floor_divide(ctx.x, ctx.y), ctx.y.shape) if need_y else None)


@defop("elementwise_pow", "x y", infer_meta=broadcast_binary("elementwise_pow"),
       pattern=BROADCAST, ref=np.power)
def elementwise_pow(xp, x, y):
    if x.dtype.kind in "iu":
        if np.any(y < 0):
            raise ValueError("(elementwise_pow) Integers to negative integer powers are not "
                             "allowed.")
        return xp.power(x, y)
    return K.same_dtype_math(xp.power, x, y)


@elementwise_pow.grad(save="x y out")
def _(ctx, g):
    need_x, need_y = ctx.needs_grad
    x, y = ctx.x, ctx.y
    gx = sum_to_shape(g * y * elementwise_pow(x, y - 1), x.shape) if need_x else None
    gy = None
    if need_y:
        safe_x = where(x > 0, x, x * 0 + 1)
        gy = sum_to_shape(g * ctx.out * unary.log(safe_x), y.shape)
    return gx, gy


@defop("pow", infer_meta=same_as("x"), pattern=ELEMENTWISE, ref=np.power)
def pow_op(xp, x, y=1.0):
    if x.dtype.kind in "iu":
        return xp.power(x, int(y)) if float(y).is_integer() and y >= 0 else \
            xp.power(x.astype(np.float64), y).astype(x.dtype)
    return K.same_dtype_math(lambda v: xp.power(v, v.dtype.type(y)), x)


@pow_op.grad(save="x")
def _(ctx, g):
    if ctx.y == 0:
        return g * 0
    return g * ctx.y * pow_op(ctx.x, ctx.y - 1)


def _minmax_grad(ctx, g, pick_x):
    need_x, need_y = ctx.needs_grad
    mask = pick_x(ctx.x, ctx.y).astype(g.dtype)
    return (sum_to_shape(g * mask, ctx.x.shape) if need_x else None,
            sum_to_shape(g * (1 - mask), ctx.y.shape) if need_y else None)


@defop("maximum", "x y", infer_meta=broadcast_binary("maximum"), pattern=BROADCAST,
       ref=np.maximum)
def maximum(xp, x, y):
    return xp.maximum(x, y)


@maximum.grad(save="x y")
def _(ctx, g):
    return _minmax_grad(ctx, g, lambda x, y: x > y)


@defop("minimum", "x y", infer_meta=broadcast_binary("minimum"), pattern=BROADCAST,
       ref=np.minimum)
def minimum(xp, x, y):
    return xp.minimum(x, y)


@minimum.grad(save="x y")
def _(ctx, g):
    return _minmax_grad(ctx, g, lambda x, y: x < y)


@defop("fmax", "x y", infer_meta=broadcast_binary("fmax"), pattern=BROADCAST, ref=np.fmax)
def fmax(xp, x, y):
    return xp.fmax(x, y)


@fmax.grad(save="x y")
def _(ctx, g):
    return _minmax_grad(ctx, g, lambda x, y: (x >= y) | unary.isnan(y))


@defop("fmin", "x y", infer_meta=broadcast_binary("fmin"), pattern=BROADCAST, ref=np.fmin)
def fmin(xp, x, y):
    return xp.fmin(x, y)


@fmin.grad(save="x y")
def _(ctx, g):
    return _minmax_grad(ctx, g, lambda x, y: (x <= y) | unary.isnan(y))


def _atan2_meta(x, y):
    """atan2 of integers is computed in float64, as Paddle does."""
    dtype = x.dtype if x.dtype.kind in "fc" else _dt.float64
    return TensorMeta(broadcast_shapes("atan2", x.shape, y.shape), dtype)


@defop("atan2", "x y", infer_meta=_atan2_meta, pattern=BROADCAST,
       ref=np.arctan2)
def atan2(xp, x, y):
    if x.dtype.kind in "biu":
        return xp.arctan2(x.astype(np.float64), y.astype(np.float64))
    return K.same_dtype_math(xp.arctan2, x, y)


@atan2.grad(save="x y")
def _(ctx, g):
    need_x, need_y = ctx.needs_grad
    x, y = ctx.x, ctx.y
    denom = x * x + y * y
    return (sum_to_shape(g * y / denom, x.shape) if need_x else None,
            sum_to_shape(-g * x / denom, y.shape) if need_y else None)


def _where_meta(condition, x, y):
    shape = broadcast_shapes("where", broadcast_shapes("where", condition.shape, x.shape),
                             y.shape)
    return TensorMeta(shape, x.dtype)


@defop("where", "condition x y", infer_meta=_where_meta, pattern=BROADCAST, ref=np.where)
def where(xp, condition, x, y):
    return xp.where(condition, x, y)


@where.grad(save="condition")
def _(ctx, g):
    _, need_x, need_y = ctx.needs_grad
    zeros = g * 0
    cond = ctx.condition
    return (None,
            sum_to_shape(where(cond, g, zeros), ctx.x.shape) if need_x else None,
            sum_to_shape(where(cond, zeros, g), ctx.y.shape) if need_y else None)


# ---- comparisons, logic and bits (no gradient) -------------------------------------------

def _no_grad_binary(name, fn, bool_result, reason):
    meta = broadcast_binary(name, _dt.bool_ if bool_result else None)

    @defop(name, "x y", infer_meta=meta, pattern=BROADCAST, ref=fn)
    def kernel(xp, x, y):
        return fn(x, y)

    return kernel.no_grad(reason)


equal = _no_grad_binary("equal", np.equal, True, "boolean result")
not_equal = _no_grad_binary("not_equal", np.not_equal, True, "boolean result")
less_than = _no_grad_binary("less_than", np.less, True, "boolean result")
less_equal = _no_grad_binary("less_equal", np.less_equal, True, "boolean result")
greater_than = _no_grad_binary("greater_than", np.greater, True, "boolean result")
greater_equal = _no_grad_binary("greater_equal", np.greater_equal, True, "boolean result")
logical_and = _no_grad_binary("logical_and", np.logical_and, True, "boolean result")
logical_or = _no_grad_binary("logical_or", np.logical_or, True, "boolean result")
logical_xor = _no_grad_binary("logical_xor", np.logical_xor, True, "boolean result")
bitwise_and = _no_grad_binary("bitwise_and", np.bitwise_and, False, "integer result")
bitwise_or = _no_grad_binary("bitwise_or", np.bitwise_or, False, "integer result")
bitwise_xor = _no_grad_binary("bitwise_xor", np.bitwise_xor, False, "integer result")
bitwise_left_shift = _no_grad_binary("bitwise_left_shift", np.left_shift, False,
                                     "integer result")
bitwise_right_shift = _no_grad_binary("bitwise_right_shift", np.right_shift, False,
                                      "integer result")


@defop("logical_not", infer_meta=same_shape(_dt.bool_), pattern=ELEMENTWISE,
       ref=np.logical_not)
def logical_not(xp, x):
    return xp.logical_not(x)


logical_not.no_grad("boolean result")


@defop("bitwise_not", infer_meta=same_as("x"), pattern=ELEMENTWISE, ref=np.invert)
def bitwise_not(xp, x):
    return xp.invert(x)


bitwise_not.no_grad("integer result")
