"""Exporters for indexing: `x[...]` becomes Paddle's slice / strided_slice / unsqueeze / gather,
as Paddle's own `__getitem__` emits them."""
from __future__ import annotations

import numpy as np

from ..._core import dtype as _dt
from ..._core.meta import TensorMeta
from .export import ExportCall, UnsupportedExportError, exports
from .pir_codec import array_attr, attr

INT_MAX = 2147483647


def _expand_ellipsis(spec, ndim: int) -> list:
    consumed = sum(1 for item in spec if item[0] in ("int", "slice", "tensor"))
    items = []
    for item in spec:
        if item[0] == "ellipsis":
            items.extend([("slice", None, None, None)] * (ndim - consumed))
        else:
            items.append(item)
    items.extend([("slice", None, None, None)] * (ndim - sum(
        1 for item in items if item[0] in ("int", "slice", "tensor"))))
    return items


class _Plan:
    """The Paddle ops of a basic index: one strided_slice, one slice, one unsqueeze."""

    def __init__(self, items, shape):
        self.slice_axes, self.starts, self.ends, self.decrease = [], [], [], []
        self.strided = ([], [], [], [])
        self.new_axes = []
        axis, out_pos = 0, 0
        for item in items:
            kind = item[0]
            if kind == "none":
                self.new_axes.append(out_pos)
                out_pos += 1
                continue
            if kind == "int":
                self._int(axis, item[1])
            elif kind == "slice":
                self._slice(axis, item[1:], shape[axis])
                out_pos += 1
            else:
                out_pos += 1
            axis += 1

    def _int(self, axis: int, index: int) -> None:
        self.slice_axes.append(axis)
        self.starts.append(index)
        self.ends.append(INT_MAX if index == -1 else index + 1)
        self.decrease.append(axis)

    def _slice(self, axis: int, bounds, size: int) -> None:
        start, stop, step = bounds
        step = 1 if step is None else step
        if step < 0:
            raise UnsupportedExportError("(jit.save) slices with a negative step are not "
                                         "exported yet")
        start = 0 if start is None else start
        stop = INT_MAX if stop is None else stop
        if step != 1:
            for target, value in zip(self.strided, (axis, start, stop, step)):
                target.append(value)
        elif (start, stop) != (0, INT_MAX):
            self.slice_axes.append(axis)
            self.starts.append(start)
            self.ends.append(stop)


def _shape_after(shape, axes, starts, ends, steps, decrease=()) -> list:
    out = list(shape)
    for axis, start, stop, step in zip(axes, starts, ends, steps):
        if out[axis] != -1:
            out[axis] = len(range(*slice(start, stop, step).indices(out[axis])))
    return [d for i, d in enumerate(out) if i not in decrease]


def _infer_flag(plan) -> int:
    """Paddle's slice marks bounds read when the program runs (a dynamic dim) with -1."""
    known = all(isinstance(v, int) for v in list(plan.starts) + list(plan.ends))
    return 1 if known else -1


def _basic(c: ExportCall, value: int, meta, spec) -> tuple:
    """Emit the ops of a basic index on `value`; returns (value id, meta)."""
    items = _expand_ellipsis(spec, len(meta.shape))
    plan = _Plan(items, list(meta.shape))
    shape = list(meta.shape)
    flags = [all(o.stop_gradient for o in c.op.outputs)]  # as the indexed result's
    if plan.strided[0]:
        axes, starts, ends, steps = plan.strided
        shape = _shape_after(shape, axes, starts, ends, steps)
        value = c.w.emit("1.strided_slice", [value, c.w.int_array(starts), c.w.int_array(ends),
                                             c.w.int_array(steps)],
                         [("axes", array_attr("0.a_i32", axes))],
                         [TensorMeta(shape, meta.dtype)], flags)[0]
    if plan.slice_axes:
        shape = _shape_after(shape, plan.slice_axes, plan.starts, plan.ends,
                             [1] * len(plan.starts), plan.decrease)
        value = c.w.emit("1.slice", [value, c.w.int_array(plan.starts),
                                     c.w.int_array(plan.ends)],
                         [("axes", array_attr("0.a_i64", plan.slice_axes)),
                          ("infer_flags", array_attr("0.a_i64", [_infer_flag(plan)] *
                                                     len(plan.starts))),
                          ("decrease_axis", array_attr("0.a_i64", plan.decrease))],
                         [TensorMeta(shape, meta.dtype)], flags)[0]
    if plan.new_axes:
        for pos in plan.new_axes:
            shape.insert(pos, 1)
        value = c.w.emit("1.unsqueeze", [value, c.w.int_array(plan.new_axes)], [],
                         [TensorMeta(shape, meta.dtype)], flags)[0]
    if not (plan.strided[0] or plan.slice_axes or plan.new_axes):
        value = c.w.emit("1.assign", [value], [], [TensorMeta(shape, meta.dtype)], flags)[0]
    return value, TensorMeta(shape, meta.dtype)


@exports("getitem_basic")
def _getitem_basic(c: ExportCall):
    return _basic(c, c.ins[0], c.in_meta(0), c.attrs["spec"])[0]


@exports("getitem")
def _getitem(c: ExportCall):
    """Integer index tensors: one 1-D tensor on one axis is a gather; tensors on the leading
    dims are a gather_nd over their broadcast, stacked coordinates."""
    x_meta = c.in_meta(0)
    items = _expand_ellipsis(c.attrs["spec"], len(x_meta.shape))
    tensors = [i for i, item in enumerate(items) if item[0] == "tensor"]
    metas = [v.meta for v in c.op.inputs[1]]
    full = all(item == ("slice", None, None, None) for i, item in enumerate(items)
               if i not in tensors)
    if not full or any(m.dtype.kind not in "iu" for m in metas):
        raise UnsupportedExportError("(jit.save) indexing with boolean masks or with tensors "
                                     "mixed with slices is not exported yet")
    if len(tensors) == 1 and len(metas[0].shape) == 1:
        axis = c.w.full([1], tensors[0], _dt.int32)
        return c.emit("1.gather", [c.ins[0], c.ins[1][0], axis])
    if tensors != list(range(len(tensors))):
        raise UnsupportedExportError("(jit.save) index tensors must address the leading dims")
    return c.emit("1.gather_nd", [c.ins[0], _coordinates(c, [items[i][1] for i in tensors])])


def _coordinates(c: ExportCall, order: list) -> int:
    """stack([broadcast(t0), broadcast(t1), ...], -1) of the index tensors, as int64."""
    metas = [c.op.inputs[1][k].meta for k in order]
    shape = list(np.broadcast_shapes(*[tuple(m.shape) for m in metas]))
    if any(d < 0 for d in shape):
        raise UnsupportedExportError("(jit.save) index tensors of unknown shape")
    common = TensorMeta(shape, _dt.int64)
    parts = []
    for k, meta in zip(order, metas):
        value = c.ins[1][k]
        if meta.dtype is not _dt.int64:
            value = c.w.emit("1.cast", [value], [("dtype", attr("1.a_dtype", _dt.int64))],
                             [TensorMeta(meta.shape, _dt.int64)])[0]
        if list(meta.shape) != shape:
            value = c.w.emit("1.expand", [value, c.w.int_array(shape)], [], [common])[0]
        parts.append(value)
    return c.w.stack(parts, common, -1, TensorMeta(shape + [len(parts)], _dt.int64))
