"""Sorting and searching of the `paddle` namespace: sort/argsort/msort, topk, kthvalue, mode,
nonzero/argwhere, unique/unique_consecutive, searchsorted/bucketize. Where several equal values
compete, the index reported is the one Paddle's CPU kernels report."""
from __future__ import annotations

import numbers

from .._core import dtype as _dt
from .._core.ops import manipulation as M
from .._core.ops import search as S
from .._core.ops import search_topk as T
from .._core.ops import search_unique as U
from .._core.tensor import Tensor
from ._arg_forms import aliases
from ._axis_args import tensor_arg, write_out


def _axis(api, axis, ndim):
    if isinstance(axis, Tensor):
        axis = axis.item()
    if isinstance(axis, bool) or not isinstance(axis, numbers.Integral):
        raise TypeError(f"({api}) argument 'axis' must be int, but got {type(axis).__name__}")
    bound = max(ndim, 1)
    if axis >= bound:
        raise ValueError(f"({api}) 'axis'({axis}) must be less than num_dims({bound}).")
    if axis < -bound:
        raise ValueError(f"({api}) 'axis'({axis}) must be greater than or equal to "
                         f"-num_dims({-bound}).")
    return int(axis)


def sort(x, axis=-1, descending=False, stable=False, name=None):
    """Values of x sorted along `axis` (NaN last ascending, first descending).

    Example:
        >>> import paddle
        >>> paddle.sort(paddle.to_tensor([3., 1., 2.]), descending=True)
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [3., 2., 1.])
    """
    tensor_arg("sort", x)
    return S.sort(x, _axis("sort", axis, x.ndim), bool(descending), bool(stable))[0]


@aliases(x="input", axis="dim")
def argsort(x, axis=-1, descending=False, stable=False, name=None):
    """Indices that sort x along `axis`; equal values keep their order when stable.

    Example:
        >>> import paddle
        >>> paddle.argsort(paddle.to_tensor([3., 1., 2.]))
        Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
               [1, 2, 0])
    """
    tensor_arg("argsort", x)
    return S.sort(x, _axis("argsort", axis, x.ndim), bool(descending), bool(stable))[1]


def msort(input, *, out=None):
    """Sort along the first axis (ascending).

    Example:
        >>> import paddle
        >>> paddle.msort(paddle.to_tensor([[3., 1.], [2., 4.]]))
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[2., 1.],
                [3., 4.]])
    """
    tensor_arg("msort", input, "input")
    return write_out(S.sort(input, 0, False, False)[0], out)


def _int_k(api, k):
    if isinstance(k, Tensor):
        if k.size != 1:
            raise ValueError(f"({api}) k must hold a single value, but has shape "
                             f"{list(k.shape)}.")
        k = k.item()
    if isinstance(k, bool) or not isinstance(k, numbers.Integral):
        raise TypeError(f"({api}) k must be an int or a Tensor, but received "
                        f"{type(k).__name__}.")
    return int(k)


@aliases(x="input", axis="dim")
def topk(x, k, axis=None, largest=True, sorted=True, name=None, *, out=None):
    """The k largest (or smallest) values along `axis` (default last) and their int64 indices.

    Example:
        >>> import paddle
        >>> values, indices = paddle.topk(paddle.to_tensor([1., 5., 3.]), 2)
        >>> indices
        Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [1, 2])
    """
    tensor_arg("topk", x)
    k = _int_k("topk", k)
    if k < 1:
        raise ValueError(f"(topk) the attribute of k in the topk must >= 1 or be a Tensor, but "
                         f"received {k}.")
    ax = -1 if axis is None else axis
    result = T.topk(x, k, ax, bool(largest), bool(sorted))
    return write_out(tuple(result), out)


def kthvalue(x, k, axis=None, keepdim=False, name=None):
    """The k-th smallest value along `axis` (default last) and its index.

    Example:
        >>> import paddle
        >>> values, indices = paddle.kthvalue(paddle.to_tensor([[4., 1., 3.]]), 2)
        >>> values
        Tensor(shape=[1], dtype=float32, place=Place(cpu), stop_gradient=True,
               [3.])
    """
    tensor_arg("kthvalue", x)
    ax = -1 if axis is None else axis
    return tuple(T.kthvalue(x, _int_k("kthvalue", k), ax, bool(keepdim)))


def mode(x, axis=-1, keepdim=False, name=None):
    """The most frequent value along `axis` (the smallest among equally frequent ones) and
    the index of its last occurrence in Paddle's sort order.

    Example:
        >>> import paddle
        >>> values, indices = paddle.mode(paddle.to_tensor([[2., 1., 2., 3.]]))
        >>> values
        Tensor(shape=[1], dtype=float32, place=Place(cpu), stop_gradient=True,
               [2.])
    """
    tensor_arg("mode", x)
    return tuple(T.mode(x, axis, bool(keepdim)))


