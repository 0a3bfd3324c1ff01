"""Linear algebra of the `paddle` and `paddle.linalg` namespaces.

This module holds the products (matmul, dot, einsum, kron, …); norms, factorizations, solvers and
statistics live in the linalg_* modules next to it and are re-exported here, so `__all__` lists
everything (the namespaces and Tensor methods are built from it)."""
from __future__ import annotations

from .._core import dtype as _dt
from .._core.dispatch import amp_operands
from .._core.ops import linalg as L
from .._core.ops import linalg_einsum as E
from .._core.tensor import Tensor
from . import linalg_decomp, linalg_lowrank, linalg_norm, linalg_products, linalg_solve, linalg_stat
from ._convert import ensure_tensor, promote_pair, require_tensor
from ._tensor_args import require_tensor_or_array
from .linalg_common import assign_inplace, same_dtype
from .linalg_decomp import *
from .linalg_lowrank import *
from .linalg_norm import *
from .linalg_products import *
from .linalg_solve import *
from .linalg_stat import *
from .manip_shape import matrix_transpose  # noqa: F401 - listed in __all__ here too
from .manipulation import diagonal
from .math import _write_out

K_DEFAULT_DIM = 9  # Paddle's "pick the first axis of size 3" marker for cross


def _matmul_operands(x, y):
    """Paddle's matmul casts an integer y to a float32 x and mixes float with complex; every
    other dtype mismatch is an error (there is no general promotion)."""
    x, y = ensure_tensor(x), ensure_tensor(y)
    xd, yd = x.dtype, y.dtype
    if xd is yd:
        return x, y
    if xd is _dt.float32 and yd.kind in "iu":
        return x, y.astype(xd)
    if {xd.kind, yd.kind} == {"f", "c"} and _dt.bfloat16 not in (xd, yd) \
            and _dt.float16 not in (xd, yd):
        return promote_pair(x, y, "matmul")
    cast = amp_operands("matmul_v2", (x, y))  # under auto_cast the kernel sees cast inputs
    if cast is not None:
        return cast
    raise ValueError(f"(matmul) The dtypes of x ({xd.name}) and y ({yd.name}) must be the same; "
                     "matmul does not promote types.")


def matmul(x, y, transpose_x=False, transpose_y=False, name=None, *, out=None):
    """Matrix product with NumPy broadcasting of batch dims (1-D operands act as vectors).

    Example:
        >>> import paddle
        >>> paddle.matmul(paddle.ones([2, 3]), paddle.ones([3, 4])).shape
        paddle.Size([2, 4])
    """
    require_tensor("matmul", "x", 0, x)
    require_tensor("matmul", "y", 1, y)
    if not (isinstance(x, Tensor) and isinstance(y, Tensor) and x._data.dtype == y._data.dtype):
        x, y = _matmul_operands(x, y)
    result = L.matmul(x, y, bool(transpose_x), bool(transpose_y))
    return result if out is None else _write_out(result, out)


def mm(input, mat2, name=None):
    """Matrix product of two tensors (same as matmul).

    Example:
        >>> import paddle
        >>> paddle.mm(paddle.ones([2, 3]), paddle.ones([3, 1])).shape
        paddle.Size([2, 1])
    """
    # Paddle's mm is matmul's binding, so its errors name matmul's x and y.
    require_tensor("matmul", "x", 0, input)
    require_tensor("matmul", "y", 1, mat2)
    return matmul(input, mat2)


def bmm(x, y, name=None, *, out=None):
    """Batched matrix product of two 3-D tensors [B, M, K] x [B, K, N].

    Example:
        >>> import paddle
        >>> paddle.bmm(paddle.ones([2, 2, 3]), paddle.ones([2, 3, 4])).shape
        paddle.Size([2, 2, 4])
    """
    x, y = ensure_tensor(x), ensure_tensor(y)
    for arg, t in (("X", x), ("Y", y)):
        if t.ndim != 3:
            raise ValueError(f"(bmm) Input({arg}) must be 3-dimensional, but received shape "
                             f"{list(t.shape)}.")
    if x.shape[0] != y.shape[0]:
        raise ValueError(f"(bmm) Input(X) and Input(Y) must have the same batch size, but "
                         f"received {x.shape[0]} and {y.shape[0]}.")
    if x.shape[2] != y.shape[1]:
        raise ValueError(f"(bmm) Input(X)'s width ({x.shape[2]}) must equal Input(Y)'s height "
                         f"({y.shape[1]}); shapes {list(x.shape)} and {list(y.shape)}.")
    return matmul(x, y, out=out)


