"""Matrix products of the `paddle` namespace (matmul, mm, bmm, dot, mv, outer)."""
from __future__ import annotations

from .._core.ops import linalg as L
from ._convert import ensure_tensor
from .math import _write_out


def _same_dtype(api, x, y):
    if x._data.dtype != y._data.dtype:
        raise TypeError(f"({api}) The dtypes of x ({x.dtype.name}) and y ({y.dtype.name}) must "
                        "be the same.")


def matmul(x, y, transpose_x=False, transpose_y=False, name=None, *, out=None):
    """Matrix product with NumPy broadcasting of batch dims (1-D operands act as vectors).

    Example:
        >>> import paddle
        >>> paddle.matmul(paddle.ones([2, 3]), paddle.ones([3, 4])).shape
        paddle.Size([2, 4])
    """
    x, y = ensure_tensor(x), ensure_tensor(y)
    _same_dtype("matmul", x, y)
    return _write_out(L.matmul(x, y, bool(transpose_x), bool(transpose_y)), out)


def mm(input, mat2, name=None, *, out=None):  # noqa: A002
    """Matrix product of two tensors (same as matmul)."""
    return matmul(input, mat2, out=out)


def bmm(x, y, name=None, *, out=None):
    """Batched matrix product of two 3-D tensors [B, M, K] x [B, K, N]."""
    x, y = ensure_tensor(x), ensure_tensor(y)
    if x.ndim != 3 or y.ndim != 3:
        raise ValueError(f"(bmm) x and y must be 3-D, but received shapes {list(x.shape)} and "
                         f"{list(y.shape)}")
    if x.shape[0] != y.shape[0]:
        raise ValueError(f"(bmm) The batch sizes of x ({x.shape[0]}) and y ({y.shape[0]}) must "
                         "be equal.")
    if x.shape[2] != y.shape[1]:
        raise ValueError(f"(bmm) x's last dim ({x.shape[2]}) must equal y's second dim "
                         f"({y.shape[1]}); shapes {list(x.shape)} and {list(y.shape)}")
    return matmul(x, y, out=out)


def dot(x, y, name=None):
    """Inner product of 1-D tensors (row-wise for 2-D batches)."""
    x, y = ensure_tensor(x), ensure_tensor(y)
    _same_dtype("dot", x, y)
    if x.ndim != y.ndim or x.ndim not in (1, 2) or list(x.shape) != list(y.shape):
        raise ValueError(f"(dot) x and y must be 1-D or 2-D with equal shapes, but received "
                         f"{list(x.shape)} and {list(y.shape)}")
    return (x * y).sum(axis=-1)


def mv(x, vec, name=None):
    """Matrix-vector product [M, N] x [N]."""
    x, vec = ensure_tensor(x), ensure_tensor(vec)
    if x.ndim != 2 or vec.ndim != 1:
        raise ValueError(f"(mv) x must be 2-D and vec 1-D, but received shapes "
                         f"{list(x.shape)} and {list(vec.shape)}")
    return matmul(x, vec)


def outer(x, y, name=None):
    """Outer product of two vectors (inputs are flattened)."""
    x, y = ensure_tensor(x), ensure_tensor(y)
    return matmul(x.reshape([-1, 1]), y.reshape([1, -1]))


__all__ = [
    "matmul", "mm", "bmm", "dot", "mv", "outer",
]
