"""A convolution and the epilogue fused into it so far, read from and written back to the IR.

Plain convs (conv2d, conv2d_transpose) and fused ones (fused_conv2d, fused_conv2d_transpose)
look the same here: input, weight, optional bias and residual, the geometry attributes and the
epilogue (activation, alpha, beta, scale, shift). An epilogue grows in a fixed order, each part
applied after the ones before it:

    stage 0  bias (and weights rescaled per output channel)
    stage 1  residual add                 (fused_conv2d only)
    stage 2  activation
    stage 3  output scale and shift

so a part can join a conv only while the conv has no part of a later stage."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ...ir.core import DIALECT

CONV = f"{DIALECT}.conv2d"
FUSED_CONV = f"{DIALECT}.fused_conv2d"
CONV_TRANSPOSE = f"{DIALECT}.conv2d_transpose"
FUSED_CONV_TRANSPOSE = f"{DIALECT}.fused_conv2d_transpose"
CONVS = (CONV, FUSED_CONV)
CONV_TRANSPOSES = (CONV_TRANSPOSE, FUSED_CONV_TRANSPOSE)

BIAS, RESIDUAL, ACTIVATION, OUTPUT_SCALE = range(4)
_GEOMETRY = {False: ("strides", "paddings", "dilations", "groups"),
             True: ("strides", "paddings", "output_size", "dilations", "groups")}


@dataclass
class ConvChain:
    op: object
    transposed: bool
    x: object
    weight: object
    bias: object = None
    residual: object = None
    geometry: dict = field(default_factory=dict)
    activation: str = ""
    alpha: float = 0.0
    beta: float = 0.0
    scale: float = 1.0
    shift: float = 0.0

    @property
    def stage(self) -> int:
        if self.scale != 1 or self.shift != 0:
            return OUTPUT_SCALE
        if self.activation:
            return ACTIVATION
        return RESIDUAL if self.residual is not None else BIAS

    def accepts(self, stage: int) -> bool:
        """Whether an epilogue part of `stage` may still join."""
        if stage == OUTPUT_SCALE:
            return True
        if stage == RESIDUAL and self.transposed:
            return False
        return self.stage < stage or self.stage == stage == BIAS

    def output_channels(self, weight: np.ndarray) -> int:
        if self.transposed:
            return weight.shape[1] * self.geometry["groups"]
        return weight.shape[0]


def read_chain(op) -> ConvChain:
    transposed = op.name in CONV_TRANSPOSES
    chain = ConvChain(op, transposed, op.inputs[0], op.inputs[1],
                      geometry={k: op.attrs[k] for k in _GEOMETRY[transposed]})
    if op.name in (FUSED_CONV, FUSED_CONV_TRANSPOSE):
        chain.bias = op.inputs[2]
        chain.residual = op.inputs[3] if not transposed else None
        chain.activation, chain.alpha, chain.beta = (op.attrs["activation"], op.attrs["alpha"],
                                                     op.attrs["beta"])
        if not transposed:
            chain.scale, chain.shift = op.attrs["scale"], op.attrs["shift"]
    return chain


def chain_before(graph, value, stage: int):
    """The conv chain producing `value`, when `value` has no other reader and a part of
    `stage` may join it; else None."""
    op = graph.producer(value, CONVS + CONV_TRANSPOSES)
    if op is None or graph.sole_reader(value) is None:
        return None
    chain = read_chain(op)
    return chain if chain.accepts(stage) else None


def write_chain(graph, chain: ConvChain, target) -> None:
    """Make `target` (the chain's conv or the last op fused into it) the fused conv; the
    conv op goes when it is not the target."""
    epilogue = {"activation": chain.activation, "alpha": float(chain.alpha),
                "beta": float(chain.beta)}
    if chain.transposed:
        name, inputs = "fused_conv2d_transpose", [chain.x, chain.weight, chain.bias]
    else:
        name = "fused_conv2d"
        inputs = [chain.x, chain.weight, chain.bias, chain.residual]
        epilogue.update(scale=float(chain.scale), shift=float(chain.shift))
    graph.rewrite(target, name, inputs, {**chain.geometry, **epilogue})
    if target is not chain.op:
        graph.remove(chain.op)


def per_channel(array: np.ndarray, out_ndim: int, channels: int):
    """`array` as one value per output channel when it broadcasts against a (N, C, ...)
    result along the channel axis only (or is a single value), else None."""
    if array.size == 1:
        return np.full(channels, array.reshape(()), array.dtype)
    if array.ndim > out_ndim:
        return None
    shape = (1,) * (out_ndim - array.ndim) + tuple(array.shape)
    if shape[1] == channels and all(d == 1 for i, d in enumerate(shape) if i != 1):
        return array.reshape(channels)
    return None


def scaled_weight(chain: ConvChain, weight: np.ndarray, scale: np.ndarray) -> np.ndarray:
    """The weight with output channel c multiplied by scale[c] (computed in float64, kept in
    the weight's dtype)."""
    wide = weight.astype(np.float64)
    if chain.transposed:
        groups = chain.geometry["groups"]
        shape = (groups, weight.shape[0] // groups, weight.shape[1]) + weight.shape[2:]
        grouped = wide.reshape(shape) * scale.reshape(
            (groups, 1, weight.shape[1]) + (1,) * (weight.ndim - 2))
        return grouped.reshape(weight.shape).astype(weight.dtype)
    return (wide * scale.reshape((-1,) + (1,) * (weight.ndim - 1))).astype(weight.dtype)
