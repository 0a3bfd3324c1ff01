"""Comparisons, logical ops, closeness tests, where and isin of the `paddle` namespace (bitwise
ops live in logic_bitwise and are re-exported here)."""
from __future__ import annotations

import numpy as np

from .._core.ops import binary as B
from .._core.ops import math_binary as MB
from .._core.ops import reduction as R
from .._core.tensor import Tensor, wrap
from ._convert import is_number
from ._convert import require_tensor as need_tensor_arg
from . import logic_bitwise
from .logic_bitwise import *  # noqa: F401,F403
from .math_common import apply_inplace, write_out
from .math_promotion import (as_operand, need_tensor, promote_strict, promote_weak,
                             tensor_operands)


def _compare(op, name: str):
    """A comparison with weak promotion and a bool result. As in Paddle's functional forms,
    y must be a Tensor, except that `equal` also takes a number (converted to x's dtype). The
    operators (`x < 2`, `x == None`) are more permissive: see paddle/tensor/operators.py."""
    def fn(x, y, name=None, *, out=None):
        need_tensor_arg(op.name, "x", 0, x)
        if op is B.equal and not isinstance(y, Tensor):
            if not is_number(y):
                raise TypeError("Type of input args must be float, bool, complex, int or "
                                f"Tensor, but received type {type(y)}")
            y = wrap(np.asarray(y).astype(x._data.dtype))
        need_tensor_arg(op.name, "y", 1, y)
        x, y = promote_weak(x, y, op.name)
        return write_out(op(x, y), out)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = (f"Elementwise {name.replace('_', ' ')} with broadcasting; a bool tensor.\n\n"
                  "    Example:\n        >>> import paddle\n"
                  f"        >>> paddle.{name}(paddle.to_tensor([1, 2, 3]), "
                  "paddle.to_tensor([2, 2, 2]))\n"
                  "        Tensor(shape=[3], dtype=bool, place=Place(cpu), stop_gradient=True,\n"
                  f"               {_EXAMPLE_RESULTS[op.name]})\n")
    return fn


def _compare_foreign(op, y):
    """What Tensor's == and != give for None, a list or a tuple: a Python bool."""
    if (y is None or isinstance(y, (list, tuple))) and op in (B.equal, B.not_equal):
        return op is B.not_equal
    raise TypeError("Type of input args must be float, bool, complex, int or Tensor, but "
                    f"received type {type(y)}")


_EXAMPLE_RESULTS = {
    "equal": "[False, True , False]", "not_equal": "[True , False, True ]",
    "less_than": "[True , False, False]", "less_equal": "[True , True , False]",
    "greater_than": "[False, False, True ]", "greater_equal": "[False, True , True ]",
}

equal = _compare(B.equal, "equal")
not_equal = _compare(B.not_equal, "not_equal")
less_than = _compare(B.less_than, "less_than")
less_equal = _compare(B.less_equal, "less_equal")
greater_than = _compare(B.greater_than, "greater_than")
greater_equal = _compare(B.greater_equal, "greater_equal")


def _logical(op):
    def fn(x, y, name=None, *, out=None):
        tensor_operands(op.name, x, y)
        x, y = promote_strict(x, y, op.name)
        return write_out(op(x, y), out)
    fn.__name__ = fn.__qualname__ = op.name
    word = op.name.split("_")[1].upper()
    fn.__doc__ = (f"Elementwise logical {word} (non-zero is true); a bool tensor.\n\n"
                  "    Example:\n        >>> import paddle\n"
                  f"        >>> paddle.{op.name}(paddle.to_tensor([True, False]), "
                  "paddle.to_tensor([True, True]))\n"
                  "        Tensor(shape=[2], dtype=bool, place=Place(cpu), stop_gradient=True,\n"
                  f"               {_LOGICAL_RESULTS[op.name]})\n")
    return fn


_LOGICAL_RESULTS = {"logical_and": "[True , False]", "logical_or": "[True, True]",
                    "logical_xor": "[False, True ]"}

logical_and = _logical(B.logical_and)
logical_or = _logical(B.logical_or)
logical_xor = _logical(B.logical_xor)


def logical_not(x, name=None, *, out=None):
    """Elementwise logical NOT (non-zero is true); a bool tensor.

    Example:
        >>> import paddle
        >>> paddle.logical_not(paddle.to_tensor([0., 2.]))
        Tensor(shape=[2], dtype=bool, place=Place(cpu), stop_gradient=True,
               [True , False])
    """
    need_tensor(x, "logical_not", "x")
    return write_out(B.logical_not(x), out)


def _inplace_binary(fn, api: str):
    def inplace(x, y, name=None):
        return apply_inplace(api, x, lambda t: fn(t, y))
    inplace.__name__ = inplace.__qualname__ = api
    inplace.__doc__ = f"In-place version of paddle.{api[:-1]}: x is overwritten and returned."
    return inplace


equal_ = _inplace_binary(equal, "equal_")
not_equal_ = _inplace_binary(not_equal, "not_equal_")
less_than_ = _inplace_binary(less_than, "less_than_")
less_equal_ = _inplace_binary(less_equal, "less_equal_")
greater_than_ = _inplace_binary(greater_than, "greater_than_")
greater_equal_ = _inplace_binary(greater_equal, "greater_equal_")
logical_and_ = _inplace_binary(logical_and, "logical_and_")
logical_or_ = _inplace_binary(logical_or, "logical_or_")
logical_xor_ = _inplace_binary(logical_xor, "logical_xor_")


def logical_not_(x, name=None):
    """In-place version of paddle.logical_not: x is overwritten (as bool) and returned."""
    return apply_inplace("logical_not_", x, logical_not)


def isclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False, name=None):
    """Elementwise |x - y| <= atol + rtol * |y| for tensors of one shape and dtype.

    Example:
        >>> import paddle
        >>> paddle.isclose(paddle.to_tensor([1., 2.]), paddle.to_tensor([1., 2.1]))
        Tensor(shape=[2], dtype=bool, place=Place(cpu), stop_gradient=True,
               [True , False])
    """
    tensor_operands("isclose", x, y)
    _check_tolerances("isclose", rtol, atol)
    return MB.isclose(x, y, float(rtol), float(atol), bool(equal_nan))


def allclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False, name=None):
    """Whether every element pair is close (see isclose); a 0-d bool tensor.

    Example:
        >>> import paddle
        >>> paddle.allclose(paddle.to_tensor([1., 2.]), paddle.to_tensor([1., 2.]))
        Tensor(shape=[], dtype=bool, place=Place(cpu), stop_gradient=True,
               True)
    """
    tensor_operands("allclose", x, y)
    _check_tolerances("allclose", rtol, atol)
    close = MB.isclose(x, y, float(rtol), float(atol), bool(equal_nan))
    return R.all_op(close, None, False)


def _check_tolerances(api: str, rtol, atol) -> None:
    for arg, value in (("Rtol", rtol), ("Atol", atol)):
        if isinstance(value, Tensor):
            continue
        if not isinstance(value, float):
            raise ValueError(f"({api}) Input ({arg}) type must be double or float, but get "
                             f"{type(value).__name__}.")


def equal_all(x, y, name=None):
    """Whether x and y have the same shape and equal elements; a 0-d bool tensor.

    Example:
        >>> import paddle
        >>> paddle.equal_all(paddle.to_tensor([1, 2]), paddle.to_tensor([1, 2]))
        Tensor(shape=[], dtype=bool, place=Place(cpu), stop_gradient=True,
               True)
    """
    tensor_operands("equal_all", x, y)
    if x._data.dtype != y._data.dtype:
        raise ValueError(f"(equal_all) x and y must have the same dtype, but received "
                         f"{x.dtype.name} and {y.dtype.name}")
    if tuple(x.shape) != tuple(y.shape):
        return wrap(np.asarray(False))
    return R.all_op(B.equal(x, y), None, False)


def is_tensor(x) -> bool:
    """Whether x is a paddle Tensor.

    Example:
        >>> import paddle
        >>> paddle.is_tensor(paddle.to_tensor([1.])), paddle.is_tensor([1.])
        (True, False)
    """
    return isinstance(x, Tensor)


def _condition(api: str, condition) -> Tensor:
    need_tensor(condition, api, "condition")
    if condition._data.dtype != np.bool_:
        raise ValueError("The `condition` is expected to be a boolean Tensor, but got a Tensor "
                         f"with dtype {condition.dtype}")
    return condition


def where(condition, x=None, y=None, name=None, *, out=None):
    """Choose x where condition is true and y elsewhere (broadcast; numbers become tensors as
    paddle.to_tensor makes them). With only a condition, the indices of its true elements, as
    paddle.nonzero(condition, as_tuple=True).

    Example:
        >>> import paddle
        >>> paddle.where(paddle.to_tensor([True, False]), paddle.to_tensor([1., 2.]),
        ...              paddle.to_tensor([3., 4.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1., 4.])
    """
    if x is None and y is None:
        from .search import nonzero
        # Paddle's one-argument form is nonzero's binding, which names the argument so.
        need_tensor_arg("nonzero", "condition", 0, condition)
        return nonzero(condition, as_tuple=True)
    if x is None or y is None:
        raise ValueError("either both or neither of x and y should be given")
    condition = _condition("where", condition)
    x, y = promote_strict(as_operand(x, "where", "x"), as_operand(y, "where", "y"), "where")
    return write_out(B.where(condition, x, y), out)


def where_(condition, x=None, y=None, name=None):
    """In-place where: x is overwritten with where(condition, x, y) and returned.

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([1., 2.])
        >>> paddle.where_(paddle.to_tensor([True, False]), x, paddle.to_tensor([9., 9.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1., 9.])
    """
    if not isinstance(x, Tensor) or not isinstance(y, Tensor):
        raise ValueError("either both or neither of x and y should be given")
    condition = _condition("where_", condition)
    return apply_inplace("where_", x, lambda t: where(condition, t, y))


def isin(x, test_x, assume_unique=False, invert=False, name=None):
    """Whether each element of x occurs in test_x (or not, with invert=True).

    Example:
        >>> import paddle
        >>> paddle.isin(paddle.to_tensor([1, 2, 3]), paddle.to_tensor([2, 4]))
        Tensor(shape=[3], dtype=bool, place=Place(cpu), stop_gradient=True,
               [False, True , False])
    """
    need_tensor(x, "isin", "x")
    need_tensor(test_x, "isin", "test_x")
    return MB.isin(x, test_x, bool(assume_unique), bool(invert))


less = less_than
greater = greater_than
less_ = less_than_
eq, ne, lt, le, gt, ge = equal, not_equal, less_than, less_equal, greater_than, greater_equal

__all__ = [
    "equal", "not_equal", "less_than", "less_equal", "greater_than", "greater_equal", "less",
    "greater", "eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or", "logical_xor",
    "logical_not", "equal_", "not_equal_", "less_than_", "less_", "less_equal_",
    "greater_than_", "greater_equal_", "logical_and_", "logical_or_", "logical_xor_",
    "logical_not_", "isclose", "allclose", "equal_all", "is_tensor", "where",
    "where_", "isin", *logic_bitwise.__all__,
]
