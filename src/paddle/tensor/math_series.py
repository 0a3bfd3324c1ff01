"""Differences and integrals along an axis: diff, trapezoid and cumulative_trapezoid (composed
of slicing, subtraction and sums, so they trace and differentiate like their parts)."""
from __future__ import annotations

from .._core import dtype as _dt
from .._core.ops import binary as B
from .._core.ops import manipulation as M
from .._core.ops import reduction as R
from .._core.ops import scan as S
from .._core.tensor import Tensor
from ._convert import ensure_tensor
from .math_common import write_out
from .math_promotion import need_tensor


def _along(x: Tensor, axis: int, part: slice) -> Tensor:
    return x[(slice(None),) * axis + (part,)]


def _axis(api: str, axis: int, ndim: int) -> int:
    if not -ndim <= axis < ndim:
        raise IndexError(f"({api}) axis {axis} is out of range for a {ndim}-D input")
    return axis % ndim


def _first_difference(x: Tensor, axis: int) -> Tensor:
    later, earlier = _along(x, axis, slice(1, None)), _along(x, axis, slice(None, -1))
    if x._data.dtype.kind == "b":
        return B.logical_xor(later, earlier)
    return B.subtract(later, earlier)


def diff(x, n=1, axis=-1, prepend=None, append=None, name=None, *, out=None):
    """The n-th forward difference along `axis` (x[i+1] - x[i], XOR for bools), after
    joining `prepend` and `append` to x along that axis.

    Example:
        >>> import paddle
        >>> paddle.diff(paddle.to_tensor([1, 4, 9, 16]))
        Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
               [3, 5, 7])
    """
    if n < 1:
        raise ValueError(f"Diff expects input to be at least one-dimensional but got {n}")
    need_tensor(x, "diff", "x")
    axis = _axis("diff", axis, x.ndim)
    parts = [p for p in (prepend, x, append) if p is not None]
    if len(parts) > 1:
        x = M.concat(parts, axis)
    for _ in range(n):
        x = _first_difference(x, axis)
    return write_out(x, out)


def _check_float(api: str, value: Tensor, arg: str) -> None:
    if value.dtype not in _dt.FLOAT_DTYPES or value.dtype is _dt.bfloat16:
        raise TypeError(f"({api}) {arg} must be a float16, float32 or float64 tensor, but "
                        f"received {value.dtype.name}")


def _trapezoid_terms(api: str, y, x, dx, axis: int) -> tuple:
    """The products (y[i+1] + y[i]) * Δx_i along the axis, and the normalised axis."""
    if x is not None and dx is not None:
        raise ValueError("Not permitted to specify both x and dx input args.")
    need_tensor(y, api, "y")
    _check_float(api, y, "y")
    axis = _axis(api, axis, y.ndim)
    if x is None:
        spacing = ensure_tensor(1.0 if dx is None else dx)
    else:
        need_tensor(x, api, "x")
        _check_float(api, x, "x")
        if x.ndim == 1:
            shape = [1] * y.ndim
            shape[axis] = -1
            spacing = M.reshape(diff(x), shape)
        else:
            spacing = diff(x, axis=axis)
    pairs = _along(y, axis, slice(1, None)) + _along(y, axis, slice(None, -1))
    return pairs * spacing, axis


def trapezoid(y, x=None, dx=None, axis=-1, name=None):
    """Integral of y along `axis` by the trapezoid rule, with sample points x or spacing dx
    (1 by default).

    Example:
        >>> import paddle
        >>> paddle.trapezoid(paddle.to_tensor([1., 2., 4.]), dx=2.)
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               9.)
    """
    terms, axis = _trapezoid_terms("trapezoid", y, x, dx, axis)
    return R.sum_op(terms, (axis,), None, False) * 0.5


def cumulative_trapezoid(y, x=None, dx=None, axis=-1, name=None):
    """Running trapezoid-rule integral of y along `axis` (one element shorter than y there).

    Example:
        >>> import paddle
        >>> paddle.cumulative_trapezoid(paddle.to_tensor([1., 2., 4.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1.50000000, 4.50000000])
    """
    terms, axis = _trapezoid_terms("cumulative_trapezoid", y, x, dx, axis)
    return S.cumsum(terms, axis) * 0.5


__all__ = ["diff", "trapezoid", "cumulative_trapezoid"]
