"""The passes Paddle runs around the precision pass when converting a model:
constant_folding_pass before it, identity_op_clean_pass after it.

Constant folding evaluates every operator whose inputs are all stored weights (no operator
writes them): the operator disappears, its outputs become persistable variables stored in the
parameters file, and weights only it read disappear too (a bias reshaped once, a fill_constant
shape). Identity cleaning removes operators that copy their input: scale by 1 plus 0, a cast to
the same type, an assign onto itself, a concat of one tensor, and a pair of casts that returns
to the starting type."""
from __future__ import annotations

import numpy as np

from ..._core import dtype as _dt
from ..._core.meta import TensorMeta
from ..._core.tensor import wrap
from ...jit.serialization.op_map import Call, UnsupportedOpError, lookup
from ...jit.serialization.pdiparams import CODE_DTYPES
from .graph import BOOL, CONTROL_FLOW_OPS, INT32, INT64, Graph, GraphOp, numpy_dtype

NOT_FOLDED = ("feed", "fetch", "matrix_multiply", "save", "quantize_linear", "dequantize_linear")
NOT_SKIPPED_AFTER = CONTROL_FLOW_OPS + ("feed",)  # producers an identity op stays behind


# ---- constant folding ------------------------------------------------------------------------
def fold_constants(graph: Graph, table: dict) -> int:
    """Fold what can be folded with the converters of `table`; the number of ops folded."""
    control_flow = {n for op in graph.ops if op.type in CONTROL_FLOW_OPS
                    for n in op.input_names() + op.output_names()}
    folded = 0
    for op in list(graph.ops):
        if not _foldable(graph, op, control_flow, table):
            continue
        values = _evaluate(graph, op, table)
        if values is None:
            continue
        _replace_by_constants(graph, op, values)
        folded += 1
    return folded


def _foldable(graph: Graph, op: GraphOp, control_flow: set, table: dict) -> bool:
    if op.type in NOT_FOLDED or op.has_sub_block or table.get(op.type) is None:
        return False
    if table[op.type].random:
        return False
    for name in op.input_names():
        if name not in graph.params or graph.producers(name):
            return False
    for name in op.output_names():
        var = graph.vars.get(name)
        if (var is None or var.dtype is None or name in control_flow
                or name in graph.names_in_sub_blocks or name in op.input_names()
                or graph.producers(name) != [op]):
            return False
    return True


def _evaluate(graph: Graph, op: GraphOp, table: dict) -> dict | None:
    """{output name: ndarray} of `op` run by its converter, or None when it cannot run here
    or gives outputs other than the declared types."""
    inputs = {slot: [wrap(graph.params[n]) for n in names] for slot, names in op.inputs.items()}
    metas = [TensorMeta(graph.vars[n].shape, _dt.to_dtype(CODE_DTYPES[graph.vars[n].dtype]))
             for n in op.output_names()]
    try:
        results = lookup(table, op.type).fn(Call(op.type, inputs, op.attrs, metas))
    except (UnsupportedOpError, ValueError, TypeError, IndexError, KeyError):
        return None
    values = {}
    for slot, names in op.outputs.items():
        produced = results.get(slot, [])
        produced = produced if isinstance(produced, (list, tuple)) else [produced]
        for name, tensor in zip(names, produced):
            if tensor is not None:
                values[name] = np.asarray(tensor.numpy())
    for name in op.output_names():
        if not graph.consumers(name):
            values.pop(name, None)
        elif name not in values or values[name].dtype != numpy_dtype(graph.vars[name].dtype):
            return None
    return values


def _replace_by_constants(graph: Graph, op: GraphOp, values: dict) -> None:
    graph.ops.remove(op)
    for name in op.input_names():
        if not graph.consumers(name) and name not in graph.names_in_sub_blocks:
            graph.remove_var(name)
    for name in op.output_names():
        if name not in values:
            graph.remove_var(name)
            continue
        var, value = graph.vars[name], values[name]
        var.persistable, var.shape = True, list(value.shape)
        graph.params[name] = value


# ---- identity operators ----------------------------------------------------------------------
def clean_identity_ops(graph: Graph) -> int:
    """Remove the copying operators; the number removed."""
    removed = 0
    for op in list(graph.ops):
        if op in graph.ops and _is_identity(op) and _bypass(graph, op):
            removed += 1
    for op in list(graph.ops):
        if op in graph.ops and op.type == "cast" and _bypass_cast_pair(graph, op):
            removed += 1
    return removed


def _is_identity(op: GraphOp) -> bool:
    if len(op.input_names()) != 1 or len(op.output_names()) != 1:
        return False
    attrs = op.attrs
    if op.type == "scale":
        return attrs.get("scale", 1.0) == 1.0 and attrs.get("bias", 0.0) == 0.0
    if op.type == "cast":
        return attrs.get("in_dtype") == attrs.get("out_dtype")
    if op.type == "assign":
        return op.inputs.get("X") == op.outputs.get("Out")
    if op.type == "concat":
        return len(op.inputs.get("X", [])) == 1
    return op.type == "c_identity"


def _sole_reader_input(graph: Graph, name: str, reader: GraphOp) -> list | None:
    """The producers of `name` when `reader` alone reads it and it may be bypassed (an
    assign onto itself reads the value it writes: the later readers read its output)."""
    var = graph.vars.get(name)
    producers = [p for p in graph.producers(name) if p is not reader]
    readers = [reader] if name in reader.output_names() else graph.consumers(name)
    if (var is None or var.persistable or readers != [reader] or not producers
            or name in graph.names_in_sub_blocks
            or any(p.type in NOT_SKIPPED_AFTER for p in producers)):
        return None
    return producers


def _bypass(graph: Graph, op: GraphOp) -> bool:
    (source,), (target,) = op.input_names(), op.output_names()
    producers = _sole_reader_input(graph, source, op)
    if producers is None:
        return False
    graph.ops.remove(op)
    if source != target:
        for producer in producers:
            producer.rename_output(source, target)
        graph.remove_var(source)
    return True


def _bypass_cast_pair(graph: Graph, first: GraphOp) -> bool:
    """x -> cast -> y -> cast -> z, with z of x's type and y a float: the producer of x writes
    z directly."""
    (source,), (middle,) = first.input_names(), first.output_names()
    readers = graph.consumers(middle)
    if len(readers) != 1 or readers[0].type != "cast" or graph.var(middle).dtype in (
            BOOL, INT32, INT64):
        return False
    second = readers[0]
    (target,) = second.output_names()
    producers = _sole_reader_input(graph, source, first)
    if producers is None or graph.var(source).dtype != graph.var(target).dtype:
        return False
    for producer in producers:
        producer.rename_output(source, target)
    for op in (first, second):
        graph.ops.remove(op)
    for name in (source, middle):
        graph.remove_var(name)
    return True
