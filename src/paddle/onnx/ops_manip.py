"""Lowering rules for shape manipulation, indexing, creation and reductions (the families of
_core/ops/manipulation.py, manip_views.py, indexing.py, creation.py, fill.py, reduction.py)."""
from __future__ import annotations

import numpy as np
from onnx import numpy_helper

from . import forms
from .lowering import lowers

INT64_MAX = np.iinfo(np.int64).max
INT64_MIN = np.iinfo(np.int64).min


def _shape_tensor(c, key: str) -> str:
    """Attribute `key` (an int array, maybe with run-time entries) as an int64 ONNX tensor."""
    value = c.int_array(key)
    return c.g.ints(value) if isinstance(value, list) else value


@lowers("reshape")
def _reshape(c):
    return c.node("Reshape", [c.name(0), _shape_tensor(c, "shape")])


@lowers("expand")
def _expand(c):
    """Paddle's -1 keeps a dim; ONNX's Expand broadcasts, so 1 does the same."""
    shape = c.int_array("shape")
    if isinstance(shape, list):
        shape = c.g.ints([1 if d == -1 else d for d in shape])
    return c.node("Expand", [c.name(0), shape])


@lowers("transpose")
def _transpose(c):
    return c.node("Transpose", [c.name(0)], perm=[int(p) for p in c.attrs["perm"]])


def _axes(c, key: str, rank: int) -> list:
    axes = c.attrs[key]
    if axes is None:
        return []
    return [int(a) % rank for a in (axes if isinstance(axes, (list, tuple)) else [axes])]


@lowers("squeeze")
def _squeeze(c):
    """Paddle squeezes only the named dims of size 1 (all of them when none are named)."""
    shape = c.meta(0).shape
    axes = _axes(c, "axis", len(shape)) or list(range(len(shape)))
    axes = [a for a in axes if shape[a] == 1]
    return forms.squeeze(c, c.name(0), sorted(set(axes))) if axes else \
        c.node("Identity", [c.name(0)])


@lowers("unsqueeze")
def _unsqueeze(c):
    """Paddle inserts the axes one after another; ONNX names the final positions."""
    dims = [False] * len(c.meta(0).shape)
    for a in c.attrs["axis"]:
        dims.insert(int(a) % (len(dims) + 1), True)
    return forms.unsqueeze(c, c.name(0), [i for i, inserted in enumerate(dims) if inserted])


@lowers("flatten")
def _flatten(c):
    """A reshape to the result's shape: given outright when at most one of its dims is
    dynamic, else read from the input's run-time shape around the merged dims."""
    out = list(c.out_metas[0].shape)
    rank = len(c.meta(0).shape)
    if rank == 0 or sum(d < 0 for d in out) <= 1:
        return c.node("Reshape", [c.name(0), c.g.ints(out)])
    start, stop = c.attrs["start_axis"] % rank, c.attrs["stop_axis"] % rank
    shape = c.node("Shape", [c.name(0)])
    parts = [c.g.ints([-1])]
    if start:
        parts.insert(0, _slice_1d(c, shape, 0, start))
    if stop < rank - 1:
        parts.append(_slice_1d(c, shape, stop + 1, rank))
    return c.node("Reshape", [c.name(0), c.node("Concat", parts, axis=0)])


def _slice_1d(c, name: str, start: int, end: int) -> str:
    return c.node("Slice", [name, c.g.ints([start]), c.g.ints([end]), c.g.ints([0])])


@lowers("concat")
def _concat(c):
    rank = len(c.out_metas[0].shape)
    dtype = c.out_metas[0].dtype.np_dtype
    parts = [forms.cast(c, name, value.meta.dtype.np_dtype, dtype)
             for name, value in zip(c.names(0), c.op.inputs[0])]
    return c.node("Concat", parts, axis=int(c.attrs["axis"]) % rank)


@lowers("split")
def _split(c):
    rank = len(c.meta(0).shape)
    axis = int(c.attrs["axis"]) % rank
    sizes = [m.shape[axis] for m in c.out_metas]
    if any(s < 0 for s in sizes):
        c.fail("split exports only along a dim of known size")
    return forms.split(c, c.name(0), sizes, axis)


@lowers("stack")
def _stack(c):
    axis = int(c.attrs["axis"]) % len(c.out_metas[0].shape)
    return c.node("Concat", [forms.unsqueeze(c, n, [axis]) for n in c.names(0)], axis=axis)


@lowers("unstack")
def _unstack(c):
    axis = int(c.attrs["axis"]) % len(c.meta(0).shape)
    pieces = forms.split(c, c.name(0), [1] * len(c.out_metas), axis)
    return [forms.squeeze(c, p, [axis]) for p in pieces]


