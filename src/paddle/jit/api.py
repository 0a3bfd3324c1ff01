"""paddle.jit.to_static: run Python functions and Layers as IR programs.

Conversion first rewrites the function's source so that Python control flow on tensors becomes
program control flow (`pd_op.if` / `pd_op.while`, see paddle.jit.dy2static), then traces the
rewritten function once per input signature (shapes, dtypes, training mode and the non-tensor
arguments) with dispatch in recording mode, giving a Program whose ops come from the same
registry as eager execution. Calls then run the program: with the interpreter when no gradient
is needed, or op by op through dispatch when one is (so backward uses the registry's gradient
rules, exactly as eager, through the branches and iterations that ran).

What the rewrite cannot express (listed in paddle.jit.dy2static) and still depends on a tensor's
value makes the function fall back to eager execution with a warning; with full_graph=True it
raises instead.
"""
from __future__ import annotations

import functools
import inspect
import warnings

from .. import _static_mode
from .._core import state
from .._core.ir.control_flow import ControlFlowScopeError
from .._core.ir.interpreter import Interpreter
from .._core.ir.replay import Replayer
from .._core.tensor import Tensor
from .._core.tracing import Tracer, is_symbolic
from ..static.input_spec import InputSpec
from ..static.nn._structure import UndefinedVar, UnsupportedControlFlow
from .dy2static import Unconvertible, convert_function, ignore_modules, transformed_source

_TO_STATIC_ENABLED = True


def enable_to_static(enable_to_static_bool: bool) -> None:
    """Globally switch to_static conversion on or off (off runs functions eagerly)."""
    global _TO_STATIC_ENABLED
    _TO_STATIC_ENABLED = bool(enable_to_static_bool)


class ConcreteProgram:
    """One converted program: the IR, its inputs and outputs, and the parameters it reads."""

    def __init__(self, program, input_names, output_values, output_tree, function):
        self.main_program = program
        self.input_names = input_names
        self.output_values = output_values
        self.output_tree = output_tree
        self.function = function
        self._interpreter = None

    @property
    def parameters(self) -> list:
        return list(self.main_program.parameters.values())

    @property
    def inputs(self) -> list:
        return [op.outputs[0] for op in self.main_program.data_ops()]

    @property
    def outputs(self) -> list:
        return self.output_values

    def infer(self, tensors: list):
        """Run the interpreter on `tensors` (in input order) whose shapes and dtypes an earlier
        call with the same signature already checked."""
        if self._interpreter is None:
            self._interpreter = Interpreter(self.main_program, self.output_values)
        results = self._interpreter.run_checked([t._data for t in tensors])
        if self.output_tree == _SINGLE:
            return _wrap(results[0])
        return _unflatten(self.output_tree, iter([_wrap(r) for r in results]))

    def run(self, feeds: dict, needs_grad: bool):
        if needs_grad:
            results = Replayer(self.main_program, self.output_values).run(feeds)
        else:
            if self._interpreter is None:
                self._interpreter = Interpreter(self.main_program, self.output_values)
            from .._core.tensor import wrap
            results = [wrap(r) for r in self._interpreter.run(feeds)]
        return _unflatten(self.output_tree, iter(results))


_SINGLE = ("T",)  # the output tree of a function returning one tensor
_TENSOR_TYPES = (Tensor,)


def _wrap(array):
    from .._core.tensor import wrap
    return wrap(array)


def _capture_failed(exc: Exception) -> bool:
    """Whether a tracing error means the code needs tensor values the program cannot give."""
    if isinstance(exc, (UnsupportedControlFlow, ControlFlowScopeError)):
        return True
    return isinstance(exc, (RuntimeError, TypeError, ValueError)) and "no value" in str(exc)


def _amp_key():
    """The auto_cast in force (its level, dtype and lists): a program traced under it records
    its casts, so another auto_cast (or none) needs its own program."""
    return getattr(state.amp, "key", None)


