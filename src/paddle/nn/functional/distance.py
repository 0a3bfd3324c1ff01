"""Similarity and distance between batches of vectors: cosine_similarity, pairwise_distance and
normalize (scaling vectors to unit p-norm)."""
from __future__ import annotations

from ..._core import dtype as _dt
from ..._core.ops import binary as B
from ..._core.ops import reduction as R
from ..._core.ops import unary as U
from ..._core.ops.creation import full
from ..._core.ops.nn_activation import require_float
from ...tensor._arg_forms import aliases
from ...tensor._convert import require_tensor
from ...tensor.linalg import vector_norm
from ...tensor.math import _write_out


def _float_pair(api: str, x, y, names=("x", "y")):
    """Both floating point; of different float dtypes, both are promoted (as Paddle's
    elementwise ops do)."""
    require_tensor(api, names[0], 0, x)
    require_tensor(api, names[1], 1, y)
    require_float(api, x._data, names[0])
    require_float(api, y._data, names[1])
    if x.dtype is y.dtype:
        return x, y
    common = _dt.promote_types(x.dtype, False, y.dtype, False, api)
    return x.astype(common), y.astype(common)


@aliases(axis="dim")
def cosine_similarity(x1, x2, axis=1, eps=1e-8):
    """<x1, x2> / max(|x1| |x2|, eps) along axis (x1 and x2 broadcast against each other).

    Example:
        >>> import paddle
        >>> x1 = paddle.to_tensor([[1., 0.], [1., 1.]])
        >>> x2 = paddle.to_tensor([[1., 1.], [1., 1.]])
        >>> paddle.nn.functional.cosine_similarity(x1, x2)
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0.70710677, 1.        ])
    """
    x1, x2 = _float_pair("cosine_similarity", x1, x2, ("x1", "x2"))
    n1, n2 = _axis_size("x1", x1, axis), _axis_size("x2", x2, axis)
    if n1 == 0 or n2 == 0:
        return R.sum_op(B.multiply(x1, x2), [axis], None, False)
    if n1 != n2 and 1 not in (n1, n2):
        raise ValueError(f"(cosine_similarity) x1 and x2 must have the same size along axis "
                         f"{axis} (or size 1), but received shapes {list(x1.shape)} and "
                         f"{list(x2.shape)}.")
    dot = R.sum_op(B.multiply(x1, x2), [axis], None, False)
    w1 = R.sum_op(B.multiply(x1, x1), [axis], None, False)
    w2 = R.sum_op(B.multiply(x2, x2), [axis], None, False)
    size = max(n1, n2)
    # a size-1 side is broadcast along axis, so its squared norm counts that many times
    if n1 != size:
        w1 = w1 * float(size // n1)
    if n2 != size:
        w2 = w2 * float(size // n2)
    floor = full([], float(eps) * float(eps), x1.dtype)
    return dot / U.sqrt(B.maximum(w1 * w2, floor))


def _axis_size(arg: str, x, axis: int) -> int:
    if not -x.ndim <= axis < x.ndim:
        raise IndexError(f"(cosine_similarity) axis {axis} is out of range for {arg} of shape "
                         f"{list(x.shape)}.")
    return x.shape[axis]


def pairwise_distance(x, y, p=2.0, epsilon=1e-6, keepdim=False, name=None):
    """The p-norm of x - y + epsilon along the last axis.

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([[1., 3.], [3., 5.]])
        >>> y = paddle.to_tensor([[5., 6.], [7., 8.]])
        >>> paddle.nn.functional.pairwise_distance(x, y, epsilon=0.0)
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [5., 5.])
    """
    x, y = _float_pair("pairwise_distance", x, y)
    diff = B.subtract(x, y) if list(x.shape) == list(y.shape) else x - y
    if epsilon != 0.0:
        diff = diff + full([1], float(epsilon), diff.dtype)
    if diff.ndim == 0:
        return U.abs_op(diff) if p != 0 else (diff != 0).astype(diff.dtype)
    return vector_norm(diff, p=float(p), axis=-1, keepdim=bool(keepdim))


def normalize(x, p=2, axis=1, epsilon=1e-12, out=None, name=None):
    """x / max(||x||_p, epsilon) along axis.

    Example:
        >>> import paddle
        >>> paddle.nn.functional.normalize(paddle.to_tensor([[3., 4.]]))
        Tensor(shape=[1, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[0.60000002, 0.80000001]])
    """
    require_tensor("normalize", "x", 0, x)
    require_float("normalize", x._data)
    if not -max(x.ndim, 1) <= axis < max(x.ndim, 1):
        raise ValueError(f"(normalize) Attr(axis) value should be in range [-R, R-1], R is the "
                         f"rank of Input(X). But received axis: {axis}, R: {x.ndim}. Current "
                         f"Input(X)'s shape is={list(x.shape)}.")
    norm = vector_norm(x, p=float(p), axis=axis, keepdim=True)
    floor = full([1] if x.ndim else [], float(epsilon), _dt.from_numpy_dtype(x._data.dtype))
    return _write_out(x / B.maximum(norm, floor), out)


__all__ = ["cosine_similarity", "pairwise_distance", "normalize"]
