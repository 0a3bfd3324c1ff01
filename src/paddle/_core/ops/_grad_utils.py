"""Small helpers that gradient rules share (all written with ops, so they are differentiable)."""
from __future__ import annotations

from . import manipulation, reduction


def sum_to_shape(g, shape):
    """Undo broadcasting: sum `g` over the axes that broadcasting added or stretched."""
    gshape = g._data.shape
    shape = tuple(shape)
    if gshape == shape:
        return g
    lead = len(gshape) - len(shape)
    axes = [i for i in range(len(gshape))
            if i < lead or (shape[i - lead] == 1 and gshape[i] != 1)]
    if axes:
        g = reduction.sum_op(g, axes, None, False)
    if g._data.shape != shape:
        g = manipulation.reshape(g, list(shape))
    return g