def dot(x, y, name=None, *, out=None):
    """Inner product of 1-D tensors, row by row for 2-D tensors.

    Example:
        >>> import paddle
        >>> paddle.dot(paddle.to_tensor([1., 2.]), paddle.to_tensor([3., 4.]))
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               11.)
    """
    require_tensor("dot", "x", 0, x)
    require_tensor("dot", "y", 1, y)
    same_dtype("dot", x, y)
    if x.ndim not in (1, 2):
        raise ValueError(f"(dot) The dimensions of input tensor X ({list(x.shape)}) should be 1 "
                         "or 2.")
    if list(x.shape) != list(y.shape):
        raise ValueError(f"(dot) The shape of input tensor X: {list(x.shape)} should be exactly "
                         f"the same with input tensor Y: {list(y.shape)}.")
    equation = "i,i->" if x.ndim == 1 else "bi,bi->b"
    return _write_out(E.einsum([x, y], equation), out)


def mv(x, vec, name=None):
    """Matrix-vector product [M, N] x [N] -> [M].

    Example:
        >>> import paddle
        >>> paddle.mv(paddle.ones([2, 3]), paddle.ones([3])).shape
        paddle.Size([2])
    """
    x, vec = ensure_tensor(x), ensure_tensor(vec)
    if x.ndim != 2 or vec.ndim != 1:
        raise ValueError(f"(mv) x must be 2-D and vec 1-D, but received shapes "
                         f"{list(x.shape)} and {list(vec.shape)}.")
    if x.shape[1] != vec.shape[0]:
        raise ValueError(f"(mv) The width of x ({x.shape[1]}) must equal the length of vec "
                         f"({vec.shape[0]}).")
    same_dtype("mv", x, vec)
    return L.matmul(x, vec, False, False)


def outer(x, y, name=None, *, out=None):
    """Outer product of two vectors (inputs are flattened first).

    Example:
        >>> import paddle
        >>> paddle.outer(paddle.to_tensor([1., 2.]), paddle.to_tensor([1., 2., 3.])).shape
        paddle.Size([2, 3])
    """
    require_tensor("outer", "x", 0, x)
    y = ensure_tensor(y)
    return _write_out(x.reshape([-1, 1]) * y.reshape([1, -1]), out)


def inner(x, y, name=None):
    """Sum of products over the last axis of x and y: shape x.shape[:-1] + y.shape[:-1].

    Example:
        >>> import paddle
        >>> paddle.inner(paddle.ones([2, 3]), paddle.ones([4, 3])).shape
        paddle.Size([2, 4])
    """
    require_tensor("inner", "x", 0, x)
    y = ensure_tensor(y)
    if x.ndim == 0 or y.ndim == 0:
        return x * y
    if x.shape[-1] != y.shape[-1]:
        raise ValueError(f"(inner) The last dimension of x ({x.shape[-1]}) must equal the last "
                         f"dimension of y ({y.shape[-1]}); shapes {list(x.shape)} and "
                         f"{list(y.shape)}.")
    x, y = _matmul_operands(x, y)
    flat = L.matmul(x.reshape([-1, x.shape[-1]]), y.reshape([-1, y.shape[-1]]), False, True)
    return flat.reshape(list(x.shape[:-1]) + list(y.shape[:-1]))


def vecdot(x, y, axis=-1, name=None):
    """Dot product of vectors along `axis` (x is conjugated), broadcasting the other axes.

    Example:
        >>> import paddle
        >>> paddle.linalg.vecdot(paddle.ones([3, 2]), paddle.ones([2]))
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [2., 2., 2.])
    """
    require_tensor_or_array("vecdot", "x", 0, x)
    x, y = promote_pair(ensure_tensor(x), ensure_tensor(y), "vecdot")
    if x.dtype.kind == "c":
        x = x.conj()
    return (x * y).sum(axis=axis)


def kron(x, y, name=None):
    """Kronecker product; the lower-rank operand gets leading 1-dims.

    Example:
        >>> import paddle
        >>> paddle.kron(paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4]))
        Tensor(shape=[4], dtype=int64, place=Place(cpu), stop_gradient=True,
               [3, 4, 6, 8])
    """
    require_tensor("kron", "x", 0, x)
    require_tensor("kron", "y", 1, y)
    same_dtype("kron", x, y)
    rank = max(x.ndim, y.ndim)
    xs = [1] * (rank - x.ndim) + list(x.shape)
    ys = [1] * (rank - y.ndim) + list(y.shape)
    x_spread = x.reshape([d for a in xs for d in (a, 1)])
    y_spread = y.reshape([d for b in ys for d in (1, b)])
    return (x_spread * y_spread).reshape([a * b for a, b in zip(xs, ys)])


