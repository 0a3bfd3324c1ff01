"""PIR converters for builtin ops, creation, elementwise math, reductions and manipulation."""
from __future__ import annotations

import numpy as np

import paddle

from ..._core.ops.registry import REGISTRY
from ..._core.tensor import wrap
from ..._core.tracing import is_symbolic
from .op_map import Call, pir_op

# ---- builtin ---------------------------------------------------------------------------------


@pir_op("builtin.combine")
def _combine(c: Call):
    return (list(c.ins),)


@pir_op("builtin.split")
def _split(c: Call):
    return tuple(c.ins[0])


@pir_op("builtin.slice")
def _slice_vector(c: Call):
    return c.ins[0][c.attr("index")]


@pir_op("assign", "share_data")
def _assign(c: Call):
    return paddle.assign(c.ins[0])


# ---- creation --------------------------------------------------------------------------------


@pir_op("full")
def _full(c: Call):
    return paddle.full(c.attr("shape"), c.attr("value"), c.attr("dtype"))


@pir_op("full_with_tensor")
def _full_with_tensor(c: Call):
    """full whose shape (input 1) may be built from the program's inputs."""
    return paddle.full(c.int_array(1, "shape"), c.number(0, "fill value"), c.attr("dtype"))


@pir_op("full_int_array")
def _full_int_array(c: Call):
    return wrap(np.asarray(c.attr("value"), dtype=c.attr("dtype").np_dtype))


@pir_op("assign_value", "assign_value_")
def _assign_value(c: Call):
    values = np.asarray(c.attr("values"), dtype=c.attr("dtype").np_dtype)
    return wrap(values.reshape(c.attr("shape")))


@pir_op("full_like")
def _full_like(c: Call):
    return paddle.full_like(c.ins[0], c.number(1, "fill value"), c.attr("dtype"))


@pir_op("arange")
def _arange(c: Call):
    bounds = [_bound(c, i, what) for i, what in enumerate(("start", "end", "step"))]
    return paddle.arange(*bounds, c.attr("dtype"))


def _bound(c: Call, index: int, what: str):
    """A scalar input as a number, or the program's tensor when it is read at run time."""
    value = c.ins[index]
    return value if is_symbolic(value) else c.number(index, what)


@pir_op("shape", "shape64")
def _shape(c: Call):
    x = c.ins[0]
    dtype = "int64" if c.name.endswith("64") else "int32"
    if -1 in list(x.shape):
        return paddle.cast(paddle.shape(x), dtype)
    return wrap(np.asarray(list(x.shape), dtype=dtype))


@pir_op("numel")
def _numel(c: Call):
    return paddle.numel(c.ins[0])


# ---- elementwise -----------------------------------------------------------------------------
def same_op(name: str):
    op = REGISTRY[name]

    def convert(c: Call):
        return op(*c.ins)
    return convert


for _name in ("abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh",
              "erf", "erfinv", "exp", "expm1", "floor", "isfinite", "isinf", "isnan", "log",
              "log10", "log1p", "log2", "logical_not", "reciprocal", "relu", "relu6", "rsqrt",
              "sigmoid", "sign", "silu", "sin", "sinh", "sqrt", "square", "tan", "tanh",
              "hardswish", "logsigmoid", "softsign", "trunc", "bitwise_not", "add", "subtract",
              "multiply", "divide", "maximum", "minimum", "elementwise_pow", "floor_divide",
              "remainder", "fmax", "fmin", "atan2", "equal", "not_equal", "less_than",
              "less_equal", "greater_than", "greater_equal", "logical_and", "logical_or",
              "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor", "where"):
    pir_op(_name)(same_op(_name))
pir_op("swish")(same_op("silu"))
pir_op("tanh_shrink")(same_op("tanh_shrink"))


def _with_attrs(name: str, *keys: str):
    """A registry op whose attributes are Paddle's, under the same names and order."""
    op = REGISTRY[name]

    def convert(c: Call):
        return op(*c.ins, *(c.attrs[k] for k in keys))
    return convert