class StaticFunction:
    """A function (or Layer.forward) converted by to_static."""

    def __init__(self, function, input_spec=None, layer=None, full_graph=False):
        self._function = function
        self._input_spec = list(input_spec) if input_spec is not None else None
        self._layer = layer
        self._full_graph = full_graph
        self._cache: dict = {}
        self._seen: dict = {}  # _positional_key -> ConcreteProgram, for the inference fast path
        self._spec_programs: dict = {}  # layer mode -> ConcreteProgram for the input_spec
        self._last = None
        self._eager_only = False
        functools.update_wrapper(self, function)

    def __get__(self, instance, owner):
        if instance is None:
            return self
        bound = instance.__dict__.get(f"_static_{self._function.__name__}")
        if bound is None:
            bound = StaticFunction(self._function, self._input_spec, instance, self._full_graph)
            instance.__dict__[f"_static_{self._function.__name__}"] = bound
        return bound

    @property
    def dygraph_function(self):
        return self._function

    @property
    def code(self) -> str:
        """The converted source (the original source when it cannot be converted)."""
        try:
            return transformed_source(self._function)
        except Unconvertible:
            return inspect.getsource(self._function)

    def _call_eager(self, args, kwargs):
        return self._call_with(self._function, args, kwargs)

    def _call_with(self, function, args, kwargs):
        if self._layer is not None:
            return function(self._layer, *args, **kwargs)
        return function(*args, **kwargs)

    def _converted(self):
        """The function to trace and, when it is the original, why it could not be converted."""
        try:
            return convert_function(self._function), None
        except Unconvertible as exc:
            if self._full_graph:
                raise RuntimeError(f"to_static(full_graph=True) could not convert "
                                   f"{self._function.__qualname__}: {exc}") from None
            return self._function, str(exc)

    def __call__(self, *args, **kwargs):
        if not state.grad_enabled and not kwargs and state.tracer is None:
            # inference with positional tensors seen before: straight to the interpreter
            concrete = self._seen.get(self._positional_key(args))
            if concrete is not None and _TO_STATIC_ENABLED and not self._eager_only:
                self._last = concrete
                return concrete.infer(args)
        if not _TO_STATIC_ENABLED or self._eager_only:
            return self._call_eager(args, kwargs)
        if _static_mode.enabled or state.tracer is not None:  # inside a program being built
            return self._call_with(self._converted()[0], args, kwargs)
        self._check_specs(args)
        key = self._signature(args, kwargs)
        concrete = self._cache.get(key)
        if concrete is None:
            concrete = self._convert(args, kwargs, specs=None)
            if concrete is None:
                return self._call_eager(args, kwargs)
            self._cache[key] = concrete
        self._last = concrete
        if not kwargs and all(type(a) in _TENSOR_TYPES for a in args):
            self._seen[self._positional_key(args)] = concrete
        tensors = _flatten_tensors(args, kwargs)
        feeds = {name: t for name, t in zip(concrete.input_names, tensors)}
        needs_grad = state.grad_enabled and (
            any(not p.stop_gradient for p in concrete.parameters)
            or any(not t.stop_gradient for t in tensors))
        return concrete.run(feeds, needs_grad)

    def _positional_key(self, args):
        """Shapes, dtypes and stop_gradient flags of plain tensor arguments, plus the layer's
        mode (None when an argument is anything else)."""
        try:
            key = tuple((type(a), a._data.shape, a._data.dtype, a.stop_gradient) for a in args)
        except AttributeError:
            return None
        return key, self._layer.training if self._layer is not None else None, _amp_key()

    def _signature(self, args, kwargs):
        training = self._layer.training if self._layer is not None else None
        return (_describe(args), _describe(kwargs), training, _amp_key())

    def _check_specs(self, args):
        if self._input_spec is None:
            return
        tensors = [a for a in args if isinstance(a, Tensor)]
        for i, (spec, t) in enumerate(zip(self._input_spec, tensors)):
            if isinstance(spec, InputSpec) and not spec.matches(t.shape, t.dtype):
                raise ValueError(
                    f"to_static: argument {i} ('{spec.name or f'input_{i}'}') has shape "
                    f"{list(t.shape)} and dtype {t.dtype.name}, which does not match its "
                    f"InputSpec(shape={list(spec.shape)}, dtype={spec.dtype.name})")

    def _convert(self, args, kwargs, specs):
        tracer = Tracer()
        counter = iter(range(1 << 30))
        names = []

        def to_symbolic(t, spec=None):
            index = next(counter)
            name = (spec.name if spec is not None and spec.name else None) or f"_jst.{index}.x"
            names.append(name)
            shape = spec.shape if spec is not None else t.shape
            dtype = spec.dtype if spec is not None else t.dtype
            return tracer.input(list(shape), dtype, name, t.stop_gradient if t is not None
                                else True)

        spec_iter = iter(specs or self._input_spec or [])
        sym_args = _map_tensors(args, lambda t: to_symbolic(t, _next_spec(spec_iter)))
        sym_kwargs = _map_tensors(kwargs, lambda t: to_symbolic(t, None))
        function, unconverted = self._converted()
        try:
            with tracer:
                if self._layer is not None:
                    # as Paddle: the layer's parameters enter the program first, in definition
                    # order (each before the last, so the program lists them newest first),
                    # then its buffers, read at every run like the parameters
                    for param in self._layer.parameters():
                        tracer.bind(param)
                    for buffer in self._layer.buffers():
                        tracer.bind(buffer, as_state=True)
                outputs = self._call_with(function, sym_args, sym_kwargs)
            values, tree = _flatten_outputs(outputs)
        except (RuntimeError, TypeError, ValueError) as exc:
            if not _capture_failed(exc):
                raise
            self._give_up(exc, unconverted)
            return None
        return ConcreteProgram(tracer.program, names, values, tree, self._function)

    def _give_up(self, exc: Exception, unconverted: str | None):
        """The program cannot express the function: raise (full_graph) or run it eagerly."""
        why = f"Python control flow depends on a tensor value ({exc})"
        if unconverted:
            why += f"; its source could not be converted: {unconverted}"
        if self._full_graph:
            raise RuntimeError(f"to_static(full_graph=True) could not convert "
                               f"{self._function.__qualname__}: {why}") from exc
        warnings.warn(f"to_static: {self._function.__qualname__} cannot run as a program, so it "
                      f"runs in dynamic mode instead: {why}", stacklevel=4)
        self._eager_only = True

    @property
    def concrete_program(self) -> ConcreteProgram:
        """The program for the input_spec (traced once per layer mode, as Paddle caches it),
        else the one of the last call."""
        if self._input_spec is not None:
            mode = self._layer.training if self._layer is not None else None
            concrete = self._spec_programs.get(mode)
            if concrete is None:
                specs = [s if isinstance(s, InputSpec) else InputSpec.from_tensor(s)
                         for s in self._input_spec]
                dummies = [_spec_placeholder(s) for s in specs]
                concrete = self._convert(dummies, {}, specs)
                if concrete is not None:
                    self._spec_programs[mode] = concrete
            return concrete
        if self._last is None:
            raise RuntimeError("concrete_program is available after the first call, or when "
                               "to_static was given an input_spec")
        return self._last

    def get_concrete_program(self, *args, **kwargs):
        concrete = self._convert(args, kwargs, None)
        return concrete, concrete.main_program

    def rollback(self):
        """Restore the original function (or the layer's original forward)."""
        if self._layer is not None:
            self._layer.__dict__.pop("forward", None)
            return getattr(self._layer, "forward")
        return self._function


