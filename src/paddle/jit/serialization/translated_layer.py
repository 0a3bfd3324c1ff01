"""TranslatedLayer: a model loaded from Paddle's saved-program files, usable as a Layer.

The saved program is kept in Paddle's terms (a ForeignProgram). On the first call with a given
input signature it is traced, through the op converters, into a Feijiang IR program specialised
to the call's shapes; the program then runs with the interpreter for inference, or op by op
through dispatch (the Replayer) when gradients are needed, so fine-tuning trains its Parameters.
"""
from __future__ import annotations

import numpy as np

from ..._core import state
from ..._core.ir.interpreter import Interpreter
from ..._core.ir.replay import Replayer
from ..._core.tensor import Tensor, wrap
from ..._core.tracing import Tracer, is_symbolic
from ...framework.parameter import EagerParamBase
from ...nn.layer.layers import Layer
from ...static.input_spec import InputSpec
from ...utils import unique_name
from .builder import ForeignRunner
from .foreign import ForeignProgram

PARAMETER_PREFIX = "param"
BUFFER_PREFIX = "buffer"


class _TracedProgram:
    """One specialisation of a loaded method: the IR program and its runners."""

    def __init__(self, program, input_names, outputs):
        self.program = program
        self.input_names = input_names
        self.outputs = outputs
        self._interpreter = None

    def run(self, inputs: list, needs_grad: bool) -> list:
        feeds = dict(zip(self.input_names, inputs))
        if needs_grad:
            return Replayer(self.program, self.outputs).run(feeds)
        if self._interpreter is None:
            self._interpreter = Interpreter(self.program, self.outputs)
        return [wrap(r) for r in self._interpreter.run(feeds)]


class LoadedMethod:
    """A saved program bound to the TranslatedLayer that owns its parameters."""

    def __init__(self, name: str, foreign: ForeignProgram, table: dict):
        self.name = name
        self.foreign = foreign
        self.runner = ForeignRunner(foreign, table)
        self._traced: dict = {}

    def input_spec(self) -> list:
        return [InputSpec(f.meta.shape, f.meta.dtype, f.name) for f in self.foreign.feeds]

    def output_spec(self) -> list:
        metas = [self.foreign.metas[k] for k in self.foreign.fetches]
        return [InputSpec(m.shape, m.dtype, f"output_{i}") for i, m in enumerate(metas)]

    def call(self, layer: TranslatedLayer, inputs: tuple):
        tensors = [_as_tensor(self.name, i, v) for i, v in enumerate(inputs)]
        if state.tracer is not None:  # inside to_static / static mode: inline the ops
            return _pack(self.runner.run(tensors, layer._by_original_name))
        self._check_inputs(tensors)
        key = tuple((tuple(t.shape), t.dtype.name, t.stop_gradient) for t in tensors)
        traced = self._traced.get(key)
        if traced is None:
            traced = self._traced[key] = self.trace(layer, [k[0] for k in key],
                                                    [t.dtype for t in tensors],
                                                    [k[2] for k in key])
        needs_grad = state.grad_enabled and (
            any(not p.stop_gradient for p in layer.parameters())
            or any(not t.stop_gradient for t in tensors))
        return _pack(traced.run(tensors, needs_grad))

    def trace(self, layer, shapes, dtypes, stop_gradients=None) -> _TracedProgram:
        """Record the program for inputs of `shapes` (-1 for dims known only at run time)."""
        tracer = Tracer()
        feeds = self.foreign.feeds
        stop_gradients = stop_gradients or [True] * len(feeds)
        with tracer:
            inputs = [tracer.input(list(shape), dtype, feed.name, stop)
                      for feed, shape, dtype, stop in zip(feeds, shapes, dtypes, stop_gradients)]
            outputs = self.runner.run(inputs, layer._by_original_name)
            outputs = [o if is_symbolic(o) else tracer.bind(o) for o in outputs]
        return _TracedProgram(tracer.program, [f.name for f in feeds],
                              [o._data.value for o in outputs])

    def _check_inputs(self, tensors) -> None:
        for feed, t in zip(self.foreign.feeds, tensors):
            declared = list(feed.meta.shape)
            if len(declared) != t.ndim or any(d not in (-1, s) for d, s in zip(declared,
                                                                                t.shape)):
                raise ValueError(f"(TranslatedLayer) input '{feed.name}' has shape "
                                 f"{list(t.shape)}, but the saved program expects {declared} "
                                 "(-1 means any size)")


