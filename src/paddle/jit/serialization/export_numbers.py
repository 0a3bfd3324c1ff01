"""Python numbers in exported (and printed) programs, as Paddle's program builder writes them.

Our ops read a Python number as a 0-d constant. Paddle makes it a `full` ([], the number, the
other operand's dtype, place undefined) right before each op that reads it, and records
`x + 2`, `x - 2`, `2 - x`, `x * 2` and `x / 2` as one `scale` op (the factor a float32 full [1]
operand, the number its bias), as its Tensor operators do."""
from __future__ import annotations

from ..._core import dtype as _dt
from .pir_codec import UNDEFINED_PLACE, attr

_SCALED = ("add", "subtract", "multiply", "divide")


def number_of(value, dtype=None):
    """The number a 0-d real constant (of `dtype`, when given) holds, else None."""
    op = getattr(value, "op", None)
    if op is None or op.name != "builtin.constant" or value.meta.shape or \
            value.meta.dtype.kind not in "iuf" or dtype not in (None, value.meta.dtype):
        return None
    return float(op.attrs["value"])


def scale_form(op):
    """(index of the tensor input, factor, bias) when registry op `op` is arithmetic between a
    tensor and a number of its dtype that Paddle writes as `scale`, else None."""
    name = op.opdef.name
    if name not in _SCALED or len(op.inputs) != 2 or None in op.inputs:
        return None
    out = op.outputs[0].meta
    for index in (0, 1):
        tensor, other = op.inputs[index], op.inputs[1 - index]
        value = number_of(other, out.dtype)
        if value is None or tuple(tensor.meta.shape) != tuple(out.shape):
            continue
        if name == "add":
            return index, 1.0, value
        if name == "multiply":
            return index, value, 0.0
        if name == "subtract":
            return (index, 1.0, -value) if index == 0 else (index, -1.0, value)
        if index == 0 and value != 0:  # x / number; number / x stays a divide
            return index, 1.0 / value, 0.0
    return None


def emit_scale(c, index: int, factor: float, bias: float):
    full = c.w.full([1], factor, _dt.float32)
    return c.emit("1.scale", [c.ins[index], full], [("bias", attr("0.a_f32", bias)),
                                                    ("bias_after_scale", attr("0.a_bool", True))])


def emit_number(w, value):
    """The `full` Paddle makes for the number a 0-d constant holds."""
    meta = value.meta
    attrs = [("shape", attr("1.a_intarray", [])), ("value", attr("0.a_f64", number_of(value))),
             ("dtype", attr("1.a_dtype", meta.dtype)),
             ("place", attr("1.a_place", UNDEFINED_PLACE))]
    return w.emit("1.full", [], attrs, [meta], [True])[0]
