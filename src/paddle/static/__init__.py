"""`paddle.static`: the static-graph API (programs, data, executor, gradients).

In static mode (paddle.enable_static()) paddle calls record operations into the current main
program; an Executor runs the program with feeds and returns fetched arrays.

Training: `optimizer.minimize(loss)` appends the backward and one update op per parameter that
runs the eager optimizer's own update (static/minimize.py). Gradient rules need concrete shapes,
so when the program has dynamic dims (static.data([None, 784])) the backward is recorded as one
`builtin.backward` op and the Executor rebuilds the program with the real gradient ops once per
combination of feed shapes it meets (static/specialize.py).

Evaluation: `main.clone(for_test=True)` (static/test_clone.py). Scopes: parameters live in
their Tensors, which the default global scope shows; a `Scope()` of one's own gets its own
values when a program runs in it (static/scope.py). Checkpoints: `save`/`load` write and read
parameters and optimizer state (static/checkpoint.py)."""
from __future__ import annotations

from .. import _static_mode
from .._core import state
from ..framework.creation import create_parameter
from . import nn  # noqa: F401
from .backward import append_backward, gradients
from .executor import Executor
from .input_spec import InputSpec
from .print_op import Print
from .program import Program, default_main_program, default_startup_program, program_guard
from .scope import Scope, global_scope, scope_guard


def data(name, shape, dtype=None, lod_level=0):
    """Declare an input of the current program (None or -1 marks a dynamic dim)."""
    if not _static_mode.enabled or state.tracer is None:
        raise RuntimeError("paddle.static.data can only be used in static mode; call "
                           "paddle.enable_static() first")
    from .._core import dtype as _dt
    dtype = dtype or _dt.get_default_dtype()
    return state.tracer.input(list(shape), dtype, name)


def cpu_places(device_count=None):
    """A list of `device_count` CPU places (default: the CPU_NUM environment variable or 1)."""
    import os
    from .._core.place import CPUPlace
    count = int(device_count or os.environ.get("CPU_NUM", 1))
    return [CPUPlace() for _ in range(count)]


__all__ = ["Program", "program_guard", "default_main_program", "default_startup_program",
           "data", "Executor", "global_scope", "InputSpec", "gradients", "append_backward",
           "scope_guard", "Scope", "Print", "cpu_places", "create_parameter"]

# Model files in Paddle's formats (inference models and checkpoints) live in jit.serialization,
# imported on first use: the formats' op tables cost more than the rest of paddle.static.
from .._lazy_exports import lazy_exports

_SERIALIZATION = "..jit.serialization.static_io"
_FORMAT_NAMES = ["load", "load_inference_model", "load_program_state", "save",
                 "save_inference_model", "set_program_state"]
__getattr__, __dir__ = lazy_exports(__name__, globals(),
                                    {"amp": ".amp",
                                     **{name: f"{_SERIALIZATION}:{name}" for name in _FORMAT_NAMES}})
__all__.extend(_FORMAT_NAMES)
