"""The matrix exponential: Padé approximation of degree 13 with scaling and squaring (Higham,
"The scaling and squaring method for the matrix exponential revisited", 2005)."""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from .linalg_checks import REAL, mat_t, require_dtype, require_square
from .registry import OPAQUE, defop

# Coefficients of the [13/13] Padé approximant of exp, and the 1-norm bound below which it is
# accurate to double precision without scaling.
_PADE13 = (64764752532480000.0, 32382376266240000.0, 7771770303897600.0, 1187353796428800.0,
           129060195264000.0, 10559470521600.0, 670442572800.0, 33522128640.0, 1323241920.0,
           40840800.0, 960960.0, 16380.0, 182.0, 1.0)
_THETA13 = 5.371920351148152


def _matrix_exp_meta(x):
    require_dtype("matrix_exp", x.dtype, REAL)
    require_square("matrix_exp", x.shape)
    return TensorMeta(x.shape, x.dtype)


def _pade13(a, xp):
    b = _PADE13
    eye = xp.broadcast_to(xp.eye(a.shape[-1]), a.shape)
    a2 = a @ a
    a4 = a2 @ a2
    a6 = a4 @ a2
    u = a @ (a6 @ (b[13] * a6 + b[11] * a4 + b[9] * a2)
             + b[7] * a6 + b[5] * a4 + b[3] * a2 + b[1] * eye)
    v = a6 @ (b[12] * a6 + b[10] * a4 + b[8] * a2) + b[6] * a6 + b[4] * a4 + b[2] * a2 \
        + b[0] * eye
    return xp.linalg.solve(v - u, v + u)


def expm(x, xp=np):
    """exp of each square matrix in x [..., n, n], computed in float64."""
    a = x.astype(np.float64)
    if a.size == 0:
        return a.astype(x.dtype)
    norms = xp.abs(a).sum(axis=-2).max(axis=-1)
    with np.errstate(divide="ignore"):
        squarings = xp.maximum(0, xp.ceil(xp.log2(norms / _THETA13))).astype(np.int64)
    squarings = xp.where(xp.isfinite(norms), squarings, 0)
    scaled = a / xp.exp2(squarings)[..., None, None]
    result = _pade13(scaled, xp)
    for step in range(int(squarings.max()) if squarings.size else 0):
        todo = (squarings > step)[..., None, None]
        result = xp.where(todo, result @ result, result)
    return result.astype(x.dtype)


@defop("matrix_exp", infer_meta=_matrix_exp_meta, pattern=OPAQUE, ref=expm)
def matrix_exp(xp, x):
    _matrix_exp_meta(TensorMeta(x.shape, _dt.from_numpy_dtype(x.dtype)))
    return expm(x, xp)


@matrix_exp.grad(save="x")
def _(ctx, g):
    # The Fréchet derivative of exp at A^T applied to G is the upper-right block of
    # exp([[A^T, G], [0, A^T]]); written with matrix_exp itself, so it differentiates again.
    from .manipulation import concat
    at = mat_t(ctx.x)
    n = at.shape[-1]
    block = concat([concat([at, g], -1), concat([at * 0, at], -1)], -2)
    return matrix_exp(block)[..., :n, n:]
