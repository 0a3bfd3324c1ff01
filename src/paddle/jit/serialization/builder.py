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
        constants: set = set()
        for index, (op, converter) in enumerate(zip(program.ops, self.converters)):
            self._run_op(index, op, converter, env, constants)
        return [self._fetch(env, key) for key in program.fetches]

    def _run_op(self, index, op, converter, env, constants) -> None:
        keys = list(_keys(op.inputs))
        args = _resolve(op.inputs, env)
        fold = not converter.random and all(k is None or k in constants for k in keys)
        call = Call(op.name, args, op.attrs, [self.program.metas.get(k) for k in _keys(op.outputs)])
        try:
            results = _folded(converter.fn, call) if fold else converter.fn(call)
        except (UnsupportedOpError, NotConstantError):
            raise
        except Exception as exc:
            raise ProgramBuildError(f"(jit.load) op #{index} '{op.name}' of the saved program "
                                    f"failed: {type(exc).__name__}: {exc}") from exc
        _store(op.outputs, results, env)
        _alias_in_place(op, env)
        constants.update(k for k in _keys(op.outputs) if _is_constant(env.get(k)))

    @staticmethod
    def _fetch(env, key):
        value = env.get(key)
        if value is None:
            raise ProgramBuildError(f"(jit.load) the program fetches value %{key}, which no op "
                                    "defines")
        return value


# In-place PIR ops whose first output is not their first input (batch norm updates its
# running statistics in place, not x).
_NOT_ALIASING_INPUT_0 = ("pd_op.batch_norm_", "pd_op.sync_batch_norm_")


def _alias_in_place(op, env) -> None:
    """An in-place PIR op (`set_value_`, `relu_`) writes its result into its first input, and
    later ops that read that input see the new data: rebind the input's key to the result.
    The converters compute out of place, so without this a program that assigns into a
    tensor (x[:, 0] = v) and then reads x would read the old values."""
    if (isinstance(op.inputs, list) and op.name.endswith("_") and op.inputs and op.outputs
            and op.inputs[0] is not None and op.name not in _NOT_ALIASING_INPUT_0):
        env[op.inputs[0]] = env[op.outputs[0]]


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
