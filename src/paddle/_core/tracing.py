"""Recording mode of dispatch: while a Tracer is active, op calls append a RecordedOp and return
symbolic tensors whose metas come from the op's infer_meta alone — no kernel runs. This is the
seam the static graph (IR builder, to_static) builds on.

    with Tracer() as tr:
        x = tr.input([-1, 3], paddle.float32)
        y = paddle.tanh(x @ w) + 1
    tr.ops  # [RecordedOp(matmul), RecordedOp(tanh), RecordedOp(full?), RecordedOp(add)]
"""
from __future__ import annotations

import itertools

from . import dtype as _dt
from . import state
from .meta import TensorMeta, meta_of
from .tensor import Tensor

_value_ids = itertools.count(1)


class MetaArray:
    """Stands in for the ndarray of a symbolic tensor: shape and dtype, no data. Code that only
    reads `t._data.shape` / `.dtype` / `.ndim` works unchanged on symbolic tensors."""

    __slots__ = ("shape", "dtype", "ndim", "size")

    def __init__(self, meta: TensorMeta):
        self.shape = meta.shape
        self.dtype = meta.dtype.np_dtype
        self.ndim = len(meta.shape)
        size = 1
        for d in meta.shape:
            size *= d
        self.size = size

    def __array__(self, *args, **kwargs):
        raise RuntimeError("A symbolic tensor (inside tracing / to_static) has no value yet.")


class SymbolicTensor(Tensor):
    """A Tensor known only by its meta (shape with -1 for unknown dims, dtype)."""

    __slots__ = ("value_id", "producer")

    @property
    def meta(self) -> TensorMeta:
        return TensorMeta(self._data.shape, _dt.from_numpy_dtype(self._data.dtype))

    def _set_meta(self, meta: TensorMeta) -> None:
        self._data = MetaArray(meta)

    def numpy(self):
        raise RuntimeError("A symbolic tensor (inside tracing / to_static) has no value yet; "
                           "numpy() is only available on concrete tensors.")

    def __repr__(self) -> str:
        return (f"SymbolicTensor(%{self.value_id}, shape={list(self._data.shape)}, "
                f"dtype={self.dtype.name})")

    __str__ = __repr__


def new_symbolic(meta: TensorMeta, producer=None) -> SymbolicTensor:
    t = object.__new__(SymbolicTensor)
    t._data = MetaArray(meta)
    t.stop_gradient = True
    t._grad = None
    t._node = None
    t._out_idx = 0
    t._version = 0
    t._extra = None
    t.value_id = next(_value_ids)
    t.producer = producer
    return t


class RecordedOp:
    """One recorded op application: the op, its inputs (symbolic or constant tensors, lists
    kept as lists), attributes, and the symbolic outputs."""

    __slots__ = ("op", "inputs", "attrs", "outputs", "inplace_target")

    def __init__(self, op, inputs, attrs, outputs, inplace_target=None):
        self.op = op
        self.inputs = inputs
        self.attrs = attrs
        self.outputs = outputs
        self.inplace_target = inplace_target

    def __repr__(self) -> str:
        outs = ", ".join(f"%{o.value_id}" for o in self.outputs)
        return f"({outs}) = {self.op.name}(...)"


def _meta(value):
    if value is None:
        return None
    if isinstance(value, SymbolicTensor):
        return value.meta
    if isinstance(value, Tensor):
        return meta_of(value._data)
    if isinstance(value, (list, tuple)):
        return [_meta(v) for v in value]
    return value


class Tracer:
    """Context manager that switches dispatch into recording mode."""

    def __init__(self):
        self.ops: list[RecordedOp] = []
        self.inputs: list[SymbolicTensor] = []
        self._prev = None

    def __enter__(self):
        self._prev = state.tracer
        state.tracer = self
        return self

    def __exit__(self, *exc):
        state.tracer = self._prev
        return False

    def input(self, shape, dtype) -> SymbolicTensor:
        """A graph input of the given shape (-1 for dynamic dims) and dtype."""
        t = new_symbolic(TensorMeta(shape, _dt.to_dtype(dtype)))
        self.inputs.append(t)
        return t

    def record(self, op, inputs, attrs):
        metas = [_meta(v) for v in inputs]
        result = op.infer_meta(*metas, *attrs)
        out_metas = (result,) if isinstance(result, TensorMeta) else tuple(result)
        outputs = tuple(new_symbolic(m) for m in out_metas)
        recorded = RecordedOp(op, tuple(inputs), tuple(attrs), outputs)
        for o in outputs:
            o.producer = recorded
        self.ops.append(recorded)
        if op.single_output:
            return outputs[0]
        return list(outputs) if op.list_output else outputs

    def record_inplace(self, op, target, inputs, attrs):
        """In-place ops become ordinary ops whose result replaces the target's value."""
        result = self.record(op, inputs, attrs)
        self.ops[-1].inplace_target = target
        if isinstance(target, SymbolicTensor):
            target._set_meta(result.meta)
            target.value_id = result.value_id
            target.producer = result.producer
        return target
