"""PIR converters for neural-network ops: convolution, pooling, normalization, dropout,
embedding, resampling."""
from __future__ import annotations

import numpy as np

import paddle
import paddle.nn.functional as F

from ..._core.ops import nn_resample
from ..._core.ops.registry import REGISTRY
from ..._core.tensor import wrap
from .op_map import Call, pir_op


def padding_arg(algorithm: str, paddings: list):
    """Paddle's op-level (padding_algorithm, paddings) as the functional API's `padding`."""
    if algorithm in ("SAME", "VALID"):
        return algorithm
    return list(paddings)


@pir_op("conv2d", "depthwise_conv2d", "conv3d")
def _conv(c: Call):
    fn = F.conv3d if c.name.endswith("conv3d") else F.conv2d
    return fn(c.ins[0], c.ins[1], None, c.attr("strides"),
              padding_arg(c.attr("padding_algorithm", "EXPLICIT"), c.attr("paddings")),
              c.attr("dilations"), c.attr("groups", 1), c.attr("data_format", "NCHW"))


@pir_op("conv2d_transpose", "depthwise_conv2d_transpose", "conv3d_transpose")
def _conv_transpose(c: Call):
    fn = F.conv3d_transpose if c.name.endswith("conv3d_transpose") else F.conv2d_transpose
    output_size = c.ints(2, "output_size") if len(c.ins) > 2 and c.ins[2] is not None else []
    return fn(c.ins[0], c.ins[1], None, c.attr("strides"),
              padding_arg(c.attr("padding_algorithm", "EXPLICIT"), c.attr("paddings")),
              c.attr("output_padding") or 0, c.attr("dilations"), c.attr("groups", 1),
              output_size or None, c.attr("data_format", "NCHW"))


@pir_op("pool2d", "pool3d")
def _pool(c: Call):
    nd = 3 if c.name.endswith("3d") else 2
    # pool2d takes its kernel size as a tensor input, pool3d as an attribute
    x = c.ins[0]
    kernel = c.ints(1, "kernel_size") if len(c.ins) > 1 else list(c.attr("kernel_size"))
    data_format = c.attr("data_format", "NCHW" if nd == 2 else "NCDHW")
    is_max = c.attr("pooling_type", "max") == "max"
    if c.attr("global_pooling", False) or c.attr("adaptive", False):
        size = [1] * nd if c.attr("global_pooling", False) else kernel
        return _adaptive(nd, is_max, x, size, data_format)
    padding = padding_arg(c.attr("padding_algorithm", "EXPLICIT"), c.attr("paddings"))
    strides, ceil_mode = c.attr("strides"), c.attr("ceil_mode", False)
    if is_max:
        fn = F.max_pool3d if nd == 3 else F.max_pool2d
        return fn(x, kernel, strides, padding, False, ceil_mode, data_format)
    fn = F.avg_pool3d if nd == 3 else F.avg_pool2d
    return fn(x, kernel, strides, padding, ceil_mode, c.attr("exclusive", True), None,
              data_format)


def _adaptive(nd, is_max, x, size, data_format):
    channel_last = data_format in ("NHWC", "NDHWC")
    if channel_last:
        x = paddle.transpose(x, [0, nd + 1] + list(range(1, nd + 1)))
    if is_max:
        out = (F.adaptive_max_pool3d if nd == 3 else F.adaptive_max_pool2d)(x, size)
    else:
        out = (F.adaptive_avg_pool3d if nd == 3 else F.adaptive_avg_pool2d)(x, size)
    if channel_last:
        out = paddle.transpose(out, [0] + list(range(2, nd + 2)) + [1])
    return out


@pir_op("max_pool2d_with_index", "max_pool3d_with_index")
def _max_pool_with_index(c: Call):
    nd = 3 if "3d" in c.name else 2
    kernel = c.attr("kernel_size") or c.ints(1, "kernel_size")
    if c.attr("global_pooling", False):
        kernel = list(c.ins[0].shape[2:])
    op = REGISTRY[f"max_pool{nd}d_with_index"]
    pads = tuple((p, p) for p in c.attr("paddings"))
    return op(c.ins[0], tuple(kernel), tuple(c.attr("strides")), pads,
              c.attr("ceil_mode", False), c.attr("adaptive", False))


@pir_op("batch_norm", "batch_norm_")
def _batch_norm(c: Call):
    x, mean, variance, scale, bias = c.ins
    outs = REGISTRY["batch_norm"](x, mean, variance, scale, bias, c.attr("is_test", True),
                                  c.attr("momentum", 0.9), c.attr("epsilon", 1e-5),
                                  c.attr("data_format", "NCHW"),
                                  c.attr("use_global_stats", False),
                                  c.attr("trainable_statistics", False))
    return tuple(outs) + (None,)


@pir_op("layer_norm")
def _layer_norm(c: Call):
    return REGISTRY["layer_norm"](*c.ins, c.attr("epsilon", 1e-5), c.attr("begin_norm_axis", 1))


@pir_op("group_norm")
def _group_norm(c: Call):
    return REGISTRY["group_norm"](*c.ins, c.attr("epsilon", 1e-5), c.attr("groups", 1),
                                  c.attr("data_format", "NCHW"))


@pir_op("instance_norm")
def _instance_norm(c: Call):
    x, scale, bias = c.ins
    return F.instance_norm(x, weight=scale, bias=bias, eps=c.attr("epsilon", 1e-5)), None, None


