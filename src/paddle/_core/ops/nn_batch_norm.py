"""The batch_norm kernel: batch statistics (updating the running ones) or given statistics,
channel axis 1 (NCHW-like) or last (NHWC-like), with Paddle's gradient conventions."""
from __future__ import annotations

import numpy as np

from ..meta import TensorMeta
from . import reduction as R
from . import unary as U
from ..tensor import wrap
from .nn_norm import (affine_grads, any_nonzero, broadcast_param, check_float, check_param,
                      compute_dtype, eager_rule, metas_of, normalized_grad,
                      recomputed_stats, stat_dtype, stat_grads)
from .registry import OPAQUE, defop


def _bn_channel_axis(ndim: int, data_format: str) -> int:
    return ndim - 1 if data_format == "NHWC" and ndim > 2 else 1


def _bn_meta(x, mean, variance, scale, bias, is_test=False, momentum=0.9, epsilon=1e-5,
             data_format="NCHW", use_global_stats=False, trainable_statistics=False):
    if not 2 <= x.ndim <= 5:
        raise ValueError(f"(batch_norm) The input x must be 2-D to 5-D, but received a "
                         f"{x.ndim}-D tensor of shape {list(x.shape)}.")
    channels = x.shape[_bn_channel_axis(x.ndim, data_format)]
    for name, value in (("running_mean", mean), ("running_var", variance)):
        check_param("batch_norm", name, value, value.dtype, channels)
    for name, value in (("weight", scale), ("bias", bias)):
        check_param("batch_norm", name, value, x.dtype, channels)
    stat = TensorMeta((channels,), stat_dtype(x.dtype))
    return (TensorMeta(x.shape, x.dtype), TensorMeta((channels,), mean.dtype),
            TensorMeta((channels,), variance.dtype), stat, stat)


def uses_batch_stats(is_test: bool, use_global_stats: bool, trainable_statistics: bool) -> bool:
    """Paddle's rule: batch statistics unless in test mode (without trainable statistics) or
    global statistics were requested."""
    return not (is_test and not trainable_statistics) and not use_global_stats


def _bn_ref(x, mean, variance, scale, bias, is_test=False, momentum=0.9, epsilon=1e-5,
            data_format="NCHW", use_global_stats=False, trainable_statistics=False):
    axis = _bn_channel_axis(x.ndim, data_format)
    axes = tuple(i for i in range(x.ndim) if i != axis)
    shape = [1] * x.ndim
    shape[axis] = -1
    if uses_batch_stats(is_test, use_global_stats, trainable_statistics):
        m, v = x.mean(axis=axes), x.var(axis=axes)
        mean_out = momentum * mean + (1 - momentum) * m
        var_out = momentum * variance + (1 - momentum) * v
    else:
        m, v, mean_out, var_out = mean, variance, mean, variance
    out = (x - m.reshape(shape)) / np.sqrt(v.reshape(shape) + epsilon)
    if scale is not None:
        out = out * scale.reshape(shape)
    if bias is not None:
        out = out + bias.reshape(shape)
    return out, mean_out, var_out, m, 1 / np.sqrt(v + epsilon)


@defop("batch_norm", "x mean variance scale bias",
       ("out", "mean_out", "variance_out", "saved_mean", "saved_variance"),
       infer_meta=_bn_meta, pattern=OPAQUE, optional_inputs=("scale", "bias"), ref=_bn_ref)
def batch_norm(xp, x, mean, variance, scale, bias, is_test=False, momentum=0.9, epsilon=1e-5,
               data_format="NCHW", use_global_stats=False, trainable_statistics=False):
    check_float("batch_norm", x)
    _bn_meta(*metas_of(x, mean, variance, scale, bias), False, momentum, epsilon, data_format)
    axis = _bn_channel_axis(x.ndim, data_format)
    channels = x.shape[axis]
    # [outer, channels, inner]: per-channel reductions become single contiguous passes
    view = (int(np.prod(x.shape[:axis])), channels, int(np.prod(x.shape[axis + 1:])))
    work = x.astype(compute_dtype(x), copy=False).reshape(view)
    count = view[0] * view[2]
    batch = uses_batch_stats(is_test, use_global_stats, trainable_statistics)
    if batch and count <= 1:
        # Paddle leaves a single value per channel (or an empty batch) untouched, statistics too.
        stat = np.zeros(channels, work.dtype)
        return x.copy(), mean.copy(), variance.copy(), stat, stat.copy()
    if batch:
        m = np.einsum("acb->c", work) / count
        centered = work - m[:, None]
        v = np.einsum("acb,acb->c", centered, centered) / count
        mean_out = (momentum * mean + (1 - momentum) * m).astype(mean.dtype)
        var_out = (momentum * variance + (1 - momentum) * v).astype(variance.dtype)
    else:
        m, v = mean.astype(work.dtype), variance.astype(work.dtype)
        centered = work - m[:, None]
        mean_out, var_out = mean.copy(), variance.copy()
    rstd = (1 / np.sqrt(v + epsilon)).astype(work.dtype, copy=False)
    factor = rstd if scale is None else rstd * scale.astype(work.dtype)
    centered *= factor[:, None]
    if bias is not None:
        centered += bias.astype(work.dtype)[:, None]
    return (centered.reshape(x.shape).astype(x.dtype, copy=False), mean_out, var_out,
            m.astype(work.dtype, copy=False), rstd)


