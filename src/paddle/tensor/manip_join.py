"""Splitting and joining helpers of the `paddle` namespace: tensor_split/hsplit/vsplit/dsplit,
hstack/vstack/dstack/column_stack/row_stack, atleast_1d/2d/3d, meshgrid, broadcast_tensors,
broadcast_shape(s) and block_diag — all compositions of reshape, expand, concat and getitem."""
from __future__ import annotations

from .._core.meta import broadcast_shapes as _broadcast
from .._core.ops import indexing as I
from .._core.ops import manipulation as M
from .._core.ops import pad as P
from .._core.tensor import Tensor
from ._convert import ensure_tensor, require_tensor
from ._tensor_args import require_tensor_list
from .manip_common import axis_arg

FULL = ("slice", None, None, None)


def tensor_split(x, num_or_indices, axis=0, name=None):
    """Split x along `axis` into `num_or_indices` nearly equal parts (the first ones one
    longer), or at the listed indices (Python slice bounds).

    Example:
        >>> import paddle
        >>> [t.shape for t in paddle.tensor_split(paddle.arange(7), 3)]
        [paddle.Size([3]), paddle.Size([2]), paddle.Size([2])]
    """
    require_tensor("tensor_split", "x", 0, x)
    ax = axis_arg(axis, x.ndim, "tensor_split")
    size = x.shape[ax]
    if isinstance(num_or_indices, int) and not isinstance(num_or_indices, bool):
        if num_or_indices <= 0:
            raise ValueError(f"(tensor_split) num_or_indices must be larger than 0, but "
                             f"received {num_or_indices}.")
        base, extra = divmod(size, num_or_indices)
        lengths = [base + 1] * extra + [base] * (num_or_indices - extra)
        bounds, start = [], 0
        for n in lengths[:-1]:
            start += n
            bounds.append(start)
    elif isinstance(num_or_indices, (list, tuple)):
        bounds = [int(i) for i in num_or_indices]
    else:
        raise ValueError(f"(tensor_split) num_or_indices must be an int or a list/tuple of "
                         f"ints, but received {type(num_or_indices).__name__}.")
    edges = [None] + bounds + [None]
    return [_slice_axis(x, ax, start, stop) for start, stop in zip(edges[:-1], edges[1:])]


def _slice_axis(x: Tensor, axis: int, start, stop) -> Tensor:
    """A copy of x[start:stop] along axis (Paddle's tensor_split pieces are not views)."""
    items = [FULL] * x.ndim
    items[axis] = ("slice", start, stop, None)
    piece = I.getitem_basic(x, tuple(items))
    return M.cast(piece, piece.dtype)


def _split_along(api: str, min_rank: int, axis_of, doc: str):
    def split_fn(x, num_or_indices, name=None):
        require_tensor(api, "x", 0, x)
        if x.ndim < min_rank:
            raise ValueError(f"({api}) The input tensor's dimension must be greater than "
                             f"{min_rank - 1}, but got {x.ndim}")
        return tensor_split(x, num_or_indices, axis_of(x.ndim))
    split_fn.__name__ = api
    split_fn.__doc__ = doc
    return split_fn


hsplit = _split_along("hsplit", 1, lambda ndim: 0 if ndim == 1 else 1,
                      "tensor_split along axis 1 (axis 0 for 1-D inputs).")
vsplit = _split_along("vsplit", 2, lambda ndim: 0, "tensor_split along axis 0 (inputs >= 2-D).")
dsplit = _split_along("dsplit", 3, lambda ndim: 2, "tensor_split along axis 2 (inputs >= 3-D).")


def atleast_1d(*inputs, name=None):
    """Each input viewed with at least 1 dimension (one tensor in, one tensor out).

    Example:
        >>> import paddle
        >>> paddle.atleast_1d(paddle.to_tensor(3.)).shape
        paddle.Size([1])
    """
    return _atleast(inputs, lambda shape: shape or [1])


def atleast_2d(*inputs, name=None):
    """Each input viewed with at least 2 dimensions (a vector becomes a row).

    Example:
        >>> import paddle
        >>> paddle.atleast_2d(paddle.to_tensor([1., 2.])).shape
        paddle.Size([1, 2])
    """
    return _atleast(inputs, lambda shape: [1] * (2 - len(shape)) + shape if len(shape) < 2
                    else shape)


