"""Run a ForeignProgram with Feijiang's ops: each Paddle op goes through its converter.

Called on concrete tensors this executes the program eagerly; called inside a Tracer it records
an IR program made of Feijiang's registry ops (what TranslatedLayer runs). Ops whose inputs are
all load-time constants (shapes and scalars made by `full`, `full_int_array`, `shape`, …) are
evaluated on the spot, outside any tracer, so later ops can read them as Python values.
"""
from __future__ import annotations

from ..._core import state
from ..._core.tensor import Tensor
from ..._core.tracing import is_symbolic
from .foreign import ForeignProgram
from .op_map import Call, NotConstantError, UnsupportedOpError, lookup


class ProgramBuildError(RuntimeError):
    """An op of a loaded program failed while mapping it onto Feijiang's ops."""


YIELD = "cf.yield"  # ends a PIR block: its operands are the block's results


class ForeignRunner:
    """Executes `program` with the converters of `table` (PIR or legacy names)."""

    def __init__(self, program: ForeignProgram, table: dict):
        self.program = program
        self.table = table
        self.converters = [lookup(table, op.name) for op in program.ops]

    def run(self, inputs: list, parameters: dict) -> list:
        """Outputs for `inputs` (one per feed) with `parameters` ({name: Tensor})."""
        program = self.program
        if len(inputs) != len(program.feeds):
            raise ValueError(f"(TranslatedLayer) the program takes {len(program.feeds)} inputs "
                             f"({[f.name for f in program.feeds]}), but received {len(inputs)}")
        env = {feed.key: t for feed, t in zip(program.feeds, inputs)}
        for param in program.parameters:
            env[param.key] = parameters[param.name]
        self.run_ops(program.ops, env, set(), self.converters)
        return [self._fetch(env, key) for key in program.fetches]

    def run_ops(self, ops: list, env: dict, constants: set, converters=None):
        """Run `ops` in `env` (value key -> tensor, updated in place); a block that ends in
        cf.yield returns the yielded values, other blocks None."""
        for index, op in enumerate(ops):
            if op.name == YIELD:
                return [env.get(k) for k in op.inputs]
            converter = converters[index] if converters else lookup(self.table, op.name)
            self._run_op(index, op, converter, env, constants)
        return None

    def _run_op(self, index, op, converter, env, constants) -> None:
        keys = list(_keys(op.inputs))
        fold = not converter.random and not converter.control and \
            all(k is None or k in constants for k in keys)
        try:
            if converter.control:
                results = converter.fn(OpScope(self, op, env, constants))
            else:
                call = Call(op.name, _resolve(op.inputs, env), op.attrs,
                            [self.program.metas.get(k) for k in _keys(op.outputs)])
                results = _folded(converter.fn, call) if fold else converter.fn(call)
        except (UnsupportedOpError, NotConstantError):
            raise
        except Exception as exc:
            raise ProgramBuildError(f"(jit.load) op #{index} '{op.name}' of the saved program "
                                    f"failed: {type(exc).__name__}: {exc}") from exc
        _store(op.outputs, results, env)
        aliased = _alias_in_place(op, env)
        for key in [*_keys(op.outputs), *aliased]:  # a key written again may stop being constant
            if _is_constant(env.get(key)):
                constants.add(key)
            else:
                constants.discard(key)

    @staticmethod
    def _fetch(env, key):
        value = env.get(key)
        if value is None:
            raise ProgramBuildError(f"(jit.load) the program fetches value %{key}, which no op "
                                    "defines")
        return value


class OpScope:
    """What a control-flow converter sees: its op, the values around it, and a way to run the
    op's nested blocks on a copy of them (what a branch computes stays inside it unless the
    converter returns it)."""

    __slots__ = ("constants", "env", "op", "runner")

    def __init__(self, runner: ForeignRunner, op, env: dict, constants: set):
        self.runner = runner
        self.op = op
        self.env = env
        self.constants = constants

    def value(self, key):
        return self.env.get(key)

    def meta(self, key):
        return self.runner.program.metas.get(key)

    def run_block(self, region: int, bindings: dict, in_place: bool = False):
        """Run block 0 of region `region` with `bindings` ({key: tensor}) added to the values;
        returns (the values after it, what its cf.yield yields or None). `in_place` runs it on
        the surrounding values themselves (eager legacy blocks, whose writes are the point)."""
        _args, ops = self.op.regions[region][0]
        env = self.env if in_place else dict(self.env)
        constants = self.constants if in_place else set(self.constants)
        env.update(bindings)
        constants.difference_update(k for k, v in bindings.items() if not _is_constant(v))
        yielded = self.runner.run_ops(ops, env, constants)
        return env, yielded

    def block_args(self, region: int) -> list:
        return self.op.regions[region][0][0]


# In-place PIR ops whose first output is not their first input (batch norm updates its
# running statistics in place, not x).
_NOT_ALIASING_INPUT_0 = ("pd_op.batch_norm_", "pd_op.sync_batch_norm_")


def _alias_in_place(op, env) -> list:
    """An in-place PIR op (`set_value_`, `relu_`) writes its result into its first input, and
    later ops that read that input see the new data: rebind the input's key to the result.
    The converters compute out of place, so without this a program that assigns into a
    tensor (x[:, 0] = v) and then reads x would read the old values. Returns the rebound
    keys."""
    if (isinstance(op.inputs, list) and op.name.endswith("_") and op.inputs and op.outputs
            and op.inputs[0] is not None and op.name not in _NOT_ALIASING_INPUT_0):
        env[op.inputs[0]] = env[op.outputs[0]]
        return [op.inputs[0]]
    return []


def _is_constant(value) -> bool:
    """A value known while loading: a concrete tensor that is not a parameter (or a list of
    them). Shapes read from traced tensors of known size are constants too."""
    if isinstance(value, (list, tuple)):
        return all(_is_constant(v) for v in value)
    return (isinstance(value, Tensor) and not is_symbolic(value)
            and not getattr(value, "_is_parameter", False))


def _folded(fn, call):
    previous = state.tracer
    state.tracer = None
    try:
        return fn(call)
    finally:
        state.tracer = previous


def _keys(slots):
    """Every value key of an op's inputs/outputs (positional lists or legacy slot dicts)."""
    if isinstance(slots, dict):
        for names in slots.values():
            yield from names
    else:
        yield from slots


def _resolve(slots, env):
    if isinstance(slots, dict):
        return {slot: [env.get(k) for k in names] for slot, names in slots.items()}
    return [None if k is None else env[k] for k in slots]


def _store(slots, results, env) -> None:
    if isinstance(slots, dict):
        for slot, names in slots.items():
            values = results.get(slot, [])
            values = values if isinstance(values, (list, tuple)) else [values]
            for name, value in zip(names, values):
                env[name] = value
        return
    if isinstance(results, Tensor) or not isinstance(results, (list, tuple)):
        results = [results]
    for key, value in zip(slots, results):
        env[key] = value
