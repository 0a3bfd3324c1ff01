"""Counting functions of the `paddle` namespace: histogram, histogram_bin_edges, histogramdd
and bincount (re-exported by tensor.stat)."""
from __future__ import annotations

import numbers

import numpy as np

from .._core import dtype as _dt
from .._core.ops import creation as C
from .._core.ops import stat_hist as H
from .._core.tensor import Tensor
from ._axis_args import tensor_arg


def histogram(input, bins=100, min=0.0, max=0.0, weight=None, density=False,
              name=None):
    """Counts of `input` in `bins` equal-width bins over [min, max] (the data's range when both
    are 0). With `weight` each element counts its weight; `density` normalises to unit area.

    Example:
        >>> import paddle
        >>> paddle.histogram(paddle.to_tensor([1., 2., 1., 4.]), bins=3)
        Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
               [2, 1, 1])
    """
    tensor_arg("histogram", input, "input")
    if weight is not None:
        tensor_arg("histogram", weight, "weight", 4)
        if list(weight.shape) != list(input.shape):
            raise ValueError(f"(histogram) The shape of weight {list(weight.shape)} must equal "
                             f"the shape of input {list(input.shape)}.")
    return H.histogram(input, weight, int(bins), float(min), float(max), bool(density))


def histogram_bin_edges(input, bins=100, min=0.0, max=0.0, name=None):
    """The bins + 1 edges `histogram` would use for the same arguments.

    Example:
        >>> import paddle
        >>> paddle.histogram_bin_edges(paddle.to_tensor([0., 4.]), bins=4)
        Tensor(shape=[5], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0., 1., 2., 3., 4.])
    """
    tensor_arg("histogram_bin_edges", input, "input")
    if not isinstance(bins, numbers.Integral):
        raise TypeError(f"(histogram_bin_edges) bins must be an int, but received "
                        f"{type(bins).__name__}.")
    low, high = float(min), float(max)
    if low == 0 and high == 0 and input.size:
        low, high = input._data.min().item(), input._data.max().item()
    elif high < low:
        raise ValueError("max must be larger than min in range parameter")
    if low == high:
        low, high = low - 0.5, high + 0.5
    dtype = _dt.float64 if input.dtype is _dt.float64 else _dt.float32
    return C.linspace(low, high, int(bins) + 1, dtype)


def _grid_edges(x, bins, ranges):
    dims = x.shape[-1]
    if isinstance(bins, tuple):
        if len(bins) != dims:
            raise ValueError(f"(histogramdd) bins must hold {dims} edge tensors, one per "
                             "dimension.")
        return [tuple(np.asarray(b._data if isinstance(b, Tensor) else b).tolist())
                for b in bins]
    if isinstance(bins, numbers.Integral):
        bins = [int(bins)] * dims
    if not isinstance(bins, list):
        raise ValueError("Input bins must be Tensor[], int[], or int.")
    if len(bins) != dims:
        raise ValueError(f"The length of bins must be {dims} when bins is a list.")
    points = x._data.reshape(-1, dims)
    if ranges is None:
        ranges = np.stack([points.min(0), points.max(0)], 1).reshape(-1) if points.size else \
            np.zeros(2 * dims)
    if len(ranges) != 2 * dims:
        raise ValueError(f"The length of ranges list must be {dims * 2}")
    edges = []
    for i, count in enumerate(bins):
        if not isinstance(count, numbers.Integral):
            raise ValueError(f"The type of {i}-th element in bins list must be int.")
        line = C.linspace(float(ranges[2 * i]), float(ranges[2 * i + 1]), int(count) + 1, x.dtype)
        edges.append(tuple(line._data.tolist()))
    return edges


def histogramdd(x, bins=10, ranges=None, density=False, weights=None, name=None):
    """Histogram of the points x[..., :] (the last axis holds the D coordinates). Returns the
    D-dimensional counts and the list of per-dimension bin edges.

    Example:
        >>> import paddle
        >>> hist, edges = paddle.histogramdd(paddle.to_tensor([[0., 0.], [1., 1.]]), bins=2)
        >>> hist
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[1., 0.],
                [0., 1.]])
    """
    tensor_arg("histogramdd", x)
    if x.ndim < 2:
        raise ValueError("(histogramdd) input x must be a tensor with at least 2 dimensions.")
    if x.dtype not in (_dt.float32, _dt.float64):
        raise TypeError(f"(histogramdd) x must be float32 or float64, but received "
                        f"{x.dtype.name}.")
    if weights is not None and list(weights.shape) != list(x.shape[:-1]):
        raise ValueError("(histogramdd) if weight tensor is provided, it should have the same "
                         "shape as the input tensor excluding its innermost dimension.")
    results = H.histogramdd(x, weights, tuple(_grid_edges(x, bins, ranges)), bool(density))
    return results[0], list(results[1:])


def bincount(x, weights=None, minlength=0, name=None):
    """Number of occurrences of each value 0..max(x) in the 1-D integer tensor x (summed
    weights when given); at least `minlength` entries.

    Example:
        >>> import paddle
        >>> paddle.bincount(paddle.to_tensor([1, 2, 1]))
        Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
               [0, 2, 1])
    """
    tensor_arg("bincount", x)
    if x.dtype not in (_dt.int32, _dt.int64):
        raise TypeError("Elements in Input(x) should all be integers")
    if isinstance(minlength, Tensor):
        minlength = minlength.item()
    if minlength < 0:
        raise ValueError(f"(bincount) minlength must be non-negative, but received {minlength}.")
    return H.bincount(x, weights, int(minlength))


__all__ = ["histogram", "histogram_bin_edges", "histogramdd", "bincount"]
