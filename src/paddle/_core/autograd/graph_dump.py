"""`dump_backward_graph_path`: write the backward graph about to run as a Graphviz .dot file.

As in Paddle, the file is `<directory>/<timestamp>_backward_graph.dot`; each recorded op is a
`<Op>GradNode` box, each leaf that accumulates a gradient a `GradNodeAccumulation` box, and each
edge carries the place, dtype and shape of the gradient flowing along it."""
from __future__ import annotations

import datetime
import os

from .. import dtype as _dt
from ..tensor import Tensor

_NODE_STYLE = ('style="rounded,filled,bold" shape="box" color="#999999" fontcolor="#ffffff" '
               'width="1.3" height="0.84" fontname="Arial"')
_LEAF_STYLE = ('shape="box" style="rounded,filled,bold" fontname="Arial" color="#148b97" '
               'fontcolor="#ffffff"')


def dump_backward_graph(roots, directory: str) -> str:
    """Write the graph reachable from `roots` (tensors) under `directory`; returns the path."""
    os.makedirs(directory, exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y-%m-%d_%H:%M:%S.%f")
    path = os.path.join(directory, f"{stamp}_backward_graph.dot")
    with open(path, "w", encoding="utf-8") as f:
        f.write(backward_graph_dot(roots))
    return path


def backward_graph_dot(roots) -> str:
    roots = [roots] if isinstance(roots, Tensor) else list(roots)
    ids: dict = {}
    boxes, arrows = [], []

    def number(target) -> tuple[int, bool]:
        key = id(target)
        if key in ids:
            return ids[key], False
        ids[key] = len(ids)
        return ids[key], True

    pending = []
    for root in roots:
        if isinstance(root, Tensor) and root._node is not None:
            index, new = number(root._node)
            if new:
                pending.append(root._node)
    while pending:
        node = pending.pop(0)
        source = ids[id(node)]
        boxes.append(f'\tnode_{source}[label="{_camel(node.op.name)}GradNode" {_NODE_STYLE}]')
        for edge, info in zip(node.edges, node.in_info):
            if edge is None:
                continue
            target = edge[0]
            index, new = number(target)
            if new:
                if isinstance(target, Tensor):
                    boxes.append(f'\tnode_{index}[label="GradNodeAccumulation" {_LEAF_STYLE}]')
                else:
                    pending.append(target)
            arrows.append(f'\tnode_{source}->node_{index}[label="{_edge_label(info)}"]')
    return "digraph G {\n" + "\n".join(boxes + arrows) + "\n} // end G\n"


def _camel(op_name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in op_name.split("_"))


def _edge_label(info) -> str:
    if info is None:
        return ""
    shape, np_dtype = info
    return f"Place(cpu)\\n{_dt.from_numpy_dtype(np_dtype).name}{list(shape)}"
