"""Legacy converters for matrix products, reshaping, slicing, joining and reductions."""
from __future__ import annotations

import math

import paddle

from ..._core.ops.registry import REGISTRY
from .legacy_ops import dtype_of, int_array_or_attr, ints_or_attr, many, one
from .op_map import Call, legacy_op


@legacy_op("matmul_v2")
def _matmul_v2(c: Call):
    return {"Out": paddle.matmul(one(c, "X"), one(c, "Y"), c.attr("trans_x", False),
                                 c.attr("trans_y", False))}


@legacy_op("matmul")
def _matmul(c: Call):
    out = paddle.matmul(one(c, "X"), one(c, "Y"), c.attr("transpose_X", False),
                        c.attr("transpose_Y", False))
    alpha = c.attr("alpha", 1.0)
    return {"Out": out if alpha == 1.0 else paddle.scale(out, alpha)}


@legacy_op("mul")
def _mul(c: Call):
    x, y = one(c, "X"), one(c, "Y")
    xk, yk = c.attr("x_num_col_dims", 1), c.attr("y_num_col_dims", 1)
    x2 = paddle.reshape(x, [math.prod(x.shape[:xk]), math.prod(x.shape[xk:])])
    y2 = paddle.reshape(y, [math.prod(y.shape[:yk]), math.prod(y.shape[yk:])])
    return {"Out": paddle.reshape(paddle.matmul(x2, y2), list(x.shape[:xk]) +
                                  list(y.shape[yk:]))}


@legacy_op("reshape2", "reshape")
def _reshape2(c: Call):
    shape = int_array_or_attr(c, "Shape", "ShapeTensor", "shape")
    return {"Out": REGISTRY["reshape"](one(c, "X"), shape), "XShape": None}


@legacy_op("transpose2", "transpose")
def _transpose2(c: Call):
    return {"Out": paddle.transpose(one(c, "X"), c.attr("axis")), "XShape": None}


@legacy_op("squeeze2", "squeeze")
def _squeeze2(c: Call):
    return {"Out": paddle.squeeze(one(c, "X"), c.attr("axes") or None), "XShape": None}


@legacy_op("unsqueeze2", "unsqueeze")
def _unsqueeze2(c: Call):
    axes = ints_or_attr(c, "AxesTensor", "AxesTensorList", "axes")
    return {"Out": paddle.unsqueeze(one(c, "X"), axes), "XShape": None}


@legacy_op("flatten_contiguous_range")
def _flatten_range(c: Call):
    return {"Out": paddle.flatten(one(c, "X"), c.attr("start_axis", 1), c.attr("stop_axis", -1)),
            "XShape": None}


@legacy_op("flatten2", "flatten")
def _flatten2(c: Call):
    x, axis = one(c, "X"), c.attr("axis", 1)
    shape = [math.prod(x.shape[:axis]), math.prod(x.shape[axis:])]
    return {"Out": paddle.reshape(x, shape), "XShape": None}


@legacy_op("slice")
def _slice(c: Call):
    starts = int_array_or_attr(c, "StartsTensor", "StartsTensorList", "starts")
    ends = int_array_or_attr(c, "EndsTensor", "EndsTensorList", "ends")
    out = paddle.slice(one(c, "Input"), c.attr("axes"), starts, ends)
    decrease = c.attr("decrease_axis") or []
    if decrease:
        out = paddle.reshape(out, []) if len(decrease) == out.ndim else \
            paddle.squeeze(out, decrease)
    return {"Out": out}


@legacy_op("strided_slice")
def _strided_slice(c: Call):
    starts = ints_or_attr(c, "StartsTensor", "StartsTensorList", "starts")
    ends = ints_or_attr(c, "EndsTensor", "EndsTensorList", "ends")
    strides = ints_or_attr(c, "StridesTensor", "StridesTensorList", "strides")
    out = paddle.strided_slice(one(c, "Input"), c.attr("axes"), starts, ends, strides)
    decrease = c.attr("decrease_axis") or []
    return {"Out": paddle.squeeze(out, decrease) if decrease else out}


def _axis(c: Call, default: int = 0) -> int:
    tensor = one(c, "AxisTensor")
    return c.number(tensor, "AxisTensor") if tensor is not None else c.attr("axis", default)


@legacy_op("concat")
def _concat(c: Call):
    return {"Out": paddle.concat(many(c, "X"), _axis(c))}


@legacy_op("split")
def _split(c: Call):
    sections = ints_or_attr(c, None, "SectionsTensorList", "sections")
    parts = sections if sections else c.attr("num")
    return {"Out": paddle.split(one(c, "X"), parts, _axis(c))}


