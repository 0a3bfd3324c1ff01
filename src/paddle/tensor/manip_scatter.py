"""Scattering functions of the `paddle` namespace: scatter, scatter_nd(_add), index_add,
index_put, index_fill, masked_fill, masked_scatter, and their in-place forms (the reducing
scatters along an axis are in manip_put).

They compose the indexing ops (setitem writes, index_accumulate adds) and `where`, so gradients
and tracing come from those."""
from __future__ import annotations

import numpy as np

from .._core.ops import binary as B
from .._core.ops import creation as C
from .._core.ops import indexing as I
from .._core.ops import manipulation as M
from .._core.ops import reduction as R
from .._core.tensor import Tensor, wrap
from ._convert import ensure_tensor, require_tensor, scalar_tensor
from .manip_common import axis_arg, check_index_range, index_tensor, inplace, int_list, write_out
from .manip_gather import along, broadcast_or_raise, nd_index

_ALL = ("tensor", 0)


def scatter(x, index, updates, overwrite=True, name=None, out=None):
    """Write the rows of `updates` into x at the rows listed in `index` (axis 0). With
    overwrite=False the listed rows are zeroed first and repeated indices accumulate.

    Example:
        >>> import paddle
        >>> x = paddle.zeros([3, 2])
        >>> paddle.scatter(x, paddle.to_tensor([2, 0]), paddle.to_tensor([[1., 1.], [2., 2.]]))
        Tensor(shape=[3, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[2., 2.],
                [0., 0.],
                [1., 1.]])
    """
    x = ensure_tensor(x)
    index = index_tensor(index, "scatter")
    updates = ensure_tensor(updates)
    if updates._data.dtype != x._data.dtype:
        raise ValueError(f"(scatter) updates must have the dtype of x ({x.dtype.name}), but "
                         f"received {updates.dtype.name}.")
    if index.ndim == 0:
        index = M.reshape(index, [1])
        updates = M.reshape(updates, [1] + list(updates.shape))
    elif index.ndim == 2 and index.shape[1] == 1:
        index = M.reshape(index, [-1])
    elif index.ndim > 1:
        raise ValueError(f"(scatter) The index must be 1-D (or 2-D with a last dim of 1), but "
                         f"received shape {list(index.shape)}.")
    updates = _leading_rows(updates, index.shape[0], x)
    check_index_range("scatter", index, x.shape[0], IndexError)
    spec = (_ALL,)
    if overwrite:
        return write_out(I.setitem(x, updates, [index], spec), out)
    cleared = I.setitem(x, scalar_tensor(0, x.dtype), [index], spec)
    return write_out(I.index_accumulate(cleared, updates, [index], spec), out)


def _leading_rows(updates: Tensor, rows: int, x: Tensor) -> Tensor:
    """Paddle reads only the first len(index) rows of updates."""
    if list(updates.shape[1:]) != list(x.shape[1:]) or updates.shape[0] < rows:
        raise ValueError(f"(scatter) updates must have shape [{rows}] + {list(x.shape[1:])} "
                         f"for {rows} indices into x of shape {list(x.shape)}, but received "
                         f"{list(updates.shape)}.")
    if updates.shape[0] == rows:
        return updates
    return I.getitem_basic(updates, (("slice", 0, rows, None),))


scatter_ = inplace(scatter)


def scatter_nd_add(x, index, updates, name=None):
    """Add `updates` into x at the positions addressed by the last dimension of `index`;
    repeated positions accumulate. updates has shape index.shape[:-1] + x.shape[k:].

    Example:
        >>> import paddle
        >>> x = paddle.zeros([3])
        >>> paddle.scatter_nd_add(x, paddle.to_tensor([[1], [1], [2]]),
        ...                       paddle.to_tensor([1., 2., 3.]))
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0., 3., 3.])
    """
    x = ensure_tensor(x)
    index = index_tensor(index, "scatter_nd_add")
    updates = ensure_tensor(updates)
    if updates._data.dtype != x._data.dtype:
        raise TypeError(f"(scatter_nd_add) x and updates must have the same dtype, but "
                        f"received {x.dtype.name} and {updates.dtype.name}.")
    if index.ndim == 0 or index.shape[-1] > x.ndim:
        raise ValueError(f"(scatter_nd_add) index.shape[-1] must be no greater than the rank "
                         f"of x ({x.ndim}), but received index shape {list(index.shape)}.")
    depth = index.shape[-1]
    expected = list(index.shape[:-1]) + list(x.shape[depth:])
    if list(updates.shape) != expected:
        raise ValueError(f"(scatter_nd_add) updates must have shape {expected} (index.shape"
                         f"[:-1] + x.shape[index.shape[-1]:]), but received "
                         f"{list(updates.shape)}.")
    if depth == 0:
        lead = list(range(index.ndim - 1))
        return B.add(x, R.sum_op(updates, lead, None, False) if lead else updates)
    parts, spec = nd_index(index, x.shape, "scatter_nd_add", IndexError)
    return I.index_accumulate(x, updates, parts, spec)


