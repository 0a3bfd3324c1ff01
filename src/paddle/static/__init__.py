"""`paddle.static`: the static-graph API (programs, data, executor, gradients).

In static mode (paddle.enable_static()) paddle calls record operations into the current main
program; an Executor runs the program with feeds and returns fetched arrays."""
from __future__ import annotations

from .. import _static_mode
from .._core import state
from . import nn  # noqa: F401
from .executor import Executor, global_scope
from .input_spec import InputSpec
from .program import Program, default_main_program, default_startup_program, program_guard


def data(name, shape, dtype=None, lod_level=0):
    """Declare an input of the current program (None or -1 marks a dynamic dim)."""
    if not _static_mode.enabled or state.tracer is None:
        raise RuntimeError("paddle.static.data can only be used in static mode; call "
                           "paddle.enable_static() first")
    from .._core import dtype as _dt
    dtype = dtype or _dt.get_default_dtype()
    return state.tracer.input(list(shape), dtype, name)


def gradients(targets, inputs, target_gradients=None, no_grad_set=None):
    """Append the backward of `targets` to the program and return d(targets)/d(inputs)."""
    from ..autograd import grad
    single = not isinstance(inputs, (list, tuple))
    inputs = [inputs] if single else list(inputs)
    _require_static_shapes(default_main_program())
    bound = [_bind(t) for t in inputs]
    for t in bound:
        t.stop_gradient = False
    grads = grad(targets, bound, target_gradients, retain_graph=True, allow_unused=True,
                 no_grad_vars=no_grad_set)
    return grads


def append_backward(loss, parameter_list=None, no_grad_set=None, callbacks=None):
    """Append the backward of `loss`; returns [(parameter, gradient)] for the trainable
    parameters the loss depends on."""
    program = default_main_program()
    params = parameter_list or [p for p in program.parameters.values() if not p.stop_gradient]
    bound = [_bind(p) for p in params]
    grads = gradients(loss, bound, no_grad_set=no_grad_set)
    return [(p, g) for p, g in zip(bound, grads) if g is not None]


def _require_static_shapes(program):
    _refuse_control_flow(program)
    for op in program.all_ops():
        for v in op.outputs:
            if -1 in v.meta.shape:
                raise NotImplementedError(
                    f"paddle.static.gradients: the program has a value of dynamic shape "
                    f"{v.shape} (from {op.name}); Feijiang builds static backward programs "
                    "for fully known shapes only. Declare inputs with concrete shapes, or use "
                    "paddle.jit.to_static, which specializes on the shapes it is called with.")


def _refuse_control_flow(program):
    from .._core.ir.control_flow import IF, WHILE
    for op in program.all_ops():
        if op.name in (IF, WHILE) and any(v.meta.dtype.is_floating_point or
                                          v.meta.dtype.is_complex for v in op.outputs):
            raise NotImplementedError(
                f"paddle.static.gradients: the program has control flow ({op.name}) carrying "
                "floating-point values, and Feijiang does not build static backward programs "
                "through control flow. Use paddle.jit.to_static, whose training path "
                "differentiates through the branches and loop iterations that actually run.")


def _bind(t):
    from .._core.tracing import is_symbolic
    if is_symbolic(t):
        return t
    return state.tracer.bind(t)


def cpu_places(device_count=None):
    """A list of `device_count` CPU places (default: the CPU_NUM environment variable or 1)."""
    import os
    from .._core.place import CPUPlace
    count = int(device_count or os.environ.get("CPU_NUM", 1))
    return [CPUPlace() for _ in range(count)]


def scope_guard(scope):
    import contextlib
    return contextlib.nullcontext()


__all__ = ["Program", "program_guard", "default_main_program", "default_startup_program",
           "data", "Executor", "global_scope", "InputSpec", "gradients", "append_backward",
           "scope_guard", "cpu_places"]

# Model files in Paddle's formats (inference models and checkpoints) live in jit.serialization.
from ..jit.serialization.static_io import (
    load,
    load_inference_model,
    load_program_state,
    save,
    save_inference_model,
    set_program_state,
)

__all__ += ["load", "load_inference_model", "load_program_state", "save",
            "save_inference_model", "set_program_state"]
