"""Linear systems: general solve, triangular solve and least squares (batched, broadcasting the
leading dims of the two operands)."""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta, meta_of
from ._grad_utils import sum_to_shape
from .linalg_checks import (
    REAL,
    batch_matrix_shape,
    conj,
    mat_h,
    mat_t,
    quiet_errors,
    require_dtype,
    require_matrix,
    require_square,
    tril,
    triu,
)
from .registry import OPAQUE, defop


def _same_dtype(op, x, y):
    if x.dtype is not y.dtype:
        raise ValueError(f"({op}) The dtypes of Input(X) ({x.dtype.name}) and Input(Y) "
                         f"({y.dtype.name}) must be the same.")


# ---- solve --------------------------------------------------------------------------------------

def _solve_meta(x, y):
    _same_dtype("solve", x, y)
    require_dtype("solve", x.dtype)
    require_square("solve", x.shape)
    n = x.shape[-1]
    if y.ndim == 1:
        if y.shape[0] not in (n, -1) and n != -1:
            raise ValueError(f"(solve) The length of the vector Input(Y) ({y.shape[0]}) must "
                             f"equal the width of the matrix Input(X) ({n}); shapes "
                             f"{list(x.shape)} and {list(y.shape)}.")
        return TensorMeta(x.shape[:-1], x.dtype)
    if y.shape[-2] not in (n, -1) and n != -1:
        raise ValueError(f"(solve) The width of matrix Input(X) ({n}) must equal the height of "
                         f"matrix Input(Y) ({y.shape[-2]}); shapes {list(x.shape)} and "
                         f"{list(y.shape)}.")
    batch = batch_matrix_shape(x.shape, y.shape)
    return TensorMeta(batch + (n, y.shape[-1]), x.dtype)


@defop("solve", "x y", infer_meta=_solve_meta, pattern=OPAQUE, ref=np.linalg.solve)
def solve(xp, x, y):
    _solve_meta(meta_of(x), meta_of(y))
    try:
        return xp.linalg.solve(x, y)
    except np.linalg.LinAlgError:
        raise ValueError(f"(solve) Input(X) is not invertible (a singular matrix was found in "
                         f"the input of shape {list(x.shape)}).") from None


@solve.grad(save="x out")
def _(ctx, g):
    from .manipulation import squeeze, unsqueeze
    need_x, need_y = ctx.needs_grad
    x, out = ctx.x, ctx.out
    vector = len(ctx.y.shape) == 1
    g_mat = unsqueeze(g, [-1]) if vector else g
    out_mat = unsqueeze(out, [-1]) if vector else out
    gy_mat = solve(mat_h(x), g_mat)
    gy = None
    if need_y:
        gy = sum_to_shape(squeeze(gy_mat, [-1]) if vector else gy_mat, ctx.y.shape)
    gx = sum_to_shape(-(gy_mat @ mat_h(out_mat)), x.shape) if need_x else None
    return gx, gy


# ---- triangular solve ---------------------------------------------------------------------------

def _triangular_meta(x, y, upper=True, transpose=False, unitriangular=False):
    _same_dtype("triangular_solve", x, y)
    require_dtype("triangular_solve", x.dtype)
    require_square("triangular_solve", x.shape)
    require_matrix("triangular_solve", y.shape, "y")
    n = x.shape[-1]
    if y.shape[-2] not in (n, -1) and n != -1:
        raise ValueError(f"(triangular_solve) The width of Input(X) ({n}) must equal the height "
                         f"of Input(Y) ({y.shape[-2]}); shapes {list(x.shape)} and "
                         f"{list(y.shape)}.")
    batch = batch_matrix_shape(x.shape, y.shape)
    return TensorMeta(batch + (n, y.shape[-1]), x.dtype)


def substitute(a, b, upper: bool, unit: bool, xp=np):
    """Solve a @ out = b for triangular `a` by forward/back substitution, row by row, vectorized
    over the batch. Entries of `a` off its triangle are never read; a zero pivot gives inf/nan,
    as LAPACK's trtrs does."""
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = xp.broadcast_to(a, batch + a.shape[-2:])
    b = xp.broadcast_to(b, batch + b.shape[-2:])
    out = xp.zeros(b.shape, dtype=np.result_type(a.dtype, b.dtype))
    n = a.shape[-1]
    with quiet_errors():
        for i in (range(n - 1, -1, -1) if upper else range(n)):
            # rows not solved yet are still zero, so the whole row of `a` may be used
            row = b[..., i, :] - (a[..., i:i + 1, :] @ out)[..., 0, :]
            out[..., i, :] = row if unit else row / a[..., i, i][..., None]
    return out


