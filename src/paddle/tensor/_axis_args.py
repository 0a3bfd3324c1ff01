"""Argument handling shared by the reduction, search and statistics APIs: Paddle's axis forms
(None, int, list/tuple, Tensor), its duplicate and range errors, the Tensor-only check of its
C++-backed functions, and the `out=` keyword."""
from __future__ import annotations

import numbers

import numpy as np

from .._core.tensor import Tensor


def tensor_arg(api: str, x, arg: str = "x", position: int = 0) -> Tensor:
    """Paddle's C++-backed functions accept only Tensors here (ValueError otherwise)."""
    if not isinstance(x, Tensor):
        raise ValueError(f"{api}(): argument '{arg}' (position {position}) must be Tensor, but "
                         f"got {type(x).__name__}")
    return x


def _as_int(api: str, value, what: str) -> int:
    if isinstance(value, Tensor):
        if value.size != 1:
            raise TypeError(f"({api}) {what} must be an int or a 1-element Tensor, but received "
                            f"a Tensor of shape {list(value.shape)}.")
        value = value.item()
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise TypeError(f"({api}) {what} must be an int, but received {type(value).__name__}.")
    return int(value)


def check_axis(api: str, axis: int, ndim: int) -> int:
    bound = max(ndim, 1)
    if not -bound <= axis < bound:
        raise ValueError(f"({api}) The reduce dim index {axis} should be in the range "
                         f"[-dimension(X), dimension(X)) = [{-bound}, {bound}), but received "
                         f"dim index = {axis} for a {ndim}-D input.")
    return axis % bound if ndim else 0


def reduce_axes(api: str, axis, ndim: int, tensor_list_ok: bool = True):
    """None (reduce everything) or a sorted tuple of distinct non-negative axes."""
    if axis is None:
        return None
    if isinstance(axis, Tensor):
        if axis.ndim == 0:
            axis = axis.item()
        elif not tensor_list_ok:
            raise TypeError(f"({api}) argument 'axis' must be int, list or tuple, but got a "
                            "Tensor with more than one element.")
        else:
            axis = axis.numpy().reshape(-1).tolist()
    if isinstance(axis, (list, tuple)):
        if not len(axis):
            return None
        axes = [check_axis(api, _as_int(api, a, "each axis"), ndim) for a in axis]
    elif isinstance(axis, numbers.Integral) and not isinstance(axis, bool):
        axes = [check_axis(api, int(axis), ndim)]
    else:
        raise TypeError(f"({api}) argument 'axis' must be list, tuple, int, or Tensor, but got "
                        f"{type(axis).__name__}")
    if len(set(axes)) != len(axes):
        dup = next(a for a in axes if axes.count(a) > 1)
        raise ValueError(f"({api}) Axis contains duplicate dimensions. Dimension {dup} appears "
                         "more than once in axis.")
    return tuple(sorted(axes))


def single_axis(api: str, axis, ndim: int, error=ValueError) -> int:
    """One axis given as int, integral float or 0-d Tensor (lists are a TypeError)."""
    if isinstance(axis, Tensor):
        axis = axis.item()
    if isinstance(axis, float) and axis.is_integer():
        axis = int(axis)
    if isinstance(axis, bool) or not isinstance(axis, numbers.Integral):
        raise TypeError(f"({api}) argument 'axis' must be int, float, bool or Tensor, but got "
                        f"{type(axis).__name__}")
    bound = max(ndim, 1)
    if not -bound <= int(axis) < bound:
        raise error(f"({api}) axis is out of range (expected to be in range of [{-bound}, "
                    f"{bound}), but got {int(axis)}).")
    return int(axis) % bound


def write_out(result, out):
    """Paddle 3.3's `out=` keyword: store the result in an existing tensor and return it."""
    if out is None:
        return result
    if isinstance(result, (tuple, list)):
        if not isinstance(out, (tuple, list)) or len(out) != len(result):
            raise TypeError(f"out must be a tuple of {len(result)} Tensors")
        return type(result)(write_out(r, o) for r, o in zip(result, out))
    if not isinstance(out, Tensor):
        raise TypeError(f"out must be a Tensor, but received {type(out).__name__}")
    out._data = result._data
    out._node = result._node
    out._out_idx = result._out_idx
    out.stop_gradient = result.stop_gradient
    out._version += 1
    return out


def adopt_inplace(api: str, target: Tensor, result: Tensor) -> Tensor:
    """Make `target` become `result` (Paddle's in-place scans may change its shape/dtype)."""
    from .._core import state
    if state.grad_enabled and not target.stop_gradient and target._node is None:
        raise ValueError(f"({api}) Leaf Tensor ({target.name}) that doesn't stop gradient can't "
                         "use inplace strategy.")
    return write_out(result, target)


def autograd_alias(t: Tensor) -> Tensor:
    """A new Tensor object over t's current data with t's autograd identity, so a result that
    later replaces t's data still differentiates through t's old value."""
    from .._core.tensor import wrap
    alias = wrap(t._data)
    alias.stop_gradient = t.stop_gradient
    alias._node = t._node
    alias._out_idx = t._out_idx
    return alias
