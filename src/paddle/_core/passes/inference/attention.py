"""self_attention_fuse_pass: multi-head self-attention on a packed q/k/v tensor x (B, S, 3, H,
D), as SVTR's blocks trace it,

    t = transpose(x, [2, 0, 3, 1, 4]);  q, k, v = squeeze(t[i:i + 1], [0]) for i = 0, 1, 2
    out = transpose(matmul(softmax(matmul(scale(q, alpha), transpose(k, [0, 1, 3, 2]))), v),
                    [0, 2, 1, 3])

becomes one self_dp_attention(x, alpha, head_number); q * alpha may also be a multiply by a
one-element constant. It fires only where every intermediate has that one reader, the scale
adds nothing (bias 0) and the softmax runs over the last axis."""
from __future__ import annotations

from ...ir.core import DIALECT
from .graph import Graph

TRANSPOSE, GETITEM, SQUEEZE, SCALE, MULTIPLY, MATMUL, SOFTMAX = (
    f"{DIALECT}.{n}" for n in ("transpose", "getitem_basic", "squeeze", "scale", "multiply",
                               "matmul", "softmax"))
_EVERYTHING = ("slice", None, None, None)


def _only(graph: Graph, value, name: str, **attrs):
    """The op making `value` when it is `name` with `attrs` and `value` has no other reader."""
    op = graph.producer(value, (name,))
    if op is None or graph.sole_reader(value) is None:
        return None
    return op if all(_same(op.attrs[key], want) for key, want in attrs.items()) else None


def _same(attr, want) -> bool:
    return list(attr) == list(want) if isinstance(want, (list, tuple)) else attr == want


def _part(graph: Graph, value, packed):
    """Which of q, k, v (0, 1, 2) `value` is: squeeze(packed[i:i + 1], [0]), else None."""
    squeeze = _only(graph, value, SQUEEZE, axis=[0])
    pick = squeeze and _only(graph, squeeze.inputs[0], GETITEM)
    if pick is None or pick.inputs[0] is not packed:
        return None
    spec = pick.attrs["spec"]
    first = spec[0]
    if first[0] != "slice" or first[3] not in (None, 1) or first[1] is None or \
            first[2] != first[1] + 1 or any(tuple(s) != _EVERYTHING for s in spec[1:]):
        return None
    return first[1], pick, squeeze


def _match(graph: Graph, last):
    """(x, alpha, ops to remove) when `last` (a transpose) ends the attention chain."""
    attend = _only(graph, last.inputs[0], MATMUL, transpose_x=False, transpose_y=False)
    probs = attend and _only(graph, attend.inputs[0], SOFTMAX)
    scores = probs and _only(graph, probs.inputs[0], MATMUL, transpose_x=False,
                             transpose_y=False)
    if scores is None or probs.attrs["axis"] not in (-1, 3):
        return None
    scale, alpha = _scaling(graph, scores.inputs[0])
    keys = _only(graph, scores.inputs[1], TRANSPOSE, perm=[0, 1, 3, 2])
    if scale is None or keys is None:
        return None
    packed_op = graph.producer(scale.inputs[0], (SQUEEZE,))
    packed_op = packed_op and graph.producer(packed_op.inputs[0], (GETITEM,))
    packed = packed_op and packed_op.inputs[0]
    shuffle = packed and _transpose_of_packed(graph, packed)
    if shuffle is None:
        return None
    parts = [_part(graph, v, packed) for v in (scale.inputs[0], keys.inputs[0],
                                                attend.inputs[1])]
    if any(p is None for p in parts) or [p[0] for p in parts] != [0, 1, 2]:
        return None
    removed = [shuffle, scale, keys, scores, probs, attend]
    removed += [op for _, pick, squeeze in parts for op in (pick, squeeze)]
    return shuffle.inputs[0], alpha, removed


def _scaling(graph: Graph, value):
    """(op, alpha) when `value` is q * alpha: scale(q, alpha) with no bias, or q times a
    one-element constant (q its first operand); else (None, None)."""
    scale = _only(graph, value, SCALE, bias=0.0)
    if scale is not None:
        return scale, float(scale.attrs["scale"])
    multiply = _only(graph, value, MULTIPLY)
    factor = multiply and graph.constant(multiply.inputs[1])
    if factor is None or factor.size != 1:
        return None, None
    return multiply, float(factor.reshape(()))


def _transpose_of_packed(graph: Graph, packed):
    """The transpose(x, [2, 0, 3, 1, 4]) making `packed`, read by exactly three ops."""
    op = graph.producer(packed, (TRANSPOSE,))
    if op is None or list(op.attrs["perm"]) != [2, 0, 3, 1, 4] or len(graph.readers(packed)) \
            != 3 or any(v is packed for v in graph.outputs):
        return None
    x = op.inputs[0]
    return op if len(x.shape) == 5 and x.shape[2] == 3 and x.shape[3] != -1 else None


def self_attention_fuse(program, outputs) -> None:
    graph = Graph(program, outputs)
    for last in graph.ops(TRANSPOSE):
        if list(last.attrs["perm"]) != [0, 2, 1, 3]:
            continue
        match = _match(graph, last)
        if match is None:
            continue
        x, alpha, removed = match
        graph.rewrite(last, "self_dp_attention", [x],
                      {"alpha": alpha, "head_number": int(x.shape[3])})
        for op in removed:
            graph.remove(op)
    graph.commit()
