"""Gathering functions of the `paddle` namespace: gather, gather_nd, index_select, index_sample,
take_along_axis, take, masked_select. All are compositions of the getitem op, so gradients
(scatter-adds) and tracing come from it."""
from __future__ import annotations

import numpy as np

from .._core.ops import gather_scatter as GS
from .._core.ops import indexing as I
from .._core.ops import manipulation as M
from .._core.meta import broadcast_shapes
from .._core.tensor import Tensor, wrap
from ._convert import ensure_tensor, require_tensor
from .manip_common import axis_arg, check_index_range, index_tensor, write_out

FULL = ("slice", None, None, None)


def along(axis: int) -> tuple:
    """getitem spec indexing dimension `axis` with index tensor 0."""
    return (FULL,) * axis + (("tensor", 0),)


def select(x: Tensor, index: Tensor, axis: int) -> Tensor:
    """x indexed along `axis` by an integer tensor (any shape)."""
    return I.getitem(x, [index], along(axis))


def gather(x, index, axis=None, name=None, out=None):
    """Select slices of x along `axis` (default 0) at the positions in the 1-D `index`; a 0-d
    index removes the axis.

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([[1, 2], [3, 4], [5, 6]])
        >>> paddle.gather(x, paddle.to_tensor([2, 0]))
        Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [[5, 6],
                [1, 2]])
    """
    x = ensure_tensor(x)
    index = index_tensor(index, "gather")
    ax = 0 if axis is None else axis_arg(axis, x.ndim, "gather")
    if index.ndim == 2 and index.shape[1] in (0, 1):
        index = M.reshape(index, [-1])
    elif index.ndim > 1:
        raise ValueError(f"(gather) The index must be 1-D (or 2-D with a last dim of 1), but "
                         f"received shape {list(index.shape)}.")
    check_index_range("gather", index, x.shape[ax], IndexError)
    return write_out(select(x, index, ax), out)


def index_select(x, index, axis=0, name=None, *, out=None):
    """Select entries of x along `axis` at the positions in the 1-D `index`.

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([[1., 2., 3.], [4., 5., 6.]])
        >>> paddle.index_select(x, paddle.to_tensor([2, 0]), axis=1)
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[3., 1.],
                [6., 4.]])
    """
    x = ensure_tensor(x)
    index = index_tensor(index, "index_select")
    if not -max(x.ndim, 1) <= int(axis) < max(x.ndim, 1):
        raise IndexError(f"(index_select) The axis must be in the range [{-x.ndim}, "
                         f"{x.ndim}), but received {axis}.")
    if index.ndim == 2 and index.shape[1] == 1:
        index = M.reshape(index, [-1])
    elif index.ndim != 1:
        raise ValueError(f"(index_select) The index must be a 1-D tensor, but received shape "
                         f"{list(index.shape)}.")
    ax = int(axis) % max(x.ndim, 1)
    check_index_range("index_select", index, x.shape[ax])
    return write_out(select(x, index, ax), out)


def gather_nd(x, index, name=None):
    """Gather slices of x addressed by the last dimension of `index`: the result has shape
    index.shape[:-1] + x.shape[index.shape[-1]:].

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([[1, 2], [3, 4]])
        >>> paddle.gather_nd(x, paddle.to_tensor([[1, 0], [0, 1]]))
        Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [3, 2])
    """
    x = ensure_tensor(x)
    index = index_tensor(index, "gather_nd")
    if index.ndim == 0 or index.shape[-1] > x.ndim:
        raise ValueError(f"(gather_nd) index.shape[-1] must be no greater than the rank of x "
                         f"({x.ndim}), but received index shape {list(index.shape)}.")
    depth = index.shape[-1]
    lead = list(index.shape[:-1])
    if depth == 0:
        return M.expand(M.reshape(x, [1] * len(lead) + list(x.shape)), lead + list(x.shape))
    parts, spec = nd_index(index, x.shape, "gather_nd")
    return I.getitem(x, parts, spec)


def nd_index(index: Tensor, shape, api: str, exc=ValueError) -> tuple[list, tuple]:
    """Index tensors (one per addressed dim) and getitem spec for an [..., k] index tensor."""
    depth = index.shape[-1]
    parts = [I.getitem_basic(index, (("ellipsis",), ("int", d))) for d in range(depth)]
    for d, part in enumerate(parts):
        check_index_range(api, part, shape[d], exc)
    return parts, tuple(("tensor", d) for d in range(depth))


def index_sample(x, index):
    """For each row i of the 2-D x, pick x[i, index[i, j]].

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([[1., 2., 3.], [4., 5., 6.]])
        >>> paddle.index_sample(x, paddle.to_tensor([[2, 0], [1, 1]]))
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[3., 1.],
                [5., 5.]])
    """
    x = ensure_tensor(x)
    index = index_tensor(index, "index_sample")
    if x.ndim != 2 or index.ndim != 2:
        raise ValueError(f"(index_sample) x and index must be 2-D, but received shapes "
                         f"{list(x.shape)} and {list(index.shape)}.")
    if x.shape[0] != index.shape[0]:
        raise ValueError(f"(index_sample) x and index must have the same number of rows, but "
                         f"received {x.shape[0]} and {index.shape[0]}.")
    check_index_range("index_sample", index, x.shape[1], allow_negative=False)
    return _take_along(x, index, 1)


