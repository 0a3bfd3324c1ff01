"""Exporters for elementwise math, reductions, creation and shape manipulation."""
from __future__ import annotations

import numpy as np

from ..._core import dtype as _dt
from ..._core.meta import TensorMeta
from .export import ExportCall, UnsupportedExportError, exports
from .pir_codec import UNDEFINED_PLACE, array_attr, attr

FLOAT32_MAX = float(np.finfo(np.float32).max)

SAME_NAME = ("abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh",
             "erf", "erfinv", "exp", "expm1", "floor", "isfinite", "isinf", "isnan", "log",
             "log10", "log1p", "log2", "logical_not", "reciprocal", "relu", "relu6", "rsqrt",
             "sigmoid", "sign", "silu", "sin", "sinh", "sqrt", "square", "tan", "tanh",
             "hardswish", "logsigmoid", "softsign", "trunc", "bitwise_not", "tanh_shrink",
             "fmax", "fmin", "atan2", "equal", "not_equal", "less_than", "less_equal",
             "greater_than", "greater_equal", "logical_and", "logical_or", "logical_xor",
             "bitwise_and", "bitwise_or", "bitwise_xor", "where", "matmul")
ARITHMETIC = ("add", "subtract", "multiply", "divide", "maximum", "minimum", "elementwise_pow",
              "floor_divide", "remainder")
# Registry attribute -> (Paddle attribute, kind), for ops that only differ by attribute typing.
TYPED_ATTRS = {
    "gelu": [("approximate", "approximate", "0.a_bool")],
    "hardsigmoid": [("slope", "slope", "0.a_f32"), ("offset", "offset", "0.a_f32")],
    "leaky_relu": [("negative_slope", "negative_slope", "0.a_f64")],
    "elu": [("alpha", "alpha", "0.a_f32")],
    "celu": [("alpha", "alpha", "0.a_f32")],
    "selu": [("scale", "scale", "0.a_f32"), ("alpha", "alpha", "0.a_f32")],
    "softplus": [("beta", "beta", "0.a_f64"), ("threshold", "threshold", "0.a_f64")],
    "hardshrink": [("threshold", "threshold", "0.a_f32")],
    "softshrink": [("threshold", "threshold", "0.a_f32")],
    "hardtanh": [("t_min", "t_min", "0.a_f32"), ("t_max", "t_max", "0.a_f32")],
    "thresholded_relu": [("threshold", "threshold", "0.a_f32"), ("value", "value", "0.a_f32")],
    "mish": [("threshold", "lambda", "0.a_f32")],
    "logit": [("eps", "eps", "0.a_f64")],
    "pow": [("y", "y", "0.a_f32")],
    "round": [("decimals", "decimals", "0.a_i32")],
    "softmax": [("axis", "axis", "0.a_i32")],
    "log_softmax": [("axis", "axis", "0.a_i32")],
    "tril": [("diagonal", "diagonal", "0.a_i32")],
    "triu": [("diagonal", "diagonal", "0.a_i32")],
    "cast": [("dtype", "dtype", "1.a_dtype")],
    "stack": [("axis", "axis", "0.a_i32")],
    "gather_along_axis": [("axis", "axis", "0.a_i32")],
    "embedding": [("padding_idx", "padding_idx", "0.a_i64"), ("sparse", "sparse", "0.a_bool")],
    "matmul": [("transpose_x", "transpose_x", "0.a_bool"),
               ("transpose_y", "transpose_y", "0.a_bool")],
}
RENAMED = {"gather_along_axis": "take_along_axis"}


def typed(c: ExportCall, spec) -> list:
    return [(paddle_name, attr(kind, c.attrs[ours])) for ours, paddle_name, kind in spec]


@exports(*[n for n in SAME_NAME if n not in TYPED_ATTRS])
def _same(c: ExportCall):
    return c.emit(f"1.{c.op.opdef.name}", c.ins)


@exports(*TYPED_ATTRS)
def _typed(c: ExportCall):
    name = RENAMED.get(c.op.opdef.name, c.op.opdef.name)
    if name == "stack":
        return c.emit("1.stack", [combine(c, 0)], typed(c, TYPED_ATTRS["stack"]))
    return c.emit(f"1.{name}", c.ins, typed(c, TYPED_ATTRS[c.op.opdef.name]))


@exports(*ARITHMETIC)
def _arithmetic(c: ExportCall):
    """Paddle's kernels want both operands in the result dtype (ours promote inside)."""
    out = c.out_metas[0]
    ins = [cast_to(c, i, out.dtype) for i in range(2)]
    return c.emit(f"1.{c.op.opdef.name}", ins)


def cast_to(c: ExportCall, index: int, dtype):
    meta = c.in_meta(index)
    if meta is None or meta.dtype is dtype:
        return c.ins[index]
    return c.w.emit("1.cast", [c.ins[index]], [("dtype", attr("1.a_dtype", dtype))],
                    [TensorMeta(meta.shape, dtype)])[0]


def combine(c: ExportCall, index: int) -> int:
    """A `builtin.combine` of a tensor-list input."""
    values = c.op.inputs[index]
    return c.w.emit("0.combine", c.ins[index], [], [[v.meta for v in values]])[0]


def split_vector(c: ExportCall, vector: int) -> list:
    return c.w.emit("0.split", [vector], [], c.out_metas)


