"""Two-operand (and n-operand) elementwise functions of the `paddle` namespace: heaviside,
hypot, copysign, gcd/lcm, logaddexp, ldexp, nextafter, add_n and multiplex."""
from __future__ import annotations

import warnings

from .._core import dtype as _dt
from .._core.meta import broadcast_shapes
from .._core.ops import binary as B
from .._core.ops import math_binary as MB
from .._core.ops import unary as U
from .._core.tensor import Tensor
from ._convert import cast_to, ensure_tensor, is_number
from .math_arith import _binary, maximum
from .math_promotion import (need_tensor, promote_strict, promote_weak, require_same_dtype,
                             tensor_operands)


def heaviside(x, y, name=None):
    """Heaviside step: 0 for x < 0, y where x == 0, 1 for x > 0.

    Example:
        >>> import paddle
        >>> paddle.heaviside(paddle.to_tensor([-1., 0., 2.]), paddle.to_tensor([0.5]))
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0.        , 0.50000000, 1.        ])
    """
    tensor_operands("heaviside", x, y)
    require_same_dtype(x, y, "heaviside")
    return MB.heaviside(x, y)


def hypot(x, y, name=None):
    """sqrt(x² + y²), elementwise.

    Example:
        >>> import paddle
        >>> paddle.hypot(paddle.to_tensor([3.]), paddle.to_tensor([4.]))
        Tensor(shape=[1], dtype=float32, place=Place(cpu), stop_gradient=True,
               [5.])
    """
    need_tensor(x, "hypot", "x")
    need_tensor(y, "hypot", "y")
    return U.sqrt(_binary(B.add, B.pow_op(x, 2.0), B.pow_op(y, 2.0)))


def copysign(x, y, name=None):
    """|x| with the sign of y (a number y takes x's dtype); integers keep their dtype.

    Example:
        >>> import paddle
        >>> paddle.copysign(paddle.to_tensor([1., -2.]), paddle.to_tensor([-1., 1.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [-1.,  2.])
    """
    need_tensor(x, "copysign", "x")
    if is_number(y):
        y = ensure_tensor(y, x.dtype)
    need_tensor(y, "copysign", "y")
    shape = broadcast_shapes("copysign", x.shape, y.shape)
    if list(shape) != list(x.shape):
        warnings.warn(f"The shape of broadcast output {list(shape)} is different from the input "
                      f"tensor x with shape: {list(x.shape)}, please make sure you are using "
                      "copysign api correctly.", stacklevel=2)
    x, y = promote_weak(x, y, "copysign")
    if x._data.dtype.kind == "c":
        raise TypeError("(copysign) complex inputs are not supported")
    return MB.copysign(x, y)


def _gcd_operands(api: str, x, y):
    need_tensor(x, api, "x")
    need_tensor(y, api, "y")
    return promote_strict(U.abs_op(x), U.abs_op(y), api)


def gcd(x, y, name=None):
    """Greatest common divisor of |x| and |y| (gcd(0, 0) = 0), broadcast.

    Example:
        >>> import paddle
        >>> paddle.gcd(paddle.to_tensor([12, 20]), paddle.to_tensor([18, -15]))
        Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [6, 5])
    """
    return MB.gcd(*_gcd_operands("gcd", x, y))


def lcm(x, y, name=None):
    """Least common multiple of |x| and |y| (0 when either is 0), broadcast.

    Example:
        >>> import paddle
        >>> paddle.lcm(paddle.to_tensor([4, 6]), paddle.to_tensor([6, -4]))
        Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [12, 12])
    """
    return MB.lcm(*_gcd_operands("lcm", x, y))


def logaddexp(x, y, name=None):
    """log(exp(x) + exp(y)), computed stably; integers give the default float dtype.

    Example:
        >>> import paddle
        >>> paddle.logaddexp(paddle.to_tensor([0., 1000.]), paddle.to_tensor([0., 1000.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0.69314718   , 1000.69317627])
    """
    tensor_operands("maximum", x, y)
    spread = U.log1p(U.exp(-U.abs_op(x - y)))
    larger = maximum(x, y)
    if larger._data.dtype.kind in "iu":
        larger = cast_to(larger, spread.dtype)
    return spread + larger


def ldexp(x, y, name=None):
    """x * 2 ** y, in float64 if either input is float64 and the default float otherwise.

    Example:
        >>> import paddle
        >>> paddle.ldexp(paddle.to_tensor([1., 3.]), paddle.to_tensor([2, -1]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [4.        , 1.50000000])
    """
    need_tensor(x, "ldexp", "x")
    need_tensor(y, "ldexp", "y")
    wide = _dt.float64 in (x.dtype, y.dtype)
    target = _dt.float64 if wide else _dt.default_float()
    x, y = cast_to(x, target), cast_to(y, target)
    return x * B.elementwise_pow(ensure_tensor(2, target), y)


def nextafter(x, y, name=None):
    """The next representable floating value after x in the direction of y.

    Example:
        >>> import paddle
        >>> paddle.nextafter(paddle.to_tensor([1.]), paddle.to_tensor([2.]))
        Tensor(shape=[1], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1.00000012])
    """
    tensor_operands("nextafter", x, y)
    return MB.nextafter(*promote_strict(x, y, "nextafter"))


def add_n(inputs, name=None):
    """The elementwise sum of a list of tensors of one shape and dtype.

    Example:
        >>> import paddle
        >>> paddle.add_n([paddle.to_tensor([1., 2.]), paddle.to_tensor([3., 4.])])
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [4., 6.])
    """
    if isinstance(inputs, Tensor):
        inputs = [inputs]
    if not isinstance(inputs, (list, tuple)) or not inputs:
        got = "empty list" if isinstance(inputs, (list, tuple)) else type(inputs).__name__
        raise ValueError("add_n(): argument 'inputs' (position 0) must be list of Tensors, but "
                         f"got {got}")
    for i, t in enumerate(inputs):
        need_tensor(t, "add_n", f"inputs[{i}]")
    return MB.add_n(list(inputs))


def multiplex(inputs, index, name=None):
    """Row i of the result is row i of inputs[index[i, 0]] (index: int32, shape [N, 1]).

    Example:
        >>> import paddle
        >>> a = paddle.to_tensor([[1., 2.], [3., 4.]])
        >>> b = paddle.to_tensor([[5., 6.], [7., 8.]])
        >>> paddle.multiplex([a, b], paddle.to_tensor([[1], [0]], dtype='int32'))
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[5., 6.],
                [3., 4.]])
    """
    need_tensor(index, "multiplex", "index")
    for i, t in enumerate(inputs):
        need_tensor(t, "multiplex", f"inputs[{i}]")
    return MB.multiplex(list(inputs), index)


__all__ = ["heaviside", "hypot", "copysign", "gcd", "lcm", "logaddexp", "ldexp", "nextafter",
           "add_n", "multiplex"]
