"""Piecewise-linear activations (relu family, hard* and shrink functions, prelu).

Paddle's CPU kernels exist for float32/float64 only (GPU adds float16/bfloat16); Feijiang
computes the half-precision floats in float32 and rejects integer inputs with a TypeError.
Most float attributes are C++ `float` in Paddle, so thresholds are rounded to float32 before a
float64 input is compared with them (`attr32`); that decides which side of a threshold a value
falls on. Gradients at the kinks follow Paddle's kernels (e.g. relu passes nothing at 0,
leaky_relu passes the identity slope at 0)."""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from . import _kernel_utils as K
from ._grad_utils import sum_to_shape
from .binary import (
    greater_equal,
    greater_than,
    less_equal,
    less_than,
    logical_and,
    logical_or,
    where,
)
from .creation import full
from .manipulation import expand, reshape, unsqueeze
from .registry import BROADCAST, ELEMENTWISE, OPAQUE, defop

FLOAT_NAMES = "float16, bfloat16, float32 or float64"


def require_float(op: str, x, arg: str = "x") -> None:
    """Activations have floating-point kernels only: integers, bools and complex are refused."""
    if x.dtype.kind != "f" and x.dtype not in K.LOW_PRECISION:
        name = _dt.from_numpy_dtype(x.dtype).name
        raise TypeError(f"({op}) The input {arg} must be a floating-point Tensor "
                        f"({FLOAT_NAMES}), but received {name}.")


def float_meta(op: str):
    """infer_meta of an elementwise activation: same shape and dtype, floats only."""
    def rule(x, *attrs):
        if x.dtype.kind != "f":
            raise TypeError(f"({op}) The input x must be a floating-point Tensor "
                            f"({FLOAT_NAMES}), but received {x.dtype.name}.")
        return TensorMeta(x.shape, x.dtype)
    rule.__name__ = f"{op}_meta"
    return rule


def attr32(value) -> float:
    """A float attribute as Paddle's kernels see it: rounded to C++ float."""
    return float(np.float32(value))


def apply(op: str, fn, x):
    """Run an elementwise formula on a float input, half precision computed in float32."""
    require_float(op, x)
    return K.same_dtype_math(fn, x)


def const(value, like):
    """A 0-d tensor holding `value` in like's dtype (for comparisons inside gradient rules)."""
    return full([], value, like.dtype)


def keep_where(cond, g):
    """g where cond holds, zero elsewhere."""
    return where(cond, g, const(0, g))


# ---- relu family -------------------------------------------------------------------------------

@defop("relu", infer_meta=float_meta("relu"), pattern=ELEMENTWISE)
def relu(xp, x):
    # fmax maps NaN to 0, as Paddle's CPU relu does
    return apply("relu", lambda v: xp.fmax(v, v.dtype.type(0)), x)


@relu.grad(save="out")
def _(ctx, g):
    return keep_where(greater_than(ctx.out, const(0, ctx.out)), g)


@defop("relu6", infer_meta=float_meta("relu6"), pattern=ELEMENTWISE)
def relu6(xp, x):
    return apply("relu6", lambda v: xp.minimum(xp.maximum(v, v.dtype.type(0)), v.dtype.type(6)),
                 x)


@relu6.grad(save="out")
def _(ctx, g):
    out = ctx.out
    inside = logical_and(greater_than(out, const(0, out)), less_than(out, const(6, out)))
    return keep_where(inside, g)


@defop("leaky_relu", infer_meta=float_meta("leaky_relu"), pattern=ELEMENTWISE)
def leaky_relu(xp, x, negative_slope=0.01):
    slope = float(negative_slope)
    return apply("leaky_relu", lambda v: xp.where(v > 0, v, v * slope), x)


@leaky_relu.grad(save="x")
def _(ctx, g):
    x = ctx.x
    return where(greater_equal(x, const(0, x)), g, g * float(ctx.negative_slope))


# ---- clipping and shrinking ------------------------------------------------------------------

@defop("hardtanh", infer_meta=float_meta("hardtanh"), pattern=ELEMENTWISE)
def hardtanh(xp, x, t_min=-1.0, t_max=1.0):
    low, high = attr32(t_min), attr32(t_max)
    return apply("hardtanh", lambda v: xp.minimum(xp.maximum(v, low), high), x)