def scatter_nd(index, updates, shape, name=None):
    """A zero tensor of `shape` with `updates` added at the positions in `index`.

    Example:
        >>> import paddle
        >>> paddle.scatter_nd(paddle.to_tensor([[1], [1]]), paddle.to_tensor([1., 2.]), [3])
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0., 3., 0.])
    """
    updates = ensure_tensor(updates)
    zeros = C.full(int_list(shape, "scatter_nd", "shape"), 0, updates.dtype)
    return scatter_nd_add(zeros, index, updates)


def index_add(x, index, axis, value, alpha=1, name=None, *, out=None):
    """Add alpha * value into x along `axis` at the positions in the 1-D `index`.

    Example:
        >>> import paddle
        >>> x = paddle.zeros([2, 3])
        >>> paddle.index_add(x, paddle.to_tensor([0, 0]), 1, paddle.ones([2, 2]))
        Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[2., 0., 0.],
                [2., 0., 0.]])
    """
    x = ensure_tensor(x)
    index = index_tensor(index, "index_add")
    value = ensure_tensor(value)
    ax = axis_arg(axis, x.ndim, "index_add")
    if index.ndim != 1:
        raise ValueError(f"(index_add) The index must be a 1-D tensor, but received shape "
                         f"{list(index.shape)}.")
    if value._data.dtype != x._data.dtype:
        raise ValueError(f"(index_add) value must have the dtype of x ({x.dtype.name}), but "
                         f"received {value.dtype.name}.")
    expected = list(x.shape)
    expected[ax] = index.shape[0]
    if list(value.shape) != expected:
        raise ValueError(f"(index_add) value must have shape {expected}, but received "
                         f"{list(value.shape)}.")
    check_index_range("index_add", index, x.shape[ax])
    if alpha != 1:
        if isinstance(alpha, float) and x._data.dtype.kind in "iub":
            raise ValueError(f"(index_add) A float alpha ({alpha}) cannot scale the integer "
                             f"tensor of dtype {x.dtype.name}.")
        value = B.multiply(value, scalar_tensor(alpha, x.dtype))
    return write_out(I.index_accumulate(x, value, [index], along(ax)), out)


index_add_ = inplace(index_add)


def index_put(x, indices, value, accumulate=False, name=None):
    """x with `value` written (or, with accumulate=True, added) at the positions selected by
    the tuple of index tensors `indices`, like `x[indices] = value`.

    Example:
        >>> import paddle
        >>> x = paddle.zeros([2, 3])
        >>> paddle.index_put(x, (paddle.to_tensor([0, 1]), paddle.to_tensor([2, 0])),
        ...                  paddle.to_tensor(5.))
        Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[0., 0., 5.],
                [5., 0., 0.]])
    """
    x = ensure_tensor(x)
    if not isinstance(value, Tensor):
        raise ValueError(f"(index_put) value must be a Tensor, but received "
                         f"{type(value).__name__}.")
    if value._data.dtype != x._data.dtype:
        raise ValueError(f"(index_put) value must have the dtype of x ({x.dtype.name}), but "
                         f"received {value.dtype.name}.")
    tensors = _put_indices(indices, x.shape)
    spec = tuple(("tensor", k) for k in range(len(tensors)))
    if accumulate:
        region = I.getitem(x, tensors, spec)
        value = value if list(value.shape) == list(region.shape) else \
            M.expand(value, list(region.shape))
        return I.index_accumulate(x, value, tensors, spec)
    return I.setitem(x, value, tensors, spec)


