"""quantile and nanquantile, composed the way Paddle composes them: sort along the axis, turn
each q into a fractional position among the valid values, and interpolate between the
neighbouring sorted values (so gradients flow to the elements that were picked)."""
from __future__ import annotations

import numbers

from .._core import dtype as _dt
from .._core.ops import binary as B
from .._core.ops import creation as C
from .._core.ops import manipulation as M
from .._core.ops import reduction as R
from .._core.ops import unary as U
from .._core.ops.search import gather_along_axis, sort
from .._core.tensor import Tensor
from ._arg_forms import aliases
from ._axis_args import write_out

_INTERPOLATIONS = ("linear", "lower", "higher", "nearest", "midpoint")


def _q_values(q) -> list:
    if isinstance(q, numbers.Real) and not isinstance(q, bool):
        q = [q]
    elif isinstance(q, Tensor):
        if q.ndim > 1:
            raise ValueError("q should be a 0-D tensor or a 1-D tensor")
        q = q.numpy().reshape(-1).tolist()
    elif isinstance(q, (list, tuple)):
        if not q:
            raise ValueError("q should not be empty")
        q = [v.item() if isinstance(v, Tensor) else v for v in q]
    else:
        raise TypeError("Type of q should be int, float, list or tuple, or tensor")
    for value in q:
        if not 0 <= value <= 1:
            raise ValueError("q should be in range [0, 1]")
    return [float(v) for v in q]


def _axis_error():
    return ValueError("Axis should be None, int, or a list, element should in range "
                      "[-rank(x), rank(x)).")


def _valid_axis(axis, dims) -> int:
    if isinstance(axis, bool) or not isinstance(axis, numbers.Integral) or \
            not -dims <= axis < max(dims, 1):
        raise _axis_error()
    return int(axis) % max(dims, 1)


def _prepare(x, axis):
    """x arranged so that one axis holds the values to rank; that axis; keepdim's shape."""
    dims = x.ndim
    out_shape = list(x.shape)
    if axis is None:
        return M.reshape(x, [-1]), 0, [1] * dims
    if isinstance(axis, (list, tuple)):
        axes = [_valid_axis(a, dims) for a in axis]
        for a in axes:
            out_shape[a] = 1
        if not axes:
            return M.reshape(x, [-1]), 0, out_shape
        rest = [i for i in range(dims) if i not in axes]
        moved = M.transpose(x, rest + axes)
        shape = [x.shape[i] for i in rest] + [-1]
        return M.reshape(moved, shape), len(rest), out_shape
    ax = _valid_axis(axis, dims)
    out_shape[ax] = 1
    return x, ax, out_shape


def _positions(x, q, axis, ignore_nan):
    """Fractional sorted positions of q: among the valid values (nanquantile), or pinned to
    the last (NaN) position when a slice contains NaN (quantile)."""
    nan = U.isnan(x)
    valid = R.sum_op(B.logical_not(nan), (axis,), None, True)
    span = M.cast(valid, x.dtype) - 1
    index = span * q
    if ignore_nan:
        return index
    last = C.full(list(index.shape), x.shape[axis] - 1, x.dtype)
    return B.where(R.any_op(nan, (axis,), True), last, index)


def _round_half_even(index):
    """paddle.round's rule (ties to even), which Paddle's 'nearest' quantile uses."""
    below = U.floor(index)
    frac = index - below
    odd = B.remainder(below, C.full([], 2, index.dtype)) == 1
    up = B.logical_or(frac > 0.5, B.logical_and(frac == 0.5, odd))
    return below + M.cast(up, index.dtype)


def _interpolate(sorted_x, index, axis, interpolation):
    def pick(position):
        return gather_along_axis(sorted_x, M.cast(position, _dt.int64), axis)

    if interpolation == "nearest":
        return pick(_round_half_even(index))
    below_index = U.floor(index)
    below = pick(below_index)
    if interpolation == "lower":
        return below
    upper = pick(U.ceil(index))
    if interpolation == "higher":
        return upper
    if interpolation == "midpoint":
        return (upper + below) / 2
    return below + (index - below_index) * (upper - below)


def _compute_quantile(api, x, q, axis, keepdim, interpolation, ignore_nan):
    if not isinstance(x, Tensor):
        raise TypeError("input x should be a Tensor.")
    qs = _q_values(q)
    if interpolation not in _INTERPOLATIONS:
        raise ValueError("interpolation must be one of 'linear', 'lower', 'higher', 'nearest' "
                         f"or 'midpoint', but got {interpolation}")
    if x.dtype not in (_dt.float32, _dt.float64):
        raise TypeError(f"({api}) x must be float32 or float64, but received {x.dtype.name}.")
    arranged, ax, out_shape = _prepare(x, axis)
    sorted_x = sort(arranged, ax, False, False)[0]
    outputs = []
    for value in qs:
        index = _positions(arranged, value, ax, ignore_nan)
        result = _interpolate(sorted_x, index, ax, interpolation)
        outputs.append(M.reshape(result, out_shape) if keepdim else M.squeeze(result, [ax]))
    return outputs[0] if len(outputs) == 1 else M.stack(outputs, 0)


@aliases(x="input", axis="dim")
def quantile(x, q, axis=None, keepdim=False, interpolation="linear", name=None, *, out=None):
    """The q-th quantile(s) of x along `axis`; a NaN in a slice makes its result NaN.

    Example:
        >>> import paddle
        >>> paddle.quantile(paddle.to_tensor([1., 2., 3., 4.]), 0.5)
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               2.50000000)
    """
    result = _compute_quantile("quantile", x, q, axis, keepdim, interpolation, False)
    return write_out(result, out)


def nanquantile(x, q, axis=None, keepdim=False, interpolation="linear"):
    """The q-th quantile(s) of the non-NaN values of x along `axis`.

    Example:
        >>> import paddle
        >>> paddle.nanquantile(paddle.to_tensor([1., float('nan'), 3.]), 0.5)
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               2.)
    """
    return _compute_quantile("nanquantile", x, q, axis, keepdim, interpolation, True)


__all__ = ["quantile", "nanquantile"]