@hardtanh.grad(save="x")
def _(ctx, g):
    x = ctx.x
    inside = logical_and(greater_than(x, const(attr32(ctx.t_min), x)),
                         less_than(x, const(attr32(ctx.t_max), x)))
    return keep_where(inside, g)


def _outside(x, threshold):
    """|x| >= threshold, the values hardshrink keeps."""
    t = attr32(threshold)
    return logical_or(less_equal(x, const(-t, x)), greater_equal(x, const(t, x)))


@defop("hardshrink", infer_meta=float_meta("hardshrink"), pattern=ELEMENTWISE)
def hardshrink(xp, x, threshold=0.5):
    t = attr32(threshold)
    # a product rather than a select, so NaN stays NaN as in Paddle's kernel
    return apply("hardshrink", lambda v: v * ((v <= -t) | (v >= t)), x)


@hardshrink.grad(save="x")
def _(ctx, g):
    return keep_where(_outside(ctx.x, ctx.threshold), g)


@defop("softshrink", infer_meta=float_meta("softshrink"), pattern=ELEMENTWISE)
def softshrink(xp, x, threshold=0.5):
    t = attr32(threshold)
    # products rather than selects, so NaN and inf give NaN as in Paddle's kernel
    return apply("softshrink", lambda v: (v > t) * (v - t) + (v < -t) * (v + t), x)


@softshrink.grad(save="x")
def _(ctx, g):
    x, t = ctx.x, attr32(ctx.threshold)
    return keep_where(logical_or(greater_than(x, const(t, x)), less_than(x, const(-t, x))), g)


@defop("thresholded_relu", infer_meta=float_meta("thresholded_relu"), pattern=ELEMENTWISE)
def thresholded_relu(xp, x, threshold=1.0, value=0.0):
    t, fill = attr32(threshold), attr32(value)
    return apply("thresholded_relu", lambda v: xp.where(v > t, v, v.dtype.type(fill)), x)


@thresholded_relu.grad(save="x")
def _(ctx, g):
    x = ctx.x
    return keep_where(greater_than(x, const(attr32(ctx.threshold), x)), g)


# ---- hard sigmoid / swish ----------------------------------------------------------------------

@defop("hardsigmoid", infer_meta=float_meta("hardsigmoid"), pattern=ELEMENTWISE)
def hardsigmoid(xp, x, slope=0.1666667, offset=0.5):
    a, b = attr32(slope), attr32(offset)
    return apply("hardsigmoid", lambda v: xp.clip(v * a + b, 0, 1), x)


@hardsigmoid.grad(save="out")
def _(ctx, g):
    out = ctx.out
    inside = logical_and(greater_than(out, const(0, out)), less_than(out, const(1, out)))
    return keep_where(inside, g * attr32(ctx.slope))


@defop("hardswish", infer_meta=float_meta("hardswish"), pattern=ELEMENTWISE)
def hardswish(xp, x):
    return apply("hardswish", lambda v: xp.clip(v + 3, 0, 6) * v / 6, x)


@hardswish.grad(save="x")
def _(ctx, g):
    x = ctx.x
    ramp = where(greater_equal(x, const(3, x)), const(1, x), x * (1 / 3) + 0.5)
    return keep_where(greater_than(x, const(-3, x)), g * ramp)


# ---- prelu -------------------------------------------------------------------------------------

def _prelu_meta(x, alpha, data_format, mode):
    if x.dtype.kind != "f":
        raise TypeError(f"(prelu) The input x must be a floating-point Tensor ({FLOAT_NAMES}), "
                        f"but received {x.dtype.name}.")
    if mode not in ("all", "channel", "element"):
        raise ValueError(f"(prelu) mode must be 'all', 'channel' or 'element', but received "
                         f"{mode!r}.")
    size = int(np.prod(alpha.shape)) if alpha.shape else 1
    expected = {"all": 1, "channel": _channels(x.shape, data_format),
                "element": int(np.prod(x.shape[1:]))}[mode]
    if -1 not in x.shape and size != expected:
        raise ValueError(f"(prelu) In mode '{mode}' the weight (alpha) must hold {expected} "
                         f"values for x of shape {list(x.shape)} (data_format={data_format}), "
                         f"but received shape {list(alpha.shape)}.")
    return TensorMeta(x.shape, x.dtype)


