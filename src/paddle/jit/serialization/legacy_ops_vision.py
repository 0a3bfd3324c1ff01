"""Legacy converters for the image ops of exported vision models: grid sampling, channel
affine and shuffles, and the fused fully-connected op (`fc`) that Paddle's inference passes
write into optimised programs."""
from __future__ import annotations

import math

import paddle
import paddle.nn.functional as F

from .legacy_ops import one
from .legacy_ops_nn import _batch_norm
from .op_map import Call, legacy_op

# fc's activation_type values and the functions they name.
_FC_ACTIVATIONS = {"": None, "relu": F.relu, "tanh": F.tanh, "sigmoid": F.sigmoid,
                   "gelu": F.gelu, "hard_swish": F.hardswish, "swish": F.silu}


@legacy_op("grid_sampler")
def _grid_sampler(c: Call):
    return {"Output": F.grid_sample(one(c, "X"), one(c, "Grid"), c.attr("mode", "bilinear"),
                                    c.attr("padding_mode", "zeros"),
                                    c.attr("align_corners", True))}


@legacy_op("affine_channel")
def _affine_channel(c: Call):
    """x * scale + bias per channel (a batch norm folded into constants)."""
    x = one(c, "X")
    shape = [1] * x.ndim
    channel = x.ndim - 1 if c.attr("data_layout", "NCHW") == "NHWC" else 1
    shape[channel] = x.shape[channel]
    return {"Out": x * paddle.reshape(one(c, "Scale"), shape) +
            paddle.reshape(one(c, "Bias"), shape)}


@legacy_op("pixel_shuffle")
def _pixel_shuffle(c: Call):
    return {"Out": F.pixel_shuffle(one(c, "X"), c.attr("upscale_factor"),
                                   c.attr("data_format", "NCHW"))}


@legacy_op("shuffle_channel")
def _shuffle_channel(c: Call):
    return {"Out": F.channel_shuffle(one(c, "X"), c.attr("group", 1))}


@legacy_op("fc")
def _fc(c: Call):
    """Input flattened to 2-D at in_num_col_dims, times W, plus Bias, then the activation."""
    x, weight, bias = one(c, "Input"), one(c, "W"), one(c, "Bias")
    keep = c.attr("in_num_col_dims", 1)
    rows = paddle.reshape(x, [math.prod(x.shape[:keep]), math.prod(x.shape[keep:])])
    out = paddle.matmul(rows, weight)
    if bias is not None:
        out = out + paddle.reshape(bias, [-1])
    activation = c.attr("activation_type", "")
    if activation not in _FC_ACTIVATIONS:
        raise NotImplementedError(f"(fc) activation_type '{activation}' is not supported; "
                                  f"expected one of {sorted(_FC_ACTIVATIONS)}")
    if _FC_ACTIVATIONS[activation] is not None:
        out = _FC_ACTIVATIONS[activation](out)
    return {"Out": paddle.reshape(out, list(x.shape[:keep]) + [weight.shape[1]])}


@legacy_op("sync_batch_norm")
def _sync_batch_norm(c: Call):
    """At inference, synchronised batch norm is batch norm (statistics are not gathered)."""
    return _batch_norm(c)
