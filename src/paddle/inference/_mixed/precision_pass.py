"""Paddle's auto_mixed_precision_pass, on a Graph: which operators run in float16/bfloat16,
which variables and weights change type, and where `cast` operators go.

The rules, in Paddle's order:
1. An operator may run in low precision when it is white-listed, or has a low-precision GPU
   kernel and is not black-listed; and its dtype attribute (if any) is float32, a `scale`'s
   factors fit the low type, and every non-persistable tensor it touches is a dense tensor.
   feed/fetch count as low precision only when the model's inputs/outputs may change type
   (keep_io_types=False).
2. Repeatedly: an operator drops back to float32 when it reads a variable that must stay
   float32 (float64 ones, select_input's inputs, outputs of operators without a GPU kernel),
   or writes one that a float32 operator also writes.
3. Low-precision operators turn their float32 weights (except normalization parameters) and
   their float32 outputs (except normalization statistics) into the low type.
4. A `cast` goes in front of every operator whose non-persistable input has the other
   precision (reusing one cast per variable, or retargeting a `cast` that made the input).
5. Low-precision operators with a float32 `dtype`/`out_dtype` attribute get the low type.

Only block 0 is converted: variables the sub-blocks use stay float32 (so do their operators)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import kernels
from .graph import FP32, FP64, LOW_PRECISION, TENSOR_KINDS, Graph, GraphOp, GraphVar, numpy_dtype

IO_OPS = ("feed", "fetch")
DTYPE_ATTR_EXEMPT = ("arg_max", "arg_min")  # their `dtype` is the index type


@dataclass
class PrecisionOptions:
    low: int                     # FP16 or BF16
    keep_io_types: bool
    black_list: frozenset
    white_list: frozenset

    def supports(self, op_type: str) -> bool:
        if op_type in self.white_list:
            return True
        return (op_type not in self.black_list
                and kernels.has_low_precision_kernel(op_type, self.low))


def auto_mixed_precision(graph: Graph, low: int, keep_io_types: bool, black_list,
                         white_list) -> int:
    """Convert `graph` in place; the number of operators that run in low precision."""
    black = frozenset(black_list) | kernels.DEFAULT_BLACK_LIST
    options = PrecisionOptions(low, keep_io_types, black, frozenset(white_list))
    original_ops = list(graph.ops)
    low_ops = {op for op in original_ops if _may_run_low(graph, op, options)}
    _drop_unsafe(graph, low_ops, options)
    converted = _set_var_precision(graph, low_ops, low)
    for name in converted:
        graph.params[name] = graph.params[name].astype(numpy_dtype(low))
    _insert_casts(graph, low_ops, low)
    _update_dtype_attrs(graph, original_ops, low_ops, low)
    return len(low_ops)


# ---- 1. operators that may run in low precision ----------------------------------------------
def _may_run_low(graph: Graph, op: GraphOp, options: PrecisionOptions) -> bool:
    if op.type in IO_OPS:
        return not options.keep_io_types
    if not options.supports(op.type):
        return False
    if "dtype" in op.attrs and op.type not in DTYPE_ATTR_EXEMPT:
        if op.attrs["dtype"] != FP32:
            return False
    elif "out_dtype" in op.attrs and op.attrs["out_dtype"] not in (FP32, -1):
        return False
    if op.type == "scale" and not _fits(options.low, op.attrs.get("scale", 1.0),
                                        op.attrs.get("bias", 0.0)):
        return False
    return all(graph.var(name).persistable or graph.var(name).kind in TENSOR_KINDS
               for name in op.input_names() + op.output_names())


def _fits(low: int, *values) -> bool:
    with np.errstate(over="ignore"):
        return bool(np.all(np.isfinite(np.asarray(values, np.float32).astype(numpy_dtype(low)))))


# ---- 2. operators that must stay float32 -----------------------------------------------------
def _drop_unsafe(graph: Graph, low_ops: set, options: PrecisionOptions) -> None:
    producers, pinned = _producers_and_pinned(graph, options)
    changed = True
    while changed:
        changed = False
        for op in graph.ops:
            if op in low_ops and _must_stay_float32(graph, op, low_ops, producers, pinned):
                low_ops.discard(op)
                changed = True


def _producers_and_pinned(graph: Graph, options: PrecisionOptions) -> tuple[dict, set]:
    """({variable: operators writing it}, variables that must stay float32)."""
    producers: dict = {}
    pinned = {name for name in graph.names_in_sub_blocks if _tracked(graph.var(name))}
    for op in graph.ops:
        if op.has_sub_block:  # its blocks are not converted: what it touches stays float32
            pinned.update(n for n in op.input_names() + op.output_names()
                          if _tracked(graph.var(n)))
            continue
        if op.type == "fetch":
            continue
        outputs = [n for n in op.output_names() if _tracked(graph.var(n))]
        for name in outputs:
            producers.setdefault(name, []).append(op)
            if graph.var(name).dtype == FP64:
                pinned.add(name)
        if op.type == "select_input":
            pinned.update(n for n in op.input_names() if _tracked(graph.var(n)))
        if (op.type != "feed" and op.type not in options.white_list
                and not kernels.has_float32_kernel(op.type)):
            pinned.update(outputs)
    return producers, pinned


def _tracked(var: GraphVar) -> bool:
    return var.typed and not var.persistable


def _must_stay_float32(graph, op, low_ops, producers, pinned) -> bool:
    if any(name in pinned for name in op.input_names() if _tracked(graph.var(name))):
        return True
    for name in op.output_names():
        if not _tracked(graph.var(name)):
            continue
        if name in pinned or any(p not in low_ops for p in producers.get(name, [])):
            return True
    return False


# ---- 3. variables and weights ----------------------------------------------------------------
def _set_var_precision(graph: Graph, low_ops: set, low: int) -> set:
    """Retype the variables of low-precision operators; the persistable ones to convert."""
    converted: set = set()
    for op in graph.ops:
        if op not in low_ops:
            continue
        if op.type != "feed":
            for name in _float32_vars(graph, op.input_names()):
                var = graph.vars[name]
                if _in_slots(op.slot_of_input(name), kernels.FLOAT32_INPUT_SLOTS.get(op.type)):
                    continue
                if var.persistable and _stored_as_declared(graph, var):
                    var.dtype = low
                    converted.add(name)
        if op.type != "fetch":
            for name in _float32_vars(graph, op.output_names()):
                if _in_slots(op.slot_of_output(name), kernels.FLOAT32_OUTPUT_SLOTS.get(op.type)):
                    continue
                graph.vars[name].dtype = low
                if graph.vars[name].persistable:
                    converted.add(name)
    return converted


def _float32_vars(graph: Graph, names) -> list:
    return [n for n in names if graph.var(n).typed and graph.var(n).dtype == FP32
            and n not in graph.names_in_sub_blocks]


def _in_slots(slots: list, kept) -> bool:
    return bool(kept) and any(slot in kept for slot in slots)


def _stored_as_declared(graph: Graph, var: GraphVar) -> bool:
    """PaddleSlim stores int8 weights in float32-declared variables: leave those alone."""
    value = graph.params.get(var.name)
    return value is not None and value.dtype == numpy_dtype(var.dtype)


# ---- 4. casts --------------------------------------------------------------------------------
def _insert_casts(graph: Graph, low_ops: set, low: int) -> None:
    ops, casts, last_writer = [], {}, {}
    for op in graph.ops:
        if op.type != "feed" and not op.has_sub_block:
            for name in op.input_names():
                target = _cast_target(graph.var(name), op in low_ops, low)
                if target is None:
                    continue
                writer = last_writer.get(name)
                if writer is not None and writer.type == "cast":
                    graph.vars[name].dtype = target
                    writer.set_attr("out_dtype", target)
                    continue
                if name not in casts:
                    cast = _new_cast(graph, name, target)
                    ops.append(cast)
                    casts[name] = cast.outputs["Out"][0]
                op.rename_input(name, casts[name])
        ops.append(op)
        for name in op.output_names():
            last_writer[name] = op
            casts.pop(name, None)
    graph.ops = ops


def _cast_target(var: GraphVar, runs_low: bool, low: int) -> int | None:
    if not var.typed or var.persistable:
        return None
    if var.dtype == FP32 and runs_low:
        return low
    if var.dtype in LOW_PRECISION and not runs_low:
        return FP32
    return None


def _new_cast(graph: Graph, name: str, target: int) -> GraphOp:
    """`cast` of variable `name` into a new variable named as Paddle names them."""
    source = graph.vars[name]
    out = f"{name}_cast_auto_mixed.tmp_{graph.cast_count}"
    graph.cast_count += 1
    graph.vars[out] = GraphVar(out, source.kind, target, False, list(source.shape))
    attrs = {"in_dtype": source.dtype, "out_dtype": target, "use_mkldnn": False,
             "with_quant_attr": False}
    return GraphOp("cast", {"X": [name]}, {"Out": [out]}, attrs, changed_attrs=dict(attrs))


# ---- 5. dtype attributes ---------------------------------------------------------------------
def _update_dtype_attrs(graph: Graph, original_ops: list, low_ops: set, low: int) -> None:
    for op in original_ops:
        first = op.input_names()[:1]
        if "in_dtype" in op.attrs and first and graph.var(first[0]).dtype in LOW_PRECISION:
            op.set_attr("in_dtype", low)
        if op not in low_ops:
            continue
        if "dtype" in op.attrs:
            if op.attrs["dtype"] == FP32:
                op.set_attr("dtype", low)
        elif op.attrs.get("out_dtype") == FP32:
            op.set_attr("out_dtype", low)
