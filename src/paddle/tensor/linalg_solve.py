"""Solvers of `paddle.linalg`: solve, triangular/Cholesky/LU solves, least squares,
pseudo-inverse, matrix powers and rank."""
from __future__ import annotations

import numpy as np

from .._core import dtype as _dt
from .._core.ops import linalg_factor as F
from .._core.ops import linalg_lu as LU
from .._core.ops import linalg_solve as SO
from .._core.ops import linalg_spectral as S
from .._core.ops.linalg_checks import prim
from .._core.tensor import Tensor, wrap
from ._convert import ensure_tensor, require_tensor
from .linalg_common import float_input, same_dtype
from .math import _write_out


def solve(x, y, left=True, name=None, *, out=None):
    """Solve x @ out = y (left=True) or out @ x = y (left=False) for square x; a 1-D y is a
    vector. Batch dims broadcast.

    Example:
        >>> import paddle
        >>> a = paddle.to_tensor([[3., 1.], [1., 2.]])
        >>> paddle.linalg.solve(a, paddle.to_tensor([9., 8.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [2., 3.])
    """
    require_tensor("solve", "x", 0, x)
    require_tensor("solve", "y", 1, y)
    x, y = float_input("solve", x), float_input("solve", y)
    same_dtype("solve", x, y)
    if left:
        result = SO.solve(x, y)
    elif y.ndim == 1:
        result = SO.solve(x.mT, y)
    else:
        result = SO.solve(x.mT, y.mT).mT
    return _write_out(result, out)


def triangular_solve(x, y, upper=True, transpose=False, unitriangular=False, name=None):
    """Solve x @ out = y for triangular x (only its upper or lower triangle is read);
    transpose solves with x^T, unitriangular takes the diagonal as ones.

    Example:
        >>> import paddle
        >>> a = paddle.to_tensor([[2., 1.], [0., 4.]])
        >>> paddle.linalg.triangular_solve(a, paddle.to_tensor([[4.], [8.]]))
        Tensor(shape=[2, 1], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[1.],
                [2.]])
    """
    require_tensor("triangular_solve", "x", 0, x)
    x, y = float_input("triangular_solve", x), float_input("triangular_solve", y)
    return SO.triangular_solve(x, y, bool(upper), bool(transpose), bool(unitriangular))


def cholesky_solve(x, y, upper=False, name=None):
    """Solve A @ out = x given the Cholesky factor y of A (A = y y^T, or y^T y if upper).

    Example:
        >>> import paddle
        >>> factor = paddle.to_tensor([[2., 0.], [1., 2.]])
        >>> paddle.linalg.cholesky_solve(paddle.to_tensor([[4.], [7.]]), factor)
        Tensor(shape=[2, 1], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[0.37500000],
                [1.25000000]])
    """
    require_tensor("cholesky_solve", "x", 0, x)
    b, factor = float_input("cholesky_solve", x), float_input("cholesky_solve", y)
    same_dtype("cholesky_solve", b, factor)
    upper = bool(upper)
    # A = L L^T: L z = b, then L^T out = z   (upper: U^T z = b, then U out = z)
    z = SO.triangular_solve(factor, b, upper, upper, False)
    return SO.triangular_solve(factor, z, upper, not upper, False)


def lu_solve(b, lu, pivots, trans="N", name=None):
    """Solve A @ out = b (trans='N') or A^T @ out = b ('T', 'C') from A's packed LU and pivots.

    Example:
        >>> import paddle
        >>> a = paddle.to_tensor([[3., 1.], [1., 2.]])
        >>> packed, pivots = paddle.linalg.lu(a)
        >>> paddle.linalg.lu_solve(paddle.to_tensor([[9.], [8.]]), packed, pivots)
        Tensor(shape=[2, 1], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[2.],
                [3.]])
    """
    if trans not in ("N", "T", "C"):
        raise ValueError(f"(lu_solve) trans must be one of 'N', 'T', 'C', but received {trans}.")
    b, packed = float_input("lu_solve", b), float_input("lu_solve", lu)
    same_dtype("lu_solve", b, packed, ("b", "lu"))
    perm = LU.lu_unpack(packed, ensure_tensor(pivots), False, True)[0]
    if trans == "N":
        z = SO.triangular_solve(packed, perm.mT @ b, False, False, True)
        return SO.triangular_solve(packed, z, True, False, False)
    z = SO.triangular_solve(packed, b, True, True, False)
    return perm @ SO.triangular_solve(packed, z, False, True, True)


