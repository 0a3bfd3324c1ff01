"""How much memory an autograd graph keeps alive for backward."""
from __future__ import annotations

import numpy as np

from .node import Node


def saved_bytes(root) -> int:
    """Bytes of the arrays the graph behind tensor `root` keeps for backward: every node's
    saved inputs and outputs (and a PyLayer's saved tensors), each array counted once."""
    seen: set = set()
    visited: set = set()
    total = 0
    stack = [root._node]
    while stack:
        node = stack.pop()
        if node is None or node in visited:
            continue
        visited.add(node)
        for array in _kept_arrays(node):
            if id(array) not in seen:
                seen.add(id(array))
                total += array.nbytes
        stack.extend(edge[0] for edge in node.edges if edge is not None and
                     type(edge[0]) is Node)
    return total


def _kept_arrays(node: Node):
    kept = [*(node.saved_in or ()), *(entry[0] for entry in node.saved_out or ())]
    ctx = node.attrs[0] if node.attrs and hasattr(node.attrs[0], "_saved") else None
    kept.extend(ctx._saved if ctx is not None else ())
    for item in kept:
        for value in item if isinstance(item, (list, tuple)) else (item,):
            array = getattr(value, "_data", value)
            if isinstance(array, np.ndarray):
                yield array
