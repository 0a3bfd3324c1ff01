"""Norms and distances: norm, vector_norm, matrix_norm, cond, dist, cdist, pdist, renorm."""
from __future__ import annotations

import math

import numpy as np

from .._core.ops import linalg_norm as N
from .._core.ops import linalg_spectral as S
from .._core.ops.linalg_checks import prim
from .._core.tensor import Tensor, wrap
from ._convert import ensure_tensor, promote_pair, require_tensor
from ._tensor_args import require_tensor_or_array
from .linalg_common import assign_inplace, float_input, same_dtype
from .math import _write_out

_MATRIX_ORDERS = ("fro", "nuc", math.inf, -math.inf, 1, -1, 2, -2)


def _axis_list(axis):
    if isinstance(axis, Tensor):
        axis = axis.tolist()
    if isinstance(axis, tuple):
        axis = list(axis)
    if isinstance(axis, list) and len(axis) == 1:
        return int(axis[0])
    return axis


def vector_norm(x, p=2.0, axis=None, keepdim=False, name=None, *, dtype=None, out=None):
    """The vector p-norm over `axis` (all elements when None): sum(|x|^p)^(1/p); p=0 counts
    non-zeros, p=inf/-inf take the largest/smallest magnitude.

    Example:
        >>> import paddle
        >>> paddle.linalg.vector_norm(paddle.to_tensor([3., -4.]))
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               5.)
    """
    if isinstance(p, bool) or not isinstance(p, (int, float, np.number)):
        # Paddle reports a bad type of p as a ValueError
        raise ValueError(  # noqa: TRY004
            f"(vector_norm) only valid p type is int and float, found {type(p)}")
    _expect_tensor("vector_norm", x)
    x = float_input("vector_norm", x)
    if dtype is not None:
        x = x.astype(dtype)
    axis = _axis_list(axis)
    p = float(p)
    if isinstance(axis, list) and p in (math.inf, -math.inf):
        # Paddle reduces |x| with max/min here (ties share the gradient)
        magnitude = x.abs()
        result = magnitude.max(axis, keepdim) if p > 0 else magnitude.min(axis, keepdim)
    else:
        axes = None if axis is None else ((axis,) if isinstance(axis, int) else tuple(axis))
        result = N.p_norm(x, p, axes, bool(keepdim))
    return _write_out(result, out)


def matrix_norm(x, p="fro", axis=[-2, -1], keepdim=False, name=None):  # noqa: B006
    """Matrix norm over the two axes in `axis`: 'fro', 'nuc', ±1 (max/min column sum), ±inf
    (max/min row sum), ±2 (largest/smallest singular value).

    Example:
        >>> import paddle
        >>> paddle.linalg.matrix_norm(paddle.to_tensor([[1., 2.], [3., 4.]]), p=1)
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               6.)
    """
    require_tensor("matrix_norm", "x", 0, x)
    x = float_input("matrix_norm", x)
    axis = list(axis) if isinstance(axis, (list, tuple)) else axis
    if not isinstance(axis, list) or len(axis) != 2:
        found = len(axis) if isinstance(axis, list) else type(axis).__name__
        raise ValueError(f"(matrix_norm) except axis type int or list (length of list == 2), "
                         f"found {found}")
    if p not in _MATRIX_ORDERS:
        raise ValueError(f"(matrix_norm) just support p value 'fro','nuc',1,-1,inf,-inf,2,-2 "
                         f"if axis is 2D, found {p}")
    dim0, dim1 = (a % x.ndim for a in axis)
    if dim0 == dim1:
        raise ValueError(f"(matrix_norm) The two axes must differ, but received {axis}.")
    if p == "fro":
        return N.p_norm(x, 2.0, (dim0, dim1), bool(keepdim))
    if p in ("nuc", 2, -2):
        return _singular_value_norm(x, p, dim0, dim1, keepdim)
    if p in (math.inf, -math.inf):
        dim0, dim1 = dim1, dim0
    sums = N.p_norm(x, 1.0, (dim0,), bool(keepdim))
    if not keepdim and dim0 < dim1:
        dim1 -= 1
    return sums.max(dim1, keepdim) if p > 0 else sums.min(dim1, keepdim)


def _singular_value_norm(x, p, dim0, dim1, keepdim):
    rest = [i for i in range(x.ndim) if i not in (dim0, dim1)]
    values = S.svd(x.transpose(rest + [dim0, dim1]), False)[1]
    if p == "nuc":
        result = values.sum(-1)
    else:
        result = values.max(-1) if p > 0 else values.min(-1)
    if not keepdim:
        return result
    return result.reshape([1 if i in (dim0, dim1) else d for i, d in enumerate(x.shape)])


def _expect_tensor(api: str, x) -> None:
    # Paddle's Python-level check for these is a TypeError (not the bindings' ValueError).
    if not isinstance(x, Tensor):
        raise TypeError(f"({api}) Expected Tensor, but received type of x: {type(x)}")


def norm(x, p=None, axis=None, keepdim=False, out=None, dtype=None, name=None):
    """Vector or matrix norm, chosen as Paddle does: an int axis (or None, flattening x) gives a
    vector norm; a 2-element axis gives a matrix norm. p=None means 2 ('fro' for matrices only
    when given as a string).

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([[3., 4.], [0., 0.]])
        >>> paddle.norm(x)
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               5.)
        >>> paddle.norm(x, p=1, axis=1)
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [7., 0.])
    """
    _expect_tensor("norm", x)
    axis = _axis_list(axis)
    if dtype is not None:
        x = x.astype(dtype)
    if isinstance(p, str):
        if p == "fro" and (axis is None or isinstance(axis, int)):
            result = vector_norm(x, 2.0, axis, keepdim)
        else:
            result = matrix_norm(x, p, list(range(x.ndim)) if axis is None else axis, keepdim)
    else:
        p = 2.0 if p is None else p
        if isinstance(axis, list) and len(axis) == 2:
            result = matrix_norm(x, p, axis, keepdim)
        else:
            result = vector_norm(x, p, axis, keepdim)
    return _write_out(result, out)


