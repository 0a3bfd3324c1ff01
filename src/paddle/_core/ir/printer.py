"""Print a Program in Paddle's PIR text style:

    (%3) = "pd_op.matmul" (%2, %1) {transpose_x:false,transpose_y:false} : (tensor<-1x3xf32>,
        tensor<3x30xf32>) -> tensor<-1x30xf32>

Registry ops print in Paddle's form: the IntArray/Scalar arguments Paddle passes as operands
appear as `full_int_array` / `full` ops before their user, arithmetic with a Python number as
`scale`, attributes carry Paddle's names and types, and values are numbered at print time over
what is printed (see jit/serialization/print_form.py, which takes these forms from the
exporter). Ops recorded inside a Layer's forward show its `struct_name` (the layer path, as
Paddle records it; see static/name_struct.py). The ids differ from Program.renumber's wherever
printing adds operand ops; the verifier's messages use the printed ones.

A paddle.static training program with dynamic dims holds one `builtin.backward` op where
Paddle's would list the gradient ops: gradient rules need concrete shapes, so those ops are
built per feed shape at run time (static/specialize.py); printing such a program after a run
adds the program built for the last run's feeds (static/program.py).
"""
from __future__ import annotations

import itertools

import numpy as np

from .. import dtype as _dt
from .core import walk

_SHORT = {"bool": "b", "uint8": "u8", "int8": "i8", "int16": "i16", "int32": "i32",
          "int64": "i64", "float16": "f16", "bfloat16": "bf16", "float32": "f32",
          "float64": "f64", "complex64": "c64", "complex128": "c128", "uint16": "ui16",
          "uint32": "ui32", "uint64": "ui64", "float8_e4m3fn": "f8e4m3fn",
          "float8_e5m2": "f8e5m2"}


def type_str(meta) -> str:
    if isinstance(meta, list):
        return "vec[" + ",".join(type_str(m) for m in meta) + "]"
    dims = "x".join(str(d) for d in meta.shape)
    short = _SHORT[meta.dtype.name]
    return f"tensor<{dims}x{short}>" if dims else f"tensor<{short}>"


def attr_str(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, _dt.DType):
        return value.name
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, float):  # as C++ streams print it: 6 significant digits
        return format(value, "g")
    if isinstance(value, np.ndarray):
        if value.size <= 4:
            return attr_str(value.reshape(-1).tolist() if value.ndim else value.item())
        return f"<array {list(value.shape)} {value.dtype}>"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(attr_str(v) for v in value) + "]"
    if value is None:
        return "null"
    return str(value)


def _value_str(v) -> str:
    if v is None:
        return "<<NULL VALUE>>"
    if isinstance(v, list):
        return "[" + ", ".join(_value_str(x) for x in v) + "]"
    return f"%{v.id}"


def _input_types(inputs) -> list:
    out = []
    for v in inputs:
        if v is None:
            out.append("<<NULL TYPE>>")
        elif isinstance(v, list):
            out.append(type_str([x.meta for x in v]))
        else:
            out.append(type_str(v.meta))
    return out


# Attributes Paddle keeps per result of a parameter op, so it prints them as lists.
_PER_RESULT = frozenset({"is_distributed", "is_parameter", "need_clip", "persistable",
                         "trainable"})


def _attr_text(op) -> str:
    attrs = dict(op.attrs)
    if op.name == "builtin.parameter":
        attrs.update((k, [v]) for k, v in op.attrs.items() if k in _PER_RESULT)
    if isinstance(attrs.get("place"), str):
        attrs["place"] = _Place(attrs["place"])
    if op.outputs:
        attrs["stop_gradient"] = [o.stop_gradient for o in op.outputs]
    if getattr(op, "struct_name", None):
        attrs["struct_name"] = op.struct_name
    return ",".join(f"{k}:{attr_str(v)}" for k, v in sorted(attrs.items()))


class _Place:
    """A place attribute, printed as Paddle prints it: Place(undefined:0), Place(cpu)."""

    def __init__(self, name: str):
        self.name = name

    def __str__(self) -> str:
        return "Place(undefined:0)" if self.name == "undefined" else f"Place({self.name})"


