"""Recording mode of dispatch: while a Tracer is active, every op call appends an IR Operation to
a Program and returns symbolic tensors whose metas come from the op's infer_meta alone — no kernel
runs. This is the seam the static graph (to_static, paddle.static) is built on.

    with Tracer() as tr:
        x = tr.input([-1, 3], paddle.float32, "x")
        y = paddle.tanh(x @ w) + 1
    print(tr.program)     # pd_op.data, builtin.parameter, pd_op.matmul, pd_op.tanh, …

A symbolic tensor is a Tensor whose `_data` is a MetaArray: shape and dtype plus the IR Value it
stands for. Autograd nodes are recorded for symbolic tensors exactly as for eager ones, so the
backward program is produced by the same engine and the registry's gradient rules.

Control flow records into nested blocks (`recording_into`, used by ir/control_flow.py): ops go
to the current block, while parameters and constants always go to the global block so every
block can read them. An op may only read values visible from the block it is recorded in.
"""
from __future__ import annotations

import contextlib

from . import dtype as _dt
from . import state
from .ir import dynamic_attrs, state_writes
from .ir.dynamic_attrs import holds_symbolic
from .ir.core import DIALECT, Operation, Program
from .meta import TensorMeta
from .tensor import Tensor


class MetaArray:
    """Stands in for the ndarray of a symbolic tensor: shape, dtype and the IR Value."""

    __slots__ = ("shape", "dtype", "ndim", "size", "value")

    def __init__(self, meta: TensorMeta, value=None):
        self.shape = meta.shape
        self.dtype = meta.dtype.np_dtype
        self.ndim = len(meta.shape)
        size = 1
        for d in meta.shape:
            size *= d
        self.size = size
        self.value = value

    def __array__(self, *args, **kwargs):
        raise RuntimeError("A symbolic tensor (inside tracing / to_static) has no value yet.")

    def __getattr__(self, name):
        # Anything beyond shape/dtype (item, tolist, copy, …) needs data that tracing lacks.
        raise RuntimeError(f"A symbolic tensor (inside tracing / to_static) has no value yet "
                           f"(code asked for its data via '{name}')")


def is_symbolic(t) -> bool:
    return isinstance(t, Tensor) and type(t._data) is MetaArray


class SymbolicTensor(Tensor):
    """A Tensor known only by its meta and IR value."""

    __slots__ = ()

    @property
    def value(self):
        return self._data.value

    @property
    def meta(self) -> TensorMeta:
        return TensorMeta(self._data.shape, _dt.from_numpy_dtype(self._data.dtype))

    def numpy(self):
        raise RuntimeError("A symbolic tensor (inside tracing / to_static) has no value yet; "
                           "numpy() is only available on concrete tensors.")

    def __len__(self) -> int:
        if self._data.ndim and self._data.shape[0] < 0:
            raise RuntimeError("A symbolic tensor (inside tracing / to_static) has no value yet "
                               f"and its first dim is dynamic (shape {list(self._data.shape)}), "
                               "so its length is unknown")
        return super().__len__()

    def __iter__(self):
        len(self)
        return super().__iter__()

    def __repr__(self) -> str:
        return (f"SymbolicTensor(%{self.value.id}, shape={list(self._data.shape)}, "
                f"dtype={self.dtype.name})")

    __str__ = __repr__


def as_symbolic(tracer, t) -> SymbolicTensor:
    """`t` itself if symbolic, else the symbolic twin the tracer binds to the concrete tensor."""
    return t if is_symbolic(t) else tracer.bind(t)


def symbolic(value, stop_gradient: bool = True) -> SymbolicTensor:
    t = object.__new__(SymbolicTensor)
    t._data = MetaArray(value.meta, value)
    t.stop_gradient = stop_gradient
    t._grad = None
    t._node = None
    t._out_idx = 0
    t._version = 0
    t._extra = None
    return t