def _channels(x_shape, data_format: str) -> int:
    if len(x_shape) < 2:
        return 1
    return x_shape[1] if data_format[1] == "C" else x_shape[-1]


def prelu_alpha_view(x_shape, alpha_size: int, data_format: str, mode: str) -> tuple:
    """The shape alpha is viewed as so that it broadcasts against x."""
    if mode == "all":
        return ()
    if mode == "channel" and data_format[1] == "C":
        return (alpha_size,) + (1,) * (len(x_shape) - 2)
    if mode == "channel":
        return (alpha_size,)
    return tuple(x_shape[1:])


@defop("prelu", "x alpha", infer_meta=_prelu_meta, pattern=BROADCAST)
def prelu(xp, x, alpha, data_format="NCHW", mode="all"):
    require_float("prelu", x)
    slope = alpha.reshape(prelu_alpha_view(x.shape, alpha.size, data_format, mode))
    return K.same_dtype_math(lambda v, a: xp.where(v > 0, v, v * a), x, slope)


@prelu.grad(save="x alpha")
def _(ctx, g):
    need_x, need_alpha = ctx.needs_grad
    x, alpha = ctx.x, ctx.alpha
    view = prelu_alpha_view(tuple(x.shape), int(np.prod(alpha.shape)), ctx.data_format,
                            ctx.mode)
    positive = greater_than(x, const(0, x))
    gx = where(positive, g, g * reshape(alpha, list(view))) if need_x else None
    galpha = None
    if need_alpha:
        per_slope = sum_to_shape(where(positive, const(0, g), g * x), view)
        galpha = reshape(per_slope, list(alpha.shape))
    return gx, galpha


# ---- maxout ------------------------------------------------------------------------------------

def _check_groups(shape: list, groups: int, axis: int) -> None:
    channels = shape[axis]
    if channels != -1 and channels % groups:
        raise ValueError(f"(maxout) The number of input channels ({channels}, axis {axis} of x "
                         f"with shape {shape}) must be divisible by groups ({groups}).")


def _maxout_meta(x, groups, axis=1):
    if x.dtype.kind != "f":
        raise TypeError(f"(maxout) The input x must be a floating-point Tensor ({FLOAT_NAMES}), "
                        f"but received {x.dtype.name}.")
    shape = list(x.shape)
    _check_groups(shape, groups, axis)
    channels = shape[axis]
    shape[axis] = -1 if channels == -1 else channels // groups
    return TensorMeta(shape, x.dtype)


def _grouped_shape(shape: list, groups: int, axis: int) -> list:
    """The shape with its channel axis split into (channels // groups, groups)."""
    return shape[:axis] + [shape[axis] // groups, groups] + shape[axis + 1:]


def _grouped(x, groups: int, axis: int) -> list:
    return _grouped_shape(list(x.shape), groups, axis)


def _maxout_outputs(x, groups, axis=1):
    out = _maxout_meta(x, groups, axis)
    return out, TensorMeta(x.shape, _dt.bool_)


@defop("maxout", "x", "out route", infer_meta=_maxout_outputs, pattern=OPAQUE)
def maxout(xp, x, groups, axis=1):
    """Maximum over each group of `groups` consecutive channels. `route` marks, per group, the
    input the maximum came from (the first one on ties), which is where Paddle's gradient goes."""
    require_float("maxout", x)
    _check_groups(list(x.shape), groups, axis)
    grouped = x.reshape(_grouped(x, groups, axis))
    index = xp.expand_dims(xp.argmax(grouped, axis=axis + 1), axis + 1)
    route = xp.zeros(grouped.shape, bool)
    xp.put_along_axis(route, index, True, axis=axis + 1)
    out = xp.take_along_axis(grouped, index, axis=axis + 1)
    return xp.squeeze(out, axis + 1), route.reshape(x.shape)


@maxout.grad(save="route")
def _(ctx, g, _g_route):
    axis, groups = ctx.axis, ctx.groups
    shape = list(ctx.x.shape)
    spread = expand(unsqueeze(g, [axis + 1]), _grouped_shape(shape, groups, axis))
    return where(ctx.route, reshape(spread, shape), const(0, g))
