"""Legacy converters for convolution, pooling, normalization, dropout, embedding and
interpolation."""
from __future__ import annotations

import paddle
import paddle.nn.functional as F

from ..._core.ops.registry import REGISTRY
from .legacy_ops import INTERP_OPS, many, one
from .op_map import Call, legacy_op
from .pir_ops_nn import _adaptive, interp_format, padding_arg, resize


@legacy_op("conv2d", "depthwise_conv2d", "conv3d")
def _conv(c: Call):
    fn = F.conv3d if c.name == "conv3d" else F.conv2d
    data_format = c.attr("data_format", "NCHW")
    if data_format == "AnyLayout":
        data_format = "NCHW" if c.name != "conv3d" else "NCDHW"
    out = fn(one(c, "Input"), one(c, "Filter"), one(c, "Bias"), c.attr("strides"),
             padding_arg(c.attr("padding_algorithm", "EXPLICIT"), c.attr("paddings")),
             c.attr("dilations"), c.attr("groups", 1), data_format)
    return {"Output": out}


@legacy_op("conv2d_transpose", "depthwise_conv2d_transpose", "conv3d_transpose")
def _conv_transpose(c: Call):
    fn = F.conv3d_transpose if c.name == "conv3d_transpose" else F.conv2d_transpose
    data_format = c.attr("data_format", "NCHW")
    if data_format == "AnyLayout":
        data_format = "NCHW"
    out = fn(one(c, "Input"), one(c, "Filter"), one(c, "Bias"), c.attr("strides"),
             padding_arg(c.attr("padding_algorithm", "EXPLICIT"), c.attr("paddings")),
             c.attr("output_padding") or 0, c.attr("dilations"), c.attr("groups", 1),
             c.attr("output_size") or None, data_format)
    return {"Output": out}


@legacy_op("pool2d", "pool3d")
def _pool(c: Call):
    nd = 3 if c.name == "pool3d" else 2
    x, kernel = one(c, "X"), list(c.attr("ksize"))
    data_format = c.attr("data_format", "NCHW")
    if data_format == "AnyLayout":
        data_format = "NCHW" if nd == 2 else "NCDHW"
    is_max = c.attr("pooling_type", "max") == "max"
    if c.attr("global_pooling", False) or c.attr("adaptive", False):
        size = [1] * nd if c.attr("global_pooling", False) else kernel
        return {"Out": _adaptive(nd, is_max, x, size, data_format)}
    padding = padding_arg(c.attr("padding_algorithm", "EXPLICIT"), c.attr("paddings"))
    strides, ceil_mode = c.attr("strides"), c.attr("ceil_mode", False)
    if is_max:
        fn = F.max_pool3d if nd == 3 else F.max_pool2d
        return {"Out": fn(x, kernel, strides, padding, False, ceil_mode, data_format)}
    fn = F.avg_pool3d if nd == 3 else F.avg_pool2d
    return {"Out": fn(x, kernel, strides, padding, ceil_mode, c.attr("exclusive", True), None,
                      data_format)}


@legacy_op("batch_norm")
def _batch_norm(c: Call):
    layout = c.attr("data_layout", "NCHW")
    out, _mean, _variance, saved_mean, saved_var = REGISTRY["batch_norm"](
        one(c, "X"), one(c, "Mean"), one(c, "Variance"), one(c, "Scale"), one(c, "Bias"),
        c.attr("is_test", True), c.attr("momentum", 0.9), c.attr("epsilon", 1e-5),
        "NHWC" if layout == "NHWC" else "NCHW", c.attr("use_global_stats", False),
        c.attr("trainable_statistics", False))
    return {"Y": out, "SavedMean": saved_mean, "SavedVariance": saved_var}


@legacy_op("layer_norm")
def _layer_norm(c: Call):
    out, mean, variance = REGISTRY["layer_norm"](one(c, "X"), one(c, "Scale"), one(c, "Bias"),
                                                 c.attr("epsilon", 1e-5),
                                                 c.attr("begin_norm_axis", 1))
    return {"Y": out, "Mean": mean, "Variance": variance}


@legacy_op("group_norm")
def _group_norm(c: Call):
    out, mean, variance = REGISTRY["group_norm"](one(c, "X"), one(c, "Scale"), one(c, "Bias"),
                                                 c.attr("epsilon", 1e-5), c.attr("groups", 1),
                                                 c.attr("data_layout", "NCHW"))
    return {"Y": out, "Mean": mean, "Variance": variance}


@legacy_op("instance_norm")
def _instance_norm(c: Call):
    out = F.instance_norm(one(c, "X"), weight=one(c, "Scale"), bias=one(c, "Bias"),
                          eps=c.attr("epsilon", 1e-5))
    return {"Y": out}


@legacy_op("dropout", random=True)
def _dropout(c: Call):
    mode = c.attr("dropout_implementation", "downgrade_in_infer")
    out, mask = REGISTRY["dropout"](one(c, "X"), float(c.attr("dropout_prob", 0.5)),
                                    c.attr("is_test", False), mode, c.attr("seed", 0),
                                    c.attr("fix_seed", False))
    return {"Out": out, "Mask": mask}


@legacy_op("lookup_table_v2", "lookup_table")
def _lookup_table(c: Call):
    """lookup_table (the first version) takes ids of shape [..., 1] and drops that dim."""
    ids, padding_idx = one(c, "Ids"), c.attr("padding_idx", -1)
    if c.name == "lookup_table" and ids.ndim > 1 and ids.shape[-1] == 1:
        ids = paddle.squeeze(ids, -1)
    return {"Out": REGISTRY["embedding"](ids, one(c, "W"), padding_idx, False)}


@legacy_op(*INTERP_OPS)
def _interp(c: Call):
    x = one(c, "X")
    spatial = x.ndim - 2
    layout = interp_format(c.attr("data_layout", "NCHW"), x.ndim)
    size, scale = None, None
    if one(c, "OutSize") is not None:
        size = c.ints(one(c, "OutSize"), "OutSize")
    elif many(c, "SizeTensor"):
        size = c.ints(many(c, "SizeTensor"), "SizeTensor")
    elif one(c, "Scale") is not None:
        scale = [float(v) for v in c.constant(one(c, "Scale"), "Scale").reshape(-1)]
    else:
        scales = c.attr("scale")
        scales = [s for s in (scales if isinstance(scales, list) else [scales]) if s and s > 0]
        if scales:
            scale = scales if len(scales) > 1 else scales[0]
        else:
            size = [c.attr("out_d", -1), c.attr("out_h", -1), c.attr("out_w", -1)][3 - spatial:]
    method = c.attr("interp_method") or c.name.split("_")[0]
    return {"Out": resize(x, size, scale, method, c.attr("align_corners", False),
                          c.attr("align_mode", 1), layout)}
