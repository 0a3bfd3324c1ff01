"""Lowering rules for elementwise math and activations (the families of _core/ops/unary.py,
binary.py, nn_activation*.py, linalg.py's matmul and nn_softmax.py)."""
from __future__ import annotations

import math

import numpy as np

from . import forms
from .lowering import lowers
from .ops_nn import conv_bias

# registry op -> the ONNX node of the same meaning, one input
UNARY = {"abs": "Abs", "acos": "Acos", "acosh": "Acosh", "asin": "Asin", "asinh": "Asinh",
         "atan": "Atan", "atanh": "Atanh", "ceil": "Ceil", "cos": "Cos", "cosh": "Cosh",
         "erf": "Erf", "exp": "Exp", "floor": "Floor", "log": "Log", "neg": "Neg",
         "reciprocal": "Reciprocal", "relu": "Relu", "sigmoid": "Sigmoid", "sign": "Sign",
         "sin": "Sin", "sinh": "Sinh", "sqrt": "Sqrt", "tan": "Tan", "tanh": "Tanh",
         "softsign": "Softsign", "isnan": "IsNaN", "isinf": "IsInf", "logical_not": "Not"}
# registry op -> ONNX node over both operands, which Feijiang promotes to the result's dtype
ARITHMETIC = {"add": "Add", "subtract": "Sub", "multiply": "Mul", "divide": "Div",
              "maximum": "Max", "minimum": "Min", "elementwise_pow": "Pow"}
# comparisons and logic: operands promoted to their common dtype, a bool result
COMPARISON = {"equal": "Equal", "less_than": "Less", "less_equal": "LessOrEqual",
              "greater_than": "Greater", "greater_equal": "GreaterOrEqual",
              "logical_and": "And", "logical_or": "Or", "logical_xor": "Xor"}
STRICT_BEFORE_12 = {"less_equal": "Less", "greater_equal": "Greater"}


@lowers(*UNARY)
def _unary(c):
    return c.node(UNARY[c.op.opdef.name], [c.name(0)])


@lowers(*ARITHMETIC)
def _arithmetic(c):
    fused = conv_bias(c) if c.op.opdef.name == "add" else None
    if fused is not None:
        return fused
    dtype = c.out_metas[0].dtype.np_dtype
    return c.node(ARITHMETIC[c.op.opdef.name], [forms.operand(c, i, dtype) for i in (0, 1)])


@lowers(*COMPARISON, "not_equal")
def _comparison(c):
    dtype = np.result_type(c.np_dtype(0), c.np_dtype(1))
    operands = [forms.operand(c, i, dtype) for i in (0, 1)]
    name = c.op.opdef.name
    if name == "not_equal":
        return c.node("Not", [c.node("Equal", operands)])
    if name in STRICT_BEFORE_12 and c.opset < 12:  # LessOrEqual / GreaterOrEqual came at 12
        return c.node("Or", [c.node(STRICT_BEFORE_12[name], operands),
                             c.node("Equal", operands)])
    return c.node(COMPARISON[name], operands)


@lowers("where")
def _where(c):
    dtype = c.out_metas[0].dtype.np_dtype
    return c.node("Where", [c.name(0), forms.operand(c, 1, dtype), forms.operand(c, 2, dtype)])


def _number(c, value) -> str:
    """A 0-d constant of input 0's dtype."""
    return c.g.scalar(value, c.np_dtype(0))


@lowers("scale")
def _scale(c):
    x, factor, bias = c.name(0), c.attrs["scale"], c.attrs["bias"]
    if not c.attrs["bias_after_scale"]:
        x = c.node("Add", [x, _number(c, bias)]) if bias else x
        return c.node("Mul", [x, _number(c, factor)])
    scaled = c.node("Mul", [x, _number(c, factor)]) if factor != 1 else x
    return c.node("Add", [scaled, _number(c, bias)]) if bias else scaled


@lowers("cast")
def _cast(c):
    return forms.cast(c, c.name(0), c.np_dtype(0), c.out_metas[0].dtype.np_dtype)


@lowers("clip")
def _clip(c):
    low, high = c.attrs["min"], c.attrs["max"]
    return c.node("Clip", [c.name(0), None if low is None else _number(c, low),
                           None if high is None else _number(c, high)])


@lowers("relu6")
def _relu6(c):
    return c.node("Clip", [c.name(0), _number(c, 0), _number(c, 6)])


@lowers("hardtanh")
def _hardtanh(c):
    return c.node("Clip", [c.name(0), _number(c, c.attrs["t_min"]),
                           _number(c, c.attrs["t_max"])])


