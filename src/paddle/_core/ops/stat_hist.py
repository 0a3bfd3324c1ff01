"""Counting ops: histogram, histogramdd and bincount, with Paddle's result dtypes and range rules
(an all-equal input widens its range by 1 on each side; the last bin includes its right edge)."""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from .registry import OPAQUE, defop


def _histogram_dtype(x_dtype, weight, density):
    if density:
        return _dt.float32
    if weight is not None:
        return weight.dtype
    return _dt.int64


def _histogram_meta(x, weight=None, bins=100, min=0.0, max=0.0, density=False):
    _check_histogram(bins, min, max)
    return TensorMeta((bins,), _histogram_dtype(x.dtype, weight, density))


def _check_histogram(bins, low, high):
    if bins < 1:
        raise ValueError(f"(histogram) The bins should be greater than or equal to 1. But "
                         f"received nbins is {bins}")
    if high < low:
        raise ValueError(f"(histogram) max must be larger or equal to min. But received max is "
                         f"{high}, min is {low}")


def histogram_range(x, low, high):
    """The range Paddle bins over: the data's own when both bounds are 0, widened when empty."""
    if low == 0 and high == 0 and x.size:
        low, high = x.min().item(), x.max().item()
    if low == high:
        low, high = low - 1, high + 1
    return float(low), float(high)


@defop("histogram", "x weight", infer_meta=_histogram_meta, pattern=OPAQUE,
       optional_inputs=("weight",))
def histogram(xp, x, weight=None, bins=100, min=0.0, max=0.0, density=False):
    _check_histogram(bins, min, max)
    if x.size == 0:
        return np.zeros(bins, np.float32)
    low, high = histogram_range(x, min, max)
    values = x.reshape(-1)
    work = values.astype(np.float64) if values.dtype.kind in "iub" else values
    inside = (work >= low) & (work <= high)
    scaled = (work[inside] - work.dtype.type(low)) * bins / (work.dtype.type(high) - low)
    index = np.minimum(scaled.astype(np.int64), bins - 1)
    weights = None if weight is None else weight.reshape(-1)[inside]
    counts = np.bincount(index, weights, minlength=bins)
    if density:
        total = counts.sum()
        return (counts / (total * (high - low) / bins)).astype(np.float32)
    out_dtype = np.int64 if weight is None else weight.dtype
    return counts.astype(out_dtype)


histogram.no_grad("counts")


def _bincount_meta(x, weights=None, minlength=0):
    _check_bincount_input(x.dtype, x.ndim)
    dtype = _dt.int64 if weights is None else (
        weights.dtype if weights.dtype.kind == "f" else _dt.float64)
    return TensorMeta((-1,), dtype)


def _check_bincount_input(dtype, ndim):
    if dtype not in (_dt.int32, _dt.int64):
        raise TypeError("(bincount) Elements in Input(x) should all be integers (int32 or "
                        f"int64), but received {dtype.name}.")
    if ndim != 1:
        raise ValueError(f"(bincount) The 'shape' of Input(X) must be 1-D tensor. But the "
                         f"dimension of Input(X) is {ndim}.")


@defop("bincount", "x weights", infer_meta=_bincount_meta, pattern=OPAQUE,
       optional_inputs=("weights",))
def bincount(xp, x, weights=None, minlength=0):
    _check_bincount_input(_dt.from_numpy_dtype(x.dtype), x.ndim)
    if x.size and x.min() < 0:
        raise ValueError("(bincount) The elements in input tensor must be non-negative ints.")
    if weights is not None and weights.shape != x.shape:
        raise ValueError(f"(bincount) The shape of weights {list(weights.shape)} must equal "
                         f"the shape of x {list(x.shape)}.")
    if weights is None:
        return np.bincount(x, minlength=minlength).astype(np.int64)
    out_dtype = weights.dtype if weights.dtype.kind == "f" else np.float64
    return np.bincount(x, weights.astype(np.float64), minlength).astype(out_dtype)


bincount.no_grad("counts")


def _histogramdd_meta(x, weights=None, edges=((0.0, 1.0),), density=False):
    hist = TensorMeta(tuple(len(e) - 1 for e in edges), x.dtype)
    return (hist,) + tuple(TensorMeta((len(e),), x.dtype) for e in edges)


@defop("histogramdd", "x weights", infer_meta=_histogramdd_meta, pattern=OPAQUE,
       optional_inputs=("weights",), list_output=True)
def histogramdd(xp, x, weights=None, edges=((0.0, 1.0),), density=False):
    """Counts of the points x[..., :] in the grid of bins whose edges are given per dimension
    (right edges exclusive except the last, as in Paddle and NumPy)."""
    points = x.reshape(-1, x.shape[-1])
    grid = [np.asarray(e, x.dtype) for e in edges]
    w = None if weights is None else weights.reshape(-1)
    hist, _ = np.histogramdd(points, bins=grid, weights=w, density=density)
    return (hist.astype(x.dtype),) + tuple(grid)


histogramdd.no_grad("counts")
