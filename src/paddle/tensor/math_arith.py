"""Arithmetic of the `paddle` namespace: add … pow, maximum/minimum, fmax/fmin and atan2, with
each op's own promotion policy (see math_promotion) and Paddle's rules for Python numbers."""
from __future__ import annotations

from .._core import dtype as _dt
from .._core.ops import binary as B
from .._core.ops import unary as U
from .._core.tensor import Tensor
from ._convert import cast_to, is_number, require_tensor
from .math_common import write_out
from .math_promotion import (need_tensor, promote_numpy, promote_strict, promote_weak,
                             tensor_operands)


def _binary(op, x, y, out=None):
    """Operator path (`x + 2`, `2 ** x`): numbers are accepted on either side, weakly typed."""
    x, y = promote_weak(x, y, op.name)
    return write_out(op(x, y), out)


def _strict_binary(api, op, x, y, out=None):
    tensor_operands(api, x, y)
    x, y = promote_strict(x, y, api)
    return write_out(op(x, y), out)


def add(x, y, name=None, *, alpha=1, out=None):
    """Elementwise x + alpha * y with broadcasting and Paddle's type promotion.

    Example:
        >>> import paddle
        >>> paddle.add(paddle.to_tensor([1., 2.]), paddle.to_tensor([3., 4.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [4., 6.])
    """
    tensor_operands("add", x, y)
    if alpha != 1:
        y = _binary(B.multiply, y, alpha)
    return _binary(B.add, x, y, out)


def subtract(x, y, name=None, *, alpha=1, out=None):
    """Elementwise x - alpha * y.

    Example:
        >>> import paddle
        >>> paddle.subtract(paddle.to_tensor([5, 7]), paddle.to_tensor([1, 2]))
        Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [4, 5])
    """
    tensor_operands("subtract", x, y)
    if alpha != 1:
        y = _binary(B.multiply, y, alpha)
    return _binary(B.subtract, x, y, out)


def multiply(x, y, name=None, *, out=None):
    """Elementwise x * y.

    Example:
        >>> import paddle
        >>> paddle.multiply(paddle.to_tensor([1., 2.]), paddle.to_tensor([3., 4.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [3., 8.])
    """
    tensor_operands("multiply", x, y)
    return _binary(B.multiply, x, y, out)


def divide(x, y, name=None, *, rounding_mode=None, out=None):
    """Elementwise x / y. Integers divide into the default float dtype; rounding_mode 'trunc'
    or 'floor' rounds the quotient (and keeps integer dtypes).

    Example:
        >>> import paddle
        >>> paddle.divide(paddle.to_tensor([7, -7]), paddle.to_tensor([2, 2]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [ 3.50000000, -3.50000000])
    """
    tensor_operands("divide", x, y)
    return _true_divide(x, y, rounding_mode, out)


def true_divide(input, other, *, out=None):  # noqa: A002 - Paddle's parameter name
    """Elementwise input / other (the same as paddle.divide with no rounding).

    Example:
        >>> import paddle
        >>> paddle.true_divide(paddle.to_tensor([1, 3]), paddle.to_tensor([2, 2]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0.50000000, 1.50000000])
    """
    tensor_operands("divide", input, other)
    return _true_divide(input, other, None, out)


def _true_divide(x, y, rounding_mode=None, out=None):
    """Division for the `/` operator and paddle.divide: integers divide into the default
    float; bools stay bool (integer division), as in Paddle."""
    if rounding_mode == "floor":
        return floor_divide(x, y, out=out)
    if rounding_mode not in (None, "trunc"):
        raise ValueError("div expected rounding_mode to be one of None, 'trunc', or 'floor' but "
                         f"found {rounding_mode}.")
    x, y = promote_weak(x, y, "divide")
    if rounding_mode == "trunc":
        quotient = B.divide(x, y)
        return write_out(quotient if x._data.dtype.kind in "biu" else U.trunc(quotient), out)
    if x._data.dtype.kind in "iu":
        target = _dt.default_float()
        x, y = cast_to(x, target), cast_to(y, target)
    return write_out(B.divide(x, y), out)


