"""softmax, log_softmax and gumbel_softmax along one axis, computed stably (the maximum along
the axis is subtracted first), as Paddle's kernels do."""
from __future__ import annotations

import numpy as np

from ..compiler import kernel as compiled_kernel
from ..meta import TensorMeta, meta_of, normalize_axis
from ..random import numpy_rng
from . import _kernel_utils as K
from . import reduction as R
from . import unary as U
from .nn_activation import FLOAT_NAMES, require_float
from .registry import OPAQUE, defop


def _softmax_meta(op: str):
    def rule(x, axis=-1):
        if x.dtype.kind != "f":
            raise TypeError(f"({op}) The input x must be a floating-point Tensor "
                            f"({FLOAT_NAMES}), but received {x.dtype.name}.")
        normalize_axis(op, axis, x.ndim)
        return TensorMeta(x.shape, x.dtype)
    return rule


def _widen(x):
    return x.astype("float32") if x.dtype in K.LOW_PRECISION else x


# Paddle's CPU kernels clip x - max(x) from below at -64 before exponentiating, so the smallest
# probability is e^-64 and the smallest log-probability -64.
_SHIFT_FLOOR = -64.0


def _shifted(op: str, xp, x, axis: int):
    """x minus its maximum along `axis`, clipped at -64 (in float32 for half precision): a
    fresh array, and the axis index. The clip is a pass of its own, skipped where one cheap
    minimum shows nothing below the floor."""
    require_float(op, x)
    ax = normalize_axis(op, axis, x.ndim)
    v = _widen(x)
    if v.ndim == 0 or v.size == 0:
        return v - v, ax
    shifted = xp.subtract(v, v.max(axis=ax, keepdims=True))
    if not shifted.min() >= _SHIFT_FLOOR:  # below the floor somewhere, or NaN (min is NaN)
        xp.maximum(shifted, _SHIFT_FLOOR, out=shifted)
    return shifted, ax


def _compiled_softmax(x, axis: int):
    """softmax along the last axis of a NumPy array with the compiled row passes around
    NumPy's exp (compiler/softmax.py), or None where they do not apply."""
    if not isinstance(x, np.ndarray) or x.ndim == 0 or x.size == 0 or \
            normalize_axis("softmax", axis, x.ndim) != x.ndim - 1:
        return None
    shift, normalize = compiled_kernel("shift_rows"), compiled_kernel("normalize_rows")
    if shift is None:
        return None
    v = _widen(x)
    e = shift(v.reshape(-1, v.shape[-1]), _SHIFT_FLOOR)
    np.exp(e, out=e)
    normalize(e)
    return e.reshape(x.shape).astype(x.dtype, copy=False)


@defop("softmax", infer_meta=_softmax_meta("softmax"), pattern=OPAQUE)
def softmax(xp, x, axis=-1):
    require_float("softmax", x)
    compiled = _compiled_softmax(x, axis)
    if compiled is not None:
        return compiled
    e, ax = _shifted("softmax", xp, x, axis)
    if not e.ndim:  # a 0-d input: its softmax is 1
        return xp.exp(e).astype(x.dtype)
    xp.exp(e, out=e)
    e /= e.sum(axis=ax, keepdims=True)
    return e.astype(x.dtype, copy=False)


@softmax.grad(save="out")
def _(ctx, g):
    out = ctx.out
    axis = normalize_axis("softmax", ctx.axis, out.ndim)
    if out.ndim == 0:
        return g * 0
    return (g - R.sum_op(g * out, [axis], None, True)) * out


@defop("log_softmax", infer_meta=_softmax_meta("log_softmax"), pattern=OPAQUE)
def log_softmax(xp, x, axis=-1):
    shifted, ax = _shifted("log_softmax", xp, x, axis)
    if shifted.ndim:
        shifted -= xp.log(xp.exp(shifted).sum(axis=ax, keepdims=True))
    return shifted.astype(x.dtype, copy=False)


@log_softmax.grad(save="out")
def _(ctx, g):
    out = ctx.out
    if out.ndim == 0:
        return g * 0
    axis = normalize_axis("log_softmax", ctx.axis, out.ndim)
    return g - U.exp(out) * R.sum_op(g, [axis], None, True)


# ---- gumbel softmax ----------------------------------------------------------------------------

def _gumbel_meta(x, temperature=1.0, hard=False, axis=-1):
    if temperature <= 0:
        raise ValueError(f"(gumbel_softmax) The temperature must be greater than 0. But received "
                         f"temperature = {temperature}.")
    return _softmax_meta("gumbel_softmax")(x, axis)


@defop("gumbel_softmax", infer_meta=_gumbel_meta, pattern=OPAQUE, tags=("random",))
def gumbel_softmax(xp, x, temperature=1.0, hard=False, axis=-1):
    _gumbel_meta(meta_of(x), temperature, hard, axis)
    ax = normalize_axis("gumbel_softmax", axis, x.ndim)
    v = _widen(x)
    # uniform in [tiny, 1): log(0) would turn the noise into infinities
    uniform = xp.maximum(numpy_rng().random(v.shape, dtype=v.dtype), xp.finfo(v.dtype).tiny)
    noisy = (v - xp.log(-xp.log(uniform))) / v.dtype.type(temperature)
    if noisy.ndim == 0:
        return xp.ones_like(x)
    out = noisy
    if noisy.size:
        out = xp.exp(xp.maximum(noisy - noisy.max(axis=ax, keepdims=True), _SHIFT_FLOOR))
        out /= out.sum(axis=ax, keepdims=True)
    if hard and out.size:
        index = xp.argmax(out, axis=ax)
        out = xp.zeros_like(out)
        xp.put_along_axis(out, xp.expand_dims(index, ax), 1, axis=ax)
    return out.astype(x.dtype, copy=False)


@gumbel_softmax.grad(save="out")
def _(ctx, g):
    # Paddle's kernel back-propagates the softmax Jacobian of the output as sampled, without the
    # 1/temperature factor (and so passes nothing through a hard one-hot sample); kept for parity.
    out = ctx.out
    if out.ndim == 0:
        return g * 0
    axis = normalize_axis("gumbel_softmax", ctx.axis, out.ndim)
    return (g - R.sum_op(g * out, [axis], None, True)) * out
