"""Factorizations of `paddle.linalg`: inverse, determinants, Cholesky, QR, SVD, eigen, LU,
Householder products and the matrix exponential."""
from __future__ import annotations

import numpy as np

from .._core.ops import linalg_expm as X
from .._core.ops import linalg_factor as F
from .._core.ops import linalg_lu as LU
from .._core.ops import linalg_spectral as S
from .._core.tensor import wrap
from ._convert import ensure_tensor, require_tensor
from .linalg_common import float_input, same_dtype


def inv(x, name=None):
    """Inverse of each square matrix in x [..., n, n].

    Example:
        >>> import paddle
        >>> paddle.linalg.inv(paddle.to_tensor([[2., 0.], [0., 4.]]))
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[0.50000000, 0.        ],
                [0.        , 0.25000000]])
    """
    require_tensor("inverse", "x", 0, x)
    return F.inverse(float_input("inverse", x))


inverse = inv


def det(x, name=None):
    """Determinant of each square matrix in x [..., n, n].

    Example:
        >>> import paddle
        >>> paddle.linalg.det(paddle.to_tensor([[1., 2.], [3., 4.]]))
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               -2.)
    """
    require_tensor("det", "x", 0, x)
    return F.determinant(float_input("determinant", x))


def slogdet(x, name=None):
    """Sign and natural log of |det| of each square matrix, stacked as [2, ...].

    Example:
        >>> import paddle
        >>> paddle.linalg.slogdet(paddle.to_tensor([[1., 2.], [3., 4.]]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [-1.        ,  0.69314718])
    """
    require_tensor("slogdet", "x", 0, x)
    return F.slogdet(float_input("slogdet", x))


def cholesky(x, upper=False, name=None):
    """Cholesky factor of symmetric positive-definite matrices: L with A = L L^T, or U with
    A = U^T U when upper=True.

    Example:
        >>> import paddle
        >>> paddle.linalg.cholesky(paddle.to_tensor([[4., 2.], [2., 5.]]))
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[2., 0.],
                [1., 2.]])
    """
    return F.cholesky(float_input("cholesky", x), bool(upper))


def cholesky_inverse(x, upper=False, name=None):
    """Inverse of A from its Cholesky factor (A = L L^T, or U^T U when upper=True).

    Example:
        >>> import paddle
        >>> factor = paddle.to_tensor([[2., 0.], [1., 2.]])
        >>> paddle.linalg.cholesky_inverse(factor)
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[ 0.31250000, -0.12500000],
                [-0.12500000,  0.25000000]])
    """
    require_tensor("cholesky_inverse", "x", 0, x)
    from .._core.ops.linalg_solve import triangular_solve
    x = float_input("cholesky_inverse", x)
    if x.ndim < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError(f"(cholesky_inverse) The input must be a batch of square matrices, but "
                         f"received shape {list(x.shape)}.")
    eye = wrap(np.eye(x.shape[-1], dtype=x._data.dtype))
    # A^-1 = L^-T L^-1 (lower) or U^-1 U^-T (upper)
    factor_inv = triangular_solve(x, eye, bool(upper), False, False)
    if upper:
        return factor_inv @ factor_inv.mT
    return factor_inv.mT @ factor_inv


def qr(x, mode="reduced", name=None):
    """QR decomposition A = Q R. mode 'reduced' (Q: m x k), 'complete' (Q: m x m), or 'r' (only
    R is returned).

    Example:
        >>> import paddle
        >>> q, r = paddle.linalg.qr(paddle.to_tensor([[1., 2.], [3., 4.], [5., 6.]]))
        >>> q.shape, r.shape
        (paddle.Size([3, 2]), paddle.Size([2, 2]))
    """
    require_tensor("qr", "x", 0, x)
    S.check_qr_mode(mode)
    q, r = S.qr(float_input("qr", x), mode)
    return r if mode == "r" else (q, r)


def svd(x, full_matrices=False, name=None, *, out=None):
    """Singular value decomposition A = U diag(S) VH (S descending).

    Example:
        >>> import paddle
        >>> u, s, vh = paddle.linalg.svd(paddle.to_tensor([[3., 0.], [0., 4.]]))
        >>> s
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [4., 3.])
    """
    require_tensor("svd", "x", 0, x)
    result = S.svd(float_input("svd", x), bool(full_matrices))
    if out is not None:
        from .math import _write_out
        for target, value in zip(out, result):
            _write_out(value, target)
        return tuple(out)
    return result


