"""squeeze_excitation_fuse_pass (Paddle's name for the same fusion on its XPU backend): a
squeeze-and-excitation block after the conv fusions,

    pool2d(x, global average) -> conv 1x1 + act1 -> conv 1x1 + act2 -> multiply(x, gate)

becomes one squeeze_excitation(x, ...) op. It fires only where each intermediate has no other
reader, the convs are plain pointwise ones (no residual, output scale or shift) and x is a
float32/float64 (N, C, H, W) value of known shape."""
from __future__ import annotations

import numpy as np

from ...ir.core import DIALECT
from ...ops.nn_pool import regular_form
from .conv_chain import CONVS, read_chain
from .graph import Graph

MULTIPLY, POOL = f"{DIALECT}.multiply", f"{DIALECT}.pool2d"
_FLOATS = (np.dtype("float32"), np.dtype("float64"))


def _pointwise(graph: Graph, value):
    """The conv chain making `value` when it is a plain 1x1 conv read only there."""
    op = graph.producer(value, CONVS)
    if op is None or graph.sole_reader(value) is None:
        return None
    chain = read_chain(op)
    geometry = chain.geometry
    if (tuple(chain.weight.shape[2:]) != (1, 1) or geometry["groups"] != 1
            or tuple(geometry["strides"]) != (1, 1) or tuple(geometry["dilations"]) != (1, 1)
            or any(any(p) for p in geometry["paddings"]) or chain.residual is not None
            or chain.scale != 1 or chain.shift != 0):
        return None
    return chain


def _is_global_average(graph: Graph, value, x) -> bool:
    """Whether `value` is the global average pooling of x, read only there."""
    op = graph.producer(value, (POOL,))
    if op is None or graph.sole_reader(value) is None or op.inputs[0] is not x:
        return False
    attrs = op.attrs
    sizes = tuple(x.shape[2:])
    kernel, _, paddings, adaptive = regular_form(sizes, tuple(attrs["kernel_size"]),
                                                 tuple(attrs["strides"]), attrs["paddings"],
                                                 attrs["adaptive"])
    return (attrs["pooling_type"] == "avg" and not adaptive and tuple(kernel) == sizes
            and not any(any(p) for p in paddings))


def _block(graph: Graph, multiply):
    """(x, squeeze chain, excite chain) when `multiply` ends a squeeze-and-excitation
    block, else None."""
    for x, gate in ((multiply.inputs[0], multiply.inputs[1]),
                    (multiply.inputs[1], multiply.inputs[0])):
        if (len(x.shape) != 4 or -1 in x.shape or x.dtype.np_dtype not in _FLOATS
                or tuple(multiply.outputs[0].shape) != tuple(x.shape)):
            continue
        excite = _pointwise(graph, gate)
        squeeze = None if excite is None else _pointwise(graph, excite.x)
        if squeeze is not None and _is_global_average(graph, squeeze.x, x) and \
                tuple(gate.shape) == tuple(x.shape[:2]) + (1, 1):
            return x, squeeze, excite
    return None


def squeeze_excitation_fuse(program, outputs) -> None:
    graph = Graph(program, outputs)
    for multiply in graph.ops(MULTIPLY):
        block = _block(graph, multiply)
        if block is None:
            continue
        x, squeeze, excite = block
        graph.rewrite(multiply, "squeeze_excitation",
                      [x, squeeze.weight, squeeze.bias, excite.weight, excite.bias],
                      {"squeeze_activation": squeeze.activation,
                       "squeeze_alpha": float(squeeze.alpha), "squeeze_beta": float(squeeze.beta),
                       "excite_activation": excite.activation,
                       "excite_alpha": float(excite.alpha), "excite_beta": float(excite.beta)})
        for op in (excite.op, squeeze.op, squeeze.x.op):
            graph.remove(op)
    graph.commit()