def _triangular_ref(x, y, upper=True, transpose=False, unitriangular=False):
    a = np.triu(x) if upper else np.tril(x)
    if unitriangular:
        a = a - a * np.eye(x.shape[-1]) + np.eye(x.shape[-1])
    if transpose:
        a = np.swapaxes(a, -1, -2)
    return np.linalg.solve(a, y)


@defop("triangular_solve", "x y", infer_meta=_triangular_meta, pattern=OPAQUE,
       ref=_triangular_ref)
def triangular_solve(xp, x, y, upper=True, transpose=False, unitriangular=False):
    _triangular_meta(meta_of(x), meta_of(y), upper, transpose, unitriangular)
    a = xp.swapaxes(x, -1, -2) if transpose else x
    return substitute(a, y, upper != transpose, unitriangular, xp).astype(x.dtype, copy=False)


@triangular_solve.grad(save="x out")
def _(ctx, g):
    need_x, need_y = ctx.needs_grad
    x, out = ctx.x, ctx.out
    upper, transpose, unit = ctx.upper, ctx.transpose, ctx.unitriangular
    # op(x)^H gy = g, through conjugates since the kernel only transposes
    gy = conj(triangular_solve(x, conj(g), upper, not transpose, unit))
    gx = None
    if need_x:
        g_op = -(gy @ mat_h(out))
        g_tri = mat_t(g_op) if transpose else g_op
        diagonal = (1 if upper else -1) if unit else 0
        g_tri = triu(g_tri, diagonal) if upper else tril(g_tri, diagonal)
        gx = sum_to_shape(g_tri, x.shape)
    return gx, (sum_to_shape(gy, ctx.y.shape) if need_y else None)


# ---- least squares ------------------------------------------------------------------------------

DRIVERS = ("gels", "gelsy", "gelsd", "gelss")


def _lstsq_meta(x, y, rcond, driver):
    if x.dtype is not y.dtype or x.dtype.name not in REAL:
        raise ValueError("(lstsq) Only support x and y have the same dtype such as 'float32' and "
                         f"'float64', but received {x.dtype.name} and {y.dtype.name}.")
    require_matrix("lstsq", x.shape)
    require_matrix("lstsq", y.shape, "y")
    if len(x.shape) != len(y.shape) or tuple(x.shape[:-2]) != tuple(y.shape[:-2]):
        raise ValueError(f"(lstsq) Input(X) and Input(Y) must have the same batch dimensions, "
                         f"but received shapes {list(x.shape)} and {list(y.shape)}.")
    m, n, k = x.shape[-2], x.shape[-1], y.shape[-1]
    if y.shape[-2] != m:
        raise ValueError(f"(lstsq) x with shape (*, M = {m}, N) and y with shape "
                         f"(*, M = {y.shape[-2]}, K) should have same M.")
    batch = tuple(x.shape[:-2])
    if driver == "gels":
        rank = TensorMeta((0,), _dt.int64)
    else:
        rank = TensorMeta(batch, _dt.int32)
    with_values = driver in ("gelsd", "gelss")
    values = TensorMeta(batch + (min(m, n),) if with_values else (0,), x.dtype)
    return TensorMeta(batch + (n, k), x.dtype), rank, values


def _lstsq_ref(x, y, rcond, driver):
    return np.linalg.pinv(x, rcond=rcond) @ y


@defop("lstsq", "x y", ("solution", "rank", "singular_values"), infer_meta=_lstsq_meta,
       pattern=OPAQUE, ref=_lstsq_ref)
def lstsq(xp, x, y, rcond, driver):
    """Minimum-norm least-squares solution through the SVD, with singular values below
    rcond * largest treated as zero (what gelsd/gelss compute; gels/gelsy agree on full rank)."""
    _lstsq_meta(meta_of(x), meta_of(y), rcond, driver)
    u, s, vh = xp.linalg.svd(x, full_matrices=False)
    cutoff = rcond * xp.max(s, axis=-1, keepdims=True, initial=0)
    keep = s > cutoff
    with quiet_errors():
        inv_s = xp.where(keep, 1 / xp.where(keep, s, 1), 0)
    solution = xp.swapaxes(vh, -1, -2) @ (inv_s[..., None] * (xp.swapaxes(u, -1, -2) @ y))
    if driver == "gels":
        rank = xp.zeros((0,), np.int64)
    else:
        rank = keep.sum(axis=-1).astype(np.int32)
    values = s if driver in ("gelsd", "gelss") else xp.zeros((0,), x.dtype)
    return solution.astype(x.dtype), rank, values.astype(x.dtype)


lstsq.no_grad("Paddle's lstsq has no gradient")
