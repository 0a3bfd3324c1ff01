"""The executable form of a loaded inference program, for the Predictor.

A program read from Paddle's files (a ForeignProgram) is traced through the op converters into
a Feijiang IR program specialised to one input signature (shapes and dtypes), optimised by the
inference passes, planned for buffer reuse and run by the interpreter. Specialisations are cached
per signature; a clone shares parameters and the cache, and runs are thread-safe (each run has its
own value slots)."""
from __future__ import annotations

import threading
from dataclasses import dataclass, field

from .._core import dtype as _dt
from .._core.ir.interpreter import Interpreter
from .._core.passes.inference import optimize
from .._core.passes.memory import release_dead_values
from .._core.tracing import Tracer, is_symbolic
from ..jit.serialization.builder import ForeignRunner


@dataclass
class EngineOptions:
    ir_optim: bool = True
    passes: list = field(default_factory=list)  # Paddle pass names, in order
    ir_debug: bool = False
    memory_optim: bool = False


class Engine:
    """Runs `foreign` with `parameters` ({saved name: Tensor}) on NumPy arrays."""

    def __init__(self, foreign, table, parameters: dict, options: EngineOptions):
        self.foreign = foreign
        self.parameters = parameters
        self.options = options
        self._runner = ForeignRunner(foreign, table)
        self._compiled: dict = {}
        self._lock = threading.Lock()

    def clone(self) -> Engine:
        twin = Engine.__new__(Engine)
        twin.__dict__.update(self.__dict__)
        return twin

    def run(self, arrays: list) -> list:
        """The output arrays for input arrays in feed order (shapes already checked)."""
        key = tuple((a.shape, a.dtype.str) for a in arrays)
        compiled = self._compiled.get(key)
        if compiled is None:
            with self._lock:
                compiled = self._compiled.get(key) or self._compile(arrays)
                self._compiled[key] = compiled
        return compiled.run_checked(arrays)

    def _compile(self, arrays: list) -> Interpreter:
        tracer = Tracer()
        with tracer:
            inputs = [tracer.input(list(a.shape), _dt.from_numpy_dtype(a.dtype), feed.name)
                      for feed, a in zip(self.foreign.feeds, arrays)]
            outputs = self._runner.run(inputs, self.parameters)
            outputs = [o if is_symbolic(o) else tracer.bind(o) for o in outputs]
        program = tracer.program
        values = [o._data.value for o in outputs]
        if self.options.ir_optim:
            values = optimize(program, values, self.options.passes, self.options.ir_debug)
        release_dead_values(program, values)
        return Interpreter(program, values)