def _next_spec(spec_iter):
    try:
        return next(spec_iter)
    except StopIteration:
        return None


def _spec_placeholder(spec: InputSpec):
    import numpy as np

    from .._core.tensor import wrap
    shape = [1 if d == -1 else d for d in spec.shape]
    t = wrap(np.zeros(shape, spec.dtype.np_dtype))
    t.stop_gradient = spec.stop_gradient
    return t


def _describe(value):
    if isinstance(value, Tensor):
        return ("T", tuple(value.shape), value.dtype.name, value.stop_gradient)
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(_describe(v) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple((k, _describe(v)) for k, v in sorted(value.items())))
    try:
        hash(value)
        return ("V", value)
    except TypeError:
        return ("id", id(value))


def _map_tensors(value, fn):
    if isinstance(value, Tensor):
        return fn(value)
    if isinstance(value, (list, tuple)):
        return type(value)(_map_tensors(v, fn) for v in value)
    if isinstance(value, dict):
        return {k: _map_tensors(v, fn) for k, v in value.items()}
    return value


def _flatten_tensors(args, kwargs) -> list:
    out = []
    _map_tensors((args, kwargs), lambda t: out.append(t) or t)
    return out


def _flatten_outputs(outputs):
    values = []

    def visit(v):
        if isinstance(v, Tensor) and is_symbolic(v):
            value = v._data.value
            home = value.defining_block()
            if home is not None and home.parent is not None:
                raise ControlFlowScopeError(
                    "the function returns a value computed inside a branch or loop body (kept "
                    "in a container the control flow did not carry)")
            values.append(value)
            return ("T",)
        if isinstance(v, UndefinedVar):
            v._unusable()
        if isinstance(v, (list, tuple)):
            return (type(v), [visit(x) for x in v])
        if isinstance(v, dict):
            return (dict, {k: visit(x) for k, x in v.items()})
        return ("C", v)
    return values, visit(outputs)


