"""Spectral factorizations: SVD, symmetric (Hermitian) and general eigendecomposition, and QR.

Results follow LAPACK, as Paddle's CPU kernels do; singular vectors and eigenvectors are unique
only up to sign (phase), so callers should not depend on it."""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from .linalg_checks import (
    REAL_OR_COMPLEX,
    complex_dtype,
    conj,
    diag_embed_last,
    diag_part,
    eye_like,
    mat_h,
    mat_t,
    prim,
    real_dtype,
    require_dtype,
    require_matrix,
    require_real_grad,
    require_square,
    tril,
)
from .registry import OPAQUE, defop


def _meta_of_array(x):
    return TensorMeta(x.shape, _dt.from_numpy_dtype(x.dtype))


def _pairwise_inverse_gaps(values):
    """F[i, j] = 1 / (values[j] - values[i]) off the diagonal and 0 on it, batched."""
    from .manipulation import unsqueeze
    gaps = unsqueeze(values, [-2]) - unsqueeze(values, [-1])
    eye = eye_like(values, values.shape[-1])
    return (1 - eye) / (gaps + eye)


# ---- singular value decomposition ---------------------------------------------------------------

def _svd_meta(x, full_matrices=False):
    require_dtype("svd", x.dtype, REAL_OR_COMPLEX)
    require_matrix("svd", x.shape)
    m, n = x.shape[-2], x.shape[-1]
    k = min(m, n) if -1 not in (m, n) else -1
    batch = tuple(x.shape[:-2])
    u_cols, vh_rows = (m, n) if full_matrices else (k, k)
    return (TensorMeta(batch + (m, u_cols), x.dtype), TensorMeta(batch + (k,), real_dtype(x.dtype)),
            TensorMeta(batch + (vh_rows, n), x.dtype))


def _svd_ref(x, full_matrices=False):
    return np.linalg.svd(x, full_matrices=full_matrices)


@defop("svd", "x", ("u", "s", "vh"), infer_meta=_svd_meta, pattern=OPAQUE, ref=_svd_ref)
def svd(xp, x, full_matrices=False):
    _svd_meta(_meta_of_array(x), full_matrices)
    u, s, vh = xp.linalg.svd(x, full_matrices=full_matrices)
    return u, s.astype(real_dtype(_dt.from_numpy_dtype(x.dtype)).np_dtype, copy=False), vh


@svd.grad(save="u s vh")
def _(ctx, gu, gs, gvh):
    # Townsend (2016), "Differentiating the singular value decomposition", for real inputs.
    require_real_grad("svd", ctx.u)
    m, n = ctx.u.shape[-2], ctx.vh.shape[-1]
    k = ctx.s.shape[-1]
    u, s, v = ctx.u[..., :k], ctx.s, mat_t(ctx.vh[..., :k, :])
    gu, gv = gu[..., :k], mat_t(gvh[..., :k, :])
    from .manipulation import unsqueeze
    inv_gaps = _pairwise_inverse_gaps(s * s)
    ut_gu, vt_gv = mat_t(u) @ gu, mat_t(v) @ gv
    row_s, col_s = unsqueeze(s, [-1]), unsqueeze(s, [-2])
    inner = (inv_gaps * (ut_gu - mat_t(ut_gu))) * col_s \
        + row_s * (inv_gaps * (vt_gv - mat_t(vt_gv))) + diag_embed_last(gs)
    grad = u @ inner @ mat_t(v)
    if m > k:
        grad = grad + ((gu - u @ ut_gu) / col_s) @ mat_t(v)
    if n > k:
        grad = grad + (u / col_s) @ mat_t(gv - v @ vt_gv)
    return grad


# ---- symmetric / Hermitian eigendecomposition ---------------------------------------------------

def _eigh_meta(x, UPLO="L"):
    require_dtype("eigh", x.dtype, REAL_OR_COMPLEX)
    require_square("eigh", x.shape)
    return TensorMeta(x.shape[:-1], real_dtype(x.dtype)), TensorMeta(x.shape, x.dtype)


def _eigh_ref(x, UPLO="L"):
    return np.linalg.eigh(x, UPLO=UPLO)


@defop("eigh", "x", ("eigenvalues", "eigenvectors"), infer_meta=_eigh_meta, pattern=OPAQUE,
       ref=_eigh_ref)
def eigh(xp, x, UPLO="L"):
    _eigh_meta(_meta_of_array(x), UPLO)
    w, v = xp.linalg.eigh(x, UPLO=UPLO)
    return w.astype(real_dtype(_dt.from_numpy_dtype(x.dtype)).np_dtype, copy=False), v


@eigh.grad(save="eigenvalues eigenvectors")
def _(ctx, gw, gv):
    # gA = V (diag(gw) + F o (V^T gV)) V^T with F[i, j] = 1 / (w[j] - w[i]), symmetrized as
    # Paddle does (only a symmetric input is meaningful)
    w, v = ctx.eigenvalues, ctx.eigenvectors
    # the eigenvalues are real even for Hermitian (complex) inputs
    values_part = diag_embed_last(gw).astype(v.dtype)
    gaps = _pairwise_inverse_gaps(w).astype(v.dtype)
    grad = v @ (values_part + gaps * (mat_h(v) @ gv)) @ mat_h(v)
    return (grad + mat_h(grad)) * 0.5


