"""In-place forms of the binary and attribute-taking math functions (`x.add_(y)`,
`x.clip_(0, 1)`, …): each computes what its out-of-place function computes, then x holds the
result (see math_common.apply_inplace)."""
from __future__ import annotations

from .._core import dispatch
from .._core.ops import binary as B
from .._core.tensor import Tensor
from . import math_arith as A
from . import math_elementwise as E
from . import math_pairwise as P
from .math_common import apply_inplace


def _same_dtype_tensor(x, y) -> bool:
    return isinstance(x, Tensor) and type(y) is Tensor and y._data.dtype == x._data.dtype


def _arith_inplace(api: str, op, x, y):
    """The common case (a same-dtype tensor operand) runs the op straight into x; anything
    else (numbers included) goes through promotion like the operators do."""
    if _same_dtype_tensor(x, y) and (op is not B.divide or x._data.dtype.kind in "fc"):
        return dispatch.call_inplace(op, x, (x, y), ())
    if op is B.divide:
        return apply_inplace(api, x, lambda t: A._true_divide(t, y))
    return apply_inplace(api, x, lambda t: A._binary(op, t, y))


def add_(x, y, name=None, *, alpha=1):
    """In-place x + alpha * y; x is overwritten and returned."""
    if alpha != 1:
        return apply_inplace("add_", x, lambda t: A.add(t, y, alpha=alpha))
    return _arith_inplace("add_", B.add, x, y)


def subtract_(x, y, name=None, *, alpha=1):
    """In-place x - alpha * y; x is overwritten and returned."""
    if alpha != 1:
        return apply_inplace("subtract_", x, lambda t: A.subtract(t, y, alpha=alpha))
    return _arith_inplace("subtract_", B.subtract, x, y)


def multiply_(x, y, name=None):
    """In-place x * y; x is overwritten and returned."""
    return _arith_inplace("multiply_", B.multiply, x, y)


def divide_(x, y, name=None, *, rounding_mode=None):
    """In-place x / y; integer x becomes the default float dtype, as in Paddle."""
    if rounding_mode is not None:
        return apply_inplace("divide_", x, lambda t: A._true_divide(t, y, rounding_mode))
    return _arith_inplace("divide_", B.divide, x, y)


def floor_divide_(x, y, name=None):
    """In-place floor(x / y); x is overwritten and returned."""
    return apply_inplace("floor_divide_", x, lambda t: A.floor_divide(t, y))


def remainder_(x, y, name=None):
    """In-place x mod y; x is overwritten and returned."""
    return apply_inplace("remainder_", x, lambda t: A.remainder(t, y))


def pow_(x, y, name=None):
    """In-place x ** y for a Python number y; x is overwritten and returned."""
    if not isinstance(y, (int, float)):
        raise TypeError(f"y must be scalar type, but received: {type(y)}")
    return apply_inplace("pow_", x, lambda t: A.pow(t, y))


def clip_(x, min=None, max=None, name=None):  # noqa: A002 - Paddle's parameter names
    """In-place clip into [min, max]; x is overwritten and returned."""
    return apply_inplace("clip_", x, lambda t: E.clip(t, min, max))


def lerp_(x, y, weight, name=None):
    """In-place x + weight * (y - x); x is overwritten and returned."""
    return apply_inplace("lerp_", x, lambda t: E.lerp(t, y, weight))


def nan_to_num_(x, nan=0.0, posinf=None, neginf=None, name=None):
    """In-place nan_to_num; x is overwritten and returned."""
    return apply_inplace("nan_to_num_", x, lambda t: E.nan_to_num(t, nan, posinf, neginf))


def frac_(x, name=None):
    """In-place x - trunc(x); x is overwritten and returned."""
    return apply_inplace("frac_", x, E.frac)


def _pairwise_inplace(fn, api: str):
    def inplace(x, y, name=None):
        return apply_inplace(api, x, lambda t: fn(t, y))
    inplace.__name__ = inplace.__qualname__ = api
    inplace.__doc__ = f"In-place version of paddle.{api[:-1]}: x is overwritten and returned."
    return inplace


hypot_ = _pairwise_inplace(P.hypot, "hypot_")
copysign_ = _pairwise_inplace(P.copysign, "copysign_")
gcd_ = _pairwise_inplace(P.gcd, "gcd_")
lcm_ = _pairwise_inplace(P.lcm, "lcm_")
ldexp_ = _pairwise_inplace(P.ldexp, "ldexp_")

sub_ = subtract_
div_ = divide_
mod_ = remainder_
floor_mod_ = remainder_
mul_ = multiply_
clamp_ = clip_

__all__ = ["subtract_", "sub_", "multiply_", "divide_", "div_", "floor_divide_", "remainder_",
           "mod_", "floor_mod_", "pow_", "nan_to_num_", "frac_", "hypot_", "copysign_", "gcd_",
           "lcm_", "ldexp_"]
# Paddle has these only as Tensor methods.
METHOD_ONLY = ["add_", "mul_", "clip_", "clamp_", "lerp_"]
