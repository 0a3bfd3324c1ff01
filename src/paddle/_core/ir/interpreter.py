"""Run a Program with the registry kernels.

Setup happens once per (program, outputs): every value gets a slot, every operation becomes a
step with its kernel, input slots and attribute tuple resolved, and values are freed after their
last use. A run then only moves arrays between slots and calls kernels.

Control-flow operations become steps whose nested blocks were compiled the same way: an `if`
step runs the step list of the chosen branch, a `while` step runs its body's steps until the
yielded condition is false; both then copy the yielded slots into their result slots."""
from __future__ import annotations

import numpy as np

from ..backend import xp
from ..meta import TensorMeta
from .control_flow import IF, WHILE, YIELD, predicate_value
from .core import DIALECT, Program


class ProgramError(RuntimeError):
    """A program could not be run (bad feed, unsupported operation)."""


class Interpreter:
    """Executes `program`, returning the arrays of `outputs` (Values of the program)."""

    def __init__(self, program: Program, outputs: list):
        self.program = program
        self.outputs = list(outputs)
        self._slot: dict[int, int] = {}
        self._feeds: list[tuple] = []      # (name, slot, meta)
        self._params: list[tuple] = []     # (tensor, slot)
        self._constants: list[tuple] = []  # (array, slot)
        self._steps: list[tuple] = []
        self._build()

    def _slot_of(self, value) -> int:
        key = id(value)
        if key not in self._slot:
            self._slot[key] = len(self._slot)
        return self._slot[key]

    def _build(self) -> None:
        releases = getattr(self.program, "release_after", {})
        for op in self.program.global_block().ops:
            name = op.name
            if name == f"{DIALECT}.data":
                self._feeds.append((op.attrs["name"], self._slot_of(op.outputs[0]),
                                    op.outputs[0].meta))
            elif name == "builtin.parameter":
                tensor = self.program.parameters[op.attrs["parameter_name"]]
                self._params.append((tensor, self._slot_of(op.outputs[0])))
            elif name == "builtin.constant":
                self._constants.append((op.attrs["value"], self._slot_of(op.outputs[0])))
            else:
                self._steps.append(self._step(op, releases.get(id(op), ())))
        self._out_slots = [self._slot_of(v) for v in self.outputs]
        self._n_slots = len(self._slot)

    def _step(self, op, released=()) -> tuple:
        frees = [self._slot[v] for v in released if v in self._slot]
        if op.name == IF:
            return None, self._if_step(op), None, None, None, op.name, frees, False
        if op.name == WHILE:
            return None, self._while_step(op), None, None, None, op.name, frees, False
        if op.opdef is None:
            raise ProgramError(f"Interpreter: operation {op.name} cannot be executed")
        layout = []
        for v in op.inputs:
            if isinstance(v, list):
                layout.append([self._slot_of(x) for x in v])
            else:
                layout.append(None if v is None else self._slot_of(v))
        attrs = tuple(op.attrs[a] for a in op.opdef.attrs)
        outs = [self._slot_of(o) for o in op.outputs]
        single = op.opdef.single_output
        flat = all(type(i) is int for i in layout)  # plain tensor inputs: the fast path
        # a pass may have given the op a kernel of its own (memory reuse: results in place)
        kernel = getattr(self.program, "kernel_overrides", {}).get(id(op), op.opdef.kernel)
        return kernel, layout, attrs, outs, single, op.opdef.name, frees, flat

    def _block_steps(self, block) -> tuple[list, list]:
        """The steps of a nested block and the slots its `cf.yield` names."""
        *body, last = block.ops
        if last.name != YIELD:
            raise ProgramError(f"Interpreter: a block of {block.parent_op.name} must end with "
                               f"{YIELD}, not {last.name}")
        return [self._step(op) for op in body], [self._slot_of(v) for v in last.inputs]

    def _if_step(self, op) -> _IfStep:
        true_steps, true_yields = self._block_steps(op.regions[0])
        false_steps, false_yields = self._block_steps(op.regions[1])
        return _IfStep(self._slot_of(op.inputs[0]), (false_steps, true_steps),
                       (false_yields, true_yields), [self._slot_of(o) for o in op.outputs])

    def _while_step(self, op) -> _WhileStep:
        body = op.regions[0]
        args = [self._slot_of(a) for a in body.args]
        steps, yields = self._block_steps(body)
        return _WhileStep(self._slot_of(op.inputs[0]), [self._slot_of(v) for v in op.inputs[1:]],
                          args, steps, yields, [self._slot_of(o) for o in op.outputs])

    def run(self, feeds: dict) -> list:
        arrays = []
        for name, _, meta in self._feeds:
            if name not in feeds:
                raise ProgramError(f"Interpreter: the program needs the input '{name}' (shape "
                                   f"{list(meta.shape)}, dtype {meta.dtype.name}), which was "
                                   "not fed")
            arrays.append(check_feed(name, feeds[name], meta))
        return self.run_checked(arrays)

    def run_checked(self, arrays: list) -> list:
        """Run with the inputs' arrays in program order, already known to fit the inputs (the
        caller checked them, or arrays of the same shapes and dtypes, before)."""
        slots = [None] * self._n_slots
        for (_, slot, _), array in zip(self._feeds, arrays):
            slots[slot] = array
        for tensor, slot in self._params:
            slots[slot] = tensor._data
        for array, slot in self._constants:
            slots[slot] = array
        _execute(self._steps, slots)
        return [slots[i] for i in self._out_slots]


