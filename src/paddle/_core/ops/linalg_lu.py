"""LU factorization with partial pivoting (LAPACK getrf's packed layout and 1-based pivots).

NumPy has no LU, so the kernel eliminates column by column, vectorized over the batch. The
gradient follows the packed layout: the strictly lower part is L's, the upper part is U's."""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from .linalg_checks import (
    REAL_OR_COMPLEX,
    eye_like,
    mat_t,
    quiet_errors,
    require_dtype,
    require_matrix,
    require_real_grad,
    tril,
    triu,
)
from .registry import OPAQUE, defop


def _lu_meta(x, pivot=True):
    require_dtype("lu", x.dtype, REAL_OR_COMPLEX)
    require_matrix("lu", x.shape)
    if not pivot:
        raise ValueError("(lu) LU without pivoting is not implemented on the CPU, but got "
                         "pivot=False.")
    m, n = x.shape[-2], x.shape[-1]
    k = min(m, n) if -1 not in (m, n) else -1
    batch = tuple(x.shape[:-2])
    return (TensorMeta(x.shape, x.dtype), TensorMeta(batch + (k,), _dt.int32),
            TensorMeta(batch, _dt.int32))


def factorize(a, xp=np):
    """Packed LU of a [..., m, n] array: (lu, 1-based pivots int32, info int32)."""
    batch_shape, (m, n) = a.shape[:-2], a.shape[-2:]
    k = min(m, n)
    lu = a.reshape((-1, m, n)).copy()
    count = lu.shape[0]
    pivots = xp.zeros((count, k), np.int32)
    info = xp.zeros(count, np.int32)
    rows = xp.arange(count)
    with quiet_errors():
        for j in range(k):
            p = j + xp.argmax(xp.abs(lu[:, j:, j]), axis=1)
            pivots[:, j] = p + 1
            current = lu[rows, j].copy()
            lu[rows, j] = lu[rows, p]
            lu[rows, p] = current
            pivot = lu[:, j, j]
            singular = pivot == 0
            info = xp.where(singular & (info == 0), j + 1, info).astype(np.int32)
            # a zero pivot means the column below is zero too: leave it as LAPACK does
            lu[:, j + 1:, j] /= xp.where(singular, 1, pivot)[:, None]
            lu[:, j + 1:, j + 1:] -= lu[:, j + 1:, j:j + 1] * lu[:, j:j + 1, j + 1:]
    return (lu.reshape(a.shape), pivots.reshape(batch_shape + (k,)),
            info.reshape(batch_shape))


def _lu_ref(x, pivot=True):
    return factorize(x)


@defop("lu", "x", ("lu", "pivots", "infos"), infer_meta=_lu_meta, pattern=OPAQUE, ref=_lu_ref)
def lu(xp, x, pivot=True):
    _lu_meta(TensorMeta(x.shape, _dt.from_numpy_dtype(x.dtype)), pivot)
    return factorize(x, xp)


def permutation_matrices(pivots, m: int, dtype, xp=np):
    """P with A = P L U from 1-based getrf pivots [..., k]: apply the row swaps to the identity."""
    batch = pivots.shape[:-1]
    flat = pivots.reshape((-1, pivots.shape[-1])).astype(np.int64) - 1
    order = xp.tile(xp.arange(m), (flat.shape[0], 1))
    rows = xp.arange(flat.shape[0])
    for j in range(flat.shape[1]):
        target = flat[:, j]
        current = order[:, j].copy()
        order[:, j] = order[rows, target]
        order[rows, target] = current
    perm = xp.zeros((flat.shape[0], m, m), dtype)
    # row i of P^T A is row order[i] of A, so P[order[i], i] = 1
    perm[rows[:, None], order, xp.arange(m)[None, :]] = 1
    return perm.reshape(batch + (m, m))


# ---- unpacking ----------------------------------------------------------------------------------

def _lu_unpack_meta(x, y, unpack_ludata=True, unpack_pivots=True):
    require_matrix("lu_unpack", x.shape)
    m, n = x.shape[-2], x.shape[-1]
    k = min(m, n) if -1 not in (m, n) else -1
    if unpack_pivots and y.shape[-1] not in (k, -1):
        raise ValueError(f"(lu_unpack) The pivots must have shape (*, {k}) for a packed LU of "
                         f"shape {list(x.shape)}, but received {list(y.shape)}.")
    batch = tuple(x.shape[:-2])
    empty = TensorMeta((0,), x.dtype)
    perm = TensorMeta(batch + (m, m), x.dtype) if unpack_pivots else empty
    if not unpack_ludata:
        return perm, empty, empty
    return perm, TensorMeta(batch + (m, k), x.dtype), TensorMeta(batch + (k, n), x.dtype)


def _lu_unpack_ref(x, y, unpack_ludata=True, unpack_pivots=True):
    m, n = x.shape[-2:]
    k = min(m, n)
    lower = np.tril(x[..., :, :k], -1) + np.eye(m, k, dtype=x.dtype)
    return permutation_matrices(y, m, x.dtype), lower, np.triu(x[..., :k, :])


