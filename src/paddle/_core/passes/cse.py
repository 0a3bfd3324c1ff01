"""Common-subexpression elimination: an op of the global block equal to an earlier one (same
op, inputs and attributes) is replaced by the earlier one's results. Control-flow ops are never
merged, but reads inside their blocks follow the renaming."""
from __future__ import annotations

import numpy as np

from .dce import has_side_effects


def _key(op, rename):
    inputs = tuple(tuple(id(rename.get(id(x), x)) for x in v) if isinstance(v, list)
                   else (None if v is None else id(rename.get(id(v), v))) for v in op.inputs)
    try:
        attrs = tuple(sorted((k, _hashable(v)) for k, v in op.attrs.items()))
        hash(attrs)
    except TypeError:
        return None
    return (op.name, inputs, attrs)


def _hashable(value):
    if isinstance(value, np.ndarray):
        return ("array", value.dtype.str, value.shape, value.tobytes())
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    return value


def cse(program, outputs) -> None:
    block = program.global_block()
    seen: dict = {}
    rename: dict = {}
    kept = []
    for op in block.ops:
        op.rename_operands(rename)
        key = None if has_side_effects(op) or op.name == "pd_op.data" or op.regions \
            else _key(op, rename)
        if key is not None and key in seen:
            for old, new in zip(op.outputs, seen[key].outputs):
                rename[id(old)] = new
            continue
        if key is not None:
            seen[key] = op
        kept.append(op)
    block.ops[:] = kept
    for i, v in enumerate(outputs):
        if id(v) in rename:
            outputs[i] = rename[id(v)]