for _name, _keys in (("gelu", ("approximate",)), ("hardsigmoid", ("slope", "offset")),
                     ("leaky_relu", ("negative_slope",)), ("elu", ("alpha",)),
                     ("celu", ("alpha",)), ("selu", ("scale", "alpha")),
                     ("softplus", ("beta", "threshold")), ("hardshrink", ("threshold",)),
                     ("softshrink", ("threshold",)), ("hardtanh", ("t_min", "t_max")),
                     ("thresholded_relu", ("threshold", "value")), ("pow", ("y",)),
                     ("round", ("decimals",)), ("softmax", ("axis",)),
                     ("log_softmax", ("axis",)), ("tril", ("diagonal",)),
                     ("triu", ("diagonal",)), ("cast", ("dtype",)), ("transpose", ("perm",)),
                     ("flip", ("axis",)), ("logit", ("eps",)),
                     ("matmul", ("transpose_x", "transpose_y"))):
    pir_op(_name)(_with_attrs(_name, *_keys))


@pir_op("mish")
def _mish(c: Call):
    return REGISTRY["mish"](c.ins[0], c.attr("lambda", 20.0))


@pir_op("scale")
def _scale(c: Call):
    factor = c.ins[1] if len(c.ins) > 1 and c.ins[1] is not None else c.attr("scale", 1.0)
    if not isinstance(factor, float) and is_symbolic(factor):
        out = paddle.multiply(c.ins[0], paddle.cast(factor, c.ins[0].dtype))
        bias = c.attr("bias", 0.0)
        return out if bias == 0 else paddle.add(out, paddle.full([], bias, out.dtype))
    scale = factor if isinstance(factor, float) else c.number(1, "scale")
    return paddle.scale(c.ins[0], scale, c.attr("bias", 0.0), c.attr("bias_after_scale", True))


@pir_op("clip")
def _clip(c: Call):
    return paddle.clip(c.ins[0], c.number(1, "min"), c.number(2, "max"))


@pir_op("bmm")
def _bmm(c: Call):
    return paddle.bmm(c.ins[0], c.ins[1])


@pir_op("masked_fill")
def _masked_fill(c: Call):
    return paddle.where(c.ins[1], paddle.cast(c.ins[2], c.ins[0].dtype), c.ins[0])


@pir_op("einsum")
def _einsum(c: Call):
    return paddle.einsum(c.attr("equation"), *c.ins[0]), None, None


# ---- reductions ------------------------------------------------------------------------------
def _axes(c: Call, index: int = 1):
    axes = c.ints(index, "axis")
    return axes or None


@pir_op("sum")
def _sum(c: Call):
    return paddle.sum(c.ins[0], _axes(c), c.attr("dtype"), c.attr("keepdim", False))


@pir_op("mean", "max", "min")
def _reduce(c: Call):
    fn = getattr(paddle, c.name.split(".")[1])
    return fn(c.ins[0], _axes(c), c.attr("keepdim", False))


@pir_op("prod")
def _prod(c: Call):
    axes = None if c.attr("reduce_all", False) else _axes(c)
    return paddle.prod(c.ins[0], axes, c.attr("keepdim", False))


@pir_op("all", "any", "logsumexp", "amax", "amin")
def _reduce_attr_axis(c: Call):
    fn = getattr(paddle, c.name.split(".")[1])
    axes = None if c.attr("reduce_all", False) else (c.attr("axis") or None)
    return fn(c.ins[0], axes, c.attr("keepdim", False))


@pir_op("argmax", "argmin")
def _argmax(c: Call):
    fn = getattr(paddle, c.name.split(".")[1])
    axis = None if c.attr("flatten", False) else c.int(1, "axis")
    return fn(c.ins[0], axis, c.attr("keepdims", False), c.attr("dtype"))


@pir_op("p_norm")
def _p_norm(c: Call):
    axis = None if c.attr("asvector", False) else [c.attr("axis")]
    return REGISTRY["p_norm"](c.ins[0], float(c.attr("porder", 2.0)), axis,
                              c.attr("keepdim", False))


@pir_op("cumsum")
def _cumsum(c: Call):
    axis = None if c.attr("flatten", False) else c.int(1, "axis")
    return REGISTRY["cumsum"](c.ins[0], axis, c.attr("flatten", False),
                              c.attr("exclusive", False), c.attr("reverse", False))


@pir_op("topk")
def _topk(c: Call):
    return tuple(paddle.topk(c.ins[0], c.int(1, "k"), c.attr("axis", -1),
                             c.attr("largest", True), c.attr("sorted", True)))


@pir_op("argsort")
def _argsort(c: Call):
    return REGISTRY["sort"](c.ins[0], c.attr("axis", -1), c.attr("descending", False),
                            c.attr("stable", False))
