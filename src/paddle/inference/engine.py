"""The executable form of a loaded inference program, for the Predictor.

A program read from Paddle's files (a ForeignProgram) is traced through the op converters into
a Feijiang IR program specialised to one input signature (shapes and dtypes), optimised by the
inference passes, planned for buffer reuse and run by the interpreter. Specialisations are cached
per signature; a clone shares parameters and the cache, and runs are thread-safe (each run has its
own value slots)."""
from __future__ import annotations

import ctypes
import functools
import sys
import threading
from dataclasses import dataclass, field

from .._core import dtype as _dt
from .._core.ir.interpreter import Interpreter
from .._core.passes.inference import LOWERING_PASSES, optimize
from .._core.passes.inference.memory import memory_optimize
from .._core.passes.memory import release_dead_values
from .._core.tracing import Tracer, is_symbolic
from ..jit.serialization.builder import ForeignRunner


@dataclass
class EngineOptions:
    ir_optim: bool = True
    passes: list = field(default_factory=list)  # Paddle pass names, in order
    deleted: tuple = ()  # names given to Config.delete_pass (they may name lowering passes)
    ir_debug: object = False  # True: print after every pass; a tuple of names: after those
    memory_optim: bool = False


# glibc's malloc options (mallopt): allocations up to this size come from the heap, and freed
# heap memory up to this size is kept for reuse rather than returned to the system
_MMAP_THRESHOLD, _TRIM_THRESHOLD = -3, -1
_KEEP_BYTES = 256 << 20


@functools.cache
def _keep_freed_memory() -> None:
    """Let a run's intermediates reuse the memory the previous run freed. By default glibc
    hands large freed blocks back to the system, and every run then pays a page fault for each
    4 KiB of every large intermediate again (a third of PP-OCR det's time); Paddle's own
    allocator keeps its pool for the same reason. Process-wide, Linux/glibc only."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(_MMAP_THRESHOLD, _KEEP_BYTES)
        libc.mallopt(_TRIM_THRESHOLD, 2 * _KEEP_BYTES)
    except (OSError, AttributeError):
        return


class Engine:
    """Runs `foreign` with `parameters` ({saved name: Tensor}) on NumPy arrays."""

    def __init__(self, foreign, table, parameters: dict, options: EngineOptions):
        _keep_freed_memory()
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
            lowering = [name for name in LOWERING_PASSES if name not in self.options.deleted]
            values = optimize(program, values, [*self.options.passes, *lowering],
                              self.options.ir_debug)
        if self.options.memory_optim:
            memory_optimize(program, values)
        release_dead_values(program, values)
        return Interpreter(program, values)