@lowers("leaky_relu")
def _leaky_relu(c):
    return c.node("LeakyRelu", [c.name(0)], alpha=float(c.attrs["negative_slope"]))


@lowers("elu")
def _elu(c):
    return c.node("Elu", [c.name(0)], alpha=float(c.attrs["alpha"]))


@lowers("selu")
def _selu(c):
    return c.node("Selu", [c.name(0)], alpha=float(c.attrs["alpha"]),
                  gamma=float(c.attrs["scale"]))


@lowers("hardsigmoid")
def _hardsigmoid(c):
    return c.node("HardSigmoid", [c.name(0)], alpha=float(c.attrs["slope"]),
                  beta=float(c.attrs["offset"]))


@lowers("hardswish")
def _hardswish(c):
    if c.opset >= 14:
        return c.node("HardSwish", [c.name(0)])
    gate = c.node("HardSigmoid", [c.name(0)], alpha=1 / 6, beta=0.5)
    return c.node("Mul", [c.name(0), gate])


@lowers("silu")
def _silu(c):
    return c.node("Mul", [c.name(0), c.node("Sigmoid", [c.name(0)])])


@lowers("square")
def _square(c):
    return c.node("Mul", [c.name(0), c.name(0)])


@lowers("rsqrt")
def _rsqrt(c):
    return c.node("Reciprocal", [c.node("Sqrt", [c.name(0)])])


@lowers("log2", "log10")
def _log_base(c):
    base = 2.0 if c.op.opdef.name == "log2" else 10.0
    return c.node("Div", [c.node("Log", [c.name(0)]), _number(c, math.log(base))])


@lowers("log1p")
def _log1p(c):
    return c.node("Log", [c.node("Add", [c.name(0), _number(c, 1)])])


@lowers("expm1")
def _expm1(c):
    return c.node("Sub", [c.node("Exp", [c.name(0)]), _number(c, 1)])


@lowers("softplus")
def _softplus(c):
    """Paddle's softplus: log(1 + exp(beta x)) / beta, and x itself past the threshold."""
    beta, threshold = float(c.attrs["beta"]), float(c.attrs["threshold"])
    scaled = c.node("Mul", [c.name(0), _number(c, beta)])
    soft = c.node("Div", [c.node("Softplus", [scaled]), _number(c, beta)])
    above = c.node("Greater", [scaled, _number(c, threshold)])
    return c.node("Where", [above, c.name(0), soft])


@lowers("logsigmoid")
def _logsigmoid(c):
    return c.node("Neg", [c.node("Softplus", [c.node("Neg", [c.name(0)])])])


@lowers("gelu")
def _gelu(c):
    approximate = bool(c.attrs["approximate"])
    if c.opset >= 20:
        return c.node("Gelu", [c.name(0)], approximate="tanh" if approximate else "none")
    x = c.name(0)
    if approximate:  # 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))
        cube = c.node("Mul", [c.node("Mul", [x, x]), x])
        inner = c.node("Add", [x, c.node("Mul", [cube, _number(c, 0.044715)])])
        core = c.node("Tanh", [c.node("Mul", [inner, _number(c, math.sqrt(2 / math.pi))])])
    else:  # 0.5 x (1 + erf(x / sqrt(2)))
        core = c.node("Erf", [c.node("Div", [x, _number(c, math.sqrt(2))])])
    half = c.node("Mul", [x, _number(c, 0.5)])
    return c.node("Mul", [half, c.node("Add", [core, _number(c, 1)])])


@lowers("pow")
def _pow(c):
    return c.node("Pow", [c.name(0), _number(c, c.attrs["y"])])


@lowers("matmul")
def _matmul(c):
    operands = []
    for index, flag in ((0, "transpose_x"), (1, "transpose_y")):
        rank = len(c.meta(index).shape)
        perm = list(range(rank - 2)) + [rank - 1, rank - 2]
        known = c.const(index)
        if c.attrs[flag] and rank >= 2 and known is not None:  # a weight: transposed now
            operands.append(c.g.constant(np.transpose(known, perm)))
            continue
        name = forms.operand(c, index, c.out_metas[0].dtype.np_dtype)
        if c.attrs[flag] and rank >= 2:
            name = c.node("Transpose", [name], perm=perm)
        operands.append(name)
    return c.node("MatMul", operands)


@lowers("softmax", "log_softmax")
def _softmax(c):
    op_type = "Softmax" if c.op.opdef.name == "softmax" else "LogSoftmax"
    return forms.softmax(c, op_type, c.name(0), c.attrs["axis"], len(c.meta(0).shape))
