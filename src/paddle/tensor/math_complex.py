"""Complex numbers in the `paddle` namespace: real, imag, conj, angle, complex, sgn and
isreal."""
from __future__ import annotations

import numpy as np

from .._core.ops import math_complex as C
from .._core.ops import unary as U
from .._core.tensor import wrap
from ._convert import require_tensor
from .math_common import write_out
from .math_promotion import need_tensor


def real(x, name=None):
    """The real part of each element (a copy of x for real dtypes).

    Example:
        >>> import paddle
        >>> paddle.real(paddle.to_tensor([1 + 2j, 3 - 4j]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1., 3.])
    """
    require_tensor("real", "x", 0, x)
    return C.real(x)


def imag(x, name=None):
    """The imaginary part of each element (zeros for real dtypes).

    Example:
        >>> import paddle
        >>> paddle.imag(paddle.to_tensor([1 + 2j, 3 - 4j]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [ 2., -4.])
    """
    require_tensor("imag", "x", 0, x)
    return C.imag(x)


def conj(x, name=None):
    """The complex conjugate (real tensors are returned as a copy).

    Example:
        >>> import paddle
        >>> paddle.conj(paddle.to_tensor([1 + 2j]))
        Tensor(shape=[1], dtype=complex64, place=Place(cpu), stop_gradient=True,
               [(1-2j)])
    """
    require_tensor("conj", "x", 0, x)
    return C.conj(x)


def angle(x, name=None):
    """The argument of each element in (-π, π]: π for negative reals, 0 for other reals.

    Example:
        >>> import paddle
        >>> paddle.angle(paddle.to_tensor([-1., 1.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [3.14159274, 0.        ])
    """
    require_tensor("angle", "x", 0, x)
    return C.angle(x)


def complex(real, imag, name=None, *, out=None):  # noqa: A001 - Paddle's public name
    """A complex tensor from real and imaginary parts (float32 or float64, broadcast).

    Example:
        >>> import paddle
        >>> paddle.complex(paddle.to_tensor([1., 2.]), paddle.to_tensor([3., 4.]))
        Tensor(shape=[2], dtype=complex64, place=Place(cpu), stop_gradient=True,
               [(1+3j), (2+4j)])
    """
    need_tensor(real, "complex", "real")
    need_tensor(imag, "complex", "imag")
    return write_out(C.complex_op(real, imag), out)


def sgn(x, name=None):
    """Elementwise sign for real x; z / |z| (and 0 at 0) for complex z.

    Example:
        >>> import paddle
        >>> paddle.sgn(paddle.to_tensor([3 + 4j, 0j]))
        Tensor(shape=[2], dtype=complex64, place=Place(cpu), stop_gradient=True,
               [(0.60000002+0.80000001j), (0.00000000+0.00000000j)])
    """
    require_tensor("sgn", "x", 0, x)
    if x._data.dtype.kind not in "fc":
        raise TypeError("(sgn) The data type of input must be one of ['float16', 'float32', "
                        f"'float64', 'complex64', 'complex128'], but got {x.dtype}")
    return U.sign(x)


def isreal(x, name=None):
    """Whether each element is real: True for real dtypes, imag == 0 for complex ones.

    Example:
        >>> import paddle
        >>> paddle.isreal(paddle.to_tensor([1 + 0j, 1 + 1j]))
        Tensor(shape=[2], dtype=bool, place=Place(cpu), stop_gradient=True,
               [True , False])
    """
    need_tensor(x, "isreal", "x")
    if x._data.dtype.kind != "c":
        return wrap(np.ones(x._data.shape, np.bool_))
    return C.imag(x) == 0


__all__ = ["real", "imag", "conj", "angle", "complex", "sgn", "isreal"]
# paddle.complex builds a tensor from two; Paddle has no Tensor.complex method.
NOT_METHODS = {"complex"}
