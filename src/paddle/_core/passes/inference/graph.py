"""What the inference passes share: who reads each value of the global block, which values are
compile-time constants, and in-place rewrites that keep those answers true.

A fusion rewrites the *last* op of a matched chain into the fused op (so its result Value, and
every reader of it, stay as they are) and removes the ops before it. Removed ops leave the
block when the pass commits."""
from __future__ import annotations

import numpy as np

from ... import dtype as _dt
from ...backend import xp
from ...ir.core import DIALECT, Operation
from ...meta import TensorMeta
from ...ops import REGISTRY

# Ops that only re-view a constant (the converters put a reshape between a bias and its add).
_VIEW_OPS = frozenset(f"{DIALECT}.{name}" for name in ("reshape", "squeeze", "unsqueeze",
                                                       "flatten", "cast"))


class Graph:
    """The global block of `program`, with `outputs` (the fetched values, never fused away)."""

    def __init__(self, program, outputs: list):
        self.program = program
        self.block = program.global_block()
        self.outputs = outputs
        self._readers: dict[int, list] = {}
        self._removed: set[int] = set()
        self._changed = False  # whether any op was added, removed or rewired
        for op in self.block.ops:
            self._count_reads(op, +1)

    def _count_reads(self, op, sign: int) -> None:
        for v in op.outer_operands():
            readers = self._readers.setdefault(id(v), [])
            if sign > 0:
                readers.append(op)
            else:
                readers.remove(op)

    def ops(self, *names: str) -> list:
        """The live ops named `names` (with the dialect prefix), in program order."""
        return [op for op in self.block.ops if op.name in names and id(op) not in self._removed]

    def readers(self, value) -> list:
        return self._readers.get(id(value), [])

    def sole_reader(self, value):
        """The one op reading `value` once, when nothing else (a fetch included) needs it."""
        readers = self.readers(value)
        if len(readers) != 1 or any(v is value for v in self.outputs):
            return None
        return readers[0]

    def producer(self, value, names):
        """The op defining `value` when it is one of `names` in this block, else None."""
        op = value.op
        if op is None or op.block is not self.block or op.name not in names:
            return None
        return op

    def constant(self, value):
        """The array a value always holds (a parameter, a constant, or a reshape/cast of
        one), else None."""
        if value is None or value.op is None:
            return None
        op = value.op
        if op.name == "builtin.constant":
            return np.asarray(op.attrs["value"])
        if op.name == "builtin.parameter":
            return self.program.parameters[op.attrs["parameter_name"]]._data
        if op.name in _VIEW_OPS and op.opdef is not None:
            source = self.constant(op.inputs[0])
            if source is not None:
                attrs = [op.attrs[a] for a in op.opdef.attrs]
                return np.asarray(op.opdef.kernel(xp, source, *attrs))
        return None

    def new_constant(self, array: np.ndarray, before) -> object:
        """A constant op holding `array`, placed before the op `before`; its Value."""
        meta = TensorMeta(tuple(array.shape), _dt.from_numpy_dtype(array.dtype))
        op = Operation("builtin.constant", [], {"value": array}, [meta])
        self._changed = True
        op.block = self.block
        self.block.ops.insert(self.block.ops.index(before), op)
        return op.outputs[0]

    def rewrite(self, op, name: str, inputs: list, attrs: dict) -> None:
        """Turn `op` into the registry op `name` reading `inputs` (its first result stays,
        the others go: the matchers check nothing reads them)."""
        self._count_reads(op, -1)
        self._changed = True
        opdef = REGISTRY[name]
        op.name = f"{DIALECT}.{name}"
        op.opdef = opdef
        op.inputs = list(inputs)
        op.attrs = {a: attrs[a] for a in opdef.attrs}
        op.outputs = op.outputs[:1]
        self._count_reads(op, +1)

    def set_input(self, op, index: int, value) -> None:
        self._changed = True
        self._count_reads(op, -1)
        op.inputs[index] = value
        self._count_reads(op, +1)

    def replace_uses(self, old, new) -> None:
        """Every read of `old` (and a fetch of it) reads `new` instead."""
        self._changed = True
        for reader in list(self.readers(old)):
            self._count_reads(reader, -1)
            reader.rename_operands({id(old): new})
            self._count_reads(reader, +1)
        self.outputs[:] = [new if v is old else v for v in self.outputs]

    def remove(self, op) -> None:
        self._changed = True
        self._count_reads(op, -1)
        self._removed.add(id(op))

    def commit(self) -> None:
        """Drop the removed ops; the program's `rewired` tells optimize() whether this pass
        may have left dead values behind (False: nothing was added, removed or rewired)."""
        self.block.ops[:] = [op for op in self.block.ops if id(op) not in self._removed]
        for op in self.block.ops:
            op.block = self.block
        self.program.rewired = self._changed


def only_first_result_read(graph: Graph, op) -> bool:
    """Whether nothing reads op's results past the first (batch_norm's statistics, dropout's
    mask)."""
    return all(not graph.readers(v) and not any(v is o for o in graph.outputs)
               for v in op.outputs[1:])