def _take_along(arr: Tensor, indices: Tensor, axis: int) -> Tensor:
    parts, spec = GS.along_axis_spec(indices, axis)
    return I.getitem(arr, parts, spec)


def take_along_axis(arr, indices, axis, broadcast=True, *, out=None):
    """Pick values of arr along `axis` at `indices` (same rank as arr; other dims broadcast).

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([[1, 2, 3], [4, 5, 6]])
        >>> paddle.take_along_axis(x, paddle.to_tensor([[2], [0]]), axis=1)
        Tensor(shape=[2, 1], dtype=int64, place=Place(cpu), stop_gradient=True,
               [[3],
                [4]])
    """
    arr = ensure_tensor(arr)
    indices = index_tensor(indices, "take_along_axis", "indices")
    if indices.ndim != arr.ndim:
        raise ValueError(f"(take_along_axis) indices and arr must have the same number of "
                         f"dimensions, but received {indices.ndim} and {arr.ndim}.")
    if not -arr.ndim <= int(axis) < arr.ndim:
        # Paddle checks the axis with `assert`.
        raise AssertionError(f"(take_along_axis) 'axis' must be in the range of "
                             f"[{-arr.ndim}, {arr.ndim}), but received {axis}.")
    ax = int(axis) % arr.ndim
    if broadcast:
        indices = broadcast_indices("take_along_axis", indices, arr.shape, ax)
    else:
        check_fits("take_along_axis", indices, arr, ax)
    check_index_range("take_along_axis", indices, arr.shape[ax], IndexError)
    return write_out(_take_along(arr, indices, ax), out)


def broadcast_indices(api: str, indices: Tensor, shape, axis: int) -> Tensor:
    """Broadcast indices to `shape` in every dimension except `axis`."""
    target = list(shape)
    target[axis] = indices.shape[axis]
    try:
        full = broadcast_shapes(api, tuple(indices.shape), tuple(target))
    except ValueError as exc:
        raise ValueError(f"({api}) indices of shape {list(indices.shape)} cannot be broadcast "
                         f"to {target} (the input's shape outside axis {axis}).") from exc
    if list(full) != target:
        raise ValueError(f"({api}) indices of shape {list(indices.shape)} cannot be broadcast "
                         f"to {target} (the input's shape outside axis {axis}).")
    return indices if list(indices.shape) == target else M.expand(indices, target)


def check_fits(api: str, indices: Tensor, arr: Tensor, axis: int) -> None:
    for d, (i, a) in enumerate(zip(indices.shape, arr.shape)):
        if d != axis and i > a:
            raise RuntimeError(f"({api}) Size does not match at dimension {d}: expected "
                               f"indices {list(indices.shape)} to be no larger than arr "
                               f"{list(arr.shape)} apart from dimension {axis}.")


_TAKE_MODES = ("raise", "wrap", "clip")


def take(x, index, mode="raise", name=None):
    """Pick elements of the flattened x at `index` (result has index's shape). `mode` says what
    out-of-range indices do: 'raise' an error, 'wrap' around, or 'clip' to the ends.

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([[1, 2], [3, 4]])
        >>> paddle.take(x, paddle.to_tensor([3, -1, 5]), mode='wrap')
        Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
               [4, 4, 2])
    """
    if mode not in _TAKE_MODES:
        raise ValueError(f"(take) 'mode' should be one of {list(_TAKE_MODES)}, but received "
                         f"{mode}.")
    x = ensure_tensor(x)
    index = index_tensor(index, "take", exc=TypeError)
    n = int(np.prod(x.shape))
    flat = M.reshape(x, [-1])
    data = index._data.astype(np.int64)
    if mode == "wrap":
        data = data % max(n, 1)
    elif mode == "clip":
        data = np.clip(data, 0, max(n - 1, 0))
    else:
        data = np.where(data < 0, data + n, data)
        check_index_range("take", wrap(data), n)
    return select(flat, wrap(data), 0)


def masked_select(x, mask, name=None, *, out=None):
    """The elements of x where the boolean `mask` is True (x and mask broadcast), as 1-D.

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([[1., 2.], [3., 4.]])
        >>> paddle.masked_select(x, x > 2)
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [3., 4.])
    """
    require_tensor("masked_select", "x", 0, x)
    require_tensor("masked_select", "mask", 1, mask)
    if mask._data.dtype != np.bool_:
        raise ValueError(f"(masked_select) The mask must be a bool tensor, but received "
                         f"{mask.dtype.name}.")
    shape = broadcast_or_raise("masked_select", x, mask)
    if x.ndim == 0 and mask.ndim == 0:
        shape = [1]
    x = x if list(x.shape) == shape else M.expand(x, shape)
    mask = mask if list(mask.shape) == shape else M.expand(mask, shape)
    return write_out(I.getitem(x, [mask], (("tensor", 0),)), out)


def broadcast_or_raise(api: str, x: Tensor, mask: Tensor) -> list:
    try:
        return list(broadcast_shapes(api, tuple(x.shape), tuple(mask.shape)))
    except ValueError as exc:
        # Paddle reports this mismatch as a RuntimeError (PreconditionNotMet).
        raise RuntimeError(f"({api}) The shape of x {list(x.shape)} and the shape of mask "
                           f"{list(mask.shape)} cannot be broadcast together.") from exc


__all__ = ["gather", "index_select", "gather_nd", "index_sample", "take_along_axis", "take",
           "masked_select"]
