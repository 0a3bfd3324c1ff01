"""ONNX nodes whose form changed between opsets 11 and 20, written once for every rule.

Axes moved from attributes to inputs (Squeeze, Unsqueeze, ReduceSum, Split at 13; the other
reductions at 18), and Softmax stopped flattening its input to 2-D at 13. Rules call these helpers and never test the opset themselves for these nodes."""
from __future__ import annotations

import numpy as np

from .graph import tensor_type

# opset from which a reduction takes its axes as an input instead of an attribute
AXES_INPUT_FROM = {"ReduceSum": 13}
AXES_INPUT_LATE = 18  # ReduceMean, ReduceMax, ReduceMin, ReduceProd, ReduceL2, …


def cast(c, name: str, source, target) -> str:
    """`name` (of dtype `source`) as `target`: the same name when they agree."""
    if np.dtype(source) == np.dtype(target):
        return name
    return c.node("Cast", [name], to=tensor_type(target))


def squeeze(c, name: str, axes: list) -> str:
    if c.opset >= 13:
        return c.node("Squeeze", [name, c.g.ints(axes)])
    return c.node("Squeeze", [name], axes=list(axes))


def unsqueeze(c, name: str, axes: list) -> str:
    if c.opset >= 13:
        return c.node("Unsqueeze", [name, c.g.ints(axes)])
    return c.node("Unsqueeze", [name], axes=list(axes))


def reduce(c, op_type: str, name: str, axes, keepdims: bool) -> str:
    """Reduction `op_type` over `axes` (None: every axis)."""
    keep = int(bool(keepdims))
    if axes is None:
        return c.node(op_type, [name], keepdims=keep)
    if c.opset >= AXES_INPUT_FROM.get(op_type, AXES_INPUT_LATE):
        return c.node(op_type, [name, c.g.ints(axes)], keepdims=keep)
    return c.node(op_type, [name], axes=list(axes), keepdims=keep)


def split(c, name: str, sizes: list, axis: int) -> list:
    """`name` cut along `axis` into pieces of `sizes` (known ints)."""
    if len(sizes) == 1:
        return [c.node("Identity", [name])]
    if c.opset >= 13:
        return c.node("Split", [name, c.g.ints(sizes)], len(sizes), axis=axis)
    return c.node("Split", [name], len(sizes), axis=axis, split=list(sizes))


def softmax(c, op_type: str, name: str, axis: int, rank: int) -> str:
    """Softmax / LogSoftmax along `axis`; before opset 13 those flatten everything from the
    axis on, so an inner axis is moved last and back."""
    axis = axis % rank if rank else 0
    if c.opset >= 13 or axis == rank - 1:
        return c.node(op_type, [name], axis=axis)
    perm = list(range(rank))
    perm[axis], perm[-1] = perm[-1], perm[axis]
    moved = c.node("Transpose", [name], perm=perm)
    return c.node("Transpose", [c.node(op_type, [moved], axis=rank - 1)], perm=perm)


def operand(c, index: int, np_dtype) -> str:
    """Input `index` as `np_dtype`: a known input is converted while exporting, another gets a
    Cast node (ONNX's elementwise nodes want equal types; Feijiang's ops promote inside)."""
    known = c.const(index)
    if known is not None and known.dtype != np.dtype(np_dtype):
        return c.g.constant(known.astype(np_dtype, copy=False))
    return cast(c, c.name(index), c.np_dtype(index), np_dtype)
