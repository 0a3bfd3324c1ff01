"""Fully connected layers for inference:

    fc_fuse_pass             matmul(x, W) -> add(bias)  becomes  fc(x, W, bias)
    fc_act_onednn_fuse_pass  fc -> activation           becomes  fc(..., activation_type)

W must be a constant 2-D matrix (not transposed) and the bias a constant that broadcasts along
the last axis only; fc then flattens x's leading dims into rows (in_num_col_dims = rank - 1)
for one product."""
from __future__ import annotations

from ...ir.core import DIALECT
from .graph import Graph

MATMUL, ADD, FC = (f"{DIALECT}.{n}" for n in ("matmul", "add", "fc"))

# activation op -> fc's activation_type (those without attributes)
FC_ACTIVATIONS = {f"{DIALECT}.{op}": act for op, act in (
    ("relu", "relu"), ("sigmoid", "sigmoid"), ("tanh", "tanh"), ("hardswish", "hardswish"),
    ("silu", "swish"))}


def _matmul_with_bias(graph: Graph, add):
    """(matmul op, bias value) when `add` adds a constant row bias to a weight product."""
    for mine, other in ((add.inputs[0], add.inputs[1]), (add.inputs[1], add.inputs[0])):
        matmul = graph.producer(mine, (MATMUL,))
        if matmul is None or graph.sole_reader(mine) is None:
            continue
        if matmul.attrs["transpose_x"] or matmul.attrs["transpose_y"]:
            continue
        weight, bias = graph.constant(matmul.inputs[1]), graph.constant(other)
        if weight is None or weight.ndim != 2 or bias is None or len(mine.shape) < 2:
            continue
        columns = weight.shape[1]
        if bias.size == columns and bias.shape[-1:] == (columns,) and \
                tuple(add.outputs[0].shape) == tuple(mine.shape):
            return matmul, other
    return None, None


def fc_fuse(program, outputs) -> None:
    graph = Graph(program, outputs)
    for add in graph.ops(ADD):
        matmul, bias = _matmul_with_bias(graph, add)
        if matmul is None:
            continue
        x, weight = matmul.inputs
        graph.rewrite(add, "fc", [x, weight, bias], {"in_num_col_dims": len(x.shape) - 1,
                                                     "activation_type": ""})
        graph.remove(matmul)
    graph.commit()


def fc_act_fuse(program, outputs) -> None:
    graph = Graph(program, outputs)
    for op in graph.ops(*FC_ACTIVATIONS):
        fc = graph.producer(op.inputs[0], (FC,))
        if fc is None or fc.attrs["activation_type"] or graph.sole_reader(op.inputs[0]) is None:
            continue
        graph.rewrite(op, "fc", list(fc.inputs), {**fc.attrs,
                                                  "activation_type": FC_ACTIVATIONS[op.name]})
        graph.remove(fc)
    graph.commit()
