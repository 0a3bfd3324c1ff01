"""Reductions and scans of the `paddle` namespace (sum, mean, max, …, cumsum, std/var)."""
from __future__ import annotations

from .._core import dtype as _dt
from .._core.meta import normalize_axes, normalize_axis
from .._core.ops import reduction as R
from .._core.tensor import Tensor
from ._convert import ensure_tensor


def axis_arg(axis, x: Tensor, api: str):
    """Normalise Paddle's axis argument (None, int, list/tuple, or Tensor) to a tuple or None."""
    if axis is None:
        return None
    if isinstance(axis, Tensor):
        axis = [int(v) for v in axis._data.reshape(-1)]
    if isinstance(axis, (list, tuple)):
        if len(axis) == 0:
            return None
        axis = [int(a.item()) if isinstance(a, Tensor) else int(a) for a in axis]
    else:
        axis = [int(axis)]
    return normalize_axes(api, axis, x.ndim)


def sum(x, axis=None, dtype=None, keepdim=False, name=None):  # noqa: A001
    """Sum over `axis` (all axes by default); bool and int32 inputs sum to int64.

    Example:
        >>> import paddle
        >>> paddle.sum(paddle.to_tensor([[1., 2.], [3., 4.]]), axis=0)
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [4., 6.])
    """
    x = ensure_tensor(x)
    return R.sum_op(x, axis_arg(axis, x, "sum"), None if dtype is None else _dt.to_dtype(dtype),
                    bool(keepdim))


def mean(x, axis=None, keepdim=False, name=None):
    """Arithmetic mean over `axis`."""
    x = ensure_tensor(x)
    return R.mean(x, axis_arg(axis, x, "mean"), bool(keepdim))


def prod(x, axis=None, keepdim=False, dtype=None, name=None):
    """Product over `axis`."""
    x = ensure_tensor(x)
    if dtype is not None:
        x = x.astype(dtype)
    return R.prod(x, axis_arg(axis, x, "prod"), bool(keepdim))


def max(x, axis=None, keepdim=False, name=None):  # noqa: A001
    """Maximum over `axis`; the gradient goes to every position that attains it."""
    x = ensure_tensor(x)
    return R.max_op(x, axis_arg(axis, x, "max"), bool(keepdim))


def min(x, axis=None, keepdim=False, name=None):  # noqa: A001
    """Minimum over `axis`; the gradient goes to every position that attains it."""
    x = ensure_tensor(x)
    return R.min_op(x, axis_arg(axis, x, "min"), bool(keepdim))


def amax(x, axis=None, keepdim=False, name=None):
    """Maximum over `axis`; the gradient is split evenly among ties."""
    x = ensure_tensor(x)
    return R.amax(x, axis_arg(axis, x, "amax"), bool(keepdim))


def amin(x, axis=None, keepdim=False, name=None):
    """Minimum over `axis`; the gradient is split evenly among ties."""
    x = ensure_tensor(x)
    return R.amin(x, axis_arg(axis, x, "amin"), bool(keepdim))


def all(x, axis=None, keepdim=False, name=None):  # noqa: A001
    """Whether all elements along `axis` are true (non-zero)."""
    x = ensure_tensor(x)
    return R.all_op(x, axis_arg(axis, x, "all"), bool(keepdim))


def any(x, axis=None, keepdim=False, name=None):  # noqa: A001
    """Whether any element along `axis` is true (non-zero)."""
    x = ensure_tensor(x)
    return R.any_op(x, axis_arg(axis, x, "any"), bool(keepdim))


def logsumexp(x, axis=None, keepdim=False, name=None):
    """log(sum(exp(x))) over `axis`, computed stably."""
    x = ensure_tensor(x)
    return R.logsumexp(x, axis_arg(axis, x, "logsumexp"), bool(keepdim))


def _arg_axis(axis, x, api):
    if axis is None:
        return None
    if isinstance(axis, Tensor):
        axis = int(axis.item())
    if not isinstance(axis, int):
        raise TypeError(f"({api}) The type of 'axis' must be int or None, but received "
                        f"{type(axis).__name__}.")
    return normalize_axis(api, axis, x.ndim)


def argmax(x, axis=None, keepdim=False, dtype="int64", name=None):
    """Index of the maximum (of the flattened tensor when axis is None)."""
    x = ensure_tensor(x)
    dt = _dt.to_dtype(dtype)
    if dt not in (_dt.int32, _dt.int64):
        raise TypeError(f"(argmax) The dtype must be int32 or int64, but received {dt.name}")
    return R.argmax(x, _arg_axis(axis, x, "argmax"), bool(keepdim), axis is None, dt)


def argmin(x, axis=None, keepdim=False, dtype="int64", name=None):
    """Index of the minimum (of the flattened tensor when axis is None)."""
    x = ensure_tensor(x)
    dt = _dt.to_dtype(dtype)
    if dt not in (_dt.int32, _dt.int64):
        raise TypeError(f"(argmin) The dtype must be int32 or int64, but received {dt.name}")
    return R.argmin(x, _arg_axis(axis, x, "argmin"), bool(keepdim), axis is None, dt)


def cumsum(x, axis=None, dtype=None, name=None):
    """Cumulative sum along `axis` (of the flattened tensor when axis is None)."""
    x = ensure_tensor(x)
    if dtype is not None:
        x = x.astype(dtype)
    ax = _arg_axis(axis, x, "cumsum")
    return R.cumsum(x, ax, ax is None, False, False)


def cumprod(x, dim=None, dtype=None, name=None):
    """Cumulative product along `dim`."""
    x = ensure_tensor(x)
    if dtype is not None:
        x = x.astype(dtype)
    return R.cumprod(x, _arg_axis(dim, x, "cumprod"), False, False)


def var(x, axis=None, unbiased=True, keepdim=False, name=None):
    """Variance over `axis` (Bessel-corrected when unbiased)."""
    x = ensure_tensor(x)
    axes = axis_arg(axis, x, "var")
    count = 1
    for i, d in enumerate(x.shape):
        if axes is None or i in axes:
            count *= d
    centered = x - R.mean(x, axes, True)
    total = R.sum_op(centered * centered, axes, None, bool(keepdim))
    denom = count - 1 if unbiased else count
    return total / denom if denom > 0 else total * float("nan")


def std(x, axis=None, unbiased=True, keepdim=False, name=None):
    """Standard deviation over `axis`."""
    from .math import sqrt
    return sqrt(var(x, axis, unbiased, keepdim))


__all__ = [
    "sum", "mean", "prod", "max", "min", "amax", "amin", "all", "any", "logsumexp", "argmax",
    "argmin", "cumsum", "cumprod", "var", "std",
]
