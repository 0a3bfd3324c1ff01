"""batch_norm_act_fuse_pass: an inference batch_norm (running statistics, channel axis 1)
whose output only a relu reads, its statistics outputs unread, becomes one
fused_batch_norm_act(x, scale, bias, mean, variance, ..., act_type="relu"), rewritten in the
relu's place."""
from __future__ import annotations

from ...ir.core import DIALECT
from ...ops.nn_batch_norm import uses_batch_stats
from .graph import Graph, only_first_result_read

BATCH_NORM, RELU = f"{DIALECT}.batch_norm", f"{DIALECT}.relu"


def _inference_batch_norm(graph: Graph, value):
    op = graph.producer(value, (BATCH_NORM,))
    if op is None or graph.sole_reader(value) is None or not only_first_result_read(graph, op):
        return None
    attrs = op.attrs
    if uses_batch_stats(attrs["is_test"], attrs["use_global_stats"],
                        attrs["trainable_statistics"]) or attrs["data_format"] == "NHWC":
        return None
    return op


def batch_norm_act_fuse(program, outputs) -> None:
    graph = Graph(program, outputs)
    for relu in graph.ops(RELU):
        norm = _inference_batch_norm(graph, relu.inputs[0])
        if norm is None:
            continue
        x, mean, variance, scale, bias = norm.inputs
        graph.rewrite(relu, "fused_batch_norm_act", [x, scale, bias, mean, variance],
                      {"momentum": norm.attrs["momentum"], "epsilon": norm.attrs["epsilon"],
                       "act_type": "relu"})
        graph.remove(norm)
    graph.commit()