class Tracer:
    """Context manager that switches dispatch into recording mode, building `self.program`."""

    def __init__(self, program: Program | None = None):
        self.program = program or Program()
        self.block = self.program.global_block()
        self._bound: dict[int, SymbolicTensor] = {}  # id(concrete tensor) -> its symbolic twin
        self._keep_alive: list = []
        self._prev = None

    @property
    def ops(self) -> list:
        return self.block.ops

    def __enter__(self):
        self._prev = state.tracer
        state.tracer = self
        return self

    def __exit__(self, *exc):
        state.tracer = self._prev
        return False

    # ---- graph inputs ----------------------------------------------------------------------
    def input(self, shape, dtype, name=None, stop_gradient=True) -> SymbolicTensor:
        """A graph input (`pd_op.data`) of the given shape (-1 for dynamic dims) and dtype."""
        dtype = _dt.to_dtype(dtype)
        meta = TensorMeta([-1 if d is None else d for d in shape], dtype)
        attrs = {"name": name or f"input_{len(self.program.data_ops())}",
                 "shape": list(meta.shape), "dtype": dtype, "place": "undefined"}
        op = self.block.append(Operation(f"{DIALECT}.data", [], attrs, [meta]))
        op.outputs[0].name = attrs["name"]
        op.outputs[0].stop_gradient = stop_gradient
        tensor = symbolic(op.outputs[0], stop_gradient)
        tensor.name = attrs["name"]
        return tensor

    def bind(self, tensor: Tensor, as_state: bool = False) -> SymbolicTensor:
        """The symbolic twin of a concrete tensor used inside the traced code: a
        `builtin.parameter` for parameters and, with as_state, other state read at every run
        (a layer's buffers, as Paddle binds them), a `builtin.constant` otherwise (made
        once)."""
        twin = self._bound.get(id(tensor))
        if twin is not None:
            return twin
        meta = TensorMeta(tensor._data.shape, _dt.from_numpy_dtype(tensor._data.dtype))
        if as_state or getattr(tensor, "_is_parameter", False):
            name = tensor.name
            attrs = {"parameter_name": name, "is_parameter": True,
                     "trainable": not tensor.stop_gradient,
                     "need_clip": getattr(tensor, "need_clip", True),
                     "is_distributed": getattr(tensor, "is_distributed", False),
                     "persistable": bool(getattr(tensor, "persistable", True))}
            op = Operation("builtin.parameter", [], attrs, [meta])
            self.program.parameters[name] = tensor
            op.outputs[0].persistable = True
            op.outputs[0].name = name
        else:
            op = Operation("builtin.constant", [], {"value": tensor._data}, [meta])
        op.outputs[0].stop_gradient = tensor.stop_gradient
        self._insert_leaf(op)
        twin = symbolic(op.outputs[0], tensor.stop_gradient)
        if op.outputs[0].name is not None:
            twin.name = op.outputs[0].name
        self._bound[id(tensor)] = twin
        self._keep_alive.append(tensor)
        return twin

    def _insert_leaf(self, op: Operation) -> None:
        """Parameters and constants go to the start of the global block, the newest first, as
        Paddle's programs list them (so nested blocks can read them too)."""
        block = self.program.global_block()
        op.block = block
        block.ops.insert(0, op)

    @contextlib.contextmanager
    def recording_into(self, block):
        """Record ops into `block` (a region of a control-flow op) inside the `with`."""
        previous = self.block
        self.block = block
        try:
            yield block
        finally:
            self.block = previous

    def _check_visible(self, op_name: str, values) -> None:
        """Values defined inside a branch or loop body exist only there."""
        for v in values:
            if isinstance(v, list):
                self._check_visible(op_name, v)
                continue
            home = None if v is None else v.defining_block()
            if home is None or home.parent is None or self.block.is_within(home):
                continue
            owner = home.parent_op.name if home.parent_op is not None else "a nested block"
            from .ir.control_flow import ControlFlowScopeError
            raise ControlFlowScopeError(
                f"({op_name}) reads a value computed inside the block of a {owner} from outside "
                "that block; a value made in a branch or loop body is only available after it "
                "as a result of the control-flow op (return it from the branch or body)")

    def _symbolic_input(self, value):
        if value is None:
            return None
        if isinstance(value, (list, tuple)):
            return [self._symbolic_input(v) for v in value]
        if is_symbolic(value):
            return value
        if isinstance(value, Tensor):
            return self.bind(value)
        raise TypeError(f"Tracer: unsupported input of type {type(value).__name__}")

    # ---- recording -------------------------------------------------------------------------
    def record(self, op, inputs, attrs):
        from .dispatch import flatten_inputs, record_autograd
        dynamic = any(holds_symbolic(a) for a in attrs)
        sym_inputs = tuple(self._symbolic_input(v) for v in inputs)
        metas = [_meta_of(v) for v in sym_inputs]
        if dynamic:  # int arrays holding tensors: extra inputs, read when the program runs
            attrs, extras = dynamic_attrs.template(attrs)
            opdef = dynamic_attrs.DynamicAttrOp(op, attrs, len(sym_inputs))
            result = opdef.infer_meta(*metas)
            extras = tuple(self._symbolic_input(t) for t in extras)
        else:
            opdef, extras = op, ()
            result = op.infer_meta(*metas, *attrs)
        out_metas = [result] if isinstance(result, TensorMeta) else list(result)
        values = [_value_of(v) for v in sym_inputs + extras]
        if any(_nested(v) for v in values):
            self._check_visible(op.name, values)
        operation = Operation(f"{DIALECT}.{op.name}", values, dict(zip(op.attrs, attrs)),
                              out_metas, opdef)
        self.block.append(operation)
        outputs = tuple(symbolic(v) for v in operation.outputs)
        flat, layout = flatten_inputs(op, sym_inputs)
        requires = op.grad_rule is not None and any(
            t is not None and not t.stop_gradient for t in flat)
        for t, v in zip(outputs, operation.outputs):
            v.stop_gradient = not requires
        if dynamic:  # its gradients come from replaying it with its attributes read (ir/replay)
            for t in outputs:
                t.stop_gradient = not requires
        elif requires and state.grad_enabled:
            record_autograd(op, sym_inputs, attrs, outputs)
        if op.single_output:
            return outputs[0]
        return list(outputs) if op.list_output else outputs

    def write_state(self, target: Tensor, value: SymbolicTensor) -> None:
        """Record that running the program copies `value` into the concrete tensor `target`
        (state eager code updates in place, such as batch-norm running statistics)."""
        state_writes.record_write(self.block, target, value._data.value)

    def record_inplace(self, op, target, inputs, attrs):
        """In-place ops become ordinary ops whose result the target tensor then stands for."""
        result = self.record(op, inputs, attrs)
        if not is_symbolic(target):
            target = self.bind(target)
        target._data = result._data
        target._node = result._node
        target._out_idx = result._out_idx
        target.stop_gradient = result.stop_gradient
        return target


def _meta_of(value):
    if value is None:
        return None
    if isinstance(value, list):
        return [_meta_of(v) for v in value]
    return TensorMeta(value._data.shape, _dt.from_numpy_dtype(value._data.dtype))


def _nested(value) -> bool:
    """Whether a value (or any in a list) lives in a nested block."""
    if value is None:
        return False
    if isinstance(value, list):
        return any(_nested(v) for v in value)
    home = value.defining_block()
    return home is not None and home.parent is not None


def _value_of(value):
    if value is None:
        return None
    if isinstance(value, list):
        return [_value_of(v) for v in value]
    return value._data.value