# ---- general eigendecomposition -----------------------------------------------------------------

def _eig_meta(x):
    require_dtype("eig", x.dtype, REAL_OR_COMPLEX)
    require_square("eig", x.shape)
    out = complex_dtype(x.dtype)
    return TensorMeta(x.shape[:-1], out), TensorMeta(x.shape, out)


def _eig_ref(x):
    return np.linalg.eig(x)


@defop("eig", "x", ("eigenvalues", "eigenvectors"), infer_meta=_eig_meta, pattern=OPAQUE,
       ref=_eig_ref)
def eig(xp, x):
    _eig_meta(_meta_of_array(x))
    target = complex_dtype(_dt.from_numpy_dtype(x.dtype)).np_dtype
    w, v = xp.linalg.eig(x)
    return w.astype(target, copy=False), v.astype(target, copy=False)


@eig.grad(save="x eigenvalues eigenvectors")
def _(ctx, gw, gv):
    # A = V diag(w) V^-1 with unit-norm columns of V:
    #   gA = V^-H (diag(gw) + (V^H gV - V^H V Re(diag(V^H gV))) / conj(w_j - w_i)) V^H
    from .linalg_solve import solve
    w, v = ctx.eigenvalues, ctx.eigenvectors
    vh = mat_h(v)
    vh_gv = vh @ gv
    norm_part = prim("real")(diag_part(vh_gv)).astype(v.dtype)
    inner = vh_gv - vh @ (v * norm_part.unsqueeze(-2))
    w_conj = conj(w)
    eye = eye_like(v)
    gaps = w_conj.unsqueeze(-2) - w_conj.unsqueeze(-1) + eye
    inner = inner / gaps * (1 - eye) + diag_embed_last(gw)
    grad = solve(vh, inner @ vh)
    return grad if ctx.x.dtype.kind == "c" else prim("real")(grad)


# ---- QR -----------------------------------------------------------------------------------------

QR_MODES = ("reduced", "complete", "r")


def check_qr_mode(mode):
    if mode not in QR_MODES:
        raise ValueError(f"(qr) QR received unrecognized mode '{mode}' but expected one of "
                         "'reduced' (default), 'r', or 'complete'.")


def _qr_meta(x, mode="reduced"):
    check_qr_mode(mode)
    require_dtype("qr", x.dtype, REAL_OR_COMPLEX)
    require_matrix("qr", x.shape)
    m, n = x.shape[-2], x.shape[-1]
    k = min(m, n) if -1 not in (m, n) else -1
    batch = tuple(x.shape[:-2])
    q_cols, r_rows = (m, m) if mode == "complete" else (k, k)
    q = TensorMeta((0,) if mode == "r" else batch + (m, q_cols), x.dtype)
    return q, TensorMeta(batch + (r_rows, n), x.dtype)


def _qr_ref(x, mode="reduced"):
    if mode == "r":
        return np.zeros((0,), x.dtype), np.linalg.qr(x, mode="r")
    return np.linalg.qr(x, mode=mode)


@defop("qr", "x", ("q", "r"), infer_meta=_qr_meta, pattern=OPAQUE, ref=_qr_ref)
def qr(xp, x, mode="reduced"):
    _qr_meta(_meta_of_array(x), mode)
    if x.size == 0:
        q_meta, r_meta = _qr_meta(_meta_of_array(x), mode)
        return np.zeros(q_meta.shape, x.dtype), np.zeros(r_meta.shape, x.dtype)
    if mode == "r":
        return np.zeros((0,), x.dtype), xp.linalg.qr(x, mode="r").astype(x.dtype, copy=False)
    q, r = xp.linalg.qr(x, mode=mode)
    return q.astype(x.dtype, copy=False), r.astype(x.dtype, copy=False)


@qr.grad(save="q r")
def _(ctx, gq, gr):
    if ctx.mode == "r":
        raise ValueError("(qr) The derivative of qr is not implemented when mode='r'.")
    m, n = ctx.q.shape[-2], ctx.r.shape[-1]
    if ctx.mode == "complete" and m > n:
        raise ValueError(f"(qr) The derivative of qr is not implemented when mode='complete' "
                         f"and {m} > {n}.")
    q, r = ctx.q, ctx.r
    require_real_grad("qr", q)
    if m >= n:
        return _qr_tall_grad(q, r, gq, gr)
    # Wide: A = Q [R1 | R2]; A1 = Q R1 is square and A2 = Q R2 only feeds through Q.
    from .manipulation import concat
    a2 = q @ r[..., m:]
    g1 = _qr_tall_grad(q, r[..., :m], gq + a2 @ mat_t(gr[..., m:]), gr[..., :m])
    return concat([g1, q @ gr[..., m:]], -1)


def _qr_tall_grad(q, r, gq, gr):
    """m >= n (reduced): gA = (gQ + Q copyltu(M)) R^-T with M = R gR^T - gQ^T Q, where
    copyltu mirrors the lower triangle onto the upper one."""
    from .linalg_solve import triangular_solve
    mid = r @ mat_t(gr) - mat_t(gq) @ q
    lower = tril(mid, -1)
    copyltu = lower + mat_t(lower) + diag_embed_last(diag_part(mid))
    rhs = gq + q @ copyltu
    # X R^T = rhs  <=>  R X^T = rhs^T
    return mat_t(triangular_solve(r, mat_t(rhs), True, False, False))
