"""Passes that fold per-channel affine maps after a convolution into its weights and bias:

    conv_bn_fuse_pass                        conv -> batch_norm (inference statistics)
    conv_eltwiseadd_bn_fuse_pass             conv -> add(bias) -> batch_norm
    conv_transpose_bn_fuse_pass              conv2d_transpose -> batch_norm
    conv_transpose_eltwiseadd_bn_fuse_pass   conv2d_transpose -> add(bias) -> batch_norm
    conv_affine_channel_onednn_fuse_pass     conv [-> add(bias)] -> multiply by a constant per
                                             channel (PP-LCNet's learnable affine blocks, a
                                             scale layer; the shift after it is a bias add)
    conv_bias_onednn_fuse_pass               conv -> add / subtract a constant per channel
    conv_transpose_bias_onednn_fuse_pass     conv2d_transpose -> add / subtract (bias)

batch_norm(y) = (y - mean) / sqrt(var + eps) * gamma + beta is y * s + t per channel, so the
weights of output channel c become W[c] * s[c] and the bias b * s + t (computed in float64,
stored in the weights' dtype). Every fold leaves a fused conv carrying the bias."""
from __future__ import annotations

import numpy as np

from ...ir.core import DIALECT
from .conv_chain import (
    BIAS,
    CONV_TRANSPOSES,
    CONVS,
    chain_before,
    per_channel,
    read_chain,
    scaled_weight,
    write_chain,
)
from .graph import Graph, only_first_result_read

ADD, SUBTRACT, MULTIPLY = (f"{DIALECT}.{n}" for n in ("add", "subtract", "multiply"))
BATCH_NORM = f"{DIALECT}.batch_norm"


def _fold(graph: Graph, chain, target, scale=None, shift=None) -> bool:
    """Fold out * scale + shift (per-channel float64 vectors) into the chain, making
    `target` the fused conv. False (nothing changed) when the weights are not constants."""
    weight = graph.constant(chain.weight)
    bias = graph.constant(chain.bias) if chain.bias is not None else None
    if weight is None or (chain.bias is not None and bias is None):
        return False
    channels = chain.output_channels(weight)
    new_bias = np.zeros(channels) if bias is None else bias.astype(np.float64).reshape(-1)
    if scale is not None:
        chain.weight = graph.new_constant(scaled_weight(chain, weight, scale), chain.op)
        new_bias = new_bias * scale
    if shift is not None:
        new_bias = new_bias + shift
    chain.bias = graph.new_constant(new_bias.astype(weight.dtype), chain.op)
    write_chain(graph, chain, target)
    return True


def _constant_operand(graph: Graph, op, chain_names, through_bias_add: bool = False):
    """(chain, per-channel float64 values, whether the conv is the first operand) when one
    operand of the binary `op` is a conv chain that accepts a bias-stage part (or, with
    `through_bias_add`, such a chain plus a constant bias add, which is then folded) and the
    other a per-channel constant; else three Nones."""
    for mine, other in ((op.inputs[0], op.inputs[1]), (op.inputs[1], op.inputs[0])):
        constant = graph.constant(other)
        if constant is None or tuple(op.outputs[0].shape) != tuple(mine.shape) or \
                len(mine.shape) < 2:
            continue
        values = per_channel(constant, len(mine.shape), mine.shape[1])
        if values is None:
            continue
        chain = _chain_of(graph, mine, chain_names, through_bias_add)
        if chain is not None:
            return chain, values.astype(np.float64), mine is op.inputs[0]
    return None, None, None


def _chain_of(graph: Graph, value, chain_names, through_bias_add: bool):
    """The conv chain computing `value` with constant weights, or with `through_bias_add` the
    one computing value = conv + constant bias (folding that add first); else None."""
    chain = chain_before(graph, value, BIAS)
    if chain is not None:
        ok = chain.op.name in chain_names and graph.constant(chain.weight) is not None
        return chain if ok else None
    add = graph.producer(value, (ADD,))
    if not through_bias_add or add is None or graph.sole_reader(value) is None:
        return None
    inner, values, _ = _constant_operand(graph, add, chain_names)
    if inner is None or not _fold(graph, inner, add, shift=values):
        return None
    return read_chain(add)


def _fold_elementwise(program, outputs, kinds, chain_names, through_bias_add=False) -> None:
    graph = Graph(program, outputs)
    for op in graph.ops(*kinds):
        chain, values, conv_first = _constant_operand(graph, op, chain_names, through_bias_add)
        if chain is None:
            continue
        if op.name == MULTIPLY:
            _fold(graph, chain, op, scale=values)
        elif op.name == ADD:
            _fold(graph, chain, op, shift=values)
        elif conv_first:  # conv - c; c - conv is left alone
            _fold(graph, chain, op, shift=-values)
    graph.commit()


def conv_affine_channel_fuse(program, outputs) -> None:
    _fold_elementwise(program, outputs, (MULTIPLY,), CONVS + CONV_TRANSPOSES,
                      through_bias_add=True)


def conv_bias_fuse(program, outputs) -> None:
    _fold_elementwise(program, outputs, (ADD, SUBTRACT), CONVS)


def conv_transpose_bias_fuse(program, outputs) -> None:
    _fold_elementwise(program, outputs, (ADD, SUBTRACT), CONV_TRANSPOSES)


def _batch_norm_affine(graph: Graph, bn):
    """(scale, shift) per channel of an inference-mode NCHW batch_norm with constant
    statistics and parameters, else None."""
    attrs = bn.attrs
    if not (attrs["is_test"] or attrs["use_global_stats"]) or attrs["data_format"] != "NCHW":
        return None
    if not only_first_result_read(graph, bn):
        return None
    mean, variance, gamma, beta = (graph.constant(v) for v in bn.inputs[1:5])
    if any(a is None for a in (mean, variance, gamma, beta)):
        return None
    inv_std = 1.0 / np.sqrt(variance.astype(np.float64) + np.float32(attrs["epsilon"]))
    scale = gamma.astype(np.float64) * inv_std
    return scale, beta.astype(np.float64) - mean.astype(np.float64) * scale


def _fold_batch_norms(program, outputs, chain_names, through_bias_add: bool) -> None:
    """conv -> batch_norm, or with `through_bias_add` conv -> add(bias) -> batch_norm (a
    fused conv that already carries a bias counts as the latter)."""
    graph = Graph(program, outputs)
    for bn in graph.ops(BATCH_NORM):
        affine = _batch_norm_affine(graph, bn)
        if affine is None:
            continue
        chain = _chain_of(graph, bn.inputs[0], chain_names, through_bias_add)
        if chain is not None and (chain.bias is not None) == through_bias_add:
            _fold(graph, chain, bn, *affine)
    graph.commit()


def conv_bn_fuse(program, outputs) -> None:
    _fold_batch_norms(program, outputs, CONVS, through_bias_add=False)


def conv_eltwiseadd_bn_fuse(program, outputs) -> None:
    _fold_batch_norms(program, outputs, CONVS, through_bias_add=True)


def conv_transpose_bn_fuse(program, outputs) -> None:
    _fold_batch_norms(program, outputs, CONV_TRANSPOSES, through_bias_add=False)


def conv_transpose_eltwiseadd_bn_fuse(program, outputs) -> None:
    _fold_batch_norms(program, outputs, CONV_TRANSPOSES, through_bias_add=True)