@legacy_op("stack")
def _stack(c: Call):
    return {"Y": paddle.stack(many(c, "X"), c.attr("axis", 0))}


@legacy_op("unstack")
def _unstack(c: Call):
    return {"Y": paddle.unbind(one(c, "X"), c.attr("axis", 0))}


@legacy_op("gather")
def _gather(c: Call):
    axis = c.int(one(c, "Axis"), "Axis") if one(c, "Axis") is not None else _axis(c)
    return {"Out": paddle.gather(one(c, "X"), one(c, "Index"), axis)}


@legacy_op("gather_nd")
def _gather_nd(c: Call):
    return {"Out": paddle.gather_nd(one(c, "X"), one(c, "Index"))}


@legacy_op("expand_v2")
def _expand_v2(c: Call):
    shape = ints_or_attr(c, "Shape", "expand_shapes_tensor", "shape")
    return {"Out": paddle.expand(one(c, "X"), shape)}


@legacy_op("tile")
def _tile(c: Call):
    repeats = ints_or_attr(c, "RepeatTimes", "repeat_times_tensor", "repeat_times")
    return {"Out": paddle.tile(one(c, "X"), repeats)}


@legacy_op("expand")
def _expand_v1(c: Call):
    """The first expand op: tile by `expand_times`."""
    times = ints_or_attr(c, "ExpandTimes", "expand_times_tensor", "expand_times")
    return {"Out": paddle.tile(one(c, "X"), times)}


@legacy_op("pad")
def _pad(c: Call):
    """Constant padding of every dim: paddings = [before_0, after_0, before_1, ...]."""
    return {"Out": paddle.nn.functional.pad(one(c, "X"), c.attr("paddings"),
                                            value=c.attr("pad_value", 0.0))}


@legacy_op("sum")
def _sum(c: Call):
    return {"Out": paddle.add_n(many(c, "X"))}


@legacy_op("pad3d")
def _pad3d(c: Call):
    pads = ints_or_attr(c, "Paddings", None, "paddings")
    return {"Out": paddle.nn.functional.pad(one(c, "X"), pads, c.attr("mode", "constant"),
                                            c.attr("value", 0.0),
                                            c.attr("data_format", "NCDHW"))}


# ---- reductions and selection ----------------------------------------------------------------
_REDUCE = {"reduce_sum": paddle.sum, "reduce_mean": paddle.mean, "reduce_max": paddle.max,
           "reduce_min": paddle.min, "reduce_prod": paddle.prod, "reduce_all": paddle.all,
           "reduce_any": paddle.any}


@legacy_op(*_REDUCE)
def _reduce(c: Call):
    """out_dtype (when set, >= 0) casts the input first, as Paddle's kernels accumulate in it."""
    x = one(c, "X")
    out_dtype = dtype_of(c.attr("out_dtype", -1))
    if out_dtype is not None and out_dtype != x.dtype:
        x = paddle.cast(x, out_dtype)
    axes = None if c.attr("reduce_all", False) else (c.attr("dim") or None)
    return {"Out": _REDUCE[c.name](x, axis=axes, keepdim=c.attr("keep_dim", False))}


@legacy_op("arg_max", "arg_min")
def _arg_max(c: Call):
    fn = paddle.argmax if c.name == "arg_max" else paddle.argmin
    axis = None if c.attr("flatten", False) else c.attr("axis", -1)
    dtype = dtype_of(c.attr("dtype", 3)) or "int64"
    return {"Out": fn(one(c, "X"), axis, c.attr("keepdims", False), dtype)}


@legacy_op("top_k_v2", "top_k")
def _top_k(c: Call):
    """top_k (the first version) is top_k_v2 along the last axis, largest first."""
    k = c.number(one(c, "K"), "K") if one(c, "K") is not None else c.attr("k", 1)
    out, indices = paddle.topk(one(c, "X"), k, c.attr("axis", -1), c.attr("largest", True),
                               c.attr("sorted", True))
    return {"Out": out, "Indices": indices}


@legacy_op("cumsum")
def _cumsum(c: Call):
    axis = None if c.attr("flatten", False) else c.attr("axis", -1)
    return {"Out": REGISTRY["cumsum"](one(c, "X"), axis, c.attr("flatten", False),
                                      c.attr("exclusive", False), c.attr("reverse", False))}


@legacy_op("p_norm")
def _p_norm(c: Call):
    axis = None if c.attr("asvector", False) else [c.attr("axis", -1)]
    return {"Out": REGISTRY["p_norm"](one(c, "X"), float(c.attr("porder", 2.0)), axis,
                                      c.attr("keepdim", False))}