def op_str(op, indent: str = "    ", forms=None) -> str:
    outs = ", ".join(f"%{o.id}" for o in op.outputs)
    if op.name == "pd_op.if":
        return _if_str(op, outs, indent, forms)
    if op.name == "pd_op.while":
        return _while_str(op, outs, indent, forms)
    ins = ", ".join(_value_str(v) for v in op.inputs)
    in_types = ", ".join(_input_types(op.inputs))
    out_types = ", ".join(type_str(o.meta) for o in op.outputs)
    return (f'{indent}({outs}) = "{op.name}" ({ins}) {{{_attr_text(op)}}} : ({in_types}) -> '
            f"{out_types}")


def _if_str(op, outs: str, indent: str, forms) -> str:
    """Paddle prints the result types, then each branch indented under the op."""
    out_types = ", ".join(type_str(o.meta) for o in op.outputs)
    true_block, false_block = op.regions
    return (f'{indent}({outs}) = "pd_op.if" ({_value_str(op.inputs[0])}) {{{_attr_text(op)}}} '
            f"-> {out_types} {{\n{block_str(true_block, indent + '    ', forms)}{indent}}} else "
            f"{{\n{block_str(false_block, indent + '    ', forms)}{indent}}}")


def _while_str(op, outs: str, indent: str, forms) -> str:
    """Paddle prints the condition and loop inputs, then the body's arguments on their own
    line (with their stop_gradient flags) and the body indented under the op."""
    cond, *inits = op.inputs
    (body,) = op.regions
    args = ", ".join(f"%{a.id} {{stop_gradient:{attr_str(a.stop_gradient)}}}" for a in body.args)
    inputs = ", ".join(_value_str(v) for v in inits)
    return (f'{indent}({outs}) = "pd_op.while" (cond={_value_str(cond)}, inputs={inputs}) {{ \n'
            f"{indent}^{args}\n{block_str(body, indent + '    ', forms)}{indent}}}")


def block_str(block, indent: str = "    ", forms=None) -> str:
    forms = _Forms([block]) if forms is None else forms
    return "".join(op_str(shown, indent, forms) + "\n" for op in block.ops
                   for shown in forms.of(op))


def print_program(program) -> str:
    forms = _Forms([program.global_block()])
    _number(program.global_block(), forms, itertools.count(), itertools.count())
    return "{\n" + block_str(program.global_block(), forms=forms) + "}\n"


class _Forms:
    """The ops printed for each op of `blocks` (nested ones included): Paddle's form of a
    registry op, the op itself otherwise; a constant that only ops whose Paddle form takes it
    as a number read (`x * 2` prints as scale) is not printed."""

    def __init__(self, blocks):
        # imported here: the printer is core, the forms come from the exporter (paddle.jit)
        from ...jit.serialization.print_form import paddle_form
        ops = list(walk(blocks))
        self._made: dict = {}
        for op in ops:
            form = paddle_form(op)
            self._made[id(op)] = [op] if form is None else form
        read = {id(v) for op in ops for v in op.operands() if v is not None}
        shown = {id(v) for op in ops for printed in self._made[id(op)]
                 for v in _flat(printed.inputs)}
        for op in ops:
            if op.name == "builtin.constant" and id(op.outputs[0]) in read - shown:
                self._made[id(op)] = []

    def of(self, op) -> list:
        return self._made[id(op)]


def _flat(inputs):
    for v in inputs:
        if isinstance(v, list):
            yield from v
        elif v is not None:
            yield v


def _number(block, forms: _Forms, counter, arg_counter) -> None:
    """Value ids in print order (as Program.renumber, counting the added operand ops): %0, %1,
    … for results, an op's results before the ops nested in it; %arg_0, … for block args."""
    for arg in block.args:
        arg.id = f"arg_{next(arg_counter)}"
    for op in block.ops:
        for shown in forms.of(op):
            for out in shown.outputs:
                out.id = next(counter)
        for region in op.regions:
            _number(region, forms, counter, arg_counter)