@exports("neg")
def _neg(c: ExportCall):
    factor = c.w.full([1], -1.0, _dt.float32)
    return c.emit("1.scale", [c.ins[0], factor], [("bias", attr("0.a_f32", 0.0)),
                                                   ("bias_after_scale", attr("0.a_bool", True))])


@exports("scale")
def _scale(c: ExportCall):
    factor = c.w.full([1], c.attrs["scale"], _dt.float32)
    return c.emit("1.scale", [c.ins[0], factor],
                  [("bias", attr("0.a_f32", c.attrs["bias"])),
                   ("bias_after_scale", attr("0.a_bool", c.attrs["bias_after_scale"]))])


@exports("clip")
def _clip(c: ExportCall):
    low = -FLOAT32_MAX if c.attrs["min"] is None else c.attrs["min"]
    high = FLOAT32_MAX if c.attrs["max"] is None else c.attrs["max"]
    return c.emit("1.clip", [c.ins[0], c.w.full([1], low, _dt.float32),
                             c.w.full([1], high, _dt.float32)])


@exports("transpose", "flip")
def _perm(c: ExportCall):
    key = "perm" if c.op.opdef.name == "transpose" else "axis"
    return c.emit(f"1.{c.op.opdef.name}", c.ins,
                  [(key, array_attr("0.a_i32", _as_list(c.attrs[key])))])


def _as_list(value) -> list:
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return [int(v) for v in value]
    return [int(value)]


# ---- creation --------------------------------------------------------------------------------
@exports("full")
def _full(c: ExportCall):
    meta = c.out_metas[0]
    return c.w.full(list(meta.shape), c.attrs["value"], meta.dtype, UNDEFINED_PLACE)


@exports("full_like")
def _full_like(c: ExportCall):
    value = c.w.full([1], c.attrs["value"], _dt.float32)
    return c.emit("1.full_like", [c.ins[0], value],
                  [("dtype", attr("1.a_dtype", c.out_metas[0].dtype)),
                   ("place", attr("1.a_place", UNDEFINED_PLACE))])


@exports("arange")
def _arange(c: ExportCall):
    dtype = c.out_metas[0].dtype
    bounds = [c.w.full([1], c.attrs[k], _dt.float64) for k in ("start", "end", "step")]
    return c.emit("1.arange", bounds, [("dtype", attr("1.a_dtype", dtype)),
                                       ("place", attr("1.a_place", UNDEFINED_PLACE))])


@exports("shape")
def _shape(c: ExportCall):
    name = "1.shape64" if c.out_metas[0].dtype is _dt.int64 else "1.shape"
    return c.emit(name, c.ins)


# ---- shape manipulation ----------------------------------------------------------------------
@exports("reshape", "expand")
def _with_shape(c: ExportCall):
    return c.emit(f"1.{c.op.opdef.name}", [c.ins[0], c.w.int_array(c.attrs["shape"])])


@exports("squeeze", "unsqueeze")
def _with_axes(c: ExportCall):
    return c.emit(f"1.{c.op.opdef.name}",
                  [c.ins[0], c.w.int_array(_as_list(c.attrs["axis"]))])


@exports("flatten")
def _flatten(c: ExportCall):
    return c.emit("1.flatten", c.ins, [("start_axis", attr("0.a_i32", c.attrs["start_axis"])),
                                       ("stop_axis", attr("0.a_i32", c.attrs["stop_axis"]))])


@exports("concat")
def _concat(c: ExportCall):
    axis = c.w.full([1], c.attrs["axis"], _dt.int32)  # Paddle makes the axis first
    return c.emit("1.concat", [combine(c, 0), axis])


@exports("split")
def _split(c: ExportCall):
    sections = c.attrs["sections"]
    axis = c.w.full([1], c.attrs["axis"], _dt.int32)
    if isinstance(sections, int):
        vector = c.w.emit("1.split_with_num", [c.ins[0], axis],
                          [("num", attr("0.a_i32", sections))], [c.out_metas])[0]
    else:
        vector = c.w.emit("1.split", [c.ins[0], c.w.int_array(sections), axis], [],
                          [c.out_metas])[0]
    return split_vector(c, vector)


@exports("unstack")
def _unstack(c: ExportCall):
    vector = c.w.emit("1.unbind", c.ins, [("axis", attr("0.a_i32", c.attrs["axis"]))],
                      [c.out_metas])[0]
    return split_vector(c, vector)


@exports("roll")
def _roll(c: ExportCall):
    return c.emit("1.roll", [c.ins[0], c.w.int_array(_as_list(c.attrs["shifts"]))],
                  [("axis", array_attr("0.a_i64", _as_list(c.attrs["axis"])))])


@exports("one_hot")
def _one_hot(c: ExportCall):
    return c.emit("1.one_hot", [c.ins[0], c.w.full([1], c.attrs["num_classes"], _dt.int32)])


@exports("pad")
def _pad(c: ExportCall):
    if c.attrs["mode"] != "constant":
        raise UnsupportedExportError(f"(jit.save) pad mode '{c.attrs['mode']}' is exported only "
                                     "as 'constant'")
    flat = [int(v) for pair in c.attrs["pairs"] for v in pair]
    flat += [0] * (2 * len(c.out_metas[0].shape) - len(flat))
    value = c.w.full([1], c.attrs["value"], _dt.float32)
    return c.emit("1.pad", [c.ins[0], value], [("paddings", array_attr("0.a_i32", flat))])
