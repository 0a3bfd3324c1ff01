"""Statistics of the `paddle` namespace: var, std, numel, median/nanmedian, quantile/nanquantile
(in tensor.quantile) and the counting functions (in tensor.histogram)."""
from __future__ import annotations

import functools
import inspect
import numbers

import numpy as np

from .._core import dtype as _dt
from .._core.ops import creation as C
from .._core.ops import manipulation as M
from .._core.ops import reduction as R
from .._core.ops import stat_median as SM
from .._core.tensor import Tensor
from ._arg_forms import aliases
from ._axis_args import reduce_axes, tensor_arg, write_out
from .histogram import bincount, histogram, histogram_bin_edges, histogramdd
from .quantile import nanquantile, quantile


@aliases(x="input", axis="dim")
def var(x, axis=None, unbiased=None, keepdim=False, name=None, *, correction=1, out=None):
    """Variance over `axis` with `correction` degrees of freedom removed (1 by default;
    `unbiased=False` means 0). Integer inputs give a truncated integer result, as in Paddle.

    Example:
        >>> import paddle
        >>> paddle.var(paddle.to_tensor([1., 2., 3., 4.]))
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               1.66666663)
    """
    tensor_arg("var", x)
    if unbiased is not None and correction != 1:
        raise ValueError("(var) Only one of unbiased and correction may be given")
    ddof = float(correction) if unbiased is None else (1.0 if unbiased else 0.0)
    axes = reduce_axes("var", axis, x.ndim)
    centered = x - R.mean(x, axes, True)
    acc = _dt.float32 if x.dtype is _dt.float16 else x.dtype
    total = R.sum_op(centered * centered, axes, acc, bool(keepdim))
    count = x.size / max(total.size, 1)
    result = total / float(np.maximum(count - ddof, 0.0))
    if result.dtype is not x.dtype:
        result = M.cast(result, x.dtype)
    return write_out(result, out)


def std(x, axis=None, unbiased=True, keepdim=False, name=None):
    """Standard deviation over `axis` (Bessel-corrected when unbiased).

    Example:
        >>> import paddle
        >>> paddle.std(paddle.to_tensor([1., 2., 3., 4.]), unbiased=False)
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               1.11803401)
    """
    from .._core.ops.unary import sqrt
    return sqrt(var(x, axis, unbiased, keepdim))


def numel(x, name=None):
    """Number of elements, as an int64 0-d Tensor.

    Example:
        >>> import paddle
        >>> paddle.numel(paddle.ones([2, 3]))
        Tensor(shape=[], dtype=int64, place=Place(cpu), stop_gradient=True,
               6)
    """
    tensor_arg("numel", x)
    return C.full([], int(x.size), _dt.int64)


def _median_input(api, x, mode):
    if not isinstance(x, Tensor):
        raise TypeError(f"In {api}, the input x should be a Tensor.")
    if mode not in ("avg", "min"):
        raise ValueError(f"Mode {mode} is not supported. Must be avg or min.")


def _reduce_last(op, x, axes, keepdim, mode, evenly):
    """Move `axes` last, flatten them, reduce with op, then restore keepdim's shape."""
    shape = list(x.shape)
    if axes is None:
        axes = tuple(range(x.ndim))
    rest = [i for i in range(x.ndim) if i not in axes]
    moved = M.transpose(x, rest + list(axes)) if x.ndim else x
    flat = M.reshape(moved, [shape[i] for i in rest] + [int(np.prod([shape[a] for a in axes]))])
    values, index, _ = op(flat, mode, evenly)
    if keepdim:
        kept = [1 if i in axes else d for i, d in enumerate(shape)]
        values, index = M.reshape(values, kept), M.reshape(index, kept)
    return values, index


def _torch_median_keywords(fn):
    """Paddle 3.3's median takes `input=`/`dim=`; `dim=` (torch's form) makes mode default
    to 'min', so the call returns values and indices as torch.median does."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if "input" in kwargs:
            kwargs["x"] = kwargs.pop("input")
        if "dim" in kwargs:
            kwargs["axis"] = kwargs.pop("dim")
            kwargs.setdefault("mode", "min")
        return fn(*args, **kwargs)
    wrapper.__signature__ = inspect.signature(fn)
    return wrapper


@_torch_median_keywords
def median(x, axis=None, keepdim=False, mode="avg", name=None, *, out=None):
    """Median along `axis` (all elements when None). mode='avg' averages the two middle values
    of an even count (in float32 unless x is float64); mode='min' takes the lower one and, with
    an axis, also returns its index. Any NaN makes the result NaN.

    Example:
        >>> import paddle
        >>> paddle.median(paddle.to_tensor([[1., 4., 2.], [3., 3., 9.]]), axis=1)
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [2., 3.])
    """
    _median_input("median", x, mode)
    if isinstance(axis, (list, tuple)) and not axis:
        raise ValueError("Axis list should not be empty.")
    if axis is not None and (isinstance(axis, bool) or not isinstance(axis, numbers.Integral)
                             or not -max(x.ndim, 1) <= axis < max(x.ndim, 1)):
        raise ValueError("In median, axis should be none or an integer in range "
                         "[-rank(x), rank(x)).")
    if mode == "avg" and x.dtype is not _dt.float64:
        x = M.cast(x, _dt.float32)
    axes = None if axis is None or x.ndim == 0 else (int(axis) % x.ndim,)
    evenly = mode == "avg" or axis is None
    values, index = _reduce_last(SM.median, x, axes, bool(keepdim) and x.ndim > 0, mode, evenly)
    index.stop_gradient = True
    result = (values, index) if mode == "min" and axis is not None else values
    return write_out(result, out)


def nanmedian(x, axis=None, keepdim=False, mode="avg", name=None):
    """Median of the non-NaN elements along `axis` (an int, a list of axes, or all); NaN where
    a slice has no numbers. The dtype of x is kept (integer averages truncate).

    Example:
        >>> import paddle
        >>> paddle.nanmedian(paddle.to_tensor([[1., float('nan'), 3.], [2., 5., 9.]]), axis=1)
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [2., 5.])
    """
    _median_input("nanmedian", x, mode)
    if isinstance(axis, (list, tuple)) and not axis:
        raise ValueError("Axis list should not be empty.")
    single = axis is not None and not isinstance(axis, (list, tuple))
    axes = None if x.ndim == 0 else reduce_axes("nanmedian", axis, x.ndim)
    evenly = not (mode == "min" and single)
    values, index = _reduce_last(SM.nanmedian, x, axes, bool(keepdim) and x.ndim > 0, mode,
                                 evenly)
    index.stop_gradient = True
    return (values, index) if mode == "min" and single else values


__all__ = [
    "var", "std", "numel", "median", "nanmedian", "quantile", "nanquantile", "histogram",
    "histogram_bin_edges", "histogramdd", "bincount",
]
# Tensor.numel takes Paddle's `name=` argument too
EXTRA_METHODS = {"numel": numel}
