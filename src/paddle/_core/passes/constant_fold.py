"""Constant folding: an op of the global block whose inputs are all constants is evaluated once,
at compile time, and replaced by a constant (reads inside control-flow blocks follow)."""
from __future__ import annotations

import numpy as np

from ..backend import xp
from ..ir.core import Operation
from .dce import has_side_effects


def constant_fold(program, outputs) -> None:
    block = program.global_block()
    constants: dict[int, np.ndarray] = {}
    rewritten = []
    replaced: dict[int, object] = {}
    for op in block.ops:
        if op.name == "builtin.constant":
            constants[id(op.outputs[0])] = op.attrs["value"]
            rewritten.append(op)
            continue
        op.rename_operands(replaced)
        foldable = (op.opdef is not None and not has_side_effects(op) and op.opdef.single_output
                    and all(v is not None and id(v) in constants for v in op.operands())
                    and not any(isinstance(v, list) for v in op.inputs))
        if not foldable:
            rewritten.append(op)
            continue
        args = [constants[id(v)] for v in op.inputs]
        attrs = [op.attrs[a] for a in op.opdef.attrs]
        value = np.asarray(op.opdef.kernel(xp, *args, *attrs))
        folded = Operation("builtin.constant", [], {"value": value}, [op.outputs[0].meta])
        folded.outputs[0].stop_gradient = op.outputs[0].stop_gradient
        folded.block = block
        constants[id(folded.outputs[0])] = value
        replaced[id(op.outputs[0])] = folded.outputs[0]
        rewritten.append(folded)
    block.ops[:] = rewritten
    for i, v in enumerate(outputs):
        if id(v) in replaced:
            outputs[i] = replaced[id(v)]