@pir_op("dropout", random=True)
def _dropout(c: Call):
    p = c.number(2, "p") if len(c.ins) > 2 and c.ins[2] is not None else c.attr("p", 0.5)
    return REGISTRY["dropout"](c.ins[0], float(p), c.attr("is_test", False),
                               c.attr("mode", "upscale_in_train"), c.attr("seed", 0),
                               c.attr("fix_seed", False))


@pir_op("embedding")
def _embedding(c: Call):
    return REGISTRY["embedding"](c.ins[0], c.ins[1], c.attr("padding_idx", -1),
                                 c.attr("sparse", False))


@pir_op("prelu")
def _prelu(c: Call):
    return REGISTRY["prelu"](c.ins[0], c.ins[1], c.attr("data_format", "NCHW"),
                             c.attr("mode", "all"))


@pir_op("bilinear_interp", "nearest_interp", "bicubic_interp", "linear_interp",
        "trilinear_interp")
def _interp(c: Call):
    x = c.ins[0]
    size, scale = _interp_target(c)
    return resize(x, size, scale, c.attr("interp_method", "bilinear"),
                  c.attr("align_corners", False), c.attr("align_mode", 1),
                  interp_format(c.attr("data_format", "NCHW"), x.ndim))


def resize(x, size, scale, method: str, align_corners: bool, align_mode: int, data_format):
    """F.interpolate, except that nearest honours align_corners as Paddle's nearest_interp
    kernels do (source index round(i * (in - 1) / (out - 1))); the public API refuses that
    combination, but exported programs carry it."""
    if method != "nearest" or not align_corners:
        return F.interpolate(x, size, scale, method, align_corners, align_mode, data_format)
    from ...nn.functional import _interp_taps as taps
    from ...nn.functional.interpolate import _target
    first = 1 if data_format.endswith("C") else 2
    axes = list(range(first, x.ndim - 1 if first == 1 else x.ndim))
    spatial = [x.shape[a] for a in axes]
    sizes, scales = _target(x, size, scale, None, spatial)
    out = x
    for axis, in_size, out_size, factor in reversed(list(zip(axes, spatial, sizes, scales))):
        index, weight = taps.nearest(in_size, out_size, factor, True)
        out = nn_resample.resample_axis(out, wrap(index), wrap(weight.astype(np.float32)), axis)
    return out


def interp_format(data_format: str, ndim: int) -> str:
    """Paddle writes NCHW/NHWC for interpolation of any rank; the functional API wants the
    format of the input's rank."""
    channel_last = data_format in ("NHWC", "NWC", "NDHWC")
    return (("NWC", "NHWC", "NDHWC") if channel_last else ("NCW", "NCHW", "NCDHW"))[ndim - 3]


def _interp_target(c: Call):
    """(size, scale_factor) from the interp op's tensor inputs or attributes, in that order of
    precedence (as Paddle's kernels read them)."""
    spatial = c.ins[0].ndim - 2
    if len(c.ins) > 1 and c.ins[1] is not None:
        return c.ints(1, "out_size"), None
    if len(c.ins) > 2 and c.ins[2]:
        return c.ints(2, "size_tensor"), None
    if len(c.ins) > 3 and c.ins[3] is not None:
        return None, [float(v) for v in c.constant(3, "scale_tensor").reshape(-1)]
    scale = [float(s) for s in (c.attr("scale") or []) if s > 0]
    if scale:
        return None, scale if len(scale) > 1 else scale[0]
    dims = [c.attr("out_d", -1), c.attr("out_h", -1), c.attr("out_w", -1)][3 - spatial:]
    return dims, None


@pir_op("grid_sample")
def _grid_sample(c: Call):
    return F.grid_sample(c.ins[0], c.ins[1], c.attr("mode", "bilinear"),
                         c.attr("padding_mode", "zeros"), c.attr("align_corners", True))


@pir_op("channel_shuffle")
def _channel_shuffle(c: Call):
    return F.channel_shuffle(c.ins[0], c.attr("groups"), c.attr("data_format", "NCHW"))


@pir_op("rnn", random=True)
def _rnn(c: Call):
    """Paddle's fused rnn op: layers x directions of rnn_layer, weights listed as every
    (w_ih, w_hh) pair first, then every (b_ih, b_hh) pair."""
    x, pre_state, weights = c.ins[0], c.ins[1], c.ins[2]
    sequence_length = c.ins[3] if len(c.ins) > 3 else None
    layers, mode = c.attr("num_layers", 1), c.attr("mode", "LSTM")
    directions = 2 if c.attr("is_bidirec", False) else 1
    cells = layers * directions
    mask = None
    if sequence_length is not None:
        mask = paddle.transpose(F.sequence_mask(sequence_length, maxlen=x.shape[0],
                                                dtype="bool"), [1, 0])
    per_cell = paddle.unstack(paddle.stack(list(pre_state), 1), 0)
    finals = []
    for layer in range(layers):
        if layer and c.attr("dropout_prob", 0.0) and not c.attr("is_test", True):
            x = F.dropout(x, c.attr("dropout_prob"), training=True)
        outs = []
        for direction in range(directions):
            k = layer * directions + direction
            out, final, _ = REGISTRY["rnn_layer"](
                x, per_cell[k], weights[2 * k], weights[2 * k + 1], weights[2 * cells + 2 * k],
                weights[2 * cells + 2 * k + 1], mask, mode, direction == 1)
            outs.append(out)
            finals.append(final)
        x = outs[0] if directions == 1 else paddle.concat(outs, -1)
    states = paddle.unstack(paddle.stack(finals, 1), 0)
    return x, None, list(states), None
