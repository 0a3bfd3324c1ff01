"""A legacy ProgramDesc's block 0 as a Graph, and the Graph written back into the program.

Operators keep their original OpDesc (everything the passes did not change is copied from
it); variables keep their VarDesc, with the type, shape and persistable flag the passes set.
Other blocks are written unchanged."""
from __future__ import annotations

from ...jit.serialization import pdmodel_writer as writer
from ...jit.serialization.pdmodel import BLOCK_ATTR, BLOCKS_ATTR, DENSE_TENSOR, attr_value
from .graph import Graph, GraphOp, GraphVar


def read_legacy(path: str):
    """(the ProgramDesc of a .pdmodel file, the Graph of its block 0)."""
    desc = writer.read_program_desc(path)
    return desc, graph_from_program(desc)


def graph_from_program(desc) -> Graph:
    """Block 0 of `desc` (its parameters still to be filled in)."""
    block = desc.blocks[0]
    variables = {var.name: _graph_var(var) for var in block.vars}
    ops = [_graph_op(op) for op in block.ops]
    in_sub_blocks = {name for sub in desc.blocks[1:] for op in sub.ops
                     for slots in (op.inputs, op.outputs) for slot in slots
                     for name in slot.arguments}
    return Graph(ops, variables, {}, in_sub_blocks & set(variables))


def _graph_var(var) -> GraphVar:
    kind = var.type.type
    if kind != DENSE_TENSOR:
        return GraphVar(var.name, kind, None, var.persistable)
    tensor = var.type.dense_tensor.tensor
    return GraphVar(var.name, kind, tensor.data_type, var.persistable, list(tensor.dims))


def _graph_op(op) -> GraphOp:
    inputs = {slot.parameter: list(slot.arguments) for slot in op.inputs}
    outputs = {slot.parameter: list(slot.arguments) for slot in op.outputs}
    attrs = {a.name: attr_value(a) for a in op.attrs}
    sub_block = any(a.type in (BLOCK_ATTR, BLOCKS_ATTR) for a in op.attrs)
    return GraphOp(op.type, inputs, outputs, attrs, source=op, has_sub_block=sub_block)


def write_program(desc, graph: Graph, path: str) -> None:
    """Replace block 0 of `desc` by `graph` and write the program to `path`."""
    block = desc.blocks[0]
    ops = [_op_desc(op) for op in graph.ops]
    kept = [_var_desc(var, graph.vars[var.name]) for var in block.vars if var.name in graph.vars]
    declared = {var.name for var in block.vars}
    added = [writer.new_var_desc(v.name, v.dtype, v.shape, v.kind)
             for name, v in graph.vars.items() if name not in declared]
    writer.replace_block(block, ops, kept + added)
    writer.write_program_desc(desc, path)


def _op_desc(op: GraphOp):
    if op.source is None:
        return writer.new_op_desc(op.type, op.inputs, op.outputs, op.changed_attrs)
    desc = writer.copy_message(op.source)
    writer.set_op_slots(desc, op.inputs, op.outputs)
    for name, value in op.changed_attrs.items():
        writer.set_op_attr(desc, name, value)
    return desc


def _var_desc(source, var: GraphVar):
    desc = writer.copy_message(source)
    if desc.persistable != var.persistable:
        desc.persistable = var.persistable
    if var.kind == DENSE_TENSOR:
        writer.set_var_tensor(desc, var.dtype, var.shape)
    return desc
