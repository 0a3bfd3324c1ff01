"""Passes that move what follows a convolution into its epilogue, applied in place on the
product's result:

    conv_elementwise_add_onednn_fuse_pass   conv -> add(other tensor of the same shape)
                                            (a residual connection)
    conv_activation_onednn_fuse_pass        conv (or conv2d_transpose) -> activation
    operator_scale_onednn_fuse_pass         conv -> scale, or multiply / add by one constant
                                            value (the scale-and-shift after an activation)

Each fires only where the conv's result has no other reader, so nothing else saw the value
before the fused part was applied."""
from __future__ import annotations

import numpy as np

from ...ir.core import DIALECT
from ...ops.nn_activation import attr32
from .conv_chain import ACTIVATION, CONVS, OUTPUT_SCALE, RESIDUAL, chain_before, write_chain
from .graph import Graph

ADD, MULTIPLY, SCALE = (f"{DIALECT}.{n}" for n in ("add", "multiply", "scale"))

# activation op -> (fused activation name, its (alpha, beta) from the op's attributes)
ACTIVATION_OPS = {
    f"{DIALECT}.relu": ("relu", lambda attrs: (0.0, 0.0)),
    f"{DIALECT}.relu6": ("relu6", lambda attrs: (6.0, 0.0)),
    f"{DIALECT}.leaky_relu": ("leaky_relu", lambda attrs: (attrs["negative_slope"], 0.0)),
    f"{DIALECT}.hardswish": ("hardswish", lambda attrs: (0.0, 0.0)),
    f"{DIALECT}.hardsigmoid": ("hardsigmoid",
                               lambda attrs: (attr32(attrs["slope"]), attr32(attrs["offset"]))),
    f"{DIALECT}.sigmoid": ("sigmoid", lambda attrs: (0.0, 0.0)),
    f"{DIALECT}.silu": ("swish", lambda attrs: (0.0, 0.0)),
    f"{DIALECT}.tanh": ("tanh", lambda attrs: (0.0, 0.0)),
}


def conv_elementwise_add_fuse(program, outputs) -> None:
    graph = Graph(program, outputs)
    for add in graph.ops(ADD):
        candidates = []
        for mine, other in ((add.inputs[0], add.inputs[1]), (add.inputs[1], add.inputs[0])):
            chain = chain_before(graph, mine, RESIDUAL)
            if (chain is not None and chain.op.name in CONVS and graph.constant(other) is None
                    and tuple(other.shape) == tuple(mine.shape) == tuple(add.outputs[0].shape)
                    and other.dtype is mine.dtype):
                candidates.append((graph.block.ops.index(chain.op), chain, other))
        if candidates:  # both convs qualify: fuse the later one (its inputs are freshest)
            _, chain, residual = max(candidates, key=lambda c: c[0])
            chain.residual = residual
            write_chain(graph, chain, add)
    graph.commit()


def conv_activation_fuse(program, outputs) -> None:
    graph = Graph(program, outputs)
    for op in graph.ops(*ACTIVATION_OPS):
        chain = chain_before(graph, op.inputs[0], ACTIVATION)
        if chain is None:
            continue
        name, attrs_of = ACTIVATION_OPS[op.name]
        chain.activation = name
        chain.alpha, chain.beta = attrs_of(op.attrs)
        write_chain(graph, chain, op)
    graph.commit()


def _scalar(graph: Graph, value):
    constant = graph.constant(value)
    return None if constant is None or constant.size != 1 else float(constant.reshape(()))


def _output_affine(graph: Graph, op):
    """(conv result operand, multiplier, addend) when `op` maps its conv operand x to
    x * multiplier + addend with constant numbers, else None."""
    if op.name == SCALE:
        s, b = float(op.attrs["scale"]), float(op.attrs["bias"])
        return op.inputs[0], s, (b if op.attrs["bias_after_scale"] else b * s)
    for mine, other in ((op.inputs[0], op.inputs[1]), (op.inputs[1], op.inputs[0])):
        number = _scalar(graph, other)
        if number is not None and tuple(mine.shape) == tuple(op.outputs[0].shape):
            return (mine, number, 0.0) if op.name == MULTIPLY else (mine, 1.0, number)
    return None


def operator_scale_fuse(program, outputs) -> None:
    graph = Graph(program, outputs)
    for op in graph.ops(ADD, MULTIPLY, SCALE):
        affine = _output_affine(graph, op)
        if affine is None:
            continue
        value, multiplier, addend = affine
        chain = chain_before(graph, value, OUTPUT_SCALE)
        if chain is None or chain.op.name not in CONVS or value.dtype.np_dtype.kind != "f":
            continue
        chain.scale = float(np.float64(chain.scale) * multiplier)
        chain.shift = float(np.float64(chain.shift) * multiplier + addend)
        write_chain(graph, chain, op)
    graph.commit()
