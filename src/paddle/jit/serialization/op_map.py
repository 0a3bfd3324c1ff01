"""The mapping from Paddle's saved ops onto Feijiang: one converter per Paddle op name.

A converter receives a `Call` (the op's inputs as Feijiang tensors, its decoded attributes and
the declared output types) and returns the op's outputs, computed with Feijiang's public API or
registry ops. The same converter serves eager execution, tracing into an IR program and constant
folding, because it only calls ops. Inputs that Paddle passes as tensors but that are really
compile-time constants (shapes, axes, scalars built by `full`/`full_int_array`) are read back
with `Call.ints` / `Call.number`, which require the value to be known while loading.

Two tables exist: PIR names (`pd_op.matmul`, `builtin.combine`) for `.json` programs, and the
legacy op types (`matmul_v2`, `elementwise_add`) of `.pdmodel` ProgramDescs.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..._core.tensor import Tensor
from ..._core.tracing import is_symbolic


class UnsupportedOpError(NotImplementedError):
    """A saved program uses an op this loader does not map onto Feijiang."""


class NotConstantError(ValueError):
    """A converter needs a value at load time (a shape, an axis) that only exists at run time."""


@dataclass
class Converter:
    fn: Callable
    random: bool = False   # random ops are never folded into load-time constants
    control: bool = False  # control flow: fn receives a builder.OpScope (runs nested blocks)


PIR_OPS: dict[str, Converter] = {}
LEGACY_OPS: dict[str, Converter] = {}


def pir_op(*names: str, random: bool = False, control: bool = False):
    """Register a converter for PIR ops (`pd_op.` is implied unless a dialect is given)."""
    def register(fn):
        for name in names:
            PIR_OPS[name if "." in name else f"pd_op.{name}"] = Converter(fn, random, control)
        return fn
    return register


def legacy_op(*names: str, random: bool = False, control: bool = False):
    """Register a converter for legacy ProgramDesc op types."""
    def register(fn):
        for name in names:
            LEGACY_OPS[name] = Converter(fn, random, control)
        return fn
    return register


class Call:
    """One op application seen by its converter."""

    __slots__ = ("attrs", "ins", "name", "out_metas")

    def __init__(self, name: str, ins, attrs: dict, out_metas: list):
        self.name = name
        self.ins = ins
        self.attrs = attrs
        self.out_metas = out_metas

    def attr(self, key: str, default=None):
        return self.attrs.get(key, default)

    def ints(self, index, what: str = "") -> list:
        """Input `index` (or a literal) as a list of Python ints, known at load time."""
        return [int(v) for v in np.asarray(self.constant(index, what)).reshape(-1)]

    def int_array(self, index, what: str = ""):
        """Input `index` as Paddle's IntArray: Python ints when known at load time, else the
        program's own tensors (a 1-D tensor, or a list mixing ints and 0-d tensors), whose
        values the op reads when the program runs (a shape built from a dynamic dim)."""
        try:
            return self.ints(index, what)
        except NotConstantError:
            value = self.ins[index]
            if isinstance(value, (list, tuple)):
                return [v if is_symbolic(v) else int(np.asarray(constant_value(v, what)).reshape(-1)[0])
                        for v in value]
            return value

    def number(self, index, what: str = ""):
        """Input `index` as a Python int/float (0-d or one-element tensor)."""
        array = np.asarray(self.constant(index, what)).reshape(-1)
        if array.size != 1:
            raise NotConstantError(f"({self.name}) expected a single value for "
                                   f"{what or f'input {index}'}, got {array.size} values")
        return array[0].item()

    def int(self, index, what: str = "") -> int:
        """Input `index` as a Python int (Paddle often stores counts in float tensors)."""
        return int(self.number(index, what))

    def constant(self, index, what: str = ""):
        value = self.ins[index] if isinstance(index, int) else index
        return constant_value(value, f"({self.name}) {what or f'input {index}'}")


def constant_value(value, what: str):
    """The NumPy value of a load-time constant (a concrete tensor, a list of them, a number)."""
    if isinstance(value, (list, tuple)):
        if not value:
            return np.zeros([0], np.int64)
        return np.concatenate([np.asarray(constant_value(v, what)).reshape(-1) for v in value])
    if isinstance(value, Tensor):
        if is_symbolic(value):
            raise NotConstantError(f"{what} depends on the program's inputs; Feijiang needs it "
                                   "known when the program is loaded (call the model with "
                                   "concrete inputs rather than tracing it with dynamic shapes)")
        return value._data
    return np.asarray(value)


def find(table: dict, name: str) -> Converter | None:
    """The converter of `name`, or None; in-place variants (`relu_`) share the out-of-place
    one."""
    converter = table.get(name)
    if converter is None and name.endswith("_"):
        converter = table.get(name[:-1])
    return converter


def check_supported(ops: list, table: dict, where: str) -> None:
    """Raise one UnsupportedOpError naming every op type of `ops` (and of the blocks nested in
    their regions) that `table` cannot convert, with how often each occurs."""
    counts = Counter(op.name for op in walk(ops) if find(table, op.name) is None)
    if counts:
        listed = ", ".join(f"{name} (x{n})" for name, n in
                           sorted(counts.items(), key=lambda item: (-item[1], item[0])))
        raise UnsupportedOpError(f"(jit.load) {where} uses ops Feijiang cannot run: {listed}")


def walk(ops: list):
    """Every op of `ops`, then of their regions' blocks, depth first."""
    for op in ops:
        yield op
        for region in op.regions:
            for _args, block_ops in region:
                yield from walk(block_ops)


def lookup(table: dict, name: str) -> Converter:
    """The converter of `name` (see `find`)."""
    converter = find(table, name)
    if converter is None:
        raise UnsupportedOpError(f"(jit.load) the saved program uses the op '{name}', which "
                                 "Feijiang cannot map onto its own ops yet")
    return converter
