"""Inference batch_norm followed by relu compiled with numba: per (sample, channel) row,
relu((x - mean[c]) * factor[c] + bias[c]) in one pass instead of four NumPy passes (centre,
scale, shift, relu) over an often large activation. Each step rounds as the NumPy kernels do,
in the same order (relu as np.fmax(v, 0): NaN gives 0), so both give the same numbers."""
from __future__ import annotations

import numpy as np

from .cache import jit


@jit
def _normalize_relu(rows, mean, factor, bias, out):
    zero = rows.dtype.type(0)
    for n in range(rows.shape[0]):
        for c in range(rows.shape[1]):
            source, target = rows[n, c], out[n, c]
            m, f, b = mean[c], factor[c], bias[c]
            for j in range(source.shape[0]):
                v = (source[j] - m) * f + b
                target[j] = v if v > zero else zero  # noqa: FURB136 - NaN -> 0 (np.fmax)


def normalize_relu(rows: np.ndarray, mean, factor, bias) -> np.ndarray:
    """relu((rows - mean) * factor + bias) for rows (outer, C, inner), per-channel (C,)
    mean, factor and bias of the rows' dtype."""
    rows = np.ascontiguousarray(rows)
    out = np.empty(rows.shape, rows.dtype)
    _normalize_relu(rows, mean, factor, bias, out)
    return out