def lstsq(x, y, rcond=None, driver=None, name=None):
    """Least-squares solution of x @ out ~= y: returns (solution, residuals, rank,
    singular_values) with Paddle's per-driver conventions (default driver 'gelsy').

    Example:
        >>> import paddle
        >>> a = paddle.to_tensor([[1., 0.], [0., 1.], [1., 1.]])
        >>> solution = paddle.linalg.lstsq(a, paddle.to_tensor([[1.], [2.], [3.]]))[0]
        >>> solution.shape
        paddle.Size([2, 1])
    """
    require_tensor("lstsq", "x", 0, x)
    if driver not in (None,) + SO.DRIVERS:
        raise ValueError(f"(lstsq) Only support valid driver is 'gels', 'gelss', 'gelsd', "
                         f"'gelsy' or None for CPU inputs. But got {driver}")
    driver = "gelsy" if driver is None else driver
    y = ensure_tensor(y)
    if rcond is None:
        eps = 1e-7 if x.dtype is _dt.float32 else 1e-15
        rcond = eps * max(x.shape[-2:]) if x.ndim >= 2 else eps
    solution, rank, values = SO.lstsq(x, y, float(rcond), driver)
    return solution, _residuals(x, y, solution, rank, driver), rank, values


def _residuals(x, y, solution, rank, driver):
    """Squared residual norms per column, reported (as Paddle does) only for tall full-rank
    systems and not by gelsy."""
    m, n = x.shape[-2], x.shape[-1]
    full_rank = driver == "gels" or bool((rank.numpy() == n).all())
    if driver == "gelsy" or m <= n or not full_rank:
        return wrap(np.zeros((0,), x._data.dtype))
    return ((x @ solution - y) ** 2).sum(axis=-2)


def pinv(x, rcond=1e-15, hermitian=False, name=None):
    """Moore-Penrose pseudo-inverse through the SVD (eigendecomposition when hermitian); singular
    values below rcond * largest are dropped.

    Example:
        >>> import paddle
        >>> paddle.linalg.pinv(paddle.to_tensor([[1., 0.], [0., 0.]]))
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[1., 0.],
                [0., 0.]])
    """
    require_tensor("pinv", "x", 0, x)
    x = float_input("pinv", x)
    if x.ndim < 2:
        raise ValueError(f"(pinv) the rank of input must greater than 2, but received shape "
                         f"{list(x.shape)}.")
    if isinstance(rcond, Tensor):
        rcond = rcond.unsqueeze(-1)
    if hermitian:
        values, vectors = S.eigh(x, "L")
        kept = _inverted_values(values, values.abs(), rcond)
        return (vectors * kept.unsqueeze(-2)) @ vectors.mT.conj() if x.dtype.kind == "c" \
            else (vectors * kept.unsqueeze(-2)) @ vectors.mT
    u, s, vh = S.svd(x, False)
    kept = _inverted_values(s, s, rcond)
    if x.dtype.kind == "c":
        return (vh.mT.conj() * kept.unsqueeze(-2).astype(x.dtype)) @ u.mT.conj()
    return (vh.mT * kept.unsqueeze(-2)) @ u.mT


