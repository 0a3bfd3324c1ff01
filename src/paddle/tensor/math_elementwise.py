"""More one-input elementwise math of the `paddle` namespace: clip, lerp, nan_to_num, frac,
frexp, deg2rad/rad2deg, the sign-bit tests, increment and positive/negative."""
from __future__ import annotations

import math

import numpy as np

from .._core import dispatch
from .._core import dtype as _dt
from .._core.meta import broadcast_shapes
from .._core.ops import binary as B
from .._core.ops import math_unary as MU
from .._core.ops import unary as U
from .._core.tensor import Tensor
from ._convert import cast_to, ensure_tensor, require_tensor
from .math_common import write_out
from .math_promotion import need_tensor, require_same_dtype, tensor_operands

# Paddle's default bounds for integer clip: the dtype's range, minus a margin at the top.
_INT_CLIP_BOUNDS = {np.dtype(np.int32): (-2 ** 31, 2 ** 31 - 1 - 2 ** 7),
                    np.dtype(np.int64): (-2 ** 63, 2 ** 63 - 1 - 2 ** 39)}


def _default_clip_bounds(dtype: np.dtype):
    """Paddle clips to these when a bound is None (so clip(inf) is the dtype's max)."""
    if dtype in _INT_CLIP_BOUNDS:
        return _INT_CLIP_BOUNDS[dtype]
    info = np.finfo(dtype if dtype in (np.float16, np.float64) else np.float32)
    return float(info.min), float(info.max)


def _bound(value, api: str, arg: str):
    if isinstance(value, Tensor):
        if value._data.size != 1:
            raise ValueError(f"({api}) {arg} must be a number or a 1-element Tensor, but "
                             f"received shape {list(value.shape)}")
        return value.item()
    return value


def clip(x, min=None, max=None, name=None, *, out=None):  # noqa: A002 - Paddle's names
    """Clamp every element into [min, max] (either bound may be None). Integer x with a float
    bound is computed in float32, as in Paddle.

    Example:
        >>> import paddle
        >>> paddle.clip(paddle.to_tensor([-1., 0.5, 3.]), min=0., max=1.)
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0.        , 0.50000000, 1.        ])
    """
    require_tensor("clip", "x", 0, x)
    if x._data.dtype.kind not in "iuf":
        raise TypeError(f"(clip) x must be an integer or floating tensor, but received "
                        f"{x.dtype.name}")
    lo, hi = _bound(min, "clip", "min"), _bound(max, "clip", "max")
    if x._data.dtype.kind in "iu" and (isinstance(lo, float) or isinstance(hi, float)):
        x = cast_to(x, _dt.float32)
    default_lo, default_hi = _default_clip_bounds(x._data.dtype)
    lo = default_lo if lo is None else lo
    hi = default_hi if hi is None else hi
    if lo is not None and hi is not None and lo > hi:
        raise ValueError(f"(clip) max should be greater than or equal to min. But received min "
                         f"= {float(lo):f}, max = {float(hi):f}")
    return write_out(MU.clip(x, lo, hi), out)


clamp = clip


def lerp(x, y, weight, name=None):
    """Linear interpolation x + weight * (y - x); weight is a float or a broadcastable tensor.

    Example:
        >>> import paddle
        >>> paddle.lerp(paddle.to_tensor([0., 10.]), paddle.to_tensor([10., 20.]), 0.5)
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [5. , 15.])
    """
    tensor_operands("lerp", x, y)
    if isinstance(weight, float):
        weight = ensure_tensor(weight, x.dtype)
    elif not isinstance(weight, Tensor):
        raise ValueError(f"lerp(): argument 'weight' (position 2) must be Tensor, but got "
                         f"{type(weight).__name__}")
    for other in (y, weight):
        require_same_dtype(x, other, "lerp")
    if x._data.dtype.kind not in "f":
        raise TypeError(f"(lerp) x must be a floating tensor, but received {x.dtype.name}")
    broadcast_shapes("lerp", broadcast_shapes("lerp", x.shape, y.shape), weight.shape)
    return x + weight * (y - x)


def nan_to_num(x, nan=0.0, posinf=None, neginf=None, name=None):
    """Replace NaN by `nan` and ±inf by `posinf`/`neginf` (the dtype's extremes by default).

    Example:
        >>> import paddle
        >>> paddle.nan_to_num(paddle.to_tensor([float('nan'), 1.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0., 1.])
    """
    require_tensor("nan_to_num", "x", 0, x)
    if x._data.dtype not in (np.float32, np.float64):
        raise TypeError(f"(nan_to_num) x must be a float32 or float64 tensor, but received "
                        f"{x.dtype.name}")
    return MU.nan_to_num(x, float(nan), None if posinf is None else float(posinf),
                         None if neginf is None else float(neginf))


def frac(x, name=None, *, out=None):
    """The fractional part x - trunc(x), with the sign of x.

    Example:
        >>> import paddle
        >>> paddle.frac(paddle.to_tensor([-2.75, 3.5]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [-0.75000000,  0.50000000])
    """
    require_tensor("frac", "x", 0, x)
    if x.dtype not in (_dt.int32, _dt.int64, _dt.float16, _dt.float32, _dt.float64):
        raise TypeError("The data type of input must be one of ['int32', 'int64', 'float32', "
                        f"'float64', 'float16'], but got {x.dtype}")
    return write_out(B.subtract(x, U.trunc(x)), out)


