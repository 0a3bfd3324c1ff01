"""Matrix inverse, determinants and the Cholesky factorization (batched over leading dims)."""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from .linalg_checks import (
    REAL,
    conj,
    diag_embed_last,
    diag_part,
    mat_h,
    mat_t,
    require_dtype,
    require_square,
    tril,
)
from .registry import OPAQUE, defop


def _square_meta(op):
    def rule(x, *attrs):
        require_dtype(op, x.dtype, REAL if op == "cholesky" else
                      ("float32", "float64", "complex64", "complex128"))
        require_square(op, x.shape)
        return TensorMeta(x.shape, x.dtype)
    return rule


def _check_square(op, x):
    _square_meta(op)(TensorMeta(x.shape, _dt.from_numpy_dtype(x.dtype)))


# ---- inverse ------------------------------------------------------------------------------------

@defop("inverse", infer_meta=_square_meta("inverse"), pattern=OPAQUE, ref=np.linalg.inv)
def inverse(xp, x):
    _check_square("inverse", x)
    try:
        return xp.linalg.inv(x)
    except np.linalg.LinAlgError:
        raise ValueError(f"(inverse) Input is not invertible (a singular matrix was found in the "
                         f"input of shape {list(x.shape)}).") from None


@inverse.grad(save="out")
def _(ctx, g):
    # d(A^-1) = -A^-1 dA A^-1, so gA = -A^-H g A^-H
    inv_h = mat_h(ctx.out)
    return -(inv_h @ g @ inv_h)


# ---- determinants -------------------------------------------------------------------------------

def _det_meta(x):
    require_dtype("determinant", x.dtype)
    require_square("determinant", x.shape)
    return TensorMeta(x.shape[:-2], x.dtype)


@defop("determinant", infer_meta=_det_meta, pattern=OPAQUE, ref=np.linalg.det)
def determinant(xp, x):
    _det_meta(TensorMeta(x.shape, _dt.from_numpy_dtype(x.dtype)))
    return np.asarray(xp.linalg.det(x), dtype=x.dtype)


@determinant.grad(save="x out")
def _(ctx, g):
    from .manipulation import unsqueeze
    scale = unsqueeze(g * conj(ctx.out), [-1, -2])
    return scale * mat_h(inverse(ctx.x))


def _slogdet_meta(x):
    require_dtype("slogdet", x.dtype)
    require_square("slogdet", x.shape)
    return TensorMeta((2,) + tuple(x.shape[:-2]), x.dtype)


def _slogdet_ref(x):
    sign, logabs = np.linalg.slogdet(x)
    return np.stack([sign, logabs.astype(sign.dtype)])


@defop("slogdet", infer_meta=_slogdet_meta, pattern=OPAQUE, ref=_slogdet_ref)
def slogdet(xp, x):
    """Sign and log|det| stacked along a new leading axis of size 2 (Paddle's layout)."""
    _slogdet_meta(TensorMeta(x.shape, _dt.from_numpy_dtype(x.dtype)))
    sign, logabs = xp.linalg.slogdet(x)
    return xp.stack([sign, logabs.astype(sign.dtype)]).astype(x.dtype)


@slogdet.grad(save="x")
def _(ctx, g):
    from .manipulation import unsqueeze
    g_logabs = unsqueeze(g[1], [-1, -2])
    return g_logabs * mat_h(inverse(ctx.x))


# ---- Cholesky -----------------------------------------------------------------------------------

def _cholesky_ref(x, upper=False):
    lower = np.linalg.cholesky(x)
    return np.swapaxes(lower, -1, -2) if upper else lower


@defop("cholesky", infer_meta=_square_meta("cholesky"), pattern=OPAQUE, ref=_cholesky_ref)
def cholesky(xp, x, upper=False):
    _check_square("cholesky", x)
    try:
        lower = xp.linalg.cholesky(x)
    except np.linalg.LinAlgError:
        raise ValueError("(cholesky) Cholesky decomposition was not successful: the input "
                         "matrix might not be positive definite (shape "
                         f"{list(x.shape)}).") from None
    return xp.swapaxes(lower, -1, -2).copy() if upper else lower


@cholesky.grad(save="out")
def _(ctx, g):
    # With A = L L^T and Phi(M) = tril(M) with a halved diagonal:
    #   gA = sym(L^-T Phi(L^T gL) L^-1)
    from .linalg_solve import triangular_solve
    lower = mat_t(ctx.out) if ctx.upper else ctx.out
    g_lower = mat_t(g) if ctx.upper else g
    inner = mat_t(lower) @ g_lower
    phi = tril(inner) - diag_embed_half(inner)
    left = triangular_solve(lower, phi, False, True, False)          # L^-T Phi
    grad = mat_t(triangular_solve(lower, mat_t(left), False, True, False))  # (L^-T (..)^T)^T
    return (grad + mat_t(grad)) * 0.5


def diag_embed_half(m):
    return diag_embed_last(diag_part(m)) * 0.5
