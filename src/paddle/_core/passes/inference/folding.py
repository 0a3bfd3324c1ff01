"""constant_folding_pass: in an inference program parameters never change, so an op reading
only parameters and constants (a bias reshaped for broadcasting, a weight transposed) is
evaluated once, at compile time, and replaced by a constant. Programs are specialised to fixed
input shapes, so `shape` of a value whose dims are all known folds too (shape arithmetic then
folds with it)."""
from __future__ import annotations

import numpy as np

from ...backend import xp
from ...ir.core import DIALECT, Operation
from ..dce import has_side_effects

SHAPE = f"{DIALECT}.shape"


def _value_of(op, known: dict):
    """The array `op`'s single result always holds, or None."""
    if op.name == "builtin.constant":
        return np.asarray(op.attrs["value"])
    if op.name == SHAPE and -1 not in op.inputs[0].shape:
        return np.asarray(op.inputs[0].shape, dtype=op.outputs[0].dtype.np_dtype)
    foldable = (op.opdef is not None and op.opdef.single_output and not op.regions
                and not has_side_effects(op) and op.inputs
                and not any(isinstance(v, list) for v in op.inputs)
                and all(v is not None and id(v) in known for v in op.inputs))
    if not foldable:
        return None
    args = [known[id(v)] for v in op.inputs]
    value = np.asarray(op.opdef.kernel(xp, *args, *(op.attrs[a] for a in op.opdef.attrs)))
    return value.astype(op.outputs[0].dtype.np_dtype, copy=False)


def constant_folding(program, outputs) -> None:
    block = program.global_block()
    known: dict[int, np.ndarray] = {}
    for index, op in enumerate(block.ops):
        if op.name == "builtin.parameter":
            known[id(op.outputs[0])] = program.parameters[op.attrs["parameter_name"]]._data
            continue
        value = _value_of(op, known)
        if value is None:
            continue
        known[id(op.outputs[0])] = value
        if op.name != "builtin.constant":
            block.ops[index] = _constant_op(block, op, value)


def _constant_op(block, op, value: np.ndarray):
    """A constant op defining op's result Value itself, so its readers need no renaming."""
    folded = Operation("builtin.constant", [], {"value": value}, [])
    result = op.outputs[0]
    result.op, result.index = folded, 0
    folded.outputs = [result]
    folded.block = block
    return folded