def _inverted_values(values, magnitude, rcond):
    """1 / values where |values| > rcond * max|values|, else 0 (with a finite gradient)."""
    if values._data.size == 0:
        return values
    cutoff = magnitude.max(-1, keepdim=True) * rcond
    keep = magnitude > cutoff
    safe = prim("where")(keep, values, values * 0 + 1)
    return (1 / safe) * keep.astype(values.dtype)


def matrix_power(x, n, name=None):
    """x raised to the integer power n by repeated squaring (n < 0 inverts first; n = 0 gives
    the identity).

    Example:
        >>> import paddle
        >>> paddle.linalg.matrix_power(paddle.to_tensor([[1., 1.], [0., 1.]]), 3)
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[1., 3.],
                [0., 1.]])
    """
    require_tensor("matrix_power", "x", 0, x)
    x = float_input("matrix_power", x)
    if x.ndim < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError(f"(matrix_power) The inner-most 2 dimensions of Input(X) all should be "
                         f"square matrices, but received shape {list(x.shape)}.")
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"(matrix_power) n must be an int, but received {type(n).__name__}.")
    if n == 0:
        # the identity, still connected to x (with a zero gradient) as in Paddle
        eye = np.broadcast_to(np.eye(x.shape[-1], dtype=x._data.dtype), tuple(x.shape))
        return prim("where")(wrap(np.ones(eye.shape, bool)), wrap(eye.copy()), x)
    base = F.inverse(x) if n < 0 else x
    result = None
    n = abs(int(n))
    while n:
        if n & 1:
            result = base if result is None else result @ base
        n >>= 1
        if n:
            base = base @ base
    return result


def matrix_rank(x, tol=None, hermitian=False, atol=None, rtol=None, name=None):
    """Number of singular values (|eigenvalues| when hermitian) above the tolerance: `tol`
    (absolute), or max(atol, rtol * largest); by default eps * max(m, n) * largest.

    Example:
        >>> import paddle
        >>> paddle.linalg.matrix_rank(paddle.to_tensor([[1., 2.], [2., 4.]]))
        Tensor(shape=[], dtype=int64, place=Place(cpu), stop_gradient=True,
               1)
    """
    require_tensor("matrix_rank", "x", 0, x)
    x = float_input("matrix_rank", x)
    if x.ndim < 2:
        raise ValueError(f"(matrix_rank) The dims of input must be greater than 2, but received "
                         f"shape {list(x.shape)}.")
    if tol is not None and (atol is not None or rtol is not None):
        raise ValueError("(matrix_rank) Only support to use tol alone or use atol and rtol "
                         "without tol.")
    if hermitian:
        values = S.eigh(x, "L")[0].abs().detach()
    else:
        values = S.svd(x, False)[1].detach()
    if values._data.size == 0:
        return wrap(np.zeros(tuple(x.shape[:-2]), np.int64))
    largest = values.max(-1, keepdim=True)
    eps = float(np.finfo(values._data.dtype).eps)
    if tol is not None:
        threshold = _as_column(tol, values)
    elif atol is None and rtol is None:
        threshold = largest * (eps * max(x.shape[-2:]))
    else:
        absolute = _as_column(0.0 if atol is None else atol, values)
        if rtol is None:
            rtol = eps * max(x.shape[-2:]) if atol is None or _all_zero(atol) else 0.0
        threshold = absolute.maximum(largest * _as_column(rtol, values))
    return (values > threshold).astype("int64").sum(-1)


def _as_column(value, like):
    t = value if isinstance(value, Tensor) else wrap(np.asarray(value, like._data.dtype))
    return t.astype(like.dtype).unsqueeze(-1)


def _all_zero(value) -> bool:
    return bool((np.asarray(value.numpy() if isinstance(value, Tensor) else value) == 0).all())


__all__ = [
    "cholesky_solve",
    "lstsq",
    "lu_solve",
    "matrix_power",
    "matrix_rank",
    "pinv",
    "solve",
    "triangular_solve",
]
