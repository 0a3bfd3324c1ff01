"""layer_norm's forward compiled with numba: each row (the normalised trailing dims) in one
pass while it is in cache, instead of eight NumPy passes over small rows. It computes what the
NumPy kernel (ops/nn_norm) computes, in the row's dtype: the mean and the biased variance of
the centred row, then (x - mean) / sqrt(variance + epsilon) * scale + bias; its sums run on
vector lanes (reassociated), so mean and variance differ from NumPy's pairwise sums in the
last bits."""
from __future__ import annotations

import numpy as np

from .cache import jit


@jit(reassociate=True)
def _row_sum(row):
    total = row.dtype.type(0)
    for j in range(row.shape[0]):
        total += row[j]
    return total


@jit
def _normalize(rows, scale, bias, epsilon, out, means, variances, centered):
    count = rows.dtype.type(rows.shape[1])
    for r in range(rows.shape[0]):
        row, target = rows[r], out[r]
        mean = _row_sum(row) / count
        for j in range(row.shape[0]):
            centered[j] = row[j] - mean
            target[j] = centered[j] * centered[j]
        variance = _row_sum(target) / count
        spread = np.sqrt(variance + epsilon)
        for j in range(row.shape[0]):
            target[j] = centered[j] / spread
        if scale.shape[0]:
            for j in range(row.shape[0]):
                target[j] = target[j] * scale[j]
        if bias.shape[0]:
            for j in range(row.shape[0]):
                target[j] = target[j] + bias[j]
        means[r], variances[r] = mean, variance


def layer_norm(x: np.ndarray, scale, bias, epsilon: float, begin_norm_axis: int):
    """(out, mean, variance) of a float32/float64 x normalised over dims begin_norm_axis...;
    mean and variance have x's leading dims."""
    lead = x.shape[:begin_norm_axis]
    rows = np.ascontiguousarray(x).reshape(int(np.prod(lead)), -1)
    out = np.empty(rows.shape, x.dtype)
    means, variances = np.empty(rows.shape[0], x.dtype), np.empty(rows.shape[0], x.dtype)
    empty = np.empty(0, x.dtype)
    scale = empty if scale is None else np.ascontiguousarray(scale, x.dtype).reshape(-1)
    bias = empty if bias is None else np.ascontiguousarray(bias, x.dtype).reshape(-1)
    _normalize(rows, scale, bias, x.dtype.type(epsilon), out, means, variances,
               np.empty(rows.shape[1], x.dtype))
    return out.reshape(x.shape), means.reshape(lead), variances.reshape(lead)
