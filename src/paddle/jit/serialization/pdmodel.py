"""Read a legacy `.pdmodel` (a proto2 `paddle.framework.proto.ProgramDesc`) into a
ForeignProgram. Parsing uses the `protobuf` package (an optional dependency) with a schema
declared here; only the fields a loader needs are declared, others are skipped.

Feeds come from the `feed` ops (in `col` order), fetches from the `fetch` ops; parameters are
block 0's persistable dense tensors, stored in `.pdiparams` in sorted-name order.
"""
from __future__ import annotations

import functools
import pickle

from ..._core import dtype as _dt
from ..._core.meta import TensorMeta
from .foreign import ForeignFeed, ForeignOp, ForeignParameter, ForeignProgram
from .pdiparams import CODE_DTYPES

DENSE_TENSOR = 7
FEED_OPS = ("feed",)
FETCH_OPS = ("fetch", "fetch_v2")
BLOCK_ATTR, BLOCKS_ATTR = 8, 10  # AttrType values of sub-block references

# (message, [(field, number, kind, repeated, message type)]); kinds are descriptor type names.
_SCHEMA = [
    ("Version", [("version", 1, "int64", False, None)]),
    ("TensorDesc", [("data_type", 1, "int32", False, None),
                    ("dims", 2, "int64", True, None)]),
    ("DenseTensorDesc", [("tensor", 1, "message", False, "TensorDesc"),
                         ("legacy_lod_level", 2, "int32", False, None)]),
    ("VarType", [("type", 1, "int32", False, None),
                 ("dense_tensor", 3, "message", False, "DenseTensorDesc")]),
    ("VarDesc", [("name", 1, "string", False, None), ("type", 2, "message", False, "VarType"),
                 ("persistable", 3, "bool", False, None),
                 ("is_parameter", 5, "bool", False, None),
                 ("stop_gradient", 6, "bool", False, None)]),
    ("Slot", [("parameter", 1, "string", False, None), ("arguments", 2, "string", True, None)]),
    ("Scalar", [("type", 1, "int32", False, None), ("b", 2, "bool", False, None),
                ("i", 3, "int64", False, None), ("r", 4, "double", False, None)]),
    ("Attr", [("name", 1, "string", False, None), ("type", 2, "int32", False, None),
              ("i", 3, "int32", False, None), ("f", 4, "float", False, None),
              ("s", 5, "string", False, None), ("ints", 6, "int32", True, None),
              ("floats", 7, "float", True, None), ("strings", 8, "string", True, None),
              ("b", 10, "bool", False, None), ("bools", 11, "bool", True, None),
              ("block_idx", 12, "int32", False, None), ("l", 13, "int64", False, None),
              ("blocks_idx", 14, "int32", True, None), ("longs", 15, "int64", True, None),
              ("float64s", 16, "double", True, None), ("var_name", 17, "string", False, None),
              ("vars_name", 18, "string", True, None), ("float64", 19, "double", False, None),
              ("scalar", 20, "message", False, "Scalar"),
              ("scalars", 21, "message", True, "Scalar")]),
    ("OpDesc", [("inputs", 1, "message", True, "Slot"), ("outputs", 2, "message", True, "Slot"),
                ("type", 3, "string", False, None), ("attrs", 4, "message", True, "Attr")]),
    ("BlockDesc", [("idx", 1, "int32", False, None), ("parent_idx", 2, "int32", False, None),
                   ("vars", 3, "message", True, "VarDesc"), ("ops", 4, "message", True, "OpDesc"),
                   ("forward_block_idx", 5, "int32", False, None)]),
    ("ProgramDesc", [("blocks", 1, "message", True, "BlockDesc"),
                     ("version", 4, "message", False, "Version")]),
]
# AttrType enum -> the Attr field holding the value.
_ATTR_FIELDS = {0: "i", 1: "f", 2: "s", 3: "ints", 4: "floats", 5: "strings", 6: "b",
                7: "bools", 8: "block_idx", 9: "l", 10: "blocks_idx", 11: "longs",
                12: "float64s", 13: "var_name", 14: "vars_name", 15: "float64", 16: "scalar",
                17: "scalars"}


def _protobuf():
    try:
        from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
    except ImportError:
        raise ImportError("Reading a legacy .pdmodel program needs the `protobuf` package: "
                          "pip install 'feijiang[pdmodel]' (or pip install protobuf)") from None
    return descriptor_pb2, descriptor_pool, message_factory


@functools.lru_cache(maxsize=1)
def program_desc_class():
    """The ProgramDesc message class, built from _SCHEMA (every field optional, so files with
    fields this reader ignores still parse)."""
    descriptor_pb2, descriptor_pool, message_factory = _protobuf()
    types = descriptor_pb2.FieldDescriptorProto
    file = descriptor_pb2.FileDescriptorProto(name="feijiang_program_desc.proto",
                                              package="feijiang.pdmodel", syntax="proto2")
    for message, fields in _SCHEMA:
        proto = file.message_type.add(name=message)
        for name, number, kind, repeated, type_name in fields:
            field = proto.field.add(name=name, number=number,
                                    type=getattr(types, f"TYPE_{kind.upper()}"),
                                    label=types.LABEL_REPEATED if repeated
                                    else types.LABEL_OPTIONAL)
            if type_name:
                field.type_name = f".feijiang.pdmodel.{type_name}"
    pool = descriptor_pool.DescriptorPool()
    pool.Add(file)
    descriptor = pool.FindMessageTypeByName("feijiang.pdmodel.ProgramDesc")
    return message_factory.GetMessageClass(descriptor)


