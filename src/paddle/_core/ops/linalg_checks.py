"""Shape and dtype rules shared by the linear-algebra ops: matrix-rank checks, square checks,
accepted dtypes, and the tensor helpers (matrix transpose, triangle masks) their gradient rules
use. Checks take plain shapes so infer_meta (metas) and kernels (arrays) share them."""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt

REAL = ("float32", "float64")
REAL_OR_COMPLEX = ("float32", "float64", "complex64", "complex128")


def require_dtype(op: str, dtype, allowed=REAL_OR_COMPLEX, arg: str = "x") -> None:
    name = dtype.name if isinstance(dtype, _dt.DType) else _dt.from_numpy_dtype(dtype).name
    if name not in allowed:
        raise TypeError(f"({op}) The dtype of Input({arg}) must be one of {list(allowed)}, but "
                        f"received {name}.")


def require_matrix(op: str, shape, arg: str = "x") -> None:
    if len(shape) < 2:
        raise ValueError(f"({op}) The dimension of Input({arg}) is expected to be no less than 2 "
                         f"(a matrix or a batch of matrices), but received shape {list(shape)}.")


def require_square(op: str, shape, arg: str = "x") -> None:
    require_matrix(op, shape, arg)
    rows, cols = shape[-2], shape[-1]
    if rows != cols and -1 not in (rows, cols):
        raise ValueError(f"({op}) The last two dimensions of Input({arg}) must be equal (square "
                         f"matrices), but received shape {list(shape)}.")


def real_dtype(dtype: _dt.DType) -> _dt.DType:
    """float32 for complex64, float64 for complex128, the dtype itself otherwise."""
    if dtype is _dt.complex64:
        return _dt.float32
    if dtype is _dt.complex128:
        return _dt.float64
    return dtype


def complex_dtype(dtype: _dt.DType) -> _dt.DType:
    if dtype.kind == "c":
        return dtype
    return _dt.complex128 if dtype is _dt.float64 else _dt.complex64


def batch_matrix_shape(a_shape, b_shape) -> tuple:
    """Broadcast batch dims of two matrix stacks (the last two dims are the matrices)."""
    from ..meta import broadcast_shapes
    return broadcast_shapes("linalg", tuple(a_shape[:-2]), tuple(b_shape[:-2]))


def quiet_errors():
    """Singular inputs legitimately produce inf/nan (as LAPACK does); keep NumPy silent."""
    return np.errstate(divide="ignore", invalid="ignore", over="ignore")


# ---- tensor helpers for gradient rules (all differentiable) -----------------------------------

def mat_t(t):
    """Swap the last two axes."""
    from .manipulation import transpose
    n = t.ndim
    return transpose(t, list(range(n - 2)) + [n - 1, n - 2])


def conj(t):
    """Complex conjugate; real tensors pass through (gradients of complex functions follow
    Paddle's convention, which conjugates the local derivative)."""
    return prim("conj")(t) if t._data.dtype.kind == "c" else t


def mat_h(t):
    """Conjugate transpose of the last two axes (plain transpose for real tensors)."""
    return conj(mat_t(t))


def require_real_grad(op: str, t) -> None:
    if t._data.dtype.kind == "c":
        raise NotImplementedError(f"({op}) gradients for complex inputs are not supported.")


def tri_mask(t, lower: bool, diagonal: int = 0):
    """A constant 0/1 tensor of t's matrix shape keeping the lower (or upper) triangle."""
    from ..tensor import wrap
    rows, cols = t.shape[-2], t.shape[-1]
    ones = np.ones((rows, cols), dtype=t._data.dtype)
    return wrap(np.tril(ones, diagonal) if lower else np.triu(ones, diagonal))


def tril(t, diagonal: int = 0):
    return t * tri_mask(t, True, diagonal)


def triu(t, diagonal: int = 0):
    return t * tri_mask(t, False, diagonal)


def eye_like(t, n: int | None = None):
    from ..tensor import wrap
    n = t.shape[-1] if n is None else n
    return wrap(np.eye(n, dtype=t._data.dtype))


def diag_embed_last(v):
    """[..., n] -> [..., n, n] with v on the diagonal."""
    from .manipulation import unsqueeze
    return unsqueeze(v, [-1]) * eye_like(v, v.shape[-1])


def diag_part(m):
    """[..., n, n] -> [..., n] (the diagonal), differentiably."""
    from .reduction import sum_op
    return sum_op(m * eye_like(m, m.shape[-1]), [m.ndim - 1], None, False)


def expand_reduced(g, x_shape, axis, keepdim):
    """Broadcast the gradient of a reduction over `axis` back to the input's shape."""
    from ..meta import normalize_axes, reduced_shape
    from .manipulation import expand, reshape
    axes = normalize_axes("linalg", axis, len(x_shape))
    if not keepdim:
        g = reshape(g, list(reduced_shape(tuple(x_shape), axes, True)))
    return expand(g, list(x_shape))


def prim(name: str):
    """Another family's op by its (Paddle) op name; resolved when a rule runs, so the families
    stay independent of each other's Python layout."""
    from .registry import REGISTRY
    return REGISTRY[name]
