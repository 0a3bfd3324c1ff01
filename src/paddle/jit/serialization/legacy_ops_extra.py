"""Legacy converters for the less common ops of exported models: more activations and
elementwise math, normalizations (lrn, norm), batched products, sequence masks, index
sampling, the fused rnn op, and small creation ops (eye, linspace, size)."""
from __future__ import annotations

import paddle
import paddle.nn.functional as F

from .legacy_ops import _binary, _unary, dtype_of, ints_or_attr, many, one
from .op_map import Call, legacy_op
from .pir_ops_nn import _rnn as _pir_rnn

for _legacy, _ours in {"isinf_v2": "isinf", "isnan_v2": "isnan", "isfinite_v2": "isfinite",
                       "log2": "log2", "log10": "log10", "log1p": "log1p", "expm1": "expm1",
                       "trunc": "trunc", "atan": "atan", "tan": "tan", "acos": "acos",
                       "asin": "asin", "sinh": "sinh", "cosh": "cosh",
                       "bitwise_not": "bitwise_not"}.items():
    legacy_op(_legacy)(_unary(_ours))

for _legacy, _ours in {"elementwise_fmax": "fmax", "elementwise_fmin": "fmin",
                       "elementwise_heaviside": "heaviside", "bitwise_and": "bitwise_and",
                       "bitwise_or": "bitwise_or", "bitwise_xor": "bitwise_xor"}.items():
    legacy_op(_legacy)(_binary(_ours))


# ---- X -> Out with attributes ------------------------------------------------------------------
def _x_to_out(fn, *params):
    """Out = fn(X, *attributes), each attribute given as (name, default) in fn's order."""
    def convert(c: Call):
        return {"Out": fn(one(c, "X"), *(c.attr(name, default) for name, default in params))}
    return convert


for _legacy, _fn, _params in (
        ("selu", F.selu, (("scale", 1.0507009873554805), ("alpha", 1.6732632423543772))),
        ("celu", F.celu, (("alpha", 1.0),)),
        ("brelu", paddle.clip, (("t_min", 0.0), ("t_max", 24.0))),
        ("thresholded_relu", F.thresholded_relu, (("threshold", 1.0), ("value", 0.0))),
        ("hard_shrink", F.hardshrink, (("threshold", 0.5),)),
        ("softshrink", F.softshrink, (("lambda", 0.5),)),
        ("stanh", paddle.stanh, (("scale_a", 0.67), ("scale_b", 1.7159))),
        ("maxout", F.maxout, (("groups", None), ("axis", 1))),
        ("pixel_unshuffle", F.pixel_unshuffle, (("downscale_factor", None),
                                                ("data_format", "NCHW"))),
        ("diag_v2", paddle.diag, (("offset", 0), ("padding_value", 0.0)))):
    legacy_op(_legacy)(_x_to_out(_fn, *_params))


@legacy_op("atan2")
def _atan2(c: Call):
    return {"Out": paddle.atan2(one(c, "X1"), one(c, "X2"))}


# ---- normalization and pooling -----------------------------------------------------------------
@legacy_op("lrn")
def _lrn(c: Call):
    """Paddle's lrn adds k and scales by alpha itself (not alpha / n)."""
    x, size = one(c, "X"), c.attr("n", 5)
    layout = c.attr("data_format", "NCHW")
    out = F.local_response_norm(x, size, c.attr("alpha", 1e-4) * size, c.attr("beta", 0.75),
                                c.attr("k", 1.0), "NCHW" if layout == "AnyLayout" else layout)
    return {"Out": out, "MidOut": None}


@legacy_op("norm")
def _norm(c: Call):
    """x / sqrt(sum(x^2, axis) + epsilon), with the norm as a second output."""
    x = one(c, "X")
    norm = paddle.sqrt(paddle.sum(x * x, c.attr("axis", 1), keepdim=True) +
                       c.attr("epsilon", 1e-10))
    return {"Out": x / norm, "Norm": norm}


@legacy_op("max_pool2d_with_index")
def _max_pool_with_index(c: Call):
    x, kernel = one(c, "X"), c.attr("ksize")
    if c.attr("global_pooling", False) or c.attr("adaptive", False):
        size = [1, 1] if c.attr("global_pooling", False) else kernel
        out, mask = F.adaptive_max_pool2d(x, size, return_mask=True)
    else:
        out, mask = F.max_pool2d(x, kernel, c.attr("strides"), c.attr("paddings"),
                                 return_mask=True, ceil_mode=c.attr("ceil_mode", False))
    return {"Out": out, "Mask": mask}


