"""full_like: a constant tensor shaped like its input (works for dynamic shapes in programs);
fill: the same, in place of a tensor that stays in the autograd graph."""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from .registry import OPAQUE, defop


def _full_like_meta(x, value, dtype=None):
    return TensorMeta(x.shape, x.dtype if dtype is None else _dt.to_dtype(dtype))


def _full_like_ref(x, value, dtype=None):
    return np.full(x.shape, value, dtype=x.dtype if dtype is None else dtype)


@defop("full_like", infer_meta=_full_like_meta, pattern=OPAQUE, ref=_full_like_ref)
def full_like(xp, x, value, dtype=None):
    np_dtype = x.dtype if dtype is None else _dt.to_dtype(dtype).np_dtype
    return xp.full(x.shape, value, dtype=np_dtype)


full_like.no_grad("creates a constant")


def _fill_meta(x, value):
    return TensorMeta(x.shape, x.dtype)


def _fill_ref(x, value):
    return np.full_like(x, value)


@defop("fill", infer_meta=_fill_meta, pattern=OPAQUE, ref=_fill_ref)
def fill(xp, x, value):
    """x's shape and dtype, every element `value` (the kernel of `Tensor.fill_`/`zero_`)."""
    return xp.full(x.shape, value, dtype=x.dtype)


@fill.grad()
def _fill_grad(ctx, out_grad):
    # The result no longer depends on x: its gradient is zero (Paddle keeps the graph, so
    # leaves upstream receive zeros rather than nothing).
    return full_like(out_grad, 0)