def _to_3d(shape: list) -> list:
    if len(shape) == 0:
        return [1, 1, 1]
    if len(shape) == 1:
        return [1, shape[0], 1]
    if len(shape) == 2:
        return shape + [1]
    return shape


def atleast_3d(*inputs, name=None):
    """Each input viewed with at least 3 dimensions ([n] -> [1, n, 1], [m, n] -> [m, n, 1]).

    Example:
        >>> import paddle
        >>> paddle.atleast_3d(paddle.ones([2, 3])).shape
        paddle.Size([2, 3, 1])
    """
    return _atleast(inputs, _to_3d)


def _atleast(inputs, target):
    if len(inputs) == 1 and isinstance(inputs[0], (list, tuple)):
        inputs = tuple(inputs[0])
    out = []
    for value in inputs:
        t = ensure_tensor(value)
        shape = target(list(t.shape))
        out.append(t if shape == list(t.shape) else M.reshape(t, shape))
    return out[0] if len(out) == 1 else out


def _joined(x, api: str) -> list:
    if not isinstance(x, (list, tuple)) or not x:
        raise ValueError(f"({api}) x must be a non-empty list or tuple of Tensors.")
    return [ensure_tensor(t) for t in x]


def _tensors_only(x, api: str, arg: str = "x") -> list:
    # Paddle's bindings for these take a list of Tensors only (no nested lists or arrays).
    tensors = require_tensor_list(api, arg, 0, x)
    if not tensors:
        raise ValueError(f"({api}) {arg} must be a non-empty list or tuple of Tensors.")
    return tensors


def hstack(x, name=None):
    """Concatenate horizontally: along axis 0 for 1-D inputs, else axis 1.

    Example:
        >>> import paddle
        >>> paddle.hstack([paddle.to_tensor([1, 2]), paddle.to_tensor([3])])
        Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
               [1, 2, 3])
    """
    tensors = atleast_1d(*_joined(x, "hstack"))
    tensors = tensors if isinstance(tensors, list) else [tensors]
    return M.concat(tensors, 0 if tensors[0].ndim == 1 else 1)


def vstack(x, name=None):
    """Concatenate vertically (axis 0) after viewing every input as at least 2-D.

    Example:
        >>> import paddle
        >>> paddle.vstack([paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4])]).shape
        paddle.Size([2, 2])
    """
    tensors = atleast_2d(*_joined(x, "vstack"))
    return M.concat(tensors if isinstance(tensors, list) else [tensors], 0)


row_stack = vstack


def dstack(x, name=None):
    """Concatenate depth-wise (axis 2) after viewing every input as at least 3-D.

    Example:
        >>> import paddle
        >>> paddle.dstack([paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4])]).shape
        paddle.Size([1, 2, 2])
    """
    tensors = atleast_3d(*_joined(x, "dstack"))
    return M.concat(tensors if isinstance(tensors, list) else [tensors], 2)


def column_stack(x, name=None):
    """Stack as columns: 0-d and 1-D inputs become [n, 1] columns, then join on axis 1.

    Example:
        >>> import paddle
        >>> paddle.column_stack([paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4])]).shape
        paddle.Size([2, 2])
    """
    tensors = _tensors_only(x, "column_stack")
    tensors = [t if t.ndim >= 2 else M.reshape(t, [-1, 1]) for t in tensors]
    return M.concat(tensors, 1)


