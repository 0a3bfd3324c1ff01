"""Passes that remove ops an inference program does not need:

    simplify_with_basic_ops_pass  dropout in inference mode (the identity for upscale_in_train,
                                  a scale by 1 - p for downscale_in_infer), scale by 1 with no
                                  bias, and reshape/cast to what the value already is (assign
                                  records no op when a program is traced)
    is_test_pass                  ops with an is_test attribute (batch_norm, dropout, ...) run
                                  in inference mode"""
from __future__ import annotations

from ...ir.core import DIALECT
from .graph import Graph, only_first_result_read

DROPOUT, SCALE, RESHAPE, CAST = (f"{DIALECT}.{n}" for n in ("dropout", "scale", "reshape",
                                                            "cast"))


def _identity_source(op):
    """The input an op passes through unchanged, else None."""
    if op.name == DROPOUT and op.attrs["is_test"] and op.attrs["mode"] == "upscale_in_train":
        return op.inputs[0]
    if op.name == SCALE and op.attrs["scale"] == 1 and op.attrs["bias"] == 0:
        return op.inputs[0]
    source = op.inputs[0] if op.inputs else None
    same_meta = source is not None and not isinstance(source, list) and \
        tuple(source.shape) == tuple(op.outputs[0].shape) and source.dtype is op.outputs[0].dtype
    if op.name in (RESHAPE, CAST) and same_meta:
        return source
    return None


def simplify_with_basic_ops(program, outputs) -> None:
    graph = Graph(program, outputs)
    for op in graph.ops(DROPOUT, SCALE, RESHAPE, CAST):
        if not only_first_result_read(graph, op):
            continue
        source = _identity_source(op)
        if source is not None:
            graph.replace_uses(op.outputs[0], source)
            graph.remove(op)
        elif op.name == DROPOUT and op.attrs["is_test"]:  # downscale_in_infer
            graph.rewrite(op, "scale", [op.inputs[0]], {
                "scale": 1.0 - float(op.attrs["p"]), "bias": 0.0, "bias_after_scale": True})
    graph.commit()


def is_test(program, outputs) -> None:
    for op in program.all_ops():
        if "is_test" in op.attrs:
            op.attrs["is_test"] = True
