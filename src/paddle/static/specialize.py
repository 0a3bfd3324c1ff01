"""Programs whose backward waits for concrete shapes (`builtin.backward`, see backward.py).

The Executor runs such a program through a Specialized runner: for each combination of feed
shapes it replays the program's ops into a new program with those shapes — the forward ops
through dispatch, so autograd records them as it does while building; `builtin.backward`
through the autograd engine, which appends the real gradient ops (the registry's rules, now
with every shape known); host ops (optimizer updates) as they are — and compiles that with the
Interpreter. A training loop over batches of one size builds once; a last, smaller batch builds
a second version."""
from __future__ import annotations

from .._core import dispatch
from .._core.autograd.grad_mode import enable_grad
from ..autograd import grad
from .._core.ir.core import Operation, Program
from .._core.ir.dynamic_attrs import DynamicAttrOp, with_tensors
from .._core.ir.host_op import HostOp
from .._core.ir.interpreter import Interpreter, ProgramError, check_feed
from .._core.tensor import wrap
from .._core.tracing import Tracer, symbolic
from ..tensor.creation import zeros_like
from .backward import BACKWARD


def needs_specializing(program) -> bool:
    return any(op.name == BACKWARD for op in program.global_block().ops)


class Specialized:
    """Runs `program` for `outputs`, compiling one Interpreter per set of feed shapes."""

    def __init__(self, program, outputs: list):
        self.program = program
        self.outputs = list(outputs)
        self._feeds = [(op.attrs["name"], op.outputs[0].meta) for op in program.data_ops()]
        self._runners: dict = {}

    def run(self, feeds: dict) -> list:
        for name, meta in self._feeds:
            if name not in feeds:
                raise ProgramError(f"Executor.run: the program needs the input '{name}' (shape "
                                   f"{list(meta.shape)}, dtype {meta.dtype.name}), which was "
                                   "not fed")
        feeds = {name: check_feed(name, feeds[name], meta) for name, meta in self._feeds}
        shapes = tuple(array.shape for array in feeds.values())
        runner = self._runners.get(shapes)
        if runner is None:
            runner = self._runners[shapes] = self._compile(shapes)
        # what printing the program shows for its builtin.backward (static/program.py)
        self.program.last_specialized = (shapes, runner.program)
        return runner.run_checked(list(feeds.values()))

    def _compile(self, shapes) -> Interpreter:
        concrete = {name: shape for (name, _), shape in zip(self._feeds, shapes)}
        twin = Program()
        twin.parameters = self.program.parameters
        env = _Replay(twin, concrete).run(self.program)
        return Interpreter(twin, [env[id(v)].value for v in self.outputs])


class _Replay:
    """Rebuilds a program's ops, with concrete feed shapes, into `twin`."""

    def __init__(self, twin: Program, shapes: dict):
        self.tracer = Tracer(twin)
        self.shapes = shapes
        self.env: dict = {}

    def run(self, program) -> dict:
        wanted = _gradient_inputs(program)
        with self.tracer, enable_grad():
            for op in program.global_block().ops:
                self._replay(op, wanted)
        return self.env

    def _replay(self, op, wanted: set) -> None:
        if op.name == "pd_op.data":
            self._data(op, wanted)
        elif op.name == "builtin.parameter":
            self._set(op, [self.tracer.bind(self.tracer.program.parameters[
                op.attrs["parameter_name"]])])
        elif op.name == "builtin.constant":
            self._set(op, [self.tracer.bind(wrap(op.attrs["value"]))])
        elif op.name == BACKWARD:
            self._backward(op)
        elif isinstance(op.opdef, HostOp):
            self._host(op)
        elif isinstance(op.opdef, DynamicAttrOp):
            self._dynamic(op)
        elif op.regions or op.opdef is None:
            raise NotImplementedError(
                f"paddle.static.Executor: cannot rebuild {op.name} for concrete feed shapes in "
                "a program with a deferred backward; declare inputs with concrete shapes")
        else:
            inputs = tuple(self._lookup(v) for v in op.inputs)
            attrs = tuple(op.attrs[a] for a in op.opdef.attrs)
            result = dispatch.call(op.opdef, inputs, attrs)
            self._set(op, [result] if op.opdef.single_output else list(result))

    def _data(self, op, wanted: set) -> None:
        name = op.attrs["name"]
        tensor = self.tracer.input(list(self.shapes[name]), op.outputs[0].meta.dtype, name,
                                   stop_gradient=id(op.outputs[0]) not in wanted)
        self._set(op, [tensor])

    def _backward(self, op) -> None:
        targets, inputs, target_grads, excluded = (self._lookup(v) for v in op.inputs)
        for t in inputs:
            t.stop_gradient = False
        grads = grad(targets, inputs, target_grads or None, retain_graph=True,
                     allow_unused=True, no_grad_vars=excluded or None)
        self._set(op, [g if g is not None else zeros_like(t) for g, t in zip(grads, inputs)])

    def _dynamic(self, op) -> None:
        """Record the registry op again with its int-array tensors (ir/dynamic_attrs.py)."""
        if not all(v.stop_gradient for v in op.outputs):
            raise NotImplementedError(
                f"paddle.static: {op.name} takes its shape-like arguments from tensors, and "
                "Feijiang does not differentiate such ops in a static program; give them "
                "Python ints, or train through paddle.jit.to_static")
        tensors = [self._lookup(v) for v in op.inputs]
        n = op.opdef.n_inputs
        attrs = with_tensors(op.opdef.template, tensors[n:])
        result = dispatch.call(op.opdef.inner, tuple(tensors[:n]), attrs)
        self._set(op, [result] if op.opdef.single_output else list(result))

    def _host(self, op) -> None:
        inputs = [self._lookup(v) for v in op.inputs]
        values = [[t.value for t in v] if isinstance(v, list) else v.value for v in inputs]
        metas = [[v.meta for v in x] if isinstance(x, list) else x.meta for x in values]
        twin = Operation(op.name, values, op.attrs, list(op.opdef.infer_meta(*metas)), op.opdef)
        self.tracer.block.append(twin)
        self._set(op, [symbolic(v) for v in twin.outputs])

    def _set(self, op, tensors) -> None:
        for value, tensor in zip(op.outputs, tensors):
            self.env[id(value)] = tensor

    def _lookup(self, value):
        if value is None:
            return None
        if isinstance(value, list):
            return [self.env[id(v)] for v in value]
        return self.env[id(value)]


def _gradient_inputs(program) -> set:
    """Ids of the values some `builtin.backward` differentiates with respect to."""
    return {id(v) for op in program.global_block().ops if op.name == BACKWARD
            for v in op.inputs[1]}

