"""fused_batch_norm_act: inference batch_norm with its activation, as batch_norm_act_fuse_pass
builds it from batch_norm (running statistics) and relu:

    fused_batch_norm_act(x, scale?, bias?, mean, variance, momentum, epsilon, act_type)
        = relu((x - mean) / sqrt(variance + epsilon) * scale + bias)   (channel axis 1)

Paddle's op of this name (its GPU training kernel) also updates statistics; here the
statistics are the given ones, and only the output is computed: the batch_norm kernel's
arithmetic in its order, then relu, in one compiled pass where numba is installed (the same
numbers as the two ops). Inference only: no gradient."""
from __future__ import annotations

import numpy as np

from ..compiler import kernel as compiled_kernel
from ..meta import TensorMeta, meta_of
from .nn_norm import check_float, check_param, compute_dtype
from .registry import OPAQUE, defop

ACTIVATIONS = ("relu",)


def _meta(x, scale, bias, mean, variance, momentum=0.9, epsilon=1e-5, act_type="relu"):
    if not 2 <= len(x.shape) <= 5:
        raise ValueError(f"(fused_batch_norm_act) The input x must be 2-D to 5-D, but "
                         f"received shape {list(x.shape)}.")
    if act_type not in ACTIVATIONS:
        raise ValueError(f"(fused_batch_norm_act) act_type must be one of {list(ACTIVATIONS)},"
                         f" but received '{act_type}'.")
    channels = x.shape[1]
    for name, value in (("mean", mean), ("variance", variance)):
        check_param("fused_batch_norm_act", name, value, value.dtype, channels)
    for name, value in (("scale", scale), ("bias", bias)):
        check_param("fused_batch_norm_act", name, value, x.dtype, channels)
    return TensorMeta(tuple(x.shape), x.dtype)


def _metas(*arrays):
    return [None if a is None else meta_of(a) for a in arrays]


@defop("fused_batch_norm_act", "x scale bias mean variance", infer_meta=_meta,
       pattern=OPAQUE, optional_inputs=("scale", "bias"))
def fused_batch_norm_act(xp, x, scale, bias, mean, variance, momentum=0.9, epsilon=1e-5,
                         act_type="relu"):
    check_float("fused_batch_norm_act", x)
    _meta(*_metas(x, scale, bias, mean, variance), momentum, epsilon, act_type)
    view = (x.shape[0], x.shape[1], int(np.prod(x.shape[2:])))
    work = x.astype(compute_dtype(x), copy=False).reshape(view)
    m = mean.astype(work.dtype)
    rstd = (1 / np.sqrt(variance.astype(work.dtype) + epsilon)).astype(work.dtype, copy=False)
    factor = rstd if scale is None else rstd * scale.astype(work.dtype)
    shift = np.zeros_like(m) if bias is None else bias.astype(work.dtype)
    compiled = compiled_kernel("normalize_relu")
    if compiled is not None:
        out = compiled(work, m, factor, shift)
    else:
        out = work - m[:, None]
        out *= factor[:, None]
        out += shift[:, None]
        np.fmax(out, out.dtype.type(0), out=out)
    return out.reshape(x.shape).astype(x.dtype, copy=False)


fused_batch_norm_act.no_grad("an inference-only fusion (batch_norm_act_fuse_pass builds it "
                             "from ops that have gradients)")
