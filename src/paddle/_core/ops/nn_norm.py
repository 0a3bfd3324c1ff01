"""Normalization kernels: layer_norm and group_norm (instance norm is group norm with one group
per channel), and the helpers batch_norm (nn_batch_norm.py) shares.

Each kernel normalises over a set of axes in one NumPy pass (float16/bfloat16 in float32, as
Paddle's kernels do). A plain backward takes a fused NumPy path from the saved statistics; when a
second-order graph is recorded (or a program traced) the rules recompute the statistics from
the saved input with paddle ops instead, so higher-order gradients come out right.
"""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from .. import state
from ..compiler import kernel as compiled_kernel
from ..meta import TensorMeta, meta_of
from ..tensor import wrap
from . import _kernel_utils as K
from . import reduction as R
from . import unary as U
from .nn_conv import array_signature, checked_sizes
from .registry import OPAQUE, defop


def compute_dtype(x: np.ndarray) -> np.dtype:
    return np.dtype(np.float32) if x.dtype in K.LOW_PRECISION else x.dtype


def stat_dtype(dtype: _dt.DType) -> _dt.DType:
    """Statistics of float16/bfloat16 inputs are kept in float32."""
    return _dt.float32 if dtype in (_dt.float16, _dt.bfloat16) else dtype


def moments(x: np.ndarray, axes: tuple):
    """Mean and biased variance over `axes` (kept as size-1 dims)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = x.mean(axis=axes, keepdims=True)
        centered = x - mean
        var = np.mean(centered * centered, axis=axes, keepdims=True)
    return mean, var, centered


def metas_of(*arrays):
    return [None if a is None else meta_of(a) for a in arrays]


def check_float(op: str, x: np.ndarray) -> None:
    if x.dtype.kind != "f" and x.dtype not in K.LOW_PRECISION:
        raise TypeError(f"({op}) The input x must be a floating-point tensor (float16, bfloat16, "
                        f"float32 or float64), but received {x.dtype}.")


def check_param(op: str, name: str, value, x_dtype, size: int) -> None:
    if value is None:
        return
    if len(value.shape) != 1 or (value.shape[0] != size and -1 not in (value.shape[0], size)):
        raise ValueError(f"({op}) The {name} must be a 1-D tensor of shape [{size}], but "
                         f"received shape {list(value.shape)}.")
    if stat_dtype(x_dtype) is not stat_dtype(value.dtype) and value.dtype is not x_dtype:
        raise ValueError(f"({op}) The dtype of {name} ({value.dtype.name}) must match the "
                         f"input's dtype ({x_dtype.name}).")


def affine_grads(g, xhat, reduce_axes, param_shape, want_scale, want_bias):
    """Gradients of scale and bias (shaped like the 1-D parameters) where wanted."""
    from .manipulation import reshape
    g_scale = g_bias = None
    if want_scale:
        g_scale = reshape(R.sum_op(g * xhat, reduce_axes, None, False), param_shape)
    if want_bias:
        g_bias = reshape(R.sum_op(g, reduce_axes, None, False), param_shape)
    return g_scale, g_bias


def normalized_grad(g, xhat, rstd, reduce_axes):
    """d/dx of xhat = (x - mean(x)) * rstd for a cotangent g on xhat (statistics over axes)."""
    g_mean = R.mean(g, reduce_axes, True)
    proj = R.mean(g * xhat, reduce_axes, True)
    return (g - g_mean - xhat * proj) * rstd


def recomputed_stats(x, reduce_axes, epsilon):
    """x - mean and 1/sqrt(var + eps) from x with differentiable ops."""
    mean = R.mean(x, reduce_axes, True)
    centered = x - mean
    var = R.mean(centered * centered, reduce_axes, True)
    return centered, U.rsqrt(var + epsilon)


def broadcast_param(p, shape):
    from .manipulation import reshape
    return reshape(p, list(shape))


def any_nonzero(*grads) -> bool:
    """False only when every gradient is a concrete all-zero array (an unused output), so the
    statistics terms can be skipped without changing the result."""
    for t in grads:
        data = t._data
        if not isinstance(data, np.ndarray) or data.any():
            return True
    return False


def stat_grads(centered, count, g_mean, g_var):
    """Gradient reaching x through its mean and biased variance outputs."""
    return (g_mean + 2.0 * g_var * centered) / max(count, 1)


def eager_rule() -> bool:
    """True when a gradient rule may compute with NumPy directly: no second-order graph is
    being recorded and no program is being traced (the op-based rule serves those)."""
    return not state.grad_enabled and state.tracer is None


def fast_normalized_grad(gs, xhat, rstd, axes):
    """NumPy form of normalized_grad (gs: the cotangent of xhat)."""
    proj = np.mean(gs * xhat, axis=axes, keepdims=True)
    return (gs - gs.mean(axis=axes, keepdims=True) - xhat * proj) * rstd


def fast_affine_grads(gd, xhat, param_axes, param_shape, want_scale, want_bias):
    """NumPy form of affine_grads (results wrapped; the engine casts to the parameters'
    dtypes)."""
    g_scale = wrap(np.sum(gd * xhat, axis=param_axes).reshape(param_shape)) if want_scale \
        else None
    g_bias = wrap(gd.sum(axis=param_axes).reshape(param_shape)) if want_bias else None
    return g_scale, g_bias


# ---- layer_norm -------------------------------------------------------------------------------

def _ln_width(shape, begin):
    """How many values each normalized group holds (-1 while unknown)."""
    return int(np.prod(shape[begin:])) if -1 not in shape[begin:] else -1


def _ln_meta(x, scale, bias, epsilon=1e-5, begin_norm_axis=1):
    if not 0 < begin_norm_axis < x.ndim:
        raise ValueError(f"(layer_norm) 'begin_norm_axis' must be in [1, {x.ndim}) for a "
                         f"{x.ndim}-D input, but received {begin_norm_axis}.")
    right = _ln_width(x.shape, begin_norm_axis)
    for name, value in (("weight", scale), ("bias", bias)):
        check_param("layer_norm", name, value, x.dtype, right)
    stat = TensorMeta(tuple(x.shape[:begin_norm_axis]), stat_dtype(x.dtype))  # Paddle's type
    return TensorMeta(x.shape, x.dtype), stat, stat


def _ln_ref(x, scale, bias, epsilon=1e-5, begin_norm_axis=1):
    axes = tuple(range(begin_norm_axis, x.ndim))
    m = x.mean(axis=axes, keepdims=True)
    v = x.var(axis=axes, keepdims=True)
    out = (x - m) / np.sqrt(v + epsilon)
    tail = x.shape[begin_norm_axis:]
    if scale is not None:
        out = out * scale.reshape(tail)
    if bias is not None:
        out = out + bias.reshape(tail)
    lead = x.shape[:begin_norm_axis]
    return out, m.reshape(lead), v.reshape(lead)


@defop("layer_norm", "x scale bias", ("out", "mean", "variance"), infer_meta=_ln_meta,
       pattern=OPAQUE, optional_inputs=("scale", "bias"), ref=_ln_ref)
def layer_norm(xp, x, scale, bias, epsilon=1e-5, begin_norm_axis=1):
    check_float("layer_norm", x)
    key = ("layer_norm", x.shape, x.dtype, array_signature(scale), array_signature(bias),
           begin_norm_axis)
    checked_sizes(key, lambda: _ln_meta(*metas_of(x, scale, bias), epsilon, begin_norm_axis))
    work = x.astype(compute_dtype(x), copy=False)
    compiled = compiled_kernel("layer_norm") if x.size else None
    if compiled is not None:  # one pass per row, the same numbers
        out, m, v = compiled(work, scale, bias, epsilon, begin_norm_axis)
        return out.astype(x.dtype, copy=False), m, v
    axes = tuple(range(begin_norm_axis, x.ndim))
    m, v, centered = moments(work, axes)
    out = centered / np.sqrt(v + epsilon)
    tail = x.shape[begin_norm_axis:]
    if scale is not None:
        out *= scale.astype(work.dtype).reshape(tail)
    if bias is not None:
        out += bias.astype(work.dtype).reshape(tail)
    lead = x.shape[:begin_norm_axis]
    return out.astype(x.dtype, copy=False), m.reshape(lead), v.reshape(lead)


@layer_norm.grad(save="x scale mean variance")
def _(ctx, g, g_mean, g_var):
    x = ctx.x
    begin = ctx.begin_norm_axis
    axes = list(range(begin, x.ndim))
    tail = list(x.shape[begin:])
    if eager_rule() and not any_nonzero(g_mean, g_var):
        return _ln_fast_grads(ctx, g, begin, tuple(axes), tail)
    centered, rstd = recomputed_stats(x, axes, ctx.epsilon)
    xhat = centered * rstd
    gx = None
    if ctx.needs_grad[0]:
        g_xhat = g if ctx.scale is None else g * broadcast_param(ctx.scale, tail)
        gx = _with_stat_grads(normalized_grad(g_xhat, xhat, rstd, axes), centered, rstd.shape,
                              g_mean, g_var)
    g_scale, g_bias = affine_grads(_flatten_tail(g, begin), _flatten_tail(xhat, begin),
                                    list(range(begin)), [int(np.prod(tail))],
                                    *ctx.needs_grad[1:])
    return gx, g_scale, g_bias


def _ln_fast_grads(ctx, g, begin, axes, tail):
    x = ctx.x._data
    work = compute_dtype(x)
    keep = list(x.shape[:begin]) + [1] * len(axes)
    rstd = 1 / np.sqrt(ctx.variance._data.reshape(keep) + ctx.epsilon)
    xhat = (x.astype(work, copy=False) - ctx.mean._data.reshape(keep)) * rstd
    gd = g._data.astype(work, copy=False)
    gx = None
    if ctx.needs_grad[0]:
        gs = gd if ctx.scale is None else gd * ctx.scale._data.astype(work).reshape(tail)
        gx = wrap(fast_normalized_grad(gs, xhat, rstd, axes).astype(x.dtype, copy=False))
    return (gx, *fast_affine_grads(gd, xhat, tuple(range(begin)), [int(np.prod(tail))],
                                   *ctx.needs_grad[1:]))


def _with_stat_grads(gx, centered, stat_shape, g_mean, g_var):
    """Add what reaches x through the mean / variance outputs (skipped when both are unused)."""
    if not any_nonzero(g_mean, g_var):
        return gx
    count = int(np.prod(centered.shape)) // max(int(np.prod(stat_shape)), 1)
    return gx + stat_grads(centered, count, broadcast_param(g_mean, list(stat_shape)),
                            broadcast_param(g_var, list(stat_shape)))


def _flatten_tail(t, begin):
    from .manipulation import reshape
    return reshape(t, list(t.shape[:begin]) + [int(np.prod(t.shape[begin:]))])


# ---- group_norm -------------------------------------------------------------------------------

def _gn_layout(shape, groups, data_format):
    """Grouped view of x: NCHW → [N, G, C/G * spatial]; NHWC → [N, spatial, G, C/G]; and the
    axes of that view to normalise over."""
    n = shape[0]
    if data_format == "NHWC":
        c = shape[-1]
        spatial = int(np.prod(shape[1:-1]))
        return (n, spatial, groups, c // groups), (1, 3), c
    c = shape[1]
    return (n, groups, (c // groups) * int(np.prod(shape[2:]))), (2,), c


def _gn_channels(x, data_format):
    return x.shape[-1] if data_format == "NHWC" else x.shape[1]


def _gn_meta(x, scale, bias, epsilon=1e-5, groups=1, data_format="NCHW"):
    if x.ndim < 2:
        raise ValueError(f"(group_norm) The input x must be at least 2-D, but received a "
                         f"{x.ndim}-D tensor of shape {list(x.shape)}.")
    c = _gn_channels(x, data_format)
    if groups < 1 or (c != -1 and c % groups):
        raise ValueError(f"(group_norm) Expected number of channels in input to be divisible "
                         f"by num_groups, but got input channel is {c} and num_groups is "
                         f"{groups}.")
    for name, value in (("weight", scale), ("bias", bias)):
        check_param("group_norm", name, value, x.dtype, c)
    stat = TensorMeta((x.shape[0], groups), stat_dtype(x.dtype))
    return TensorMeta(x.shape, x.dtype), stat, stat


def _channel_shape(ndim, data_format):
    shape = [1] * ndim
    shape[ndim - 1 if data_format == "NHWC" else 1] = -1
    return shape


def _gn_ref(x, scale, bias, epsilon=1e-5, groups=1, data_format="NCHW"):
    view, axes, _ = _gn_layout(x.shape, groups, data_format)
    v = x.reshape(view)
    m = v.mean(axis=axes, keepdims=True)
    var = v.var(axis=axes, keepdims=True)
    out = ((v - m) / np.sqrt(var + epsilon)).reshape(x.shape)
    cshape = _channel_shape(x.ndim, data_format)
    if scale is not None:
        out = out * scale.reshape(cshape)
    if bias is not None:
        out = out + bias.reshape(cshape)
    return out, m.reshape(x.shape[0], groups), var.reshape(x.shape[0], groups)


@defop("group_norm", "x scale bias", ("out", "mean", "variance"), infer_meta=_gn_meta,
       pattern=OPAQUE, optional_inputs=("scale", "bias"), ref=_gn_ref)
def group_norm(xp, x, scale, bias, epsilon=1e-5, groups=1, data_format="NCHW"):
    check_float("group_norm", x)
    _gn_meta(*metas_of(x, scale, bias), epsilon, groups, data_format)
    view, axes, _ = _gn_layout(x.shape, groups, data_format)
    work = x.astype(compute_dtype(x), copy=False).reshape(view)
    m, v, centered = moments(work, axes)
    out = (centered / np.sqrt(v + epsilon)).reshape(x.shape)
    cshape = _channel_shape(x.ndim, data_format)
    if scale is not None:
        out *= scale.astype(work.dtype).reshape(cshape)
    if bias is not None:
        out += bias.astype(work.dtype).reshape(cshape)
    n = x.shape[0]
    return out.astype(x.dtype, copy=False), m.reshape(n, groups), v.reshape(n, groups)


@group_norm.grad(save="x scale mean variance")
def _(ctx, g, g_mean, g_var):
    from .manipulation import reshape
    x = ctx.x
    shape = list(x.shape)
    view, axes, c = _gn_layout(shape, ctx.groups, ctx.data_format)
    view, axes = list(view), list(axes)
    cshape = [c if d == -1 else 1 for d in _channel_shape(len(shape), ctx.data_format)]
    if eager_rule() and not any_nonzero(g_mean, g_var):
        return _gn_fast_grads(ctx, g, view, axes, cshape, c)
    centered, rstd = recomputed_stats(reshape(x, view), axes, ctx.epsilon)
    xhat_view = centered * rstd
    gx = None
    if ctx.needs_grad[0]:
        g_xhat = g if ctx.scale is None else g * reshape(ctx.scale, cshape)
        gv = normalized_grad(reshape(g_xhat, view), xhat_view, rstd, axes)
        gx = reshape(_with_stat_grads(gv, centered, rstd.shape, g_mean, g_var), shape)
    reduce_axes = [i for i, d in enumerate(cshape) if d == 1]
    g_scale, g_bias = affine_grads(g, reshape(xhat_view, shape), reduce_axes, [c],
                                    *ctx.needs_grad[1:])
    return gx, g_scale, g_bias


def _gn_fast_grads(ctx, g, view, axes, cshape, channels):
    """The NumPy rule: input gradient in the grouped view, parameter sums per channel."""
    x = ctx.x._data
    work = compute_dtype(x)
    keep = [1 if i in axes else d for i, d in enumerate(view)]
    rstd = 1 / np.sqrt(ctx.variance._data.reshape(keep) + ctx.epsilon)
    xhat = (x.astype(work, copy=False).reshape(view) - ctx.mean._data.reshape(keep)) * rstd
    gd = g._data.astype(work, copy=False)
    gx = None
    if ctx.needs_grad[0]:
        gs = gd if ctx.scale is None else gd * ctx.scale._data.astype(work).reshape(cshape)
        gx = fast_normalized_grad(gs.reshape(view), xhat, rstd, tuple(axes))
        gx = wrap(gx.reshape(x.shape).astype(x.dtype, copy=False))
    param_axes = tuple(i for i, d in enumerate(cshape) if d == 1)
    return (gx, *fast_affine_grads(gd, xhat.reshape(x.shape), param_axes, [channels],
                                   *ctx.needs_grad[1:]))