@aliases(x="input")
def nonzero(x, as_tuple=False, *, out=None):
    """Coordinates of the non-zero elements: an [N, ndim] int64 Tensor, or with as_tuple one
    1-D Tensor per dimension.

    Example:
        >>> import paddle
        >>> paddle.nonzero(paddle.to_tensor([0., 2., 3.]))
        Tensor(shape=[2, 1], dtype=int64, place=Place(cpu), stop_gradient=True,
               [[1],
                [2]])
    """
    tensor_arg("nonzero", x)
    coords = S.nonzero(x)
    if not as_tuple:
        return write_out(coords, out)
    return tuple(M.reshape(part, [-1]) for part in M.split(coords, [1] * x.ndim, 1))


def argwhere(input):
    """Coordinates of the non-zero elements as an [N, ndim] int64 Tensor.

    Example:
        >>> import paddle
        >>> paddle.argwhere(paddle.to_tensor([[0., 1.], [2., 0.]]))
        Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [[0, 1],
                [1, 0]])
    """
    tensor_arg("argwhere", input, "input")
    return S.nonzero(input)


def _index_dtype(api, dtype):
    dt = _dt.to_dtype(dtype)
    if dt not in (_dt.int32, _dt.int64):
        raise TypeError(f"({api}) dtype must be int32 or int64, but received {dt.name}.")
    return dt


def unique(x, return_index=False, return_inverse=False, return_counts=False, axis=None,
           dtype="int64", sorted=True, name=None):
    """The sorted unique values of x (or unique slices along `axis`), optionally with the index
    of each one's first occurrence, the inverse mapping and the counts.

    Example:
        >>> import paddle
        >>> paddle.unique(paddle.to_tensor([2, 3, 3, 1]))
        Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
               [1, 2, 3])
    """
    tensor_arg("unique", x)
    ax = None if axis is None else _unique_axis("unique", axis, x.ndim)
    values, first, inverse, counts = U.unique(x, ax, _index_dtype("unique", dtype))
    extra = [t for t, want in ((first, return_index), (inverse, return_inverse),
                               (counts, return_counts)) if want]
    return tuple([values] + extra) if extra else values


def _unique_axis(api, axis, ndim):
    if isinstance(axis, (list, tuple)):
        if len(axis) != 1:
            raise ValueError(f"({api}) axis must be an int or a 1-element list.")
        axis = axis[0]
    return _axis(api, axis, ndim)


@aliases(x="input", axis="dim")
def unique_consecutive(x, return_inverse=False, return_counts=False, axis=None, dtype="int64",
                       name=None):
    """Collapse runs of equal consecutive values (or slices along `axis`) to one, optionally
    returning the inverse mapping and the run lengths.

    Example:
        >>> import paddle
        >>> paddle.unique_consecutive(paddle.to_tensor([1, 1, 2, 1]))
        Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
               [1, 2, 1])
    """
    tensor_arg("unique_consecutive", x)
    ax = None if axis is None else _unique_axis("unique_consecutive", axis, x.ndim)
    values, inverse, counts = U.unique_consecutive(x, ax, _index_dtype("unique_consecutive",
                                                                       dtype))
    extra = [t for t, want in ((inverse, return_inverse), (counts, return_counts)) if want]
    return tuple([values] + extra) if extra else values


@aliases(values="input")
def searchsorted(sorted_sequence, values, out_int32=False, right=False, name=None, *,
                 side=None, out=None, sorter=None):
    """Insertion positions of `values` in the innermost axis of `sorted_sequence`.

    Example:
        >>> import paddle
        >>> paddle.searchsorted(paddle.to_tensor([1., 3., 5.]), paddle.to_tensor([3., 4.]))
        Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [1, 2])
    """
    tensor_arg("searchsorted", sorted_sequence, "sorted_sequence")
    tensor_arg("searchsorted", values, "values", 1)
    if side is not None:
        if side not in ("left", "right"):
            raise ValueError(f"(searchsorted) side must be 'left' or 'right', but received "
                             f"{side!r}.")
        if right and side == "left":
            raise ValueError("(searchsorted) side='left' contradicts right=True.")
        right = side == "right"
    if sorter is not None:
        sorted_sequence = S.gather_along_axis(sorted_sequence, sorter, -1)
    result = S.searchsorted(sorted_sequence, values, bool(out_int32), bool(right))
    return write_out(result, out)


@aliases(x="input", sorted_sequence="boundaries")
def bucketize(x, sorted_sequence, out_int32=False, right=False, name=None, *, out=None):
    """Index of the bucket of 1-D `sorted_sequence` each element of x falls into.

    Example:
        >>> import paddle
        >>> paddle.bucketize(paddle.to_tensor([0., 3., 6.]), paddle.to_tensor([1., 3., 5.]))
        Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
               [0, 1, 3])
    """
    tensor_arg("bucketize", x)
    tensor_arg("bucketize", sorted_sequence, "sorted_sequence", 1)
    if sorted_sequence.ndim != 1:
        raise ValueError(f"sorted_sequence tensor must be 1 dimension, but got dim "
                         f"{sorted_sequence.ndim}")
    return searchsorted(sorted_sequence, x, out_int32, right, out=out)


__all__ = [
    "sort", "argsort", "msort", "topk", "kthvalue", "mode", "nonzero", "argwhere", "unique",
    "unique_consecutive", "searchsorted", "bucketize",
]
NOT_METHODS = {"searchsorted"}
