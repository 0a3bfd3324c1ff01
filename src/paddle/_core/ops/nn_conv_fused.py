"""Fused convolutions of the inference passes: the convolution, then its epilogue applied in
place on the product's fresh result while it is still one array, no op boundaries between:

    fused_conv2d(x, weight, bias?, residual?, strides, paddings, dilations, groups,
                 activation, alpha, beta, scale, shift)
        = act(conv2d(x, weight) + bias[channel] + residual) * scale + shift
    fused_conv2d_transpose(x, weight, bias?, strides, paddings, output_size, dilations,
                           groups, activation, alpha, beta)
        = act(conv2d_transpose(x, weight) + bias[channel])

`activation` names one of nn_activation_inplace.ACTIVATIONS ("" for none), with `alpha` and
`beta` its attributes. Real Paddle's oneDNN passes produce the same ops (fused_conv2d with
fuse_activation, fuse_residual_connection and fused_output_scale). They exist for inference
programs only, so they have no gradient."""
from __future__ import annotations

import numpy as np

from ..meta import meta_of
from . import _conv_depthwise as D
from . import _kernel_utils as K
from .nn_activation_inplace import check_activation, conv_epilogue
from .nn_conv import (
    array_signature,
    checked_sizes,
    conv2d,
    conv2d_transpose,
    correlate,
    resolve_output_size,
    scatter,
)
from .registry import OPAQUE, defop


def _check_bias(op: str, bias, channels: int) -> None:
    if bias is not None and (len(bias.shape) != 1 or bias.shape[0] not in (channels, -1)):
        raise ValueError(f"({op}) The bias must be a 1-D tensor of {channels} elements (one "
                         f"per output channel), but received shape {list(bias.shape)}.")


def _fused_conv_meta(x, weight, bias, residual, strides, paddings, dilations, groups,
                     activation="", alpha=0.0, beta=0.0, scale=1.0, shift=0.0):
    out = conv2d.infer_meta(x, weight, strides, paddings, dilations, groups)
    _check_bias("fused_conv2d", bias, out.shape[1])
    check_activation("fused_conv2d", activation)
    if residual is not None and tuple(residual.shape) != tuple(out.shape):
        raise ValueError(f"(fused_conv2d) The residual must have the convolution's output "
                         f"shape {list(out.shape)}, but received {list(residual.shape)}.")
    return out


def _meta(array):
    return None if array is None else meta_of(array)


def _widened(x):
    if x.dtype.itemsize >= 4:  # float32/float64: as they are (the common case, checked fast)
        return x
    return x.astype(np.float32) if x.dtype in K.LOW_PRECISION else x


@defop("fused_conv2d", "x weight bias residual", infer_meta=_fused_conv_meta, pattern=OPAQUE,
       optional_inputs=("bias", "residual"))
def fused_conv2d(xp, x, weight, bias, residual, strides, paddings, dilations, groups,
                 activation="", alpha=0.0, beta=0.0, scale=1.0, shift=0.0):
    key = ("fused_conv2d", x.shape, x.dtype, weight.shape, weight.dtype, array_signature(bias),
           array_signature(residual), strides, paddings, dilations, groups, activation)
    sizes = checked_sizes(key, lambda: _fused_conv_meta(
        meta_of(x), meta_of(weight), _meta(bias), _meta(residual), strides, paddings, dilations,
        groups, activation).shape[2:])
    dtype = x.dtype
    x, weight = _widened(x), _widened(weight)
    bias = None if bias is None else _widened(bias)
    if residual is None and D.applies(x.shape[1], weight.shape, groups) and 0 not in sizes:
        # the depthwise kernel applies the epilogue to each output row while it is in cache
        out = D.correlate(x, weight, strides, paddings, dilations, sizes,
                          (bias, activation, alpha, beta, scale, shift))
    else:
        out = correlate(x, weight, strides, paddings, dilations, groups, sizes)
        conv_epilogue(out, bias, None if residual is None else _widened(residual), activation,
                      alpha, beta, scale, shift)
    return out.astype(dtype, copy=False)


fused_conv2d.no_grad("an inference-only fusion (the passes build it from ops that have "
                     "gradients)")


def _fused_transpose_meta(x, weight, bias, strides, paddings, output_size, dilations, groups,
                          activation="", alpha=0.0, beta=0.0):
    out = conv2d_transpose.infer_meta(x, weight, strides, paddings, output_size, dilations,
                                      groups)
    _check_bias("fused_conv2d_transpose", bias, out.shape[1])
    check_activation("fused_conv2d_transpose", activation)
    return out


@defop("fused_conv2d_transpose", "x weight bias", infer_meta=_fused_transpose_meta,
       pattern=OPAQUE, optional_inputs=("bias",))
def fused_conv2d_transpose(xp, x, weight, bias, strides, paddings, output_size, dilations,
                           groups, activation="", alpha=0.0, beta=0.0):
    _fused_transpose_meta(meta_of(x), meta_of(weight), _meta(bias), strides, paddings,
                          output_size, dilations, groups, activation)
    output_size = resolve_output_size(output_size, x.shape[2:], weight.shape[2:], strides,
                                      paddings, dilations)
    dtype = x.dtype
    out = scatter(_widened(x), _widened(weight), strides, paddings, dilations, groups,
                  output_size)
    conv_epilogue(out, None if bias is None else _widened(bias), None, activation, alpha, beta,
                  1.0, 0.0)
    return out.astype(dtype, copy=False)


fused_conv2d_transpose.no_grad("an inference-only fusion (the passes build it from ops that "
                               "have gradients)")

