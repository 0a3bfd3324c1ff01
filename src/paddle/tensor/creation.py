"""Tensor creation of the `paddle` namespace: constant fills and their *_like / new_* forms,
plus (from sibling modules) to_tensor and friends, ranges, and index sets."""
from __future__ import annotations

import numbers

import numpy as np

from .._core import dtype as _dt
from .._core.ops import creation as C
from .._core.ops import fill
from .._core.tensor import Tensor, wrap
from . import math as _math
from ._arg_forms import aliases, finish, shape_arg, size_varargs, size_varargs_method
from ._convert import require_tensor
from ._ranges import arange, eye, linspace, logspace, range, tril_indices, triu_indices
from ._storage import is_shared_buffer_with, resize_, set_
from ._to_tensor import as_tensor, asarray, assign, data_to_array, from_numpy, to_tensor


def _fill_number(value, api: str):
    """Paddle's accepted fill values: numbers, numeric strings, one-element Tensors."""
    if isinstance(value, Tensor):
        if value.size != 1:
            raise ValueError(f"({api}) The fill_value Tensor must have exactly one element, but "
                             f"it has shape {list(value.shape)}.")
        return value.item()
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            raise ValueError(f"({api}) A string fill_value must be numeric, but received "
                             f"{value!r}.") from None
    if not isinstance(value, numbers.Number):
        raise TypeError(f"({api}) The fill_value should be int, float, bool, complex, "
                        "np.number, string numeric values or Tensor, but received "
                        f"{type(value).__name__}.")
    return value.item() if isinstance(value, np.generic) else value


def _default_fill_dtype(value) -> _dt.DType:
    """bool → bool, complex → complex128, anything else (Tensors included) → default float."""
    if isinstance(value, bool):
        return _dt.bool_
    if isinstance(value, complex):
        return _dt.complex128
    return _dt.default_float()


@aliases(shape="size")
def full(shape, fill_value, dtype=None, name=None, *, out=None, device=None,
         requires_grad=False, pin_memory=False):
    """A tensor of `shape` filled with `fill_value`. Without a dtype, bools give bool, Python
    complex numbers complex128, and every other number the default float (so full([2], 1) is
    float32). Values convert like C casts: 1.7 → 1 for ints, 300 → 44 for uint8.

    Example:
        >>> import paddle
        >>> paddle.full([2, 2], 1)
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[1., 1.],
                [1., 1.]])
    """
    value = _fill_number(fill_value, "full")
    dt = _default_fill_dtype(fill_value) if dtype is None else _dt.to_dtype(dtype)
    return finish(C.full(shape_arg(shape, "full"), value, dt), requires_grad, out)


def fill_constant(shape, dtype, value, force_cpu=False, out=None, place=None, name=None):
    """The legacy `paddle.tensor.fill_constant`: full(shape, value, dtype), written into `out`
    when given (and returned).

    Example:
        >>> import paddle
        >>> paddle.tensor.fill_constant([2], "int32", 5)
        Tensor(shape=[2], dtype=int32, place=Place(cpu), stop_gradient=True,
               [5, 5])
    """
    return full(shape, value, dtype, out=out)


def _float_dtype(dtype) -> _dt.DType:
    return _dt.default_float() if dtype is None else _dt.to_dtype(dtype)


@size_varargs
def zeros(shape, dtype=None, name=None, *, out=None, device=None, requires_grad=False,
          pin_memory=False):
    """A tensor of zeros (default float dtype).

    Example:
        >>> import paddle
        >>> paddle.zeros([2], 'int32').tolist()
        [0, 0]
    """
    result = C.full(shape_arg(shape, "zeros"), 0, _float_dtype(dtype))
    return finish(result, requires_grad, out)


@size_varargs
def ones(shape, dtype=None, name=None, *, out=None, device=None, requires_grad=False,
         pin_memory=False):
    """A tensor of ones (default float dtype).

    Example:
        >>> import paddle
        >>> paddle.ones([2]).tolist()
        [1.0, 1.0]
    """
    result = C.full(shape_arg(shape, "ones"), 1, _float_dtype(dtype))
    return finish(result, requires_grad, out)


@size_varargs
def empty(shape, dtype=None, name=None, *, out=None, device=None, requires_grad=False,
          pin_memory=False):
    """An uninitialised tensor in Paddle; Feijiang fills it with zeros so runs are reproducible.

    Example:
        >>> import paddle
        >>> paddle.empty([2, 3]).shape
        paddle.Size([2, 3])
    """
    result = C.full(shape_arg(shape, "empty"), 0, _float_dtype(dtype))
    return finish(result, requires_grad, out)


def _like_target(x, api: str) -> Tensor:
    if isinstance(x, Tensor):
        return x
    return wrap(data_to_array(x, api=api))


def _check_fill_range(value, dtype: _dt.DType, api: str) -> None:
    """full_like (unlike full) refuses finite values outside the target integer/bool range."""
    if dtype.kind not in "biu" or isinstance(value, complex):
        return
    if isinstance(value, float) and not np.isfinite(value):
        return
    low, high = (0, 1) if dtype.kind == "b" else (np.iinfo(dtype.np_dtype).min,
                                                   np.iinfo(dtype.np_dtype).max)
    if not low <= value <= high:
        raise ValueError(f"({api}) The filled value is out of range for target type "
                         f"{dtype.name}: the range is [{low}, {high}], but received {value}.")


