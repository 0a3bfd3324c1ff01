"""Edit and write a legacy ProgramDesc (`.pdmodel`): operator and variable records built or
changed in place, a block's contents replaced, the program serialised.

Messages are pdmodel's partial schema; protobuf keeps the fields that schema does not declare
(op_version_map, need_check_feed, other variable kinds, …) as unknown fields and writes them
back, so a program read, edited and written loses nothing it was not asked to change."""
from __future__ import annotations

import functools
import os

from .pdmodel import DENSE_TENSOR, parse_program_desc, program_desc_class

# OpDesc.AttrType values of the attributes the writer sets, and the Attr field of each.
INT_ATTR, BOOLEAN_ATTR = 0, 6
_VALUE_FIELDS = {INT_ATTR: "i", BOOLEAN_ATTR: "b"}


def read_program_desc(path: str):
    """The ProgramDesc message of a `.pdmodel` file, with Paddle's converter error when it is
    not one."""
    try:
        return parse_program_desc(path)
    except ValueError as exc:
        raise ValueError("(InvalidArgument) Failed to parse program_desc from binary string: "
                         f"{exc}") from None


def write_program_desc(desc, path: str) -> None:
    data = desc.SerializeToString()
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


# ---- operators -------------------------------------------------------------------------------
def new_op_desc(op_type: str, inputs: dict, outputs: dict, attrs: dict):
    """An OpDesc of `op_type` ({slot: [names]} inputs/outputs, int/bool attributes)."""
    op = _message_class("OpDesc")()
    op.type = op_type
    set_op_slots(op, inputs, outputs)
    for name, value in attrs.items():
        set_op_attr(op, name, value)
    return op


def set_op_slots(op, inputs: dict, outputs: dict) -> None:
    """Give `op` exactly these input and output slots (each slot's arguments in order)."""
    for field, slots in ((op.inputs, inputs), (op.outputs, outputs)):
        del field[:]
        for parameter, arguments in slots.items():
            field.add(parameter=parameter, arguments=list(arguments))


def set_op_attr(op, name: str, value) -> None:
    """Set the int or bool attribute `name` (an existing one keeps its declared type)."""
    attr = next((a for a in op.attrs if a.name == name), None)
    if attr is None:
        if not isinstance(value, (bool, int)):
            raise TypeError(f"(pdmodel_writer) op '{op.type}': attribute '{name}' must be an "
                            f"int or a bool, not {type(value).__name__}")
        attr = op.attrs.add(name=name, type=BOOLEAN_ATTR if isinstance(value, bool)
                            else INT_ATTR)
    field = _VALUE_FIELDS.get(attr.type)
    if field is None:
        raise TypeError(f"(pdmodel_writer) op '{op.type}': attribute '{name}' has type "
                        f"{attr.type}; only int and bool attributes can be set")
    setattr(attr, field, value)


# ---- variables -------------------------------------------------------------------------------
def new_var_desc(name: str, dtype: int, dims, kind: int = DENSE_TENSOR):
    """A non-persistable dense-tensor VarDesc of data type `dtype` and shape `dims`."""
    var = _message_class("VarDesc")()
    var.name = name
    var.type.type = kind
    set_var_tensor(var, dtype, dims)
    var.persistable = False
    return var


def set_var_tensor(var, dtype: int, dims) -> None:
    tensor = var.type.dense_tensor.tensor
    tensor.data_type = dtype
    del tensor.dims[:]
    tensor.dims.extend(int(d) for d in dims)


# ---- blocks ----------------------------------------------------------------------------------
def replace_block(block, ops: list, variables: list) -> None:
    """Make `block` hold exactly `ops` and `variables`, in these orders."""
    del block.ops[:]
    block.ops.extend(ops)
    del block.vars[:]
    block.vars.extend(variables)


def copy_message(source):
    """An independent copy of an OpDesc or VarDesc (unknown fields included)."""
    twin = type(source)()
    twin.CopyFrom(source)
    return twin


@functools.cache
def _message_class(name: str):
    """The schema's message class `name`, from the pool that ProgramDesc's class lives in."""
    from google.protobuf import message_factory
    pool = program_desc_class().DESCRIPTOR.file.pool
    return message_factory.GetMessageClass(pool.FindMessageTypeByName(f"feijiang.pdmodel.{name}"))
