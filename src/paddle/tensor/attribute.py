"""Tensor attribute queries of the `paddle` namespace: rank, is_complex, is_floating_point,
is_integer, is_empty, tolist; and the Tensor.type attribute."""
from __future__ import annotations

import enum

import numpy as np

from .._core.tensor import Tensor, wrap
from ._tensor_args import require_tensor_or_array


def _check(x, api):
    if not isinstance(x, Tensor):
        raise TypeError(f"({api}) x must be a Tensor, but received {type(x).__name__}")


def rank(input):  # noqa: A002 - Paddle's parameter name
    """The number of dimensions of `input` as an int32 0-d tensor.

    Example:
        >>> import paddle
        >>> paddle.rank(paddle.ones([2, 3, 4])).item()
        3
    """
    require_tensor_or_array("rank", "input", 0, input)
    return wrap(np.asarray(input.ndim, dtype=np.int32))


def is_complex(x) -> bool:
    """Whether x has a complex dtype."""
    _check(x, "is_complex")
    return x._data.dtype.kind == "c"


def is_floating_point(x) -> bool:
    """Whether x has a floating dtype (float16/bfloat16/float32/float64)."""
    _check(x, "is_floating_point")
    return x.dtype.is_floating_point


def is_integer(x) -> bool:
    """Whether x has an integer dtype (bool is not an integer here, as in Paddle)."""
    _check(x, "is_integer")
    return x._data.dtype.kind in "iu"


def is_empty(x, name=None):
    """Whether x has no elements, as a bool 0-d tensor."""
    _check(x, "is_empty")
    return wrap(np.asarray(x._data.size == 0))


def tolist(x):
    """The elements of x as (nested) Python lists of numbers.

    Example:
        >>> import paddle
        >>> paddle.tolist(paddle.to_tensor([[1, 2], [3, 4]]))
        [[1, 2], [3, 4]]
    """
    _check(x, "tolist")
    return x.tolist()


class VarType(int, enum.Enum):
    """Paddle's code for the kind of variable a tensor is (framework.proto); an eager tensor
    is always a dense tensor."""
    DENSE_TENSOR = 7


def _var_type(self) -> VarType:
    return VarType.DENSE_TENSOR


__all__ = ["rank", "is_complex", "is_floating_point", "is_integer", "is_empty", "tolist"]

# Tensor.tolist is the Tensor class's own method; Tensor.type is an attribute only.
NOT_METHODS = {"tolist"}
EXTRA_METHODS = {"type": property(_var_type)}