def meshgrid(*args, **kwargs):
    """Coordinate grids from 1-D (or 0-d) tensors; indexing='ij' (default) or 'xy'.

    Example:
        >>> import paddle
        >>> a, b = paddle.meshgrid(paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4, 5]))
        >>> a.shape
        paddle.Size([2, 3])
    """
    indexing = kwargs.pop("indexing", "ij")
    kwargs.pop("name", None)
    if kwargs:
        raise TypeError(f"(meshgrid) unexpected keyword arguments {sorted(kwargs)}")
    if indexing not in ("ij", "xy"):
        raise ValueError(f"(meshgrid) indexing must be 'ij' or 'xy', but received {indexing}.")
    if len(args) == 1 and isinstance(args[0], (list, tuple)):
        args = tuple(args[0])
    tensors = require_tensor_list("meshgrid", "inputs", 0, args)
    for k, t in enumerate(tensors):
        if t.ndim > 1:
            raise ValueError(f"(meshgrid) Expected 0-D or 1-D tensors, but tensor {k} has "
                             f"shape {list(t.shape)}.")
        if t._data.dtype != tensors[0]._data.dtype:
            raise ValueError(f"(meshgrid) All tensors must have one dtype; tensor 0 is "
                             f"{tensors[0].dtype.name} but tensor {k} is {t.dtype.name}.")
    sizes = [1 if t.ndim == 0 else t.shape[0] for t in tensors]
    order = list(range(len(tensors)))
    if indexing == "xy" and len(tensors) > 1:
        order[0], order[1] = 1, 0
    shape = [sizes[i] for i in order]
    grids = []
    for k, t in enumerate(tensors):
        view = [1] * len(tensors)
        view[order.index(k)] = sizes[k]
        grids.append(M.expand(M.reshape(t, view), shape))
    return grids


def broadcast_tensors(input, name=None):  # noqa: A002
    """The inputs broadcast to their common shape.

    Example:
        >>> import paddle
        >>> a, b = paddle.broadcast_tensors([paddle.ones([2, 1]), paddle.ones([3])])
        >>> a.shape, b.shape
        (paddle.Size([2, 3]), paddle.Size([2, 3]))
    """
    tensors = _tensors_only(input, "broadcast_tensors", "input")
    for k, t in enumerate(tensors):
        if t._data.dtype != tensors[0]._data.dtype:
            raise ValueError(f"(broadcast_tensors) All tensors must have one dtype; tensor 0 "
                             f"is {tensors[0].dtype.name} but tensor {k} is {t.dtype.name}.")
    shape = broadcast_shapes(*[t.shape for t in tensors])
    return [t if list(t.shape) == shape else M.expand(t, shape) for t in tensors]


def broadcast_shape(x_shape, y_shape):
    """The shape two shapes broadcast to.

    Example:
        >>> import paddle
        >>> paddle.broadcast_shape([2, 1, 3], [4, 3])
        [2, 4, 3]
    """
    return list(_broadcast("broadcast_shape", tuple(x_shape), tuple(y_shape)))


def broadcast_shapes(*shapes):
    """The shape any number of shapes broadcast to.

    Example:
        >>> import paddle
        >>> paddle.broadcast_shapes([2, 1], [3], [1, 1, 1])
        [1, 2, 3]
    """
    out = ()
    for shape in shapes:
        out = _broadcast("broadcast_shapes", out, tuple(shape))
    return list(out)


def block_diag(inputs, name=None):
    """A block-diagonal matrix from 0-d, 1-D or 2-D tensors (each 1-D input is one row).

    Example:
        >>> import paddle
        >>> paddle.block_diag([paddle.ones([1, 2]), paddle.ones([2, 1])]).shape
        paddle.Size([3, 3])
    """
    tensors = _tensors_only(inputs, "block_diag", "inputs")
    for k, t in enumerate(tensors):
        if t.ndim > 2:
            raise ValueError(f"(block_diag) Every input must be 0-D, 1-D or 2-D, but input {k} "
                             f"has shape {list(t.shape)}.")
        if t._data.dtype != tensors[0]._data.dtype:
            raise ValueError(f"(block_diag) All inputs must have one dtype; input 0 is "
                             f"{tensors[0].dtype.name} but input {k} is {t.dtype.name}.")
    blocks = [M.reshape(t, [1, -1] if t.ndim < 2 else list(t.shape)) for t in tensors]
    width = sum(b.shape[1] for b in blocks)
    rows, col = [], 0
    for b in blocks:
        right = width - col - b.shape[1]
        rows.append(P.pad(b, [(0, 0), (col, right)], "constant", 0))
        col += b.shape[1]
    return M.concat(rows, 0)