@aliases(x="input")
def full_like(x, fill_value, dtype=None, name=None, *, device=None, requires_grad=False,
              pin_memory=False):
    """A tensor shaped like x filled with `fill_value` (dtype defaults to x's).

    Example:
        >>> import paddle
        >>> paddle.full_like(paddle.to_tensor([1, 2]), 2.7).tolist()
        [2, 2]
    """
    require_tensor("full_like", "x", 0, x)
    x = _like_target(x, "full_like")
    value = _fill_number(fill_value, "full_like")
    dt = x.dtype if dtype is None else _dt.to_dtype(dtype)
    _check_fill_range(value, dt, "full_like")
    # the full_like op takes its shape from x, so traced programs keep x's dynamic dims
    return finish(fill.full_like(x, C.fill_scalar(value, dt), dt), requires_grad)


@aliases(x="input")
def zeros_like(x, dtype=None, name=None, *, device=None, requires_grad=False,
               pin_memory=False):
    """Zeros shaped like x (dtype defaults to x's).

    Example:
        >>> import paddle
        >>> paddle.zeros_like(paddle.to_tensor([1, 2])).tolist()
        [0, 0]
    """
    require_tensor("zeros_like", "x", 0, x)
    return full_like(x, 0, dtype, requires_grad=requires_grad)


@aliases(x="input")
def ones_like(x, dtype=None, name=None, *, device=None, requires_grad=False,
              pin_memory=False):
    """Ones shaped like x (dtype defaults to x's).

    Example:
        >>> import paddle
        >>> paddle.ones_like(paddle.to_tensor([1.5])).tolist()
        [1.0]
    """
    require_tensor("ones_like", "x", 0, x)
    return full_like(x, 1, dtype, requires_grad=requires_grad)


@aliases(x="input")
def empty_like(x, dtype=None, name=None, *, device=None, requires_grad=False,
               pin_memory=False):
    """An uninitialised tensor shaped like x (zero-filled in Feijiang).

    Example:
        >>> import paddle
        >>> paddle.empty_like(paddle.ones([2, 2])).shape
        paddle.Size([2, 2])
    """
    require_tensor("empty_like", "x", 0, x)
    return full_like(x, 0, dtype, requires_grad=requires_grad)


@size_varargs_method
def new_full(self, size, fill_value, *, dtype=None, device=None, requires_grad=False,
             pin_memory=False):
    """A tensor of `size` filled with fill_value, with self's dtype unless given.

    Example:
        >>> import paddle
        >>> paddle.to_tensor([1, 2]).new_full([3], 2.5).tolist()
        [2, 2, 2]
    """
    dt = self.dtype if dtype is None else _dt.to_dtype(dtype)
    result = C.full(shape_arg(size, "new_full"), _fill_number(fill_value, "new_full"), dt)
    return finish(result, requires_grad)


@size_varargs_method
def new_zeros(self, size, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """Zeros of `size` with self's dtype unless given.

    Example:
        >>> import paddle
        >>> paddle.to_tensor([1, 2]).new_zeros([3]).tolist()
        [0, 0, 0]
    """
    return new_full(self, size, 0, dtype=dtype, requires_grad=requires_grad)


@size_varargs_method
def new_ones(self, size, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """Ones of `size` with self's dtype unless given.

    Example:
        >>> import paddle
        >>> paddle.to_tensor([1.0]).new_ones([2]).tolist()
        [1.0, 1.0]
    """
    return new_full(self, size, 1, dtype=dtype, requires_grad=requires_grad)


@size_varargs_method
def new_empty(self, size, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """An uninitialised tensor of `size` (zero-filled) with self's dtype unless given.

    Example:
        >>> import paddle
        >>> paddle.to_tensor([1, 2], 'int32').new_empty([2]).dtype
        paddle.int32
    """
    return new_full(self, size, 0, dtype=dtype, requires_grad=requires_grad)


def polar(abs, angle, name=None, *, out=None):  # noqa: A002 - Paddle's parameter name
    """The complex tensor abs * (cos(angle) + i sin(angle)); gradients reach abs and angle.

    Example:
        >>> import paddle
        >>> z = paddle.polar(paddle.to_tensor([2.0]), paddle.to_tensor([0.0]))
        >>> z.dtype, z.real().tolist()
        (paddle.complex64, [2.0])
    """
    for arg, value in (("abs", abs), ("angle", angle)):
        if not isinstance(value, Tensor):
            raise TypeError(f"(polar) '{arg}' must be a Tensor, but received "
                            f"{type(value).__name__}.")
    result = _math.complex(abs * _math.cos(angle), abs * _math.sin(angle))
    return finish(result, out=out)


__all__ = [
    "to_tensor", "asarray", "as_tensor", "from_numpy", "full", "zeros", "ones", "empty",
    "full_like", "zeros_like", "ones_like", "empty_like", "arange", "range", "linspace",
    "logspace", "eye", "assign", "tril_indices", "triu_indices", "polar",
]

# Creation functions are namespace-level only; these Tensor methods are defined here too.
NOT_METHODS = set(__all__)
EXTRA_METHODS = {"new_full": new_full, "new_zeros": new_zeros, "new_ones": new_ones,
                 "new_empty": new_empty, "set_": set_, "resize_": resize_,
                 "_is_shared_buffer_with": is_shared_buffer_with, "polar": polar}
