"""memory_optimize_pass (`Config.enable_memory_optim`): besides freeing every intermediate at
its last use (passes/memory.release_dead_values, always done), an elementwise add / subtract /
multiply writes its result into an operand's buffer when nothing else can see that buffer: the
operand is read by this op alone, is not fetched, has the result's shape and dtype, and was
made by an op whose kernel returns a fresh array (so no other value views its memory). The
program then carries the in-place kernels in `kernel_overrides` ({id(op): kernel}), which the
interpreter runs instead of the registry's."""
from __future__ import annotations

import functools

import numpy as np

from ...ir.core import DIALECT
from .graph import Graph

_UFUNCS = {f"{DIALECT}.add": np.add, f"{DIALECT}.subtract": np.subtract,
           f"{DIALECT}.multiply": np.multiply}
# ops whose kernels always return a newly allocated array
_FRESH = frozenset(f"{DIALECT}.{name}" for name in (
    "fused_conv2d", "fused_conv2d_transpose", "conv2d", "fc", "add", "subtract", "multiply",
    "concat", "resample_axis", "squeeze_excitation", "fused_batch_norm_act"))
_FLOATS = (np.dtype("float32"), np.dtype("float64"))


def _binary_into(ufunc, operand: int, xp, x, y):
    """ufunc(x, y) written into x (operand 0) or y (operand 1)."""
    return ufunc(x, y, out=(x, y)[operand])


def _reusable(graph: Graph, op, value, other) -> bool:
    result = op.outputs[0]
    return (value is not other and graph.sole_reader(value) is op
            and graph.producer(value, _FRESH) is not None
            and value.dtype.np_dtype in _FLOATS and other.dtype is value.dtype
            and result.dtype is value.dtype and -1 not in value.shape
            and tuple(result.shape) == tuple(value.shape))


def memory_optimize(program, outputs) -> None:
    graph = Graph(program, outputs)
    overrides = {}
    for op in graph.ops(*_UFUNCS):
        for operand in (0, 1):
            if _reusable(graph, op, op.inputs[operand], op.inputs[1 - operand]):
                overrides[id(op)] = functools.partial(_binary_into, _UFUNCS[op.name], operand)
                break
    program.kernel_overrides = overrides