@defop("lu_unpack", "x y", ("pmat", "l", "u"), infer_meta=_lu_unpack_meta, pattern=OPAQUE,
       ref=_lu_unpack_ref)
def lu_unpack(xp, x, y, unpack_ludata=True, unpack_pivots=True):
    """(P, L, U) with A = P @ L @ U from a packed LU `x` and its pivots `y`; the parts not asked
    for are empty."""
    _lu_unpack_meta(TensorMeta(x.shape, _dt.from_numpy_dtype(x.dtype)),
                    TensorMeta(y.shape, _dt.from_numpy_dtype(y.dtype)), unpack_ludata,
                    unpack_pivots)
    m, n = x.shape[-2:]
    k = min(m, n)
    empty = xp.zeros((0,), x.dtype)
    perm = permutation_matrices(y, m, x.dtype, xp) if unpack_pivots else empty
    if not unpack_ludata:
        return perm, empty, empty
    lower = xp.tril(x[..., :, :k], -1) + xp.eye(m, k, dtype=x.dtype)
    return perm, lower, xp.triu(x[..., :k, :])


@lu_unpack.grad()
def _(ctx, g_perm, g_lower, g_upper):
    from ..tensor import wrap
    from .manipulation import concat
    if not ctx.unpack_ludata:
        return wrap(np.zeros(tuple(ctx.x.shape), g_perm._data.dtype)), None
    shape = tuple(ctx.x.shape)
    m, n = shape[-2:]
    k = min(m, n)
    lower, upper = tril(g_lower, -1), triu(g_upper)
    if n > k:
        lower = concat([lower, wrap(np.zeros(shape[:-1] + (n - k,), lower._data.dtype))], -1)
    if m > k:
        upper = concat([upper, wrap(np.zeros(shape[:-2] + (m - k, n), upper._data.dtype))], -2)
    return lower + upper, None


@lu.grad(save="lu pivots")
def _(ctx, g_lu, g_pivots, g_infos):
    m, n = ctx.x.shape[-2], ctx.x.shape[-1]
    packed = ctx.lu
    require_real_grad("lu", packed)
    perm = lu_unpack(packed, ctx.pivots, False, True)[0]
    if m == n:
        grad = _square_grad(packed, g_lu)
    elif m < n:
        grad = _wide_grad(packed, g_lu, m)
    else:
        grad = _tall_grad(packed, g_lu, n)
    return perm @ grad


def _unit_lower(packed_square):
    return tril(packed_square, -1) + eye_like(packed_square)


def _square_grad(packed, g):
    # A = P L U:  gA = P L^-T (tril(L^T gL, -1) + triu(gU U^T)) U^-T
    from .linalg_solve import triangular_solve
    lower, upper = _unit_lower(packed), triu(packed)
    phi = tril(mat_t(lower) @ tril(g, -1), -1) + triu(triu(g) @ mat_t(upper))
    left = triangular_solve(lower, phi, False, True, True)
    return mat_t(triangular_solve(upper, mat_t(left), True, False, False))


def _wide_grad(packed, g, m):
    # U = [U1 | U2] with U1 square; A2 only reaches U2.
    from .linalg_solve import triangular_solve
    from .manipulation import concat
    lower = _unit_lower(packed[..., :m])
    upper = triu(packed)
    g_l, g_u = tril(g[..., :m], -1), triu(g)
    inner = tril(mat_t(lower) @ g_l - g_u @ mat_t(upper), -1)
    # inner U1^-T : solve X U1^T = inner  <=>  U1 X^T = inner^T
    inner = mat_t(triangular_solve(upper[..., :m], mat_t(inner), True, False, False))
    stacked = concat([inner + g_u[..., :m], g_u[..., m:]], -1)
    return triangular_solve(lower, stacked, False, True, True)


def _tall_grad(packed, g, n):
    # L = [L1; L2] with L1 square unit lower; A2 only reaches L2.
    from .linalg_solve import triangular_solve
    from .manipulation import concat
    lower = _tall_unit_lower(packed, n)
    upper = triu(packed[..., :n, :])
    g_l, g_u = tril(g, -1), triu(g[..., :n, :])
    inner = triu(g_u @ mat_t(upper) - mat_t(lower) @ g_l)
    inner = triangular_solve(lower[..., :n, :], inner, False, True, True)
    stacked = concat([inner + g_l[..., :n, :], g_l[..., n:, :]], -2)
    # stacked U^-T : solve X U^T = stacked  <=>  U X^T = stacked^T
    return mat_t(triangular_solve(upper, mat_t(stacked), True, False, False))


def _tall_unit_lower(packed, n):
    from ..tensor import wrap
    m = packed.shape[-2]
    ones = np.eye(m, n, dtype=packed._data.dtype)
    return tril(packed, -1) + wrap(ones)
