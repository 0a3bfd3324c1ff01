"""Converters for the legacy ProgramDesc ops of `.pdmodel` files (conv2d, elementwise_add,
matmul_v2, reshape2, …). Inputs and outputs are named slots (`X`, `Filter`, `Out`); many ops
take shapes, axes or scales either as attributes or as optional tensor inputs."""
from __future__ import annotations

import numpy as np

import paddle
import paddle.nn.functional as F

from ..._core import dtype as _dt
from ..._core.ops.registry import REGISTRY
from ..._core.tensor import wrap
from ..._core.tracing import is_symbolic
from .op_map import Call, NotConstantError, legacy_op
from .pdiparams import CODE_DTYPES

INTERP_OPS = ("nearest_interp_v2", "bilinear_interp_v2", "bicubic_interp_v2",
              "linear_interp_v2", "trilinear_interp_v2", "nearest_interp", "bilinear_interp")


def one(c: Call, slot: str):
    values = c.ins.get(slot) or []
    return values[0] if values else None


def many(c: Call, slot: str) -> list:
    return [v for v in c.ins.get(slot) or [] if v is not None]


def ints_or_attr(c: Call, tensor_slot: str | None, list_slot: str | None, key: str) -> list:
    """An IntArray given by a tensor, a list of 1-element tensors, or an attribute."""
    if tensor_slot and one(c, tensor_slot) is not None:
        return c.ints(one(c, tensor_slot), tensor_slot)
    if list_slot and many(c, list_slot):
        return c.ints(many(c, list_slot), list_slot)
    return [int(v) for v in c.attr(key) or []]


def int_array_or_attr(c: Call, tensor_slot: str | None, list_slot: str | None, key: str):
    """As ints_or_attr, but bounds computed at run time (a loop counter) stay tensors: the
    1-D tensor, or the list with its run-time entries as tensors."""
    try:
        return ints_or_attr(c, tensor_slot, list_slot, key)
    except NotConstantError:
        if tensor_slot and one(c, tensor_slot) is not None:
            return one(c, tensor_slot)
        return [v if is_symbolic(v) else int(c.number(v, list_slot)) for v in many(c, list_slot)]


def dtype_of(code):
    if code is None or code < 0:
        return None
    return _dt.to_dtype(CODE_DTYPES[code])


# ---- elementwise -----------------------------------------------------------------------------
def _aligned(x, y, axis):
    """Legacy broadcasting: y's dims line up with x's starting at `axis`."""
    if axis is None or axis == -1 or y.ndim >= x.ndim:
        return y
    return paddle.reshape(y, [1] * axis + list(y.shape) + [1] * (x.ndim - axis - y.ndim))


_ELEMENTWISE = {"elementwise_add": "add", "elementwise_sub": "subtract",
                "elementwise_mul": "multiply", "elementwise_div": "divide",
                "elementwise_pow": "elementwise_pow", "elementwise_max": "maximum",
                "elementwise_min": "minimum", "elementwise_floordiv": "floor_divide",
                "elementwise_mod": "remainder", "equal": "equal", "not_equal": "not_equal",
                "less_than": "less_than", "less_equal": "less_equal",
                "greater_than": "greater_than", "greater_equal": "greater_equal",
                "logical_and": "logical_and", "logical_or": "logical_or",
                "logical_xor": "logical_xor"}


def _binary(name):
    op = REGISTRY[name]

    def convert(c: Call):
        x, y = one(c, "X"), one(c, "Y")
        return {"Out": op(x, _aligned(x, y, c.attr("axis", -1)))}
    return convert


for _legacy, _ours in _ELEMENTWISE.items():
    legacy_op(_legacy)(_binary(_ours))

_UNARY = {"relu": "relu", "sigmoid": "sigmoid", "tanh": "tanh", "exp": "exp", "sqrt": "sqrt",
          "rsqrt": "rsqrt", "abs": "abs", "log": "log", "square": "square", "silu": "silu",
          "sin": "sin", "cos": "cos", "floor": "floor", "ceil": "ceil", "erf": "erf",
          "reciprocal": "reciprocal", "logsigmoid": "logsigmoid", "tanh_shrink": "tanh_shrink",
          "logical_not": "logical_not", "sign": "sign", "round": "round", "isnan": "isnan",
          "softsign": "softsign"}


def _unary(name):
    op = REGISTRY[name]

    def convert(c: Call):
        return {"Out": op(one(c, "X"))}
    return convert


for _legacy, _ours in _UNARY.items():
    legacy_op(_legacy)(_unary(_ours))


@legacy_op("relu6")
def _relu6(c: Call):
    return {"Out": paddle.clip(one(c, "X"), 0.0, c.attr("threshold", 6.0))}


@legacy_op("leaky_relu")
def _leaky_relu(c: Call):
    return {"Out": F.leaky_relu(one(c, "X"), c.attr("alpha", 0.02))}