def frexp(x, name=None):
    """Split x into mantissa in [0.5, 1) (signed) and exponent with x = mantissa * 2**exponent;
    both outputs have x's dtype.

    Example:
        >>> import paddle
        >>> mantissa, exponent = paddle.frexp(paddle.to_tensor([8., -3.]))
        >>> mantissa
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [ 0.50000000, -0.75000000])
        >>> exponent
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [4., 2.])
    """
    require_tensor("frexp", "x", 0, x)
    if x.dtype not in (_dt.float32, _dt.float64):
        raise TypeError("The data type of input must be one of ['float32', 'float64'], but "
                        f"got {x.dtype}")
    return MU.frexp(x)


def _angle_scale(x: Tensor, factor: float):
    if x.dtype in (_dt.int32, _dt.int64):
        x = cast_to(x, _dt.float32)
    return U.scale(x, factor, 0.0, True)


def deg2rad(x, name=None):
    """Degrees to radians (int32/int64 become float32).

    Example:
        >>> import paddle
        >>> paddle.deg2rad(paddle.to_tensor([180., 90.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [3.14159274, 1.57079637])
    """
    require_tensor("deg2rad", "x", 0, x)
    return _angle_scale(x, math.pi / 180.0)


def rad2deg(x, name=None):
    """Radians to degrees (int32/int64 become float32).

    Example:
        >>> import paddle
        >>> paddle.rad2deg(paddle.to_tensor([3.14159265]))
        Tensor(shape=[1], dtype=float32, place=Place(cpu), stop_gradient=True,
               [180.])
    """
    require_tensor("rad2deg", "x", 0, x)
    return _angle_scale(x, 180.0 / math.pi)


def _real_number_tensor(api: str, x) -> Tensor:
    need_tensor(x, api, "x")
    if x._data.dtype.kind not in "iuf":
        raise TypeError(f"({api}) x must be an integer or floating tensor, but received "
                        f"{x.dtype.name}")
    return x


def signbit(x, name=None):
    """Whether the sign bit is set (True for negative numbers and -0.0).

    Example:
        >>> import paddle
        >>> paddle.signbit(paddle.to_tensor([-1., -0., 2.]))
        Tensor(shape=[3], dtype=bool, place=Place(cpu), stop_gradient=True,
               [True , True , False])
    """
    return MU.signbit(_real_number_tensor("signbit", x))


def isposinf(x, name=None):
    """Elementwise test for +inf.

    Example:
        >>> import paddle
        >>> paddle.isposinf(paddle.to_tensor([float('inf'), -float('inf'), 1.]))
        Tensor(shape=[3], dtype=bool, place=Place(cpu), stop_gradient=True,
               [True , False, False])
    """
    x = _real_number_tensor("isposinf", x)
    return B.logical_and(U.isinf(x), B.logical_not(MU.signbit(x)))


def isneginf(x, name=None):
    """Elementwise test for -inf.

    Example:
        >>> import paddle
        >>> paddle.isneginf(paddle.to_tensor([float('inf'), -float('inf'), 1.]))
        Tensor(shape=[3], dtype=bool, place=Place(cpu), stop_gradient=True,
               [False, True , False])
    """
    x = _real_number_tensor("isneginf", x)
    return B.logical_and(U.isinf(x), MU.signbit(x))


def increment(x, value=1.0, name=None):
    """Add `value` to a 1-element tensor in place and return it (an integer x takes
    int(value)).

    Example:
        >>> import paddle
        >>> paddle.increment(paddle.to_tensor([1.]), 2.)
        Tensor(shape=[1], dtype=float32, place=Place(cpu), stop_gradient=True,
               [3.])
    """
    need_tensor(x, "increment", "x")
    if x._data.size > 1:
        raise ValueError(f"(increment) The number of elements in Input(X) should be 1.Now the "
                         f"number is {x._data.size}.")
    return dispatch.call_inplace(U.scale, x, (x,), (1.0, float(value), True))


def positive(x, name=None):
    """x itself (unary +); bool tensors are rejected as in Paddle.

    Example:
        >>> import paddle
        >>> paddle.positive(paddle.to_tensor([-1., 2.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [-1.,  2.])
    """
    need_tensor(x, "positive", "x")
    if x._data.dtype == np.bool_:
        raise TypeError("The `+` operator, on a bool tensor is not supported.")
    return x


def negative(x, name=None):
    """-x; bool tensors are rejected as in Paddle (paddle.neg keeps them unchanged).

    Example:
        >>> import paddle
        >>> paddle.negative(paddle.to_tensor([-1., 2.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [ 1., -2.])
    """
    need_tensor(x, "negative", "x")
    if x._data.dtype == np.bool_:
        raise TypeError("The `-` operator, on a bool tensor is not supported.")
    return U.neg(x)


__all__ = ["clip", "clamp", "lerp", "nan_to_num", "frac", "frexp", "deg2rad", "rad2deg",
           "signbit", "isposinf", "isneginf", "increment", "positive", "negative"]
# Paddle has paddle.positive but no Tensor.positive.
NOT_METHODS = {"positive"}