@lowers("getitem_basic")
def _getitem_basic(c):
    """x[ints, slices, None, ...]: one Slice, then a Squeeze of the int-indexed dims and an
    Unsqueeze for each None."""
    spec = _expand_ellipsis(c.attrs["spec"], len(c.meta(0).shape))
    starts, ends, axes, steps, dropped, added = [], [], [], [], [], []
    axis = out_axis = 0
    for item in spec:
        kind = item[0]
        if kind == "none":
            added.append(out_axis)
            out_axis += 1
            continue
        if kind == "int":
            start, end, step = item[1], item[1] + 1 if item[1] != -1 else INT64_MAX, 1
            dropped.append(axis)
        else:
            start, end, step = _slice_bounds(*item[1:])
            out_axis += 1
        if (start, end, step) != (0, INT64_MAX, 1):
            starts.append(start), ends.append(end), axes.append(axis), steps.append(step)
        axis += 1
    out = c.name(0)
    if axes:
        out = c.node("Slice", [out, c.g.ints(starts), c.g.ints(ends), c.g.ints(axes),
                               c.g.ints(steps)])
    if dropped:
        out = forms.squeeze(c, out, dropped)
    if added:
        out = forms.unsqueeze(c, out, added)
    return out if out != c.name(0) else c.node("Identity", [out])


def _expand_ellipsis(spec, rank: int) -> list:
    used = sum(1 for item in spec if item[0] in ("int", "slice"))
    full = ("slice", None, None, None)
    out = []
    for item in spec:
        out.extend([full] * (rank - used) if item[0] == "ellipsis" else [item])
    if not any(item[0] == "ellipsis" for item in spec):
        out.extend([full] * (rank - used))
    return out


def _slice_bounds(start, stop, step) -> tuple:
    step = 1 if step is None else int(step)
    if step > 0:
        return (0 if start is None else int(start)), \
            (INT64_MAX if stop is None else int(stop)), step
    return (INT64_MAX if start is None else int(start)), \
        (INT64_MIN if stop is None else int(stop)), step


@lowers("shape")
def _shape(c):
    """The shape of a tensor whose dims are all known is a constant."""
    dims = c.meta(0).shape
    if all(d >= 0 for d in dims):
        return np.asarray(dims, np.int64)
    return c.node("Shape", [c.name(0)])


@lowers("full")
def _full(c):
    """A filled tensor whose shape is known only at run time (a known one is folded)."""
    dtype = c.out_metas[0].dtype.np_dtype
    value = np.asarray([c.attrs["value"]], dtype)
    return c.node("ConstantOfShape", [_shape_tensor(c, "shape")],
                  value=_tensor_attr(value))


@lowers("full_like")
def _full_like(c):
    dims = c.meta(0).shape
    dtype = c.out_metas[0].dtype.np_dtype
    if all(d >= 0 for d in dims):
        return np.full(dims, c.attrs["value"], dtype)
    value = np.asarray([c.attrs["value"]], dtype)
    return c.node("ConstantOfShape", [c.node("Shape", [c.name(0)])],
                  value=_tensor_attr(value))


def _tensor_attr(array):
    return numpy_helper.from_array(array)


@lowers("arange")
def _arange(c):
    dtype = c.out_metas[0].dtype.np_dtype
    bounds = []
    for key in ("start", "end", "step"):
        value = c.int_array(key) if not isinstance(c.attrs[key], float) else [c.attrs[key]]
        bounds.append(c.g.scalar(value[0], dtype) if isinstance(value, list) else
                      forms.cast(c, forms.squeeze(c, value, [0]), np.int64, dtype))
    return c.node("Range", bounds)


REDUCTIONS = {"sum": "ReduceSum", "mean": "ReduceMean", "max": "ReduceMax",
              "min": "ReduceMin", "amax": "ReduceMax", "amin": "ReduceMin", "prod": "ReduceProd"}


@lowers(*REDUCTIONS)
def _reduce(c):
    rank = len(c.meta(0).shape)
    axis = c.attrs["axis"]
    axes = None if axis is None or axis == [] or axis == () else \
        [int(a) % max(rank, 1) for a in (axis if isinstance(axis, (list, tuple)) else [axis])]
    x = forms.cast(c, c.name(0), c.np_dtype(0), c.out_metas[0].dtype.np_dtype)
    return forms.reduce(c, REDUCTIONS[c.op.opdef.name], x, axes, c.attrs["keepdim"])


@lowers("triu", "tril")
def _trilu(c):
    if c.opset < 14:
        c.fail(f"{c.op.opdef.name} of a tensor known only at run time needs opset 14 (Trilu)")
    diagonal = c.g.constant(np.asarray(c.attrs["diagonal"], np.int64))
    return c.node("Trilu", [c.name(0), diagonal], upper=int(c.op.opdef.name == "triu"))