# ---- products, selection, sequences -----------------------------------------------------------
@legacy_op("bmm")
def _bmm(c: Call):
    return {"Out": paddle.bmm(one(c, "X"), one(c, "Y"))}


@legacy_op("dot")
def _dot(c: Call):
    return {"Out": paddle.dot(one(c, "X"), one(c, "Y"))}


@legacy_op("logsumexp")
def _logsumexp(c: Call):
    axis = None if c.attr("reduce_all", False) else (c.attr("axis") or None)
    return {"Out": paddle.logsumexp(one(c, "X"), axis, c.attr("keepdim", False))}


@legacy_op("index_sample")
def _index_sample(c: Call):
    return {"Out": paddle.index_sample(one(c, "X"), one(c, "Index"))}


@legacy_op("take_along_axis")
def _take_along_axis(c: Call):
    return {"Result": paddle.take_along_axis(one(c, "Input"), one(c, "Index"), c.attr("Axis"))}


@legacy_op("put_along_axis")
def _put_along_axis(c: Call):
    return {"Result": paddle.put_along_axis(one(c, "Input"), one(c, "Index"), one(c, "Value"),
                                            c.attr("Axis"), c.attr("Reduce", "assign"),
                                            include_self=c.attr("Include_self", True))}


@legacy_op("masked_select")
def _masked_select(c: Call):
    return {"Y": paddle.masked_select(one(c, "X"), one(c, "Mask"))}


@legacy_op("sequence_mask")
def _sequence_mask(c: Call):
    maxlen = c.int(one(c, "MaxLenTensor"), "MaxLenTensor") \
        if one(c, "MaxLenTensor") is not None else c.attr("maxlen", -1)
    return {"Y": F.sequence_mask(one(c, "X"), None if maxlen < 0 else maxlen,
                                 dtype_of(c.attr("out_dtype", 3)))}


@legacy_op("tril_triu")
def _tril_triu(c: Call):
    fn = paddle.tril if c.attr("lower", True) else paddle.triu
    return {"Out": fn(one(c, "X"), c.attr("diagonal", 0))}


@legacy_op("crop_tensor")
def _crop(c: Call):
    shape = ints_or_attr(c, "Shape", "ShapeTensor", "shape")
    offsets = ints_or_attr(c, "Offsets", "OffsetsTensor", "offsets")
    return {"Out": paddle.crop(one(c, "X"), shape, offsets or None)}


@legacy_op("unfold")
def _unfold(c: Call):
    return {"Y": F.unfold(one(c, "X"), c.attr("kernel_sizes"), c.attr("strides", 1),
                          c.attr("paddings", 0), c.attr("dilations", 1))}


@legacy_op("temporal_shift")
def _temporal_shift(c: Call):
    return {"Out": F.temporal_shift(one(c, "X"), c.attr("seg_num"), c.attr("shift_ratio", 0.25),
                                    data_format=c.attr("data_format", "NCHW"))}


@legacy_op("rnn", random=True)
def _rnn(c: Call):
    """The fused rnn op, as its PIR form: (input, pre-states, weights, sequence lengths)."""
    positional = Call(c.name, [one(c, "Input"), many(c, "PreState"), many(c, "WeightList"),
                               one(c, "SequenceLength")], c.attrs, c.out_metas)
    out, _dropout, states, _reserve = _pir_rnn(positional)
    return {"Out": out, "State": states, "DropoutState": None, "Reserve": None}


# ---- creation --------------------------------------------------------------------------------
@legacy_op("eye")
def _eye(c: Call):
    columns = c.attr("num_columns", -1)
    return {"Out": paddle.eye(c.attr("num_rows"), None if columns < 0 else columns,
                              dtype_of(c.attr("dtype", 5)))}


@legacy_op("linspace")
def _linspace(c: Call):
    return {"Out": paddle.linspace(c.number(one(c, "Start"), "Start"),
                                   c.number(one(c, "Stop"), "Stop"),
                                   c.int(one(c, "Num"), "Num"), dtype_of(c.attr("dtype", 5)))}


@legacy_op("size")
def _size(c: Call):
    return {"Out": paddle.numel(one(c, "Input"))}
