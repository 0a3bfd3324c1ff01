"""Write a Feijiang IR program as Paddle 3.3's PIR JSON.

Each registry op has an exporter that emits the equivalent Paddle op(s): usually the same op
under `pd_op`, sometimes with attributes renamed and typed as Paddle declares them, and with the
IntArray/Scalar arguments that Paddle takes as tensors (shapes, axes, factors) emitted as
`full_int_array` / `full` ops, exactly as Paddle's own program builder does. Only the ops the
outputs depend on are written; parameters come first, in reverse creation order.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..._core.ir.core import DIALECT
from ..._core.ir.dynamic_attrs import DynamicAttrOp
from .export_dynamic import write_dynamic
from .export_numbers import emit_number, emit_scale, number_of, scale_form
from .pir_codec import array_attr, attr, named
from .pir_writer import PirWriter

EXPORTERS: dict = {}
# Constants bigger than this are stored as persistable tensors in .pdiparams, not in the JSON.
INLINE_CONSTANT_LIMIT = 64


class UnsupportedExportError(NotImplementedError):
    """The program uses an op that has no Paddle 3.3 equivalent in the exporter."""


def exports(*names: str):
    """Register an exporter for registry ops `names`."""
    def register(fn):
        for name in names:
            EXPORTERS[name] = fn
        return fn
    return register


@dataclass
class ExportCall:
    """One registry op being written: its JSON input ids, attributes and output metas."""

    w: PirWriter
    op: object
    ins: list
    used: list  # per output: whether anything reads it

    @property
    def attrs(self) -> dict:
        return self.op.attrs

    @property
    def out_metas(self) -> list:
        return [o.meta for o in self.op.outputs]

    def in_meta(self, index: int):
        value = self.op.inputs[index]
        return value.meta if value is not None and not isinstance(value, list) else None

    def emit(self, name: str, inputs: list, attrs: list = (), out_metas=None) -> list:
        """Write op `name`; without out_metas it makes the op's own outputs, with their
        stop_gradient flags."""
        if out_metas is None:
            return self.w.emit(name, inputs, list(attrs), self.out_metas,
                               [o.stop_gradient for o in self.op.outputs])
        return self.w.emit(name, inputs, list(attrs), out_metas)


@dataclass
class ExportedProgram:
    json: str
    params: dict  # name -> ndarray, for the .pdiparams file


def export_program(program, inputs: list, outputs: list, parameter_order: list | None = None,
                   trainable: bool = True, inference: bool = False) -> ExportedProgram:
    """PIR JSON for `program` computing `outputs` (Values) from the data `inputs` (Values).
    An inference program (jit.save, save_inference_model) has every `is_test` attribute set,
    as Paddle normalizes the programs it saves: dropout and batch norm in evaluation form."""
    needed = _live_ops(program, outputs)
    w = PirWriter()
    ids: dict = {}
    params = _emit_parameters(w, program, needed, ids, parameter_order or [])
    readers = _reader_counts(needed, outputs)
    for value in inputs:
        ids[id(value)] = w.data(value.op.attrs["name"], value.meta, value.stop_gradient)
    fetched = {id(v) for v in outputs}
    for op in needed:
        if op.outputs and id(op.outputs[0]) in ids:
            continue
        if op.name == "builtin.constant" and number_of(op.outputs[0]) is not None and \
                id(op.outputs[0]) not in fetched:
            continue  # a number: written as a full before each op reading it
        if op.name == "builtin.constant":
            ids[id(op.outputs[0])] = _emit_constant(w, op.attrs["value"], op.outputs[0].meta)
        elif op.opdef is not None:
            _emit_op(w, op, ids, readers)
        elif op.name != f"{DIALECT}.data":
            raise UnsupportedExportError(f"(jit.save) cannot export operation {op.name}")
    for col, value in enumerate(outputs):
        w.fetch(ids[id(value)], value.meta, col, value.stop_gradient)
    if inference:
        for op in w.ops:
            for attribute in op.get("A", ()):
                if isinstance(attribute, dict) and attribute.get("N") == "is_test":
                    attribute["AT"] = attr("0.a_bool", True)
    return ExportedProgram(w.to_json(trainable), params)


def _live_ops(program, outputs) -> list:
    """The ops `outputs` depend on, in program order."""
    wanted = {id(v) for v in outputs}
    live = []
    for op in reversed(program.global_block().ops):
        if any(id(o) in wanted for o in op.outputs) or op.name == f"{DIALECT}.data":
            live.append(op)
            wanted.update(id(v) for v in op.operands() if v is not None)
    return live[::-1]


def _reader_counts(ops, outputs) -> dict:
    counts: dict = {id(v): 1 for v in outputs}
    for op in ops:
        for v in op.operands():
            if v is not None:
                counts[id(v)] = counts.get(id(v), 0) + 1
    return counts


def _emit_parameters(w, program, ops, ids, order) -> dict:
    """Parameters (and large constants) as `p` ops, in reverse creation order."""
    entries = []
    for op in ops:
        if op.name == "builtin.parameter":
            tensor = program.parameters[op.attrs["parameter_name"]]
            entries.append((op.attrs["parameter_name"], op.outputs[0], tensor._data,
                            not tensor.stop_gradient))
    if order:  # creation order, so that reversed the newest comes first
        rank = {name: i for i, name in enumerate(order)}
        entries.sort(key=lambda e: rank.get(e[0], len(rank)))
    else:  # the program's own order is newest first already
        entries.reverse()
    constants = [op for op in ops if op.name == "builtin.constant"
                 and np.asarray(op.attrs["value"]).size > INLINE_CONSTANT_LIMIT]
    for k, op in enumerate(constants):
        entries.append((f"constant_{k}.w_0", op.outputs[0], np.asarray(op.attrs["value"]), False))
    params = {}
    for name, value, array, trainable in reversed(entries):
        ids[id(value)] = w.parameter(name, value.meta, trainable, not trainable)
        params[name] = np.asarray(array)
    return params


def emit_array(w, array) -> int:
    """A constant tensor holding `array`, written inline (full / assign_value_)."""
    from ..._core import dtype as _dt
    from ..._core.meta import TensorMeta
    array = np.asarray(array)
    return _emit_constant(w, array, TensorMeta(list(array.shape),
                                               _dt.from_numpy_dtype(array.dtype)))


def _emit_constant(w, array, meta) -> int:
    array = np.asarray(array)
    flat = array.reshape(-1)
    if flat.size and np.all(flat == flat[0]) and array.dtype.kind in "biuf":
        return w.full(list(array.shape), flat[0].item(), meta.dtype)
    base = w.full(list(array.shape), 0, meta.dtype)
    kind = "0.a_bool" if array.dtype.kind == "b" else "0.a_f64"
    values = [v.item() for v in flat]
    attrs = [("shape", array_attr("0.a_i32", array.shape)), ("dtype", attr("1.a_dtype",
                                                                           meta.dtype)),
             ("values", array_attr(kind, values)), ("place", attr("1.a_place", [0, 0, ""]))]
    return w.emit("1.assign_value_", [base], attrs, [meta], [True])[0]


def _emit_op(w, op, ids, readers) -> None:
    used = [readers.get(id(o), 0) > 0 for o in op.outputs]
    first = len(w.ops)
    outs = write_op(w, op, lambda v: ids[id(v)], used)
    if op.struct_name:  # the layer path, on every op written for this one (as Paddle's files)
        for written in w.ops[first:]:
            written["A"].append(named("struct_name", attr("0.a_str", op.struct_name)))
    for value, out in zip(op.outputs, outs):
        ids[id(value)] = out


def write_op(w, op, token, used) -> list:
    """Write registry op `op` with writer `w` (token(value): how `w` names an input value);
    returns what names its outputs. Numbers it reads are written where Paddle writes them."""
    if isinstance(op.opdef, DynamicAttrOp):
        outs = write_dynamic(w, op, token, used, EXPORTERS, ExportCall)
        if outs is None:
            raise UnsupportedExportError(
                f"(jit.save) {op.name} reads int arrays (a shape built from a dynamic dim) from "
                "the program's inputs in a form Feijiang's exporter does not write yet")
        return outs
    scale = scale_form(op)
    if scale is not None:
        ins = [None if number_of(v) is not None else token(v) for v in op.inputs]
        outs = emit_scale(ExportCall(w, op, ins, used), *scale)
    else:
        exporter = EXPORTERS.get(op.opdef.name)
        if exporter is None:
            raise UnsupportedExportError(
                f"(jit.save) the op '{op.opdef.name}' has no Paddle 3.3 equivalent in "
                "Feijiang's exporter, so this program cannot be written in Paddle's format")
        ins = [_input(w, v, token) for v in op.inputs]
        outs = exporter(ExportCall(w, op, ins, used))
    return list(outs) if isinstance(outs, (list, tuple)) else [outs]


def _input(w, value, token):
    if value is None:
        return None
    if isinstance(value, list):
        return [_input(w, v, token) for v in value]
    return emit_number(w, value) if number_of(value) is not None else token(value)