def _put_indices(indices, shape) -> list:
    """Check the index tensors of index_put against the dims they address (a k-D boolean
    mask addresses k dims)."""
    tensors, dim = list(indices), 0
    for t in tensors:
        if not isinstance(t, Tensor) or t._data.dtype not in (np.bool_, np.int32, np.int64):
            raise ValueError("(index_put) indices must be a tuple of bool, int32 or int64 "
                             "Tensors.")
        is_mask = t._data.dtype == np.bool_
        if dim + (max(t.ndim, 1) if is_mask else 1) > len(shape):
            raise IndexError(f"(index_put) Too many indices for x of rank {len(shape)}.")
        if not is_mask:
            check_index_range("index_put", t, shape[dim], IndexError)
        dim += max(t.ndim, 1) if is_mask else 1
    return tensors


index_put_ = inplace(index_put)


def index_fill(x, index, axis, value, name=None):
    """x with every slice along `axis` listed in `index` filled with `value`.

    Example:
        >>> import paddle
        >>> x = paddle.zeros([2, 3])
        >>> paddle.index_fill(x, paddle.to_tensor([1]), 1, 7.0)
        Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[0., 7., 0.],
                [0., 7., 0.]])
    """
    x = ensure_tensor(x)
    index = index_tensor(index, "index_fill")
    ax = axis_arg(axis, x.ndim, "index_fill")
    if index.ndim > 1:
        raise ValueError(f"(index_fill) The index must be a 1-D tensor, but received shape "
                         f"{list(index.shape)}.")
    check_index_range("index_fill", index, x.shape[ax], IndexError)
    return I.setitem(x, _fill_value(value, x, "index_fill"), [index], along(ax))


def _fill_value(value, x: Tensor, api: str) -> Tensor:
    """A scalar fill value as a tensor of x's dtype (a Tensor value stays differentiable)."""
    if isinstance(value, Tensor):
        if value._data.size != 1:
            raise ValueError(f"({api}) value given as a Tensor must hold one element, but "
                             f"received shape {list(value.shape)}.")
        value = M.reshape(value, [])
        return value if value._data.dtype == x._data.dtype else M.cast(value, x.dtype)
    return scalar_tensor(value, x.dtype)


index_fill_ = inplace(index_fill)


def masked_fill(x, mask, value, name=None):
    """x with the positions where `mask` is True set to `value` (mask broadcasts with x).

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([1., 2., 3.])
        >>> paddle.masked_fill(x, paddle.to_tensor([True, False, True]), 0.)
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0., 2., 0.])
    """
    x = ensure_tensor(x)
    mask = ensure_tensor(mask)
    if mask._data.dtype != np.bool_:
        mask = M.cast(mask, "bool")
    if isinstance(value, Tensor) and value._data.dtype != x._data.dtype:
        raise ValueError(f"(masked_fill) value must have the dtype of x ({x.dtype.name}), "
                         f"but received {value.dtype.name}.")
    fill = _fill_value(value, x, "masked_fill")
    return B.where(mask, fill, x)


masked_fill_ = inplace(masked_fill)


def masked_scatter(x, mask, value, name=None):
    """x with the positions where `mask` is True filled, in row-major order, by consecutive
    elements of `value`.

    Example:
        >>> import paddle
        >>> x = paddle.zeros([2, 2])
        >>> paddle.masked_scatter(x, paddle.to_tensor([True, False]),
        ...                       paddle.to_tensor([1., 2., 3., 4.]))
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[1., 0.],
                [2., 0.]])
    """
    require_tensor("masked_scatter", "x", 0, x)
    mask = ensure_tensor(mask)
    value = ensure_tensor(value)
    # Paddle checks these with `assert`, so callers see AssertionError.
    if mask._data.dtype != np.bool_:
        raise AssertionError(f"(masked_scatter) mask must be bool, but received "
                             f"{mask.dtype.name}.")
    if value._data.dtype != x._data.dtype:
        raise AssertionError(f"(masked_scatter) x and value must have the same dtype, but "
                             f"received {x.dtype.name} and {value.dtype.name}.")
    shape = broadcast_or_raise("masked_scatter", x, mask)
    mask_data = np.broadcast_to(mask._data, shape)
    hits = int(mask_data.sum())
    if hits > value._data.size:
        raise AssertionError(f"(masked_scatter) The number of True positions in mask ({hits}) "
                             f"must be <= the size of value ({value._data.size}).")
    order = np.maximum(np.cumsum(mask_data.reshape(-1)) - 1, 0).reshape(shape)
    taken = I.getitem(M.reshape(value, [-1]), [wrap(order)], (_ALL,))
    x = x if list(x.shape) == shape else M.expand(x, shape)
    return B.where(wrap(np.ascontiguousarray(mask_data)), taken, x)


masked_scatter_ = inplace(masked_scatter)