@batch_norm.grad(save="x scale mean_out variance_out saved_mean saved_variance")
def _(ctx, g, g_mean_out, g_var_out, g_saved_mean, g_saved_rstd):
    x = ctx.x
    axis = _bn_channel_axis(x.ndim, ctx.data_format)
    axes = [i for i in range(x.ndim) if i != axis]
    shape = [1] * x.ndim
    shape[axis] = x.shape[axis]
    count = int(np.prod([x.shape[i] for i in axes]))
    mom = ctx.momentum
    batch = uses_batch_stats(ctx.is_test, ctx.use_global_stats, ctx.trainable_statistics)
    if batch and count <= 1:  # the kernel passed x through and kept the running statistics
        return (g, g_mean_out, g_var_out, *_zero_affine_grads(ctx))
    if ctx.is_test or not batch:
        # Paddle's rule in test mode (even with trainable statistics) and with global
        # statistics: the statistics after the update are constants of the normalisation.
        return _bn_global_grads(ctx, g, (g_mean_out + g_saved_mean, g_var_out), g_saved_rstd,
                                axes, shape)
    if eager_rule() and not any_nonzero(g_mean_out, g_var_out, g_saved_mean, g_saved_rstd):
        return _bn_fast_grads(ctx, g, axis)
    centered, rstd = recomputed_stats(x, axes, ctx.epsilon)
    xhat = centered * rstd
    gx = None
    if ctx.needs_grad[0]:
        g_xhat = g if ctx.scale is None else g * broadcast_param(ctx.scale, shape)
        gx = normalized_grad(g_xhat, xhat, rstd, axes)
        stats = (g_mean_out * (1 - mom) + g_saved_mean, g_var_out * (1 - mom))
        if any_nonzero(*stats, g_saved_rstd):
            g_var = broadcast_param(stats[1], shape) - 0.5 * rstd * rstd * rstd * \
                broadcast_param(g_saved_rstd, shape)
            gx = gx + stat_grads(centered, count, broadcast_param(stats[0], shape), g_var)
    needs = ctx.needs_grad
    g_scale, g_bias = affine_grads(g, xhat, axes, [x.shape[axis]], needs[3], needs[4])
    return gx, g_mean_out * mom, g_var_out * mom, g_scale, g_bias


def _bn_fast_grads(ctx, g, axis):
    """The NumPy rule for batch statistics when only the output's gradient is needed:
    k * (g - sum(g)/n - xhat * sum(g * xhat)/n) with k = scale * rstd, over an
    [outer, channels, inner] view so each reduction is a single contiguous einsum."""
    x = ctx.x._data
    work = compute_dtype(x)
    view = (int(np.prod(x.shape[:axis])), x.shape[axis], int(np.prod(x.shape[axis + 1:])))
    rstd = ctx.saved_variance._data[:, None]
    xhat = x.astype(work, copy=False).reshape(view) - ctx.saved_mean._data[:, None]
    xhat *= rstd
    gd = g._data.astype(work, copy=False).reshape(view)
    count = view[0] * view[2]
    sum_g = gd.sum(axis=(0, 2))
    sum_gx = np.einsum("acb,acb->c", gd, xhat)
    needs = ctx.needs_grad
    gx = None
    if needs[0]:
        k = rstd if ctx.scale is None else rstd * ctx.scale._data.astype(work)[:, None]
        gx = gd - (sum_g / count)[:, None]
        xhat *= (sum_gx / count)[:, None]
        gx -= xhat
        gx *= k
        gx = wrap(gx.reshape(x.shape).astype(x.dtype, copy=False))
    return (gx, None, None, wrap(sum_gx) if needs[3] else None,
            wrap(sum_g) if needs[4] else None)


def _bn_global_grads(ctx, g, g_stats, g_saved_rstd, axes, shape):
    """Normalisation by fixed statistics (mean_out / variance_out, which equal the given
    running statistics under use_global_stats): x, mean, variance, scale and bias all receive
    gradients; the statistics outputs are copies of mean, variance and their rstd."""
    channels = [ctx.x.shape[i] for i in range(ctx.x.ndim) if i not in axes]
    rstd_c = U.rsqrt(ctx.variance_out + ctx.epsilon)
    rstd = broadcast_param(rstd_c, shape)
    centered = ctx.x - broadcast_param(ctx.mean_out, shape)
    g_xhat = g if ctx.scale is None else g * broadcast_param(ctx.scale, shape)
    needs = ctx.needs_grad
    gx = g_xhat * rstd if needs[0] else None
    g_mean = g_var = None
    if needs[1]:
        g_mean = g_stats[0] - R.sum_op(g_xhat * rstd, axes, None, False)
    if needs[2]:
        g_rstd = g_saved_rstd + R.sum_op(g_xhat * centered, axes, None, False)
        g_var = g_stats[1] - 0.5 * rstd_c * rstd_c * rstd_c * g_rstd
    g_scale, g_bias = affine_grads(g, centered * rstd, axes, channels, needs[3], needs[4])
    return gx, g_mean, g_var, g_scale, g_bias


def _zero_affine_grads(ctx):
    from .creation import full
    return tuple(None if p is None or not need else full(list(p.shape), 0, p.dtype)
                 for p, need in zip((ctx.scale, ctx.bias), ctx.needs_grad[3:]))