def svdvals(x, name=None):
    """Singular values of each matrix, in descending order.

    Example:
        >>> import paddle
        >>> paddle.linalg.svdvals(paddle.to_tensor([[3., 0.], [0., -4.]]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [4., 3.])
    """
    require_tensor("svdvals", "x", 0, x)
    x = float_input("svdvals", x)
    if x.dtype.kind == "c":
        raise TypeError(f"(svdvals) The input must be float32 or float64, but received "
                        f"{x.dtype.name}.")
    return S.svd(x, False)[1]


def eig(x, name=None):
    """Eigenvalues and right eigenvectors of general square matrices (complex results).

    Example:
        >>> import paddle
        >>> w, v = paddle.linalg.eig(paddle.to_tensor([[2., 0.], [0., 3.]]))
        >>> w
        Tensor(shape=[2], dtype=complex64, place=Place(cpu), stop_gradient=True,
               [(2.00000000+0.00000000j), (3.00000000+0.00000000j)])
    """
    require_tensor("eig", "x", 0, x)
    return S.eig(float_input("eig", x))


def eigvals(x, name=None):
    """Eigenvalues of general square matrices (complex).

    Example:
        >>> import paddle
        >>> paddle.linalg.eigvals(paddle.to_tensor([[2., 0.], [0., 3.]])).shape
        paddle.Size([2])
    """
    require_tensor("eigvals", "x", 0, x)
    return S.eig(float_input("eigvals", x))[0]


def _check_uplo(api, uplo):
    if uplo not in ("L", "U"):
        raise ValueError(f"({api}) UPLO must be L or U. But received UPLO is: {uplo}")


def eigh(x, UPLO="L", name=None):
    """Eigenvalues (ascending) and orthonormal eigenvectors of symmetric / Hermitian matrices,
    read from the lower (UPLO='L') or upper ('U') triangle.

    Example:
        >>> import paddle
        >>> w, v = paddle.linalg.eigh(paddle.to_tensor([[2., 1.], [1., 2.]]))
        >>> w
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1., 3.])
    """
    require_tensor("eigh", "x", 0, x)
    _check_uplo("eigh", UPLO)
    return S.eigh(float_input("eigh", x), UPLO)


def eigvalsh(x, UPLO="L", name=None):
    """Eigenvalues (ascending) of symmetric / Hermitian matrices.

    Example:
        >>> import paddle
        >>> paddle.linalg.eigvalsh(paddle.to_tensor([[2., 1.], [1., 2.]]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1., 3.])
    """
    require_tensor("eigvalsh", "x", 0, x)
    # Paddle reads the upper triangle for 'U' and the lower one for anything else
    return S.eigh(float_input("eigvalsh", x), "U" if UPLO == "U" else "L")[0]


def lu(x, pivot=True, get_infos=False, name=None):
    """LU factorization with partial pivoting, packed as LAPACK does: returns (LU, pivots) or
    (LU, pivots, infos); pivots are 1-based int32 row swaps, infos > 0 flags a zero pivot.

    Example:
        >>> import paddle
        >>> packed, pivots = paddle.linalg.lu(paddle.to_tensor([[1., 2.], [3., 4.]]))
        >>> pivots
        Tensor(shape=[2], dtype=int32, place=Place(cpu), stop_gradient=True,
               [2, 2])
    """
    require_tensor("lu", "x", 0, x)
    packed, pivots, infos = LU.lu(float_input("lu", x), bool(pivot))
    return (packed, pivots, infos) if get_infos else (packed, pivots)


def lu_unpack(x, y, unpack_ludata=True, unpack_pivots=True, name=None):
    """Split a packed LU (from paddle.linalg.lu) into P, L, U with A = P @ L @ U; parts not
    asked for come back empty.

    Example:
        >>> import paddle
        >>> packed, pivots = paddle.linalg.lu(paddle.to_tensor([[1., 2.], [3., 4.]]))
        >>> p, l, u = paddle.linalg.lu_unpack(packed, pivots)
        >>> (p @ l @ u).numpy().tolist()
        [[1.0, 2.0], [3.0, 4.0]]
    """
    x = float_input("lu_unpack", x)
    pivots = ensure_tensor(y)
    if pivots.dtype.kind not in "iu":
        raise TypeError(f"(lu_unpack) The pivots must be an integer tensor, but received "
                        f"{pivots.dtype.name}.")
    return LU.lu_unpack(x, pivots, bool(unpack_ludata), bool(unpack_pivots))