def dist(x, y, p=2, name=None):
    """The p-norm of x - y (broadcast), over all elements.

    Example:
        >>> import paddle
        >>> paddle.dist(paddle.to_tensor([[1., 2.], [3., 4.]]), paddle.to_tensor([1., 1.]))
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               3.74165750)
    """
    require_tensor("dist", "x", 0, x)
    require_tensor("dist", "y", 1, y)
    same_dtype("dist", x, y)
    x, y = float_input("dist", x), float_input("dist", y)
    return N.p_norm(x - y, float(p), None, False)


def cdist(x, y, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary", name=None):
    """Pairwise p-norm distances between the rows of x [*, P, M] and y [*, R, M] -> [*, P, R].

    Example:
        >>> import paddle
        >>> paddle.cdist(paddle.zeros([2, 3]), paddle.ones([4, 3])).shape
        paddle.Size([2, 4])
    """
    # the operands promote as in a subtraction (float32 with float64 gives float64)
    require_tensor_or_array("cdist", "x", 0, x)
    require_tensor_or_array("cdist", "y", 1, y)
    x, y = promote_pair(ensure_tensor(x), ensure_tensor(y), "cdist")
    x, y = float_input("cdist", x), float_input("cdist", y)
    for arg, t in (("x", x), ("y", y)):
        if t.ndim < 2:
            raise ValueError(f"(cdist) The {arg} must be at least 2-dimensional, But received "
                             f"Input {arg}'s dimensional is {t.ndim}.")
    if x.shape[-1] != y.shape[-1]:
        raise ValueError(f"(cdist) The x and y must have same last dimension, But received "
                         f"Input x's last dimension is {x.shape[-1]}, Input y's last dimension "
                         f"is {y.shape[-1]}.")
    if p < 0:
        raise ValueError(f"(cdist) The p must be greater than or equal to 0, But received p is "
                         f"{p}.")
    diff = x.unsqueeze(-2) - y.unsqueeze(-3)
    return N.p_norm(diff, float(p), (diff.ndim - 1,), False)


def pdist(x, p=2.0, name=None):
    """Distances between all pairs of rows of x [N, M], as the condensed upper triangle
    [N * (N - 1) / 2].

    Example:
        >>> import paddle
        >>> paddle.pdist(paddle.to_tensor([[0., 0.], [3., 4.], [6., 8.]]))
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [5. , 10., 5. ])
    """
    _expect_tensor("pdist", x)
    x = float_input("pdist", x)
    if x.ndim != 2:
        raise ValueError(f"(pdist) The x must be 2-dimensional, but received shape "
                         f"{list(x.shape)}.")
    rows, cols = np.triu_indices(x.shape[0], 1)
    return cdist(x, x, p)[wrap(rows.astype(np.int64)), wrap(cols.astype(np.int64))]


def cond(x, p=None, name=None):
    """Condition number of (batches of) matrices in the given norm: for p in (None, 2, -2) the
    ratio of extreme singular values (any shape); otherwise norm(x) * norm(inv(x)) (square).

    Example:
        >>> import paddle
        >>> paddle.linalg.cond(paddle.to_tensor([[1., 0.], [0., 2.]]))
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               2.)
    """
    require_tensor("cond", "x", 0, x)
    from .linalg_decomp import inv
    x = float_input("cond", x)
    if x.ndim < 2:
        raise ValueError(f"(cond) input should be a matrix or batches of matrices, but the "
                         f"dimension of received input is {x.ndim}")
    if p is not None and p not in _MATRIX_ORDERS:
        raise ValueError(f"(cond) only support p is {list(_MATRIX_ORDERS)} or None, but "
                         f"received p = {p}")
    if p in (None, 2, -2):
        values = S.svd(x, False)[1]
        if values._data.size == 0:
            return values.sum(-1)
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = values.max(-1) / values.min(-1)
        return ratio if p != -2 else 1 / ratio
    if x.shape[-1] != x.shape[-2]:
        raise ValueError(f"(cond) only support square matrices when p is {p}, but received "
                         f"shape {list(x.shape)}")
    return matrix_norm(x, p) * matrix_norm(inv(x), p)


def renorm(x, p, axis, max_norm):
    """Rescale each slice along `axis` whose p-norm exceeds max_norm down to max_norm.

    Example:
        >>> import paddle
        >>> paddle.renorm(paddle.to_tensor([[3., 4.], [0.3, 0.4]]), 2.0, 0, 1.0)
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[0.60000002, 0.80000001],
                [0.30000001, 0.40000001]])
    """
    x = float_input("renorm", x)
    if not -x.ndim <= axis < max(x.ndim, 1):
        raise ValueError(f"(renorm) the axis:{axis} should be less then the shape's size "
                         f"{x.ndim}:{list(x.shape)}")
    others = tuple(i for i in range(x.ndim) if i != axis % max(x.ndim, 1))
    norms = N.p_norm(x, float(p), others or None, True) if others else x.abs()
    scale = prim("where")(norms > max_norm, max_norm / (norms + 1e-7), norms * 0 + 1)
    return x * scale


def renorm_(x, p, axis, max_norm):
    """In-place renorm."""
    return assign_inplace(x, renorm(x, p, axis, max_norm), "renorm_")


__all__ = [
    "cdist",
    "cond",
    "dist",
    "matrix_norm",
    "norm",
    "pdist",
    "renorm",
    "renorm_",
    "vector_norm",
]
