"""The two passes of a squeeze-and-excitation block compiled with numba, each one contiguous
loop per (sample, channel) plane:

- plane_means: the mean of every plane (global average pooling), its sum on vector lanes
  (reassociated: NumPy's pairwise sum differs in the last bits; 4-6x faster);
- scale_planes: out[n, c] = x[n, c] * gate[n, c], the gating multiply: each product the same
  single float multiply as NumPy's broadcast, so both give the same numbers."""
from __future__ import annotations

import numpy as np

from .cache import jit


@jit(reassociate=True)
def _means(planes, out):
    count = planes.dtype.type(planes.shape[1])
    for p in range(planes.shape[0]):
        row = planes[p]
        total = planes.dtype.type(0)
        for j in range(row.shape[0]):
            total += row[j]
        out[p] = total / count


@jit
def _scale(planes, gates, out):
    for p in range(planes.shape[0]):
        gate = gates[p]
        source, target = planes[p], out[p]
        for j in range(source.shape[0]):
            target[j] = source[j] * gate


def plane_means(x: np.ndarray) -> np.ndarray:
    """x (N, C, ...) -> (N, C, 1, ...): the mean of every plane, in x's dtype."""
    planes = np.ascontiguousarray(x).reshape(x.shape[0] * x.shape[1], -1)
    out = np.empty(planes.shape[0], x.dtype)
    _means(planes, out)
    return out.reshape(x.shape[:2] + (1,) * (x.ndim - 2))


def scale_planes(x: np.ndarray, gate: np.ndarray):
    """x (N, C, ...) times gate (N, C, 1, ...) of the same dtype, or None for other inputs."""
    if x.ndim < 2 or gate.shape != x.shape[:2] + (1,) * (x.ndim - 2) or gate.dtype != x.dtype:
        return None
    planes = np.ascontiguousarray(x).reshape(x.shape[0] * x.shape[1], -1)
    out = np.empty(x.shape, x.dtype)
    _scale(planes, gate.reshape(-1), out.reshape(planes.shape))
    return out
