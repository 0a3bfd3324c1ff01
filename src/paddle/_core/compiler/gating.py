"""Per-plane gating compiled with numba: out[n, c] = x[n, c] * gate[n, c] over each (sample,
channel) plane, the multiply that ends a squeeze-and-excitation block. One contiguous loop per
plane instead of NumPy's broadcast over a (N, C, 1, 1) operand; each product is the same
single float multiply, so both give the same numbers."""
from __future__ import annotations

import numpy as np

from .cache import jit


@jit
def _scale(planes, gates, out):
    for p in range(planes.shape[0]):
        gate = gates[p]
        source, target = planes[p], out[p]
        for j in range(source.shape[0]):
            target[j] = source[j] * gate


def scale_planes(x: np.ndarray, gate: np.ndarray):
    """x (N, C, ...) times gate (N, C, 1, ...) of the same dtype, or None for other inputs."""
    if x.ndim < 2 or gate.shape != x.shape[:2] + (1,) * (x.ndim - 2) or gate.dtype != x.dtype:
        return None
    planes = np.ascontiguousarray(x).reshape(x.shape[0] * x.shape[1], -1)
    out = np.empty(x.shape, x.dtype)
    _scale(planes, gate.reshape(-1), out.reshape(planes.shape))
    return out