def t_(input, name=None):
    """In-place transpose of a tensor of rank <= 2 (its shape changes).

    Example:
        >>> import paddle
        >>> x = paddle.ones([2, 3])
        >>> x.t_().shape
        paddle.Size([3, 2])
    """
    if input.ndim > 2:
        raise ValueError(f"(t_) Input(input) only support N-D (N<=2) tensor, but received "
                         f"length of Input(input) is {input.ndim}. Perhaps you can use "
                         "paddle.tensor.transpose() instead.")
    result = input.transpose([1, 0]) if input.ndim == 2 else input * 1
    return assign_inplace(input, result, "t_")


def cross(x, y, axis=K_DEFAULT_DIM, name=None):
    """Cross product of 3-vectors along `axis` (default: the first axis of size 3).

    Example:
        >>> import paddle
        >>> paddle.cross(paddle.to_tensor([1., 0., 0.]), paddle.to_tensor([0., 1., 0.]))
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0., 0., 1.])
    """
    x, y = promote_pair(ensure_tensor(x), ensure_tensor(y), "cross")
    if list(x.shape) != list(y.shape):
        raise ValueError(f"(cross) The 'shape' of Input(X) should be equal to the 'shape' of "
                         f"Input(Y). But received Input(X).dimensions = {list(x.shape)}, "
                         f"Input(Y).dimensions = {list(y.shape)}")
    if axis is None or axis == K_DEFAULT_DIM:
        sizes = list(x.shape)
        if 3 not in sizes:
            raise ValueError(f"(cross) There must be at least one dimension 'd' so that "
                             f"Input(X/Y).dims()[d] is equal to 3. But received: "
                             f"Input(X/Y).dims() == {sizes}.")
        axis = sizes.index(3)
    elif not -x.ndim <= axis < x.ndim:
        raise ValueError(f"(cross) The axis should be in [{-x.ndim}, {x.ndim}), but received "
                         f"axis = {axis}.")
    return L.cross(x, y, axis % x.ndim)


def trace(x, offset=0, axis1=0, axis2=1, name=None):
    """Sum of the diagonal (shifted by `offset`) of the 2-D slices over (axis1, axis2).

    Example:
        >>> import paddle
        >>> paddle.trace(paddle.to_tensor([[1., 2.], [3., 4.]]))
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               5.)
    """
    require_tensor("trace", "x", 0, x)
    if x.dtype is _dt.bool_:
        raise TypeError("(trace) The input must be a numeric tensor, but received bool.")
    return L.trace(x, int(offset), int(axis1), int(axis2))


def einsum(equation, *operands):
    """Einstein summation over the operands, in Paddle's syntax: letters as labels, `...` for
    broadcast dims, an optional `->` output (implicit: labels seen once, sorted).

    Example:
        >>> import paddle
        >>> a, b = paddle.ones([2, 3]), paddle.ones([3, 4])
        >>> paddle.einsum('ij,jk->ik', a, b).shape
        paddle.Size([2, 4])
        >>> paddle.einsum('ii', paddle.eye(3))
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               3.)
    """
    if not isinstance(equation, str):
        raise TypeError(f"(einsum) equation must be a str, but received "
                        f"{type(equation).__name__}.")
    if not operands:
        raise ValueError("(einsum) Required at least one operand in Einsum API, but received 0.")
    tensors = [ensure_tensor(t) for t in operands]
    canonical = E.canonical_equation(equation, tuple(t.ndim for t in tensors))
    return E.einsum(tensors, canonical)


# paddle.ger is the same function as paddle.outer (a function only, not a Tensor method)
ger = outer

__all__ = [
    "bmm",
    "cross",
    "diagonal",
    "dot",
    "einsum",
    "inner",
    "kron",
    "matmul",
    "matrix_transpose",
    "mm",
    "mv",
    "outer",
    "ger",
    "t_",
    "trace",
    "vecdot",
]
__all__ += linalg_products.__all__
__all__ += linalg_norm.__all__
__all__ += linalg_decomp.__all__
__all__ += linalg_lowrank.__all__
__all__ += linalg_solve.__all__
__all__ += linalg_stat.__all__

# paddle.linalg-only names that real Paddle does not bind as Tensor methods (diagonal is
# paddle.diagonal, listed so paddle.linalg.diagonal exists; its method comes from manipulation)
NOT_METHODS = {
    "diagonal", "ger",
    "einsum", "vecdot", "inv", "det", "svd", "svdvals", "eigh", "lu_solve", "triangular_solve",
    "matrix_rank", "matrix_exp", "vector_norm", "matrix_norm", "pdist",
}
