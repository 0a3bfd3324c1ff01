"""Random masking ops: dropout and rrelu. Both return the mask (or noise) they drew as a second
output, which their gradients reuse, so backward sees exactly the forward's randomness.

They draw from the default generator (paddle.seed makes them reproducible); `fix_seed` with a
non-zero `seed` attribute gives the same mask on every call, as in Paddle."""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from ..random import numpy_rng
from . import _kernel_utils as K
from .manipulation import cast
from .nn_activation import FLOAT_NAMES, attr32, require_float
from .registry import ELEMENTWISE, OPAQUE, defop

DROPOUT_MODES = ("upscale_in_train", "downgrade_in_infer")


def _float_input(op: str, x) -> None:
    if x.dtype.kind != "f":
        raise TypeError(f"({op}) The input x must be a floating-point Tensor ({FLOAT_NAMES}), "
                        f"but received {x.dtype.name}.")


def _dropout_meta(x, p=0.5, is_test=False, mode="upscale_in_train", seed=0, fix_seed=False):
    _float_input("dropout", x)
    if mode not in DROPOUT_MODES:
        raise ValueError(f"(dropout) mode must be one of {list(DROPOUT_MODES)}, but received "
                         f"{mode!r}.")
    if not 0 <= p <= 1:
        raise ValueError(f"(dropout) The dropout probability p must be in [0, 1], but received "
                         f"{p}.")
    return TensorMeta(x.shape, x.dtype), TensorMeta(x.shape, _dt.uint8)


@defop("dropout", "x", "out mask", infer_meta=_dropout_meta, pattern=OPAQUE, tags=("random",))
def dropout(xp, x, p=0.5, is_test=False, mode="upscale_in_train", seed=0, fix_seed=False):
    require_float("dropout", x)
    p = float(p)
    if is_test:
        out = x.copy() if mode == "upscale_in_train" else K.same_dtype_math(
            lambda v: v * v.dtype.type(1 - p), x)
        return out, xp.ones(x.shape, np.uint8)
    keep = numpy_rng(seed if fix_seed else 0).random(x.shape, dtype=np.float32) >= np.float32(p)
    if mode == "upscale_in_train" and p < 1:
        out = K.same_dtype_math(lambda v: v * keep / v.dtype.type(1 - p), x)
    else:
        out = K.same_dtype_math(lambda v: v * keep, x)
    return out, keep.astype(np.uint8)


@dropout.grad(save="mask")
def _(ctx, g, _g_mask):
    p = float(ctx.p)
    upscale = ctx.mode == "upscale_in_train"
    if ctx.is_test:
        return g if upscale else g * (1 - p)
    kept = g * cast(ctx.mask, g.dtype)
    return kept / (1 - p) if upscale and p < 1 else kept


# ---- rrelu -------------------------------------------------------------------------------------

def _rrelu_meta(x, lower=0.125, upper=1 / 3, is_test=False):
    _float_input("rrelu", x)
    return TensorMeta(x.shape, x.dtype), TensorMeta(x.shape, x.dtype)


@defop("rrelu", "x", "out noise", infer_meta=_rrelu_meta, pattern=ELEMENTWISE, tags=("random",))
def rrelu(xp, x, lower=0.125, upper=1 / 3, is_test=False):
    """Randomized leaky relu: negative inputs are scaled by a slope drawn uniformly from
    [lower, upper] in training, by the mean slope in evaluation; `noise` holds the slopes used
    (1 for non-negative inputs)."""
    require_float("rrelu", x)
    low, high = attr32(lower), attr32(upper)
    work = x.astype(np.float32) if x.dtype in K.LOW_PRECISION else x
    if is_test:
        slopes = work.dtype.type((low + high) / 2)
    else:
        slopes = numpy_rng().uniform(low, high, size=x.shape).astype(work.dtype)
    noise = xp.where(work >= 0, work.dtype.type(1), slopes)
    return (work * noise).astype(x.dtype), noise.astype(x.dtype)


@rrelu.grad(save="noise")
def _(ctx, g, _g_noise):
    return g * ctx.noise