def _unflatten(tree, results):
    kind = tree[0]
    if kind == "T":
        return next(results)
    if kind == "C":
        return tree[1]
    if kind is dict:
        return {k: _unflatten(t, results) for k, t in tree[1].items()}
    return kind(_unflatten(t, results) for t in tree[1])


def to_static(function=None, input_spec=None, build_strategy=None, backend=None, *,
              full_graph=False, **kwargs):
    """Convert a function or Layer to run as a static program (decorator or call).

    Example:
        >>> import paddle
        >>> @paddle.jit.to_static
        ... def f(x):
        ...     return paddle.tanh(x) * 2
        >>> f(paddle.ones([2])).shape
        paddle.Size([2])
    """
    def convert(target):
        from ..nn.layer.layers import Layer
        if isinstance(target, Layer):
            forward = type(target).forward
            if isinstance(forward, StaticFunction):
                forward = forward.dygraph_function
            static = StaticFunction(forward, input_spec, target, full_graph)
            target.__dict__["forward"] = static
            return target
        if isinstance(target, StaticFunction):
            return target
        return StaticFunction(target, input_spec, None, full_graph)

    if function is None:
        return convert
    return convert(function)


def not_to_static(func=None):
    """Mark a function to always run eagerly inside converted code."""
    if func is None:
        return not_to_static
    func._not_to_static = True
    return func


def ignore_module(modules):
    """Never convert the functions of `modules` (a list of modules) inside to_static code;
    paddle itself, NumPy, the standard library and installed packages are never converted.

    Example:
        >>> import math
        >>> import paddle
        >>> paddle.jit.ignore_module([math])
    """
    ignore_modules(list(modules))


def set_code_level(level=100, also_to_stdout=False):
    """Log (and with also_to_stdout=True print) the converted source of each function that
    to_static converts from now on; a negative level turns this off.

    Example:
        >>> import paddle
        >>> paddle.jit.set_code_level(100)
        >>> paddle.jit.set_code_level(-1)
    """
    from .dy2static.function import code_level
    code_level["level"] = int(level)
    code_level["also_to_stdout"] = bool(also_to_stdout)


def set_verbosity(level=0, also_to_stdout=False):
    """Set how much to_static logs about its conversions (0 = nothing); messages go to the
    `paddle.jit.dy2static` logger, and to stdout with also_to_stdout=True.

    Example:
        >>> import paddle
        >>> paddle.jit.set_verbosity(0)
    """
    import logging
    import sys
    logger = logging.getLogger("paddle.jit.dy2static")
    logger.setLevel(logging.INFO if int(level) > 0 else logging.WARNING)
    has_stdout = any(getattr(h, "stream", None) is sys.stdout for h in logger.handlers)
    if also_to_stdout and not has_stdout:
        logger.addHandler(logging.StreamHandler(sys.stdout))
