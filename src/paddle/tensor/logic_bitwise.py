"""Bitwise ops of the `paddle` namespace: and/or/xor/not (invert) and the shifts, with their
in-place forms. Operands must be bool or integer tensors of one dtype; Paddle does not promote
them."""
from __future__ import annotations

from .._core.ops import binary as B
from .._core.tensor import Tensor
from ._convert import ensure_tensor
from .math_common import apply_inplace, write_out
from .math_promotion import need_tensor, require_same_dtype, tensor_operands


def _check_kind(api: str, x, kinds: str = "biu") -> None:
    if x._data.dtype.kind not in kinds:
        allowed = "bool or integer" if "b" in kinds else "integer"
        raise TypeError(f"({api}) x and y must be {allowed} tensors, but received "
                        f"{x.dtype.name}")


def _operands(api: str, x, y, kinds: str = "biu") -> None:
    tensor_operands(api, x, y)
    require_same_dtype(x, y, api)
    _check_kind(api, x, kinds)


def _bitwise(op, example: str):
    def fn(x, y, out=None, name=None):
        _operands(op.name, x, y)
        return write_out(op(x, y), out)
    fn.__name__ = fn.__qualname__ = op.name
    fn.__doc__ = (f"Elementwise {op.name.replace('_', ' ')} of bool or integer tensors.\n\n"
                  "    Example:\n        >>> import paddle\n"
                  f"        >>> paddle.{op.name}(paddle.to_tensor([12, 10]), "
                  "paddle.to_tensor([10, 6]))\n"
                  "        Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,\n"
                  f"               {example})\n")
    return fn


bitwise_and = _bitwise(B.bitwise_and, "[8, 2]")
bitwise_or = _bitwise(B.bitwise_or, "[14, 14]")
bitwise_xor = _bitwise(B.bitwise_xor, "[6 , 12]")


def _shift_operands(x, y, symbol: str):
    """The shift operators (`x << 2`, `2 << x`) are bound to the shift functions, so a Python
    int on either side is taken as a tensor of the other side's dtype; a float is Python's
    TypeError, as in Paddle."""
    if isinstance(x, float) or isinstance(y, float):
        left, right = ("float", "Tensor") if isinstance(x, float) else ("Tensor", "float")
        raise TypeError(f"unsupported operand type(s) for {symbol}: '{left}' and '{right}'")
    if isinstance(y, int) and isinstance(x, Tensor):
        y = ensure_tensor(y, x.dtype)
    if isinstance(x, int) and isinstance(y, Tensor):
        x = ensure_tensor(x, y.dtype)
    return x, y


def bitwise_left_shift(x, y, is_arithmetic=True, out=None, name=None):
    """Elementwise x << y for integer tensors.

    Example:
        >>> import paddle
        >>> paddle.bitwise_left_shift(paddle.to_tensor([1, -3]), paddle.to_tensor([2, 1]))
        Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [ 4, -6])
    """
    x, y = _shift_operands(x, y, "<<")
    _operands("bitwise_left_shift", x, y, "iu")
    return write_out(B.bitwise_left_shift(x, y, bool(is_arithmetic)), out)


def bitwise_right_shift(x, y, is_arithmetic=True, out=None, name=None):
    """Elementwise x >> y for integer tensors: arithmetic (sign-filling) by default, logical
    (zero-filling) with is_arithmetic=False.

    Example:
        >>> import paddle
        >>> paddle.bitwise_right_shift(paddle.to_tensor([8, -8]), paddle.to_tensor([1, 1]))
        Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [ 4, -4])
    """
    x, y = _shift_operands(x, y, ">>")
    _operands("bitwise_right_shift", x, y, "iu")
    return write_out(B.bitwise_right_shift(x, y, bool(is_arithmetic)), out)


def bitwise_not(x, out=None, name=None):
    """Elementwise bit inversion (logical NOT for bool tensors).

    Example:
        >>> import paddle
        >>> paddle.bitwise_not(paddle.to_tensor([0, 5]))
        Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [-1, -6])
    """
    need_tensor(x, "bitwise_not", "x")
    _check_kind("bitwise_not", x)
    return write_out(B.bitwise_not(x), out)


bitwise_invert = bitwise_not


def _inplace(fn, api: str):
    def inplace(x, y, name=None):
        return apply_inplace(api, x, lambda t: fn(t, y))
    inplace.__name__ = inplace.__qualname__ = api
    inplace.__doc__ = f"In-place version of paddle.{api[:-1]}: x is overwritten and returned."
    return inplace


bitwise_and_ = _inplace(bitwise_and, "bitwise_and_")
bitwise_or_ = _inplace(bitwise_or, "bitwise_or_")
bitwise_xor_ = _inplace(bitwise_xor, "bitwise_xor_")


def bitwise_left_shift_(x, y, is_arithmetic=True, out=None, name=None):
    """In-place version of paddle.bitwise_left_shift: x is overwritten and returned."""
    return apply_inplace("bitwise_left_shift_", x,
                         lambda t: bitwise_left_shift(t, y, is_arithmetic))


def bitwise_right_shift_(x, y, is_arithmetic=True, out=None, name=None):
    """In-place version of paddle.bitwise_right_shift: x is overwritten and returned."""
    return apply_inplace("bitwise_right_shift_", x,
                         lambda t: bitwise_right_shift(t, y, is_arithmetic))


def bitwise_not_(x, name=None):
    """In-place version of paddle.bitwise_not: x is overwritten and returned."""
    return apply_inplace("bitwise_not_", x, bitwise_not)


bitwise_invert_ = bitwise_not_

__all__ = ["bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift",
           "bitwise_right_shift", "bitwise_not", "bitwise_invert", "bitwise_and_",
           "bitwise_or_", "bitwise_xor_", "bitwise_left_shift_", "bitwise_right_shift_",
           "bitwise_not_", "bitwise_invert_"]