def floor_divide(x, y, name=None, *, out=None):
    """Elementwise floor(x / y); integers stay integers and dividing them by 0 is an error.

    Example:
        >>> import paddle
        >>> paddle.floor_divide(paddle.to_tensor([7, -7]), paddle.to_tensor([2, 2]))
        Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [ 3, -4])
    """
    # x must be a Tensor, as in Paddle's binding; a number y is promoted weakly as by the `//`
    # operator (Paddle's functional form would make it a tensor: int32 // 2 would give int64).
    require_tensor("floor_divide", "x", 0, x)
    if is_number(y):
        return _binary(B.floor_divide, x, y, out)
    tensor_operands("floor_divide", x, y)
    x, y = promote_numpy(x, y, "floor_divide")
    return write_out(B.floor_divide(x, y), out)


def remainder(x, y, name=None, *, out=None):
    """Elementwise x mod y with the sign of y (Python's %).

    Example:
        >>> import paddle
        >>> paddle.remainder(paddle.to_tensor([7, -7]), paddle.to_tensor([3, 3]))
        Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [1, 2])
    """
    # x must be a Tensor, as in Paddle's binding (mod and floor_mod report as remainder); a
    # number y promotes weakly as by `%` (Paddle's functional form would cast it to x's dtype).
    require_tensor("remainder", "x", 0, x)
    if not is_number(y):
        tensor_operands("remainder", x, y)
    return _binary(B.remainder, x, y, out)


mod = remainder
floor_mod = remainder


def pow(x, y, name=None, *, out=None):  # noqa: A001 - Paddle's public name
    """x raised to y. A Python number y keeps x's dtype (integer x takes int(y)); a tensor y
    broadcasts and promotes.

    Example:
        >>> import paddle
        >>> paddle.pow(paddle.to_tensor([1., 2., 3.]), 2)
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1., 4., 9.])
    """
    if isinstance(y, Tensor):
        require_tensor("elementwise_pow", "x", 0, x)
        return _binary(B.elementwise_pow, x, y, out)
    if not isinstance(y, (int, float)):
        raise TypeError("y must be scalar, Tensor(in dygraph mode), Value(in pir mode) but "
                        f"received: {type(y)}")
    require_tensor("pow", "x", 0, x)
    return write_out(B.pow_op(x, float(y)), out)


def maximum(x, y, name=None, *, out=None):
    """Elementwise maximum (NaN propagates); ties split the gradient evenly.

    Example:
        >>> import paddle
        >>> paddle.maximum(paddle.to_tensor([1., 5.]), paddle.to_tensor([3., 2.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [3., 5.])
    """
    return _strict_binary("maximum", B.maximum, x, y, out)


def minimum(x, y, name=None, *, out=None):
    """Elementwise minimum (NaN propagates); ties split the gradient evenly.

    Example:
        >>> import paddle
        >>> paddle.minimum(paddle.to_tensor([1., 5.]), paddle.to_tensor([3., 2.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1., 2.])
    """
    return _strict_binary("minimum", B.minimum, x, y, out)


def fmax(x, y, name=None):
    """Elementwise maximum that ignores NaN (NaN only where both are NaN).

    Example:
        >>> import paddle
        >>> paddle.fmax(paddle.to_tensor([1., float('nan')]), paddle.to_tensor([3., 2.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [3., 2.])
    """
    return _strict_binary("fmax", B.fmax, x, y)


def fmin(x, y, name=None):
    """Elementwise minimum that ignores NaN (NaN only where both are NaN).

    Example:
        >>> import paddle
        >>> paddle.fmin(paddle.to_tensor([1., float('nan')]), paddle.to_tensor([3., 2.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1., 2.])
    """
    return _strict_binary("fmin", B.fmin, x, y)


def atan2(x, y, name=None):
    """Elementwise arctangent of x / y in (-π, π]; integers compute in float64.

    Example:
        >>> import paddle
        >>> paddle.atan2(paddle.to_tensor([1., -1.]), paddle.to_tensor([1., 1.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [ 0.78539819, -0.78539819])
    """
    need_tensor(x, "atan2", "x")
    need_tensor(y, "atan2", "y")
    x, y = promote_strict(x, y, "atan2")
    return B.atan2(x, y)


__all__ = ["add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "remainder",
           "mod", "floor_mod", "pow", "maximum", "minimum", "fmax", "fmin", "atan2"]
