"""Shape views of the `paddle` namespace: unflatten, ravel, permute, matrix_transpose, view_as,
transpose_/t_, shape, and as_complex/as_real (with their view_as_* aliases)."""
from __future__ import annotations

from .._core.ops import manip_views as MV
from .._core.ops import manipulation as M
from .._core.tensor import Tensor
from ._convert import ensure_tensor, require_tensor
from ._tensor_args import require_tensor_or_array
from .manip_common import axis_arg, int_list


def unflatten(x, axis, shape, name=None):
    """Split dimension `axis` of x into the dims of `shape` (one -1 may be inferred).

    Example:
        >>> import paddle
        >>> paddle.unflatten(paddle.zeros([2, 6]), 1, [2, 3]).shape
        paddle.Size([2, 2, 3])
    """
    x = ensure_tensor(x)
    if x.ndim == 0:
        raise AssertionError("(unflatten) 'axis' must be in the range of [-0, 0) for a 0-D "
                             "input.")
    ax = axis_arg(axis, x.ndim, "unflatten")
    dims = int_list(shape, "unflatten", "shape")
    return M.reshape(x, list(x.shape[:ax]) + dims + list(x.shape[ax + 1:]))


def ravel(input):  # noqa: A002
    """x flattened to 1-D.

    Example:
        >>> import paddle
        >>> paddle.ravel(paddle.ones([2, 2])).shape
        paddle.Size([4])
    """
    require_tensor("ravel", "input", 0, input)
    return M.reshape(input, [-1])


def permute(input, *dims):  # noqa: A002
    """Reorder the dimensions (`dims` as one list or as separate ints).

    Example:
        >>> import paddle
        >>> paddle.permute(paddle.zeros([2, 3, 4]), [2, 0, 1]).shape
        paddle.Size([4, 2, 3])
    """
    from .manipulation import transpose
    require_tensor("transpose", "x", 0, input)
    if len(dims) == 1 and isinstance(dims[0], (list, tuple, Tensor)):
        dims = dims[0]
    return transpose(input, list(dims) if not isinstance(dims, Tensor) else dims)


def matrix_transpose(x, name=None):
    """Swap the last two dimensions.

    Example:
        >>> import paddle
        >>> paddle.matrix_transpose(paddle.zeros([2, 3, 4])).shape
        paddle.Size([2, 4, 3])
    """
    require_tensor_or_array("matrix_transpose", "x", 0, x)
    x = ensure_tensor(x)
    if x.ndim < 2:
        raise ValueError(f"(matrix_transpose) Tensor.ndim({x.ndim}) is required to be greater "
                         f"than or equal to 2.")
    return M.transpose(x, list(range(x.ndim - 2)) + [x.ndim - 1, x.ndim - 2])


def view_as(x, other, name=None):
    """x reshaped to other's shape.

    Example:
        >>> import paddle
        >>> paddle.view_as(paddle.zeros([2, 3]), paddle.zeros([3, 2])).shape
        paddle.Size([3, 2])
    """
    # Paddle's view_as is the view_shape binding, whose first argument is 'input'.
    require_tensor("view_shape", "input", 0, x)
    return M.reshape(x, list(other.shape))


def transpose_(x, perm, name=None):
    """In-place transpose: x takes the permuted shape."""
    from .manipulation import transpose, view_inplace
    return view_inplace(x, transpose(x, perm), "transpose_")


def t_(input, name=None):  # noqa: A002
    """In-place t: a matrix takes its transposed shape."""
    from .manipulation import t, view_inplace
    return view_inplace(input, t(input), "t_")


def shape(input):  # noqa: A002
    """The shape of input as a 1-D int64 tensor (symbolic inside to_static).

    Example:
        >>> import paddle
        >>> paddle.shape(paddle.zeros([2, 3]))
        Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [2, 3])
    """
    require_tensor("shape64", "input", 0, input)
    return MV.shape(input)


def as_complex(x, name=None):
    """Read the last dimension (of size 2) of a float tensor as (real, imag) pairs.

    Example:
        >>> import paddle
        >>> paddle.as_complex(paddle.to_tensor([[1., 2.]]))
        Tensor(shape=[1], dtype=complex64, place=Place(cpu), stop_gradient=True,
               [(1.00000000+2.00000000j)])
    """
    require_tensor("as_complex", "x", 0, x)
    return MV.as_complex(x)


def as_real(x, name=None):
    """A complex tensor as float (real, imag) pairs in a new last dimension of size 2.

    Example:
        >>> import paddle
        >>> paddle.as_real(paddle.to_tensor([1 + 2j])).shape
        paddle.Size([1, 2])
    """
    require_tensor("as_real", "x", 0, x)
    return MV.as_real(x)


def view_as_complex(input):  # noqa: A002
    """Same as as_complex."""
    return as_complex(input)


def view_as_real(input):  # noqa: A002
    """Same as as_real."""
    return as_real(input)