def attr_value(attr):
    """The Python value of an OpDesc attribute."""
    field = _ATTR_FIELDS.get(attr.type)
    if field is None:
        return None
    value = getattr(attr, field)
    if field == "scalar":
        return _scalar(value)
    if field == "scalars":
        return [_scalar(v) for v in value]
    if hasattr(value, "__len__") and not isinstance(value, (str, bytes)):
        return list(value)
    return value


def _scalar(value):
    return {1: value.b, 2: value.i, 3: value.r}.get(value.type)


def _var_meta(var):
    tensor = var.type.dense_tensor.tensor
    dtype = CODE_DTYPES.get(tensor.data_type)
    if dtype is None:
        return None
    return TensorMeta([int(d) for d in tensor.dims], _dt.to_dtype(dtype))


def parse_program_desc(path: str):
    """The ProgramDesc message of a `.pdmodel` file; ValueError saying why when it is not one
    (every reader prefixes the message with its own API name)."""
    with open(path, "rb") as f:
        data = f.read()
    desc = program_desc_class()()
    try:
        desc.ParseFromString(data)
    except Exception as exc:  # noqa: BLE001 - protobuf raises its own DecodeError
        raise ValueError(f"{path} is not a Paddle ProgramDesc: {exc}") from None
    if not desc.blocks:
        raise ValueError(f"{path} is not a Paddle ProgramDesc: it holds no program blocks")
    if any(not op.type for block in desc.blocks for op in block.ops):
        raise ValueError(f"{path} is not a Paddle ProgramDesc: it holds an operator without a "
                         "type")
    return desc


def read_pdmodel(path: str) -> ForeignProgram:
    try:
        desc = parse_program_desc(path)
    except ValueError as exc:
        raise ValueError(f"(jit.load) {exc}") from None
    return parse_block(desc.blocks[0], desc.blocks)


def parse_block(block, blocks=()) -> ForeignProgram:
    """Block 0 as a ForeignProgram; ops that own sub-blocks (conditional_block, while) carry
    them as regions, so that checks over the program see every op."""
    metas = {var.name: _var_meta(var) for sub in blocks[1:] for var in sub.vars}
    metas.update({var.name: _var_meta(var) for var in block.vars})  # block 0's types first
    program = ForeignProgram(ops=[], metas=metas, parameters=[], feeds=[], fetches=[],
                             legacy=True)
    feeds, fetches = [], []
    for op in block.ops:
        attrs = {a.name: attr_value(a) for a in op.attrs}
        if op.type in FEED_OPS:
            name = op.outputs[0].arguments[0] if op.outputs else ""
            feeds.append((attrs.get("col", 0), ForeignFeed(name, name, metas.get(name))))
        elif op.type in FETCH_OPS:
            fetches.append((attrs.get("col", 0), op.inputs[0].arguments[0]))
        else:
            program.ops.append(_foreign_op(op, attrs, blocks))
    program.feeds = [f for _, f in sorted(feeds, key=lambda item: item[0])]
    program.fetches = [k for _, k in sorted(fetches, key=lambda item: item[0])]
    program.fetch_names = list(program.fetches)
    # Persistable tensors that an op writes (batch norm's running statistics) are buffers.
    written = {name for op in program.ops for names in op.outputs.values() for name in names}
    for var in block.vars:
        if var.persistable and var.type.type == DENSE_TENSOR and metas.get(var.name):
            frozen = var.stop_gradient or var.name in written
            program.parameters.append(ForeignParameter(var.name, var.name, metas[var.name],
                                                       not frozen, frozen))
    return program


def _foreign_op(op, attrs: dict, blocks, owner: int = 0) -> ForeignOp:
    """`owner` is the index of the block holding `op`; Paddle numbers sub-blocks after their
    parents, so only later blocks are followed (a corrupt file cannot make a cycle)."""
    inputs = {slot.parameter: list(slot.arguments) for slot in op.inputs}
    outputs = {slot.parameter: list(slot.arguments) for slot in op.outputs}
    indices = [a.block_idx for a in op.attrs if a.type == BLOCK_ATTR]
    indices += [i for a in op.attrs if a.type == BLOCKS_ATTR for i in a.blocks_idx]
    regions = [[([], _block_ops(blocks, i))] for i in indices if owner < i < len(blocks)]
    return ForeignOp(op.type, inputs, attrs, outputs, regions)


def _block_ops(blocks, index: int) -> list:
    return [_foreign_op(op, {a.name: attr_value(a) for a in op.attrs}, blocks, index)
            for op in blocks[index].ops]


class _InfoUnpickler(pickle.Unpickler):
    """`.pdiparams.info` holds only dicts, strings and bools: refuse any global."""

    def find_class(self, module, name):
        raise pickle.UnpicklingError(f"(jit.load) unexpected object {module}.{name} in a "
                                     ".pdiparams.info file")


def apply_info(program: ForeignProgram, info_path: str) -> None:
    """Take trainable/stop_gradient from a `.pdiparams.info` file written next to the model."""
    with open(info_path, "rb") as f:
        info = _InfoUnpickler(f).load()
    for param in program.parameters:
        entry = info.get(param.name) if isinstance(info, dict) else None
        if isinstance(entry, dict):
            param.stop_gradient = bool(entry.get("stop_gradient", param.stop_gradient))
            param.trainable = bool(entry.get("trainable", not param.stop_gradient))
