"""Randomized low-rank SVD and PCA (Halko, Martinsson and Tropp, "Finding structure with
randomness", 2011): a Gaussian probe, a few power iterations re-orthonormalized by QR, then an
exact SVD of the small projected matrix. Draws come from paddle's global generator."""
from __future__ import annotations

from .._core.ops import linalg_spectral as S
from ._convert import require_tensor
from .linalg_common import float_input


def _projected(a, v, shift):
    """(a - shift) @ v without forming a - shift."""
    return a @ v if shift is None else a @ v - shift @ v


def _range_basis(a, q, niter, shift):
    """Orthonormal columns (m x q) spanning approximately the range of a - shift."""
    from .random import randn
    probe = randn([a.shape[-1], q], dtype=a.dtype)
    a_t = a.mT
    shift_t = None if shift is None else shift.mT
    basis = S.qr(_projected(a, probe, shift), "reduced")[0]
    for _ in range(niter):
        basis = S.qr(_projected(a_t, basis, shift_t), "reduced")[0]
        basis = S.qr(_projected(a, basis, shift), "reduced")[0]
    return basis


def _check_rank_args(api, x, q, niter):
    m, n = x.shape[-2], x.shape[-1]
    if q is None:
        q = min(6, m, n)
    elif min(m, n) != 0 and not 0 <= q <= min(m, n):
        raise ValueError(f"({api}) q(={q}) must be non-negative integer and not greater than "
                         f"min(m, n)={min(m, n)}")
    if niter < 0:
        raise ValueError(f"({api}) niter(={niter}) must be non-negative integer")
    return q


def svd_lowrank(x, q=None, niter=2, M=None, name=None):
    """Approximate rank-q SVD of x (minus M, if given): returns U [*, m, q], S [*, q] and
    V [*, n, q] with x - M ~= U diag(S) V^T. Exact when x - M has rank <= q.

    Example:
        >>> import paddle
        >>> x = paddle.ones([5, 4])
        >>> u, s, v = paddle.linalg.svd_lowrank(x, q=1)
        >>> round(float(s[0]), 4)
        4.4721
    """
    require_tensor("svd_lowrank", "x", 0, x)
    x = float_input("svd_lowrank", x)
    if x.ndim < 2:
        raise ValueError(f"(svd_lowrank) The input must be at least 2-D, but received shape "
                         f"{list(x.shape)}.")
    q = _check_rank_args("svd_lowrank", x, q, niter)
    shift = None if M is None else float_input("svd_lowrank", M).broadcast_to(x.shape)
    m, n = x.shape[-2], x.shape[-1]
    if m < n or n > q:
        # work with x^T: its range is x's row space, so V comes from the basis
        basis = _range_basis(x.mT, q, niter, None if shift is None else shift.mT)
        u, s, vh = S.svd(_projected(x, basis, shift), False)
        return u, s, basis @ vh.mT
    basis = _range_basis(x, q, niter, shift)
    small = _projected(x.mT, basis, None if shift is None else shift.mT).mT
    u, s, vh = S.svd(small, False)
    return basis @ u, s, vh.mT


def pca_lowrank(x, q=None, center=True, niter=2, name=None):
    """Principal components of the rows of x by randomized SVD of the centered data: returns
    (U, S, V) as svd_lowrank does.

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([[1., 2.], [3., 4.], [5., 6.]])
        >>> u, s, v = paddle.linalg.pca_lowrank(x, q=1)
        >>> v.shape
        paddle.Size([2, 1])
    """
    require_tensor("pca_lowrank", "x", 0, x)
    x = float_input("pca_lowrank", x)
    if x.ndim < 2:
        raise ValueError(f"(pca_lowrank) The input must be at least 2-D, but received shape "
                         f"{list(x.shape)}.")
    q = _check_rank_args("pca_lowrank", x, q, niter)
    if not center:
        return svd_lowrank(x, q, niter)
    return svd_lowrank(x - x.mean(axis=-2, keepdim=True), q, niter)


__all__ = ["pca_lowrank", "svd_lowrank"]