def _execute(steps: list, slots: list) -> None:
    for kernel, layout, attrs, outs, single, op_name, frees, flat in steps:
        if kernel is None:
            layout.run(slots)
        else:
            args = [slots[i] for i in layout] if flat else [
                slots[i] if type(i) is int else (None if i is None else [slots[j] for j in i])
                for i in layout]
            try:
                result = kernel(xp, *args, *attrs)
            except Exception as exc:
                raise ProgramError(f"Interpreter: op {op_name} failed: {exc}") from exc
            if single:
                slots[outs[0]] = result if type(result) is np.ndarray else np.asarray(result)
            else:
                for slot, r in zip(outs, result):
                    slots[slot] = r if type(r) is np.ndarray else np.asarray(r)
        for slot in frees:  # last use: let NumPy reuse the memory
            slots[slot] = None


class _IfStep:
    """Runs the steps of the branch the predicate selects, then publishes its yields."""

    __slots__ = ("outs", "pred", "steps", "yields")

    def __init__(self, pred: int, steps: tuple, yields: tuple, outs: list):
        self.pred, self.steps, self.yields, self.outs = pred, steps, yields, outs

    def run(self, slots: list) -> None:
        chosen = int(predicate_value(slots[self.pred], IF))
        _execute(self.steps[chosen], slots)
        for out, source in zip(self.outs, self.yields[chosen]):
            slots[out] = slots[source]


class _WhileStep:
    """Feeds the loop values to the body's argument slots until the condition turns false."""

    __slots__ = ("args", "cond", "inits", "outs", "steps", "yields")

    def __init__(self, cond, inits, args, steps, yields, outs):
        self.cond, self.inits, self.args = cond, inits, args
        self.steps, self.yields, self.outs = steps, yields, outs

    def run(self, slots: list) -> None:
        values = [slots[i] for i in self.inits]
        keep_going = predicate_value(slots[self.cond], WHILE)
        while keep_going:
            for slot, value in zip(self.args, values):
                slots[slot] = value
            _execute(self.steps, slots)
            keep_going = predicate_value(slots[self.yields[0]], WHILE)
            values = [slots[i] for i in self.yields[1:]]
        for slot, value in zip(self.outs, values):
            slots[slot] = value


def check_feed(name: str, value, meta: TensorMeta) -> np.ndarray:
    """A fed array must match the input's declared rank, known dims and dtype."""
    array = value._data if hasattr(value, "_data") else np.asarray(value)
    if array.ndim != len(meta.shape) or any(d not in (-1, a) for d, a in zip(meta.shape,
                                                                            array.shape)):
        raise ValueError(f"The fed input '{name}' has shape {list(array.shape)}, but the "
                         f"program expects {list(meta.shape)} (-1 means any size)")
    if array.dtype != meta.dtype.np_dtype:
        if array.dtype.kind == meta.dtype.np_dtype.kind or np.can_cast(
                array.dtype, meta.dtype.np_dtype, casting="same_kind"):
            array = array.astype(meta.dtype.np_dtype)
        else:
            raise TypeError(f"The fed input '{name}' has dtype {array.dtype}, but the program "
                            f"expects {meta.dtype.name}")
    return array
