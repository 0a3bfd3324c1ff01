"""The two row passes around softmax's exponential, compiled with numba (the exponential
itself stays NumPy's, whose float32 routine runs on vector lanes):

- shift_rows: out = max(x - max(x), floor) per row, the subtraction and clip in one pass (NaN
  passes through as np.maximum lets it); the maxima of wide rows are NumPy's (its maximum runs
  on vector lanes, numba's scalar scan does not), of narrow ones a compiled scan (NumPy's
  reduction costs more to start than to run there); NaN never wins the scan, but any NaN
  makes its row NaN all the same;
- normalize_rows: e / sum(e) per row in place, the sum on vector lanes (reassociated: it
  differs from NumPy's pairwise sum in the last bits)."""
from __future__ import annotations

import numpy as np

from .cache import jit

WIDE = 512  # rows at least this long take NumPy's maximum


@jit
def _maxima(rows, tops):
    for r in range(rows.shape[0]):
        row = rows[r]
        top = row[0]
        for j in range(row.shape[0]):
            top = row[j] if row[j] > top else top  # noqa: FURB136 - NaN never taken
        tops[r] = top


@jit
def _shift(rows, tops, out, floor):
    for r in range(rows.shape[0]):
        row, target, top = rows[r], out[r], tops[r]
        for j in range(row.shape[0]):
            shifted = row[j] - top
            target[j] = floor if shifted < floor else shifted  # noqa: FURB136 - NaN kept


@jit(reassociate=True)
def _normalize(rows):
    for r in range(rows.shape[0]):
        row = rows[r]
        total = row.dtype.type(0)
        for j in range(row.shape[0]):
            total += row[j]
        for j in range(row.shape[0]):
            row[j] = row[j] / total


def shift_rows(rows: np.ndarray, floor: float) -> np.ndarray:
    """A new (R, W) array: each row of `rows` minus its maximum, clipped below at `floor`."""
    rows = np.ascontiguousarray(rows)
    out = np.empty(rows.shape, rows.dtype)
    if rows.shape[1] >= WIDE:
        tops = rows.max(axis=1)
    else:
        tops = np.empty(rows.shape[0], rows.dtype)
        _maxima(rows, tops)
    _shift(rows, tops, out, rows.dtype.type(floor))
    return out


def normalize_rows(rows: np.ndarray) -> None:
    """Divide each row of a C-contiguous (R, W) array by its sum, in place."""
    _normalize(rows)
