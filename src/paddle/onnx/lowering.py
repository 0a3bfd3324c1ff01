"""Lower a Feijiang IR program (the registry ops to_static records) to an ONNX graph.

Each registry op family has its lowering rules in an `ops_*.py` module beside this one, as the
jit.save exporter keeps one exporter per family (jit/serialization/export_*.py): a rule reads
a `Lowering` (the op, its ONNX inputs, its attributes) and adds ONNX nodes. Before any rule
runs, the ops whose inputs are all known (parameters, constants, ops of them: a causal mask, a
reshaped weight) are folded: their registry kernel runs on NumPy and the result becomes an
initializer, written only where a node reads it. A program with ops no rule knows is refused
up front, naming every such op.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import numpy as np

from .._core.ir.core import DIALECT
from .._core.ir.dynamic_attrs import DynamicAttrOp, Slot
from .graph import OnnxGraph, tensor_type

RULES: dict[str, Callable] = {}
SOURCES = ("builtin.parameter", "builtin.constant", f"{DIALECT}.data")


class UnsupportedOnnxOpError(NotImplementedError):
    """The program uses ops (or op forms) that have no ONNX lowering."""


def lowers(*names: str):
    """Register a lowering rule for registry ops `names`."""
    def register(fn):
        for name in names:
            RULES[name] = fn
        return fn
    return register


def op_name(op) -> str:
    """The registry name of `op` (the inner op of one with run-time int arrays)."""
    opdef = op.opdef
    return opdef.inner.name if isinstance(opdef, DynamicAttrOp) else opdef.name


class Lowering:
    """One registry op being lowered: what its rule reads and how it writes nodes."""

    __slots__ = ("attrs", "env", "g", "op")

    def __init__(self, g: OnnxGraph, op, env: dict):
        self.g = g
        self.op = op
        self.env = env
        self.attrs = _attributes(op, env)

    @property
    def opset(self) -> int:
        return self.g.opset

    @property
    def out_metas(self) -> list:
        return [o.meta for o in self.op.outputs]

    def meta(self, index: int):
        return self.op.inputs[index].meta

    def np_dtype(self, index: int):
        return self.meta(index).dtype.np_dtype

    def has(self, index: int) -> bool:
        return index < len(self.op.inputs) and self.op.inputs[index] is not None

    def const(self, index: int):
        """Input `index` as an ndarray when known at export time, else None."""
        value = self.env.get(id(self.op.inputs[index]))
        return value if isinstance(value, np.ndarray) else None

    def name(self, index: int) -> str:
        """The ONNX value name of input `index` (a known value becomes an initializer)."""
        return materialize(self.g, self.env, self.op.inputs[index])

    def names(self, index: int) -> list:
        """The ONNX names of tensor-list input `index`."""
        return [materialize(self.g, self.env, v) for v in self.op.inputs[index]]

    def node(self, op_type: str, inputs: list, outputs: int = 1, **attrs):
        return self.g.node(op_type, inputs, outputs, **attrs)

    def fail(self, why: str):
        raise UnsupportedOnnxOpError(f"(paddle.onnx.export) {op_name(self.op)}: {why}")

    def int_array(self, key: str):
        """Attribute `key` as a list of ints, or, when it holds entries known only at run
        time (a shape built from a dynamic dim), as the name of a 1-D int64 ONNX tensor."""
        value = self.attrs[key]
        if isinstance(value, Slot):
            return self._slot_ints(value)
        if isinstance(value, int):
            value = [value]
        if not any(isinstance(v, Slot) for v in value):
            return [int(v) for v in value]
        parts = [self._slot_ints(v) if isinstance(v, Slot) else self.g.ints([v])
                 for v in value]
        return self.node("Concat", parts, axis=0)

    def _slot_ints(self, slot: Slot) -> str:
        extra = self.op.inputs[self.op.opdef.n_inputs + slot.index]
        as_int64 = self.node("Cast", [materialize(self.g, self.env, extra)],
                             to=tensor_type(np.int64))
        return self.node("Reshape", [as_int64, self.g.ints([-1])])


def _attributes(op, env) -> dict:
    """The op's attributes by registry name; for an op with run-time int arrays, the
    template with every entry whose tensor is known at export time filled in."""
    opdef = op.opdef
    if not isinstance(opdef, DynamicAttrOp):
        return op.attrs
    extras = op.inputs[opdef.n_inputs:]

    def known(slot):
        array = env.get(id(extras[slot.index]))
        if not isinstance(array, np.ndarray):
            return slot
        flat = [int(v) for v in array.reshape(-1)]
        return flat if slot.whole else flat[0]

    filled = [_fill(a, known) for a in opdef.template]
    return dict(zip(opdef.inner.attrs, filled))


def _fill(value, read):
    if isinstance(value, Slot):
        return read(value)
    if isinstance(value, (list, tuple)):
        return type(value)(_fill(v, read) for v in value)
    return value


def materialize(g: OnnxGraph, env: dict, value) -> str:
    """The ONNX name of `value`; a value known at export time is written as an initializer
    the first time a node reads it."""
    held = env.get(id(value))
    if held is None:
        raise UnsupportedOnnxOpError(f"(paddle.onnx.export) the value {value} (output "
                                     f"{value.index} of {value.op.name}) has no ONNX form")
    if isinstance(held, np.ndarray):
        hint = value.op.attrs.get("parameter_name", "const") if value.op is not None else "c"
        return g.constant(held, hint)
    return held


def live_ops(program, outputs) -> list:
    """The ops `outputs` depend on, in program order."""
    wanted = {id(v) for v in outputs}
    live = []
    for op in reversed(program.global_block().ops):
        if any(id(o) in wanted for o in op.outputs):
            live.append(op)
            wanted.update(id(v) for v in op.outer_operands())
    return live[::-1]


def lower(g: OnnxGraph, program, inputs: list, outputs: list, output_names: list) -> None:
    """Write `outputs` (Values of `program`) computed from the data `inputs` into `g`."""
    ops = live_ops(program, outputs)
    env: dict = {}
    for op in ops:
        if op.name == "builtin.parameter":
            env[id(op.outputs[0])] = np.asarray(
                program.parameters[op.attrs["parameter_name"]]._data)
        elif op.name == "builtin.constant":
            env[id(op.outputs[0])] = np.asarray(op.attrs["value"])
    _check_rules(ops, env)
    for value in inputs:
        name = value.op.attrs["name"]
        dims = [f"{name}_dim{i}" if d < 0 else d for i, d in enumerate(value.meta.shape)]
        g.add_input(name, value.meta.dtype.np_dtype, dims)
        env[id(value)] = name
    for op in ops:
        if op.name not in SOURCES:
            _lower_op(g, op, env)
    for value, name in zip(outputs, output_names):
        dims = [d if d >= 0 else None for d in value.meta.shape]
        g.add_output(materialize(g, env, value), name, value.meta.dtype.np_dtype, dims)


def _foldable(op, known) -> bool:
    if op.regions or ("random" in op.opdef.tags and not op.attrs.get("is_test")):
        return False
    return all(v is None or known(v) for v in op.operands())


def _check_rules(ops, env) -> None:
    """Refuse the program, naming every op without a rule (and how often it occurs), unless
    folding makes it a constant."""
    known = set(env)
    missing: Counter = Counter()
    for op in ops:
        if op.name in SOURCES:
            continue
        if op.opdef is None:
            missing[op.name] += 1
        elif _foldable(op, lambda v: id(v) in known):
            known.update(id(o) for o in op.outputs)
        elif op_name(op) not in RULES:
            missing[op_name(op)] += 1
    if missing:
        listed = ", ".join(f"{name} (x{n})" for name, n in sorted(missing.items()))
        raise UnsupportedOnnxOpError(f"(paddle.onnx.export) the program uses ops that have no "
                                     f"ONNX lowering yet: {listed}")


def _lower_op(g: OnnxGraph, op, env: dict) -> None:
    if _foldable(op, lambda v: isinstance(env.get(id(v)), np.ndarray)):
        results = _fold(op, env)
    else:
        results = RULES[op_name(op)](Lowering(g, op, env))
    if not isinstance(results, (list, tuple)):
        results = [results]
    for value, result in zip(op.outputs, results):
        if result is not None:
            env[id(value)] = result


def _fold(op, env) -> list:
    """Run the op's kernel on its known inputs."""
    def array(v):
        if v is None:
            return None
        return [env[id(x)] for x in v] if isinstance(v, list) else env[id(v)]

    args = [array(v) for v in op.inputs]
    attrs = [op.attrs[a] for a in op.opdef.attrs]
    result = op.opdef.kernel(np, *args, *attrs)
    results = [result] if op.opdef.single_output else list(result)
    return [np.asarray(r).astype(o.meta.dtype.np_dtype, copy=False)
            for r, o in zip(results, op.outputs)]