def _as_tensor(method: str, index: int, value) -> Tensor:
    if isinstance(value, Tensor):
        return value
    if isinstance(value, np.ndarray):
        return wrap(value)
    raise TypeError(f"(TranslatedLayer.{method}) input {index} must be a numpy array or a "
                    f"Tensor, but received {type(value).__name__}")


def _pack(outputs: list):
    return outputs[0] if len(outputs) == 1 else list(outputs)


class TranslatedLayer(Layer):
    """A Layer holding a model loaded by `paddle.jit.load`: call it for inference, or train it
    (its parameters are ordinary Parameters named `param_0`, `param_1`, … in the sorted order of
    their saved names).

    Example:
        >>> import paddle
        >>> net = paddle.nn.Linear(2, 3)
        >>> path = "/tmp/feijiang_doc_translated/linear"
        >>> paddle.jit.save(net, path, input_spec=[paddle.static.InputSpec([None, 2])])
        >>> loaded = paddle.jit.load(path)
        >>> loaded(paddle.ones([4, 2])).shape
        paddle.Size([4, 3])
    """

    def __init__(self, methods: dict, parameters: dict):
        super().__init__()
        self._methods = methods
        self._by_original_name = dict(parameters)
        persistable = sorted(n for n, t in parameters.items() if isinstance(t, EagerParamBase))
        others = sorted(n for n in parameters if n not in set(persistable))
        with unique_name.guard():
            for original in persistable:
                self.add_parameter(unique_name.generate(PARAMETER_PREFIX),
                                   parameters[original])
            for original in others:
                self.register_buffer(unique_name.generate(BUFFER_PREFIX), parameters[original],
                                     persistable=False)
        self.eval()

    def forward(self, *inputs):
        return self._methods["forward"].call(self, inputs)

    def __getattr__(self, name):
        methods = self.__dict__.get("_methods")
        if methods is not None and name in methods and name != "forward":
            method = methods[name]
            return lambda *inputs: method.call(self, inputs)
        return super().__getattr__(name)

    def program(self, method_name: str = "forward"):
        """The IR program of `method_name`, traced with the saved input shapes."""
        method = self._method(method_name)
        feeds = method.foreign.feeds
        return method.trace(self, [f.meta.shape for f in feeds],
                            [f.meta.dtype for f in feeds]).program

    def _input_spec(self, method_name: str = "forward") -> list:
        return self._method(method_name).input_spec()

    def _output_spec(self, method_name: str = "forward") -> list:
        return self._method(method_name).output_spec()

    def _method(self, name: str) -> LoadedMethod:
        if name not in self._methods:
            raise ValueError(f"The method `{name}` does not exist in loaded TranslatedLayer.")
        return self._methods[name]


def make_parameters(foreign: ForeignProgram, arrays: dict) -> dict:
    """{saved name: Parameter} holding the loaded arrays, named uniquely in this process;
    non-persistable variables (not in the file) become zero-filled plain tensors."""
    parameters = {}
    for spec in foreign.parameters:
        if not spec.persistable:
            shape = [max(d, 0) for d in spec.meta.shape]
            buffer = wrap(np.zeros(shape, spec.meta.dtype.np_dtype))
            buffer.name = unique_name.generate(spec.name)
            parameters[spec.name] = buffer
            continue
        array = arrays[spec.name]
        param = EagerParamBase(array.shape, spec.meta.dtype,
                               name=unique_name.generate(spec.name),
                               trainable=spec.trainable and not spec.stop_gradient)
        param._data = array.astype(spec.meta.dtype.np_dtype, copy=False)
        parameters[spec.name] = param
    return parameters