@legacy_op("hard_swish")
def _hard_swish(c: Call):
    x = one(c, "X")
    threshold, scale, offset = c.attr("threshold", 6.0), c.attr("scale", 6.0), \
        c.attr("offset", 3.0)
    if (threshold, scale, offset) == (6.0, 6.0, 3.0):
        return {"Out": F.hardswish(x)}
    return {"Out": x * paddle.clip(x + offset, 0.0, threshold) / scale}


@legacy_op("hard_sigmoid")
def _hard_sigmoid(c: Call):
    return {"Out": F.hardsigmoid(one(c, "X"), c.attr("slope", 0.2), c.attr("offset", 0.5))}


@legacy_op("swish")
def _swish(c: Call):
    x, beta = one(c, "X"), c.attr("beta", 1.0)
    return {"Out": F.silu(x) if beta == 1.0 else x * F.sigmoid(x * beta)}


@legacy_op("gelu")
def _gelu(c: Call):
    return {"Out": F.gelu(one(c, "X"), c.attr("approximate", False))}


@legacy_op("elu", "softplus", "mish")
def _parametric(c: Call):
    x = one(c, "X")
    if c.name == "elu":
        return {"Out": F.elu(x, c.attr("alpha", 1.0))}
    if c.name == "softplus":
        return {"Out": F.softplus(x, c.attr("beta", 1.0), c.attr("threshold", 20.0))}
    return {"Out": F.mish(x)}


@legacy_op("prelu")
def _prelu(c: Call):
    return {"Out": REGISTRY["prelu"](one(c, "X"), one(c, "Alpha"),
                                     c.attr("data_format", "NCHW"), c.attr("mode", "all"))}


@legacy_op("scale")
def _scale(c: Call):
    factor = one(c, "ScaleTensor")
    scale = c.number(factor, "ScaleTensor") if factor is not None else c.attr("scale", 1.0)
    return {"Out": paddle.scale(one(c, "X"), scale, c.attr("bias", 0.0),
                                c.attr("bias_after_scale", True))}


@legacy_op("pow")
def _pow(c: Call):
    return {"Out": paddle.pow(one(c, "X"), float(c.attr("factor", 1.0)))}


@legacy_op("clip")
def _clip(c: Call):
    low = one(c, "Min")
    high = one(c, "Max")
    return {"Out": paddle.clip(one(c, "X"),
                               c.number(low, "Min") if low is not None else c.attr("min"),
                               c.number(high, "Max") if high is not None else c.attr("max"))}


@legacy_op("softmax", "log_softmax")
def _softmax(c: Call):
    op = REGISTRY[c.name]
    return {"Out": op(one(c, "X"), c.attr("axis", -1))}


@legacy_op("cast")
def _cast(c: Call):
    return {"Out": paddle.cast(one(c, "X"), dtype_of(c.attr("out_dtype")))}


@legacy_op("assign")
def _assign(c: Call):
    return {"Out": paddle.assign(one(c, "X"))}


@legacy_op("where")
def _where(c: Call):
    return {"Out": paddle.where(one(c, "Condition"), one(c, "X"), one(c, "Y"))}


# ---- creation --------------------------------------------------------------------------------
@legacy_op("fill_constant")
def _fill_constant(c: Call):
    shape = ints_or_attr(c, "ShapeTensor", "ShapeTensorList", "shape")
    value = c.attr("value", 0.0)
    if c.attr("str_value"):
        value = float(c.attr("str_value"))
    if one(c, "ValueTensor") is not None:
        value = c.number(one(c, "ValueTensor"), "ValueTensor")
    return {"Out": paddle.full(shape, value, dtype_of(c.attr("dtype", 5)))}


@legacy_op("fill_any_like")
def _fill_any_like(c: Call):
    x = one(c, "X")
    return {"Out": paddle.full_like(x, c.attr("value", 0.0), dtype_of(c.attr("dtype", -1)))}


@legacy_op("assign_value")
def _assign_value(c: Call):
    dtype = dtype_of(c.attr("dtype", 5))
    values = c.attr("fp32_values") or c.attr("int32_values") or c.attr("int64_values") or \
        c.attr("bool_values") or c.attr("values") or []
    return {"Out": wrap(np.asarray(values, dtype.np_dtype).reshape(c.attr("shape")))}


@legacy_op("range")
def _range(c: Call):
    start, end, step = (c.number(one(c, s), s) for s in ("Start", "End", "Step"))
    return {"Out": paddle.arange(start, end, step, one(c, "Start").dtype)}


@legacy_op("shape")
def _shape(c: Call):
    x = one(c, "Input")
    if -1 in list(x.shape):
        return {"Out": paddle.cast(paddle.shape(x), "int32")}
    return {"Out": wrap(np.asarray(list(x.shape), np.int32))}
