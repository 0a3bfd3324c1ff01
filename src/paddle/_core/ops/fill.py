"""full_like: a constant tensor shaped like its input (works for dynamic shapes in programs)."""
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