def householder_product(x, tau, name=None):
    """The first n columns of Q = H_1 ... H_k from Householder vectors stored below the diagonal
    of x [*, m, n] and scalars tau [*, k] (the Q of a geqrf QR).

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([[1., 0.], [0.5, 1.], [0., 0.5]])
        >>> q = paddle.linalg.householder_product(x, paddle.to_tensor([1.6, 1.6]))
        >>> q.shape
        paddle.Size([3, 2])
    """
    x, tau = float_input("householder_product", x), float_input("householder_product", tau)
    same_dtype("householder_product", x, tau, ("x", "tau"))
    if x.ndim < 2 or x.shape[-2] < x.shape[-1]:
        raise ValueError(f"(householder_product) The rows of input x must be greater than or "
                         f"equal to the columns of input x; received shape {list(x.shape)}.")
    if tau.ndim != x.ndim - 1 or tau.shape[-1] > x.shape[-1] or \
            list(tau.shape[:-1]) != list(x.shape[:-2]):
        raise ValueError(f"(householder_product) tau must have shape (*, k) with k <= "
                         f"{x.shape[-1]} and the batch dims of x {list(x.shape[:-2])}, but "
                         f"received {list(tau.shape)}.")
    return _householder_q(x, tau)[..., :, :x.shape[-1]]


def _householder_q(x, tau):
    """The full m x m Q = H_1 ... H_k, H_i = I - tau_i v_i v_i^T."""
    m, k = x.shape[-2], tau.shape[-1]
    q = wrap(np.broadcast_to(np.eye(m, dtype=x._data.dtype),
                             tuple(x.shape[:-2]) + (m, m)).copy())
    for i in range(k):
        unit = np.zeros((m, 1), x._data.dtype)
        unit[i] = 1
        below_diagonal = wrap((np.arange(m) > i).astype(x._data.dtype).reshape(m, 1))
        v = x[..., :, i:i + 1] * below_diagonal + wrap(unit)
        q = q - (q @ v) @ (v.mT * tau[..., i:i + 1].unsqueeze(-1))
    return q


def ormqr(x, tau, y, left=True, transpose=False, name=None):
    """Multiply y by the Q of a Householder QR (as stored by geqrf): Q y, Q^T y, y Q or y Q^T.

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([[1., 0.], [0.5, 1.], [0., 0.5]])
        >>> paddle.linalg.ormqr(x, paddle.to_tensor([1.6, 1.6]), paddle.ones([3, 2])).shape
        paddle.Size([3, 2])
    """
    x, tau, y = (float_input("ormqr", t) for t in (x, tau, y))
    q = _householder_q(x, tau)
    if transpose:
        q = q.mT
    return q @ y if left else y @ q


def matrix_exp(x, name=None):
    """The matrix exponential of each square matrix (exp for a 0-d tensor).

    Example:
        >>> import paddle
        >>> paddle.linalg.matrix_exp(paddle.zeros([2, 2]))
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[1., 0.],
                [0., 1.]])
    """
    x = ensure_tensor(x)
    if x.dtype.name not in ("float32", "float64"):
        raise ValueError(f"(matrix_exp) The input tensor's dtype must be float32 or float64, "
                         f"but got {x.dtype.name}")
    if x.ndim == 0:
        return x.exp()
    if x.ndim < 2:
        raise ValueError(f"(matrix_exp) The input tensor must be at least two-dimensional, but "
                         f"received shape {list(x.shape)}.")
    return X.matrix_exp(x)


__all__ = [
    "cholesky",
    "cholesky_inverse",
    "det",
    "eig",
    "eigh",
    "eigvals",
    "eigvalsh",
    "householder_product",
    "inv",
    "inverse",
    "lu",
    "lu_unpack",
    "matrix_exp",
    "ormqr",
    "qr",
    "slogdet",
    "svd",
    "svdvals",
]
