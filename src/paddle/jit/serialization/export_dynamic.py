"""Writing ops whose int arrays are read when the program runs (ir/dynamic_attrs.py) in
Paddle's form: where Paddle's program holds an IntArray built from tensors, a dynamic dim such
as `x.shape[0]`, it passes `stack(combine(...))` of 0-d int64 values (a `full` for each known
entry) — or the 1-D tensor itself — as the op's operand, `full` with such a shape becomes
`full_with_tensor`, and `arange` takes such a bound as its operand. The registry op's own exporter writes the op, reading IntArrays through a
writer that builds those operands from the op's extra inputs.
"""
from __future__ import annotations

from ..._core import dtype as _dt
from ..._core.ir.dynamic_attrs import Slot
from ..._core.meta import TensorMeta
from .pir_codec import CPU_PLACE, UNDEFINED_PLACE, attr


class UnknownAtSaveTime(ValueError):
    """An attribute the exporter needs as a Python value comes from the program's inputs."""


class _InnerView:
    """The op as its registry exporter expects it: the registry op, its own inputs."""

    def __init__(self, op):
        self.name = op.name
        self.opdef = op.opdef.inner
        self.inputs = op.inputs[:op.opdef.n_inputs]
        self.outputs = op.outputs
        self.attrs = op.attrs
        self.struct_name = getattr(op, "struct_name", None)


class _DynamicWriter:
    """A writer whose int_array turns Slots into operands built from the op's extra inputs."""

    def __init__(self, w, extras: list):
        self._w = w
        self._extras = extras  # the writer's ids of the op's extra inputs, in slot order

    def __getattr__(self, name):
        return getattr(self._w, name)

    def int_array(self, values):
        if isinstance(values, Slot):
            if not values.whole:
                raise UnknownAtSaveTime("a one-element tensor given as a whole int array")
            return self._extras[values.index]
        if not any(isinstance(v, Slot) for v in values):
            return self._w.int_array(values)
        scalar = TensorMeta([], _dt.int64)
        parts = []
        for v in values:
            if isinstance(v, Slot):
                if v.whole:
                    raise UnknownAtSaveTime("a tensor nested in an int array")
                parts.append(self._extras[v.index])
            else:
                parts.append(self._w.full([], int(v), _dt.int64, CPU_PLACE))
        return self._w.stack(parts, scalar, 0, TensorMeta([len(parts)], _dt.int64), [True])


def write_dynamic(w, op, token, used, exporters, call_type) -> list:
    """Write dynamic op `op` (token(value): how `w` names an input value)."""
    view = _InnerView(op)
    extras = [token(v) for v in op.inputs[op.opdef.n_inputs:]]
    writer = _DynamicWriter(w, extras)
    ins = [None if v is None else ([token(x) for x in v] if isinstance(v, list) else token(v))
           for v in view.inputs]
    if view.opdef.name == "full":
        return [_full_with_tensor(writer, op)]
    if view.opdef.name == "arange":
        return [_arange(writer, op, extras)]
    exporter = exporters.get(view.opdef.name)
    if exporter is None:
        return None
    try:
        outs = exporter(call_type(writer, view, ins, used))
    except (UnknownAtSaveTime, TypeError, ValueError):
        return None
    return list(outs) if isinstance(outs, (list, tuple)) else [outs]


def _full_with_tensor(writer, op) -> int:
    meta = op.outputs[0].meta
    shape = writer.int_array(op.attrs["shape"])
    value = writer.full([1], op.attrs["value"], meta.dtype, CPU_PLACE)
    return writer.emit("1.full_with_tensor", [value, shape],
                       [("dtype", attr("1.a_dtype", meta.dtype))], [meta],
                       [op.outputs[0].stop_gradient])[0]


def _arange(writer, op, extras) -> int:
    """arange whose bounds include a run-time value: that value is the operand itself, the
    known bounds one-element fulls of the result's dtype (as Paddle writes them)."""
    meta = op.outputs[0].meta
    bounds = [extras[v.index] if isinstance(v, Slot) else
              writer.full([1], v, meta.dtype, CPU_PLACE)
              for v in (op.attrs["start"], op.attrs["end"], op.attrs["step"])]
    return writer.emit("1.arange", bounds, [("dtype", attr("1.a_dtype", meta.dtype)),
                                            ("place", attr("1.a_place", UNDEFINED_PLACE))],
                       [meta], [op.outputs[0].stop_gradient])[0]
