"""Print a Program in Paddle's PIR text style:

    (%3) = "pd_op.matmul" (%2, %1) {transpose_x:false,transpose_y:false} : (tensor<-1x3xf32>,
        tensor<3x30xf32>) -> tensor<-1x30xf32>
"""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt

_SHORT = {"bool": "b", "uint8": "ui8", "int8": "i8", "int16": "i16", "int32": "i32",
          "int64": "i64", "float16": "f16", "bfloat16": "bf16", "float32": "f32",
          "float64": "f64", "complex64": "c64", "complex128": "c128", "uint16": "ui16",
          "uint32": "ui32", "uint64": "ui64", "float8_e4m3fn": "f8e4m3fn",
          "float8_e5m2": "f8e5m2"}


def type_str(meta) -> str:
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
    if isinstance(value, float):
        return repr(int(value)) if value.is_integer() else repr(value)
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
            out.append("vec[" + ",".join(type_str(x.meta) for x in v) + "]")
        else:
            out.append(type_str(v.meta))
    return out


def op_str(op, indent: str = "    ") -> str:
    outs = ", ".join(f"%{o.id}" for o in op.outputs)
    ins = ", ".join(_value_str(v) for v in op.inputs)
    attrs = dict(sorted(op.attrs.items()))
    if op.outputs:
        attrs["stop_gradient"] = [o.stop_gradient for o in op.outputs]
    attr_text = ",".join(f"{k}:{attr_str(v)}" for k, v in sorted(attrs.items()))
    in_types = ", ".join(_input_types(op.inputs))
    out_types = ", ".join(type_str(o.meta) for o in op.outputs)
    line = (f'{indent}({outs}) = "{op.name}" ({ins}) {{{attr_text}}} : ({in_types}) -> '
            f"{out_types}")
    for region in op.regions:
        line += " {\n" + block_str(region, indent + "    ") + indent + "}"
    return line


def block_str(block, indent: str = "    ") -> str:
    lines = []
    if block.args:
        args = ", ".join(f"%{a.id}: {type_str(a.meta)}" for a in block.args)
        lines.append(f"{indent}^block_args({args})")
    lines.extend(op_str(op, indent) for op in block.ops)
    return "".join(line + "\n" for line in lines)


def print_program(program) -> str:
    program.renumber()
    return "{\n" + block_str(program.global_block()) + "}\n"
