"""Shape manipulation of the `paddle` namespace: reshape, transpose, squeeze/unsqueeze,
flatten, concat/stack/split, expand/broadcast_to, cast, clone."""
from __future__ import annotations

import numpy as np

from .._core import dtype as _dt
from .._core import state
from .._core.meta import normalize_axis
from .._core.ops import indexing as I
from .._core.ops import manip_views as V
from .._core.ops import manipulation as M
from .._core.tensor import Tensor
from ._convert import ensure_tensor, require_tensor
from ._swap_form import swap_dims_form
from .manip_common import int_list, write_out


def reshape(x, shape, name=None):
    """Return x with a new shape (0 copies a dim, -1 is inferred); shares memory with x.

    Example:
        >>> import paddle
        >>> paddle.reshape(paddle.arange(6), [2, -1]).shape
        paddle.Size([2, 3])
    """
    return M.reshape(ensure_tensor(x), int_list(shape, "reshape", "shape"))


def reshape_(x, shape, name=None):
    """In-place reshape: x takes the new shape.

    Example:
        >>> import paddle
        >>> x = paddle.zeros([2, 3])
        >>> paddle.reshape_(x, [3, 2]).shape
        paddle.Size([3, 2])
    """
    return view_inplace(x, reshape(x, shape), "reshape_")


def view_inplace(x: Tensor, result: Tensor, api: str) -> Tensor:
    """x becomes `result` (a new view of its data): the in-place reshaping forms."""
    if state.grad_enabled and not x.stop_gradient and x._node is None:
        raise ValueError(f"({api}) Leaf Tensor ({x.name}) that doesn't stop gradient can't "
                         f"use inplace strategy.")
    x._data = result._data
    x._node = result._node
    x._out_idx = result._out_idx
    x.stop_gradient = result.stop_gradient
    x._version += 1
    return x


@swap_dims_form
def transpose(x, perm, name=None):
    """Permute the axes of x; a shorter `perm` permutes only the leading axes.

    Example:
        >>> import paddle
        >>> paddle.transpose(paddle.zeros([2, 3, 4]), [2, 0, 1]).shape
        paddle.Size([4, 2, 3])
    """
    require_tensor("transpose", "x", 0, x)
    perm = int_list(perm, "transpose", "perm")
    if len(perm) > x.ndim:
        raise ValueError(f"(transpose) The input tensor's dimension ({x.ndim}) should be equal "
                         f"to or greater than the length of 'perm' ({len(perm)}); input shape "
                         f"{list(x.shape)}, perm {perm}.")
    for p in perm:
        if not -x.ndim <= p < x.ndim:
            raise ValueError(f"(transpose) Each element of 'perm' should be in the range "
                             f"[{-x.ndim}, {x.ndim}), but received perm = {perm}.")
    full = [p % x.ndim for p in perm] + list(range(len(perm), x.ndim))
    return M.transpose(x, full)


def t(input, name=None):  # noqa: A002
    """Transpose a tensor of rank <= 2 (0-D and 1-D tensors are returned as they are).

    Example:
        >>> import paddle
        >>> paddle.t(paddle.zeros([2, 3])).shape
        paddle.Size([3, 2])
    """
    require_tensor("t", "input", 0, input)
    x = input
    if x.ndim > 2:
        raise ValueError(f"(t) The input should be a tensor of rank <= 2, but received rank "
                         f"{x.ndim} (shape {list(x.shape)}). Use paddle.transpose instead.")
    return x if x.ndim < 2 else M.transpose(x, [1, 0])


def moveaxis(x, source, destination, name=None):
    """Move axes of x from `source` positions to `destination` positions.

    Example:
        >>> import paddle
        >>> paddle.moveaxis(paddle.zeros([2, 3, 4]), 0, -1).shape
        paddle.Size([3, 4, 2])
    """
    x = ensure_tensor(x)
    src = _moveaxis_axes(int_list(source, "moveaxis", "source"), x.ndim, "source")
    dst = _moveaxis_axes(int_list(destination, "moveaxis", "destination"), x.ndim,
                         "destination")
    # Paddle checks these with `assert`, so callers see AssertionError.
    if len(src) != len(dst):
        raise AssertionError(f"(moveaxis) 'source' ({len(src)} axes) must have the same number "
                             f"of axes as 'destination' ({len(dst)} axes).")
    order = [a for a in range(x.ndim) if a not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return M.transpose(x, order)


def _moveaxis_axes(axes: list, ndim: int, arg: str) -> list:
    for a in axes:
        if not -max(ndim, 1) <= a < max(ndim, 1):
            raise AssertionError(f"(moveaxis) '{arg}' must be in the range of [{-ndim}, {ndim}), "
                                 f"but received {a}.")
    out = [a % max(ndim, 1) for a in axes]
    if len(set(out)) != len(out):
        raise ValueError(f"(moveaxis) Each element of '{arg}' must be unique, but received "
                         f"{axes}.")
    return out


def squeeze(x, axis=None, name=None):
    """Remove size-1 axes (all of them, or those listed in `axis`; listed axes that are not
    of size 1 are kept).

    Example:
        >>> import paddle
        >>> paddle.squeeze(paddle.zeros([1, 3, 1]), axis=0).shape
        paddle.Size([3, 1])
    """
    require_tensor("squeeze", "x", 0, x)
    axes = [] if axis is None else int_list(axis, "squeeze", "axis")
    return M.squeeze(x, axes)


def unsqueeze(x, axis, name=None):
    """Insert size-1 axes at the positions in `axis` (applied one after another).

    Example:
        >>> import paddle
        >>> paddle.unsqueeze(paddle.zeros([2, 3]), [0, -1]).shape
        paddle.Size([1, 2, 3, 1])
    """
    require_tensor("unsqueeze", "x", 0, x)
    return M.unsqueeze(x, int_list(axis, "unsqueeze", "axis"))


def squeeze_(x, axis=None, name=None):
    """In-place squeeze: x takes the squeezed shape."""
    return view_inplace(x, squeeze(x, axis), "squeeze_")


def unsqueeze_(x, axis, name=None):
    """In-place unsqueeze: x takes the unsqueezed shape."""
    return view_inplace(x, unsqueeze(x, axis), "unsqueeze_")


def flatten(x, start_axis=0, stop_axis=-1, name=None):
    """Merge axes start_axis..stop_axis into one (a 0-D input becomes shape [1]).

    Example:
        >>> import paddle
        >>> paddle.flatten(paddle.zeros([2, 3, 4]), start_axis=1).shape
        paddle.Size([2, 12])
    """
    require_tensor("flatten", "x", 0, x)
    if x.ndim == 0:
        if start_axis not in (0, -1) or stop_axis not in (0, -1):
            raise ValueError(f"(flatten) start_axis and stop_axis must be 0 or -1 for a 0-D "
                             f"tensor, but received {start_axis} and {stop_axis}.")
        return V.flatten(x, int(start_axis), int(stop_axis))
    start = normalize_axis("flatten", start_axis, x.ndim, "start_axis")
    stop = normalize_axis("flatten", stop_axis, x.ndim, "stop_axis")
    if start > stop:
        raise ValueError(f"(flatten) The stop_axis ({stop_axis}) should be larger than or equal "
                         f"to start_axis ({start_axis}).")
    return V.flatten(x, start, stop)


def flatten_(x, start_axis=0, stop_axis=-1, name=None):
    """In-place flatten: x takes the flattened shape."""
    return view_inplace(x, flatten(x, start_axis, stop_axis), "flatten_")


def _tensor_list(x, api: str) -> list:
    if not isinstance(x, (list, tuple)) or not all(isinstance(t, Tensor) for t in x):
        got = type(x).__name__ if not isinstance(x, (list, tuple)) else "a list holding " + \
            ", ".join(sorted({type(t).__name__ for t in x}))
        raise ValueError(f"({api}) argument 'x' must be a list or tuple of Tensors, but got "
                         f"{got}.")
    return list(x)


def concat(x, axis=0, name=None, *, out=None):
    """Join tensors along an existing axis.

    Example:
        >>> import paddle
        >>> paddle.concat([paddle.ones([1, 2]), paddle.zeros([1, 2])]).shape
        paddle.Size([2, 2])
    """
    tensors = _tensor_list(x, "concat")
    if isinstance(axis, Tensor):
        axis = int(axis.item())
    return write_out(M.concat(tensors, int(axis)), out)


def stack(x, axis=0, name=None, *, out=None):
    """Join tensors along a new axis.

    Example:
        >>> import paddle
        >>> paddle.stack([paddle.ones([2]), paddle.zeros([2])], axis=1).shape
        paddle.Size([2, 2])
    """
    tensors = _tensor_list(x, "stack")
    if not tensors:
        raise ValueError("(stack) The input list must not be empty.")
    return write_out(M.stack(tensors, int(axis)), out)


def split(x, num_or_sections, axis=0, name=None):
    """Split x into pieces along `axis` (an int count, or a list of sizes with one -1).

    Example:
        >>> import paddle
        >>> [t.shape for t in paddle.split(paddle.zeros([2, 6]), [1, -1], axis=1)]
        [paddle.Size([2, 1]), paddle.Size([2, 5])]
    """
    require_tensor("split", "x", 0, x)
    if isinstance(axis, Tensor):
        axis = int(axis.item())
    ax = normalize_axis("split", int(axis), x.ndim)
    if isinstance(num_or_sections, Tensor):
        num_or_sections = int_list(num_or_sections, "split", "num_or_sections")
    sections = M.split_sections("split", x.shape[ax], num_or_sections)
    return M.split(x, sections, ax)


def split_with_sizes(self, split_sizes, dim=0):
    """Tensor.split_with_sizes: split along `dim` into pieces of the given non-negative sizes.

    Example:
        >>> import paddle
        >>> [t.shape for t in paddle.arange(5).split_with_sizes([2, 3])]
        [paddle.Size([2]), paddle.Size([3])]
    """
    sizes = int_list(split_sizes, "split_with_sizes", "split_sizes")
    if any(s < 0 for s in sizes):
        raise ValueError("(split_with_sizes) split_sizes must have only non-negative entries, "
                         f"but received {sizes}.")
    ax = normalize_axis("split_with_sizes", int(dim), self.ndim, "dim")
    if sum(sizes) != self.shape[ax]:
        raise ValueError(f"(split_with_sizes) Split sizes add up to {sum(sizes)} but the "
                         f"tensor's size along dim {ax} is {self.shape[ax]}.")
    lead = (("slice", None, None, None),) * ax
    bounds = np.cumsum([0] + sizes)
    # Paddle's split_with_sizes returns views of the tensor (split returns copies).
    return [I.getitem_basic(self, lead + (("slice", int(a), int(b), None),))
            for a, b in zip(bounds[:-1], bounds[1:])]


def chunk(x, chunks, axis=0, name=None):
    """Split x into `chunks` equal pieces along `axis`.

    Example:
        >>> import paddle
        >>> [t.shape for t in paddle.chunk(paddle.zeros([2, 4]), 2, axis=1)]
        [paddle.Size([2, 2]), paddle.Size([2, 2])]
    """
    require_tensor("chunk", "x", 0, x)
    if isinstance(chunks, bool) or not isinstance(chunks, (int, np.integer)):
        raise TypeError(f"(chunk) chunks must be an int, but received "
                        f"{type(chunks).__name__}.")
    return split(x, int(chunks), axis)


def unbind(input, axis=0):  # noqa: A002
    """Remove `axis`, returning the slices along it.

    Example:
        >>> import paddle
        >>> len(paddle.unbind(paddle.zeros([2, 3]), axis=1))
        3
    """
    require_tensor("unbind", "input", 0, input)
    x = input
    ax = normalize_axis("unbind", int(axis), x.ndim)
    lead = (("slice", None, None, None),) * ax
    # Paddle's unbind returns views of x (unstack returns copies).
    return [I.getitem_basic(x, lead + (("int", i),)) for i in range(x.shape[ax])]


def unstack(x, axis=0, num=None):
    """Split x along `axis` into rank-reduced tensors.

    Example:
        >>> import paddle
        >>> [t.shape for t in paddle.unstack(paddle.zeros([2, 3]), axis=1)]
        [paddle.Size([2]), paddle.Size([2]), paddle.Size([2])]
    """
    require_tensor("unstack", "x", 0, x)
    ax = normalize_axis("unstack", int(axis), x.ndim)
    if num is not None and int(num) != x.shape[ax]:
        raise ValueError(f"(unstack) num ({num}) must equal the size of axis {ax} "
                         f"({x.shape[ax]}).")
    return M.unstack(x, ax, num)


def expand(x, shape, name=None):
    """Broadcast x to `shape` (-1 keeps a dimension).

    Example:
        >>> import paddle
        >>> paddle.expand(paddle.zeros([3, 1]), [2, -1, 4]).shape
        paddle.Size([2, 3, 4])
    """
    return M.expand(ensure_tensor(x), int_list(shape, "expand", "shape"))


def broadcast_to(x, shape, name=None):
    """Broadcast x to `shape`.

    Example:
        >>> import paddle
        >>> paddle.broadcast_to(paddle.zeros([3]), [2, 3]).shape
        paddle.Size([2, 3])
    """
    return M.expand(ensure_tensor(x), int_list(shape, "broadcast_to", "shape"))


def expand_as(x, y, name=None):
    """Broadcast x to y's shape.

    Example:
        >>> import paddle
        >>> paddle.expand_as(paddle.zeros([3]), paddle.ones([2, 3])).shape
        paddle.Size([2, 3])
    """
    require_tensor("expand_as", "x", 0, x)
    return M.expand(x, list(y.shape))


def cast(x, dtype):
    """Convert x to `dtype` (returns x's values as a new tensor).

    Example:
        >>> import paddle
        >>> paddle.cast(paddle.to_tensor([1.7, -2.2]), 'int32')
        Tensor(shape=[2], dtype=int32, place=Place(cpu), stop_gradient=True,
               [ 1, -2])
    """
    x = ensure_tensor(x)
    return M.cast(x, _dt.to_dtype(dtype))


def cast_(x, dtype):
    """In-place cast: x takes the new dtype."""
    return view_inplace(x, cast(x, dtype), "cast_")


def clone(x, name=None):
    """A copy of x that stays in the autograd graph (gradient flows back to x).

    Example:
        >>> import paddle
        >>> paddle.clone(paddle.to_tensor([1., 2.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1., 2.])
    """
    require_tensor("clone", "x", 0, x)
    return M.cast(x, x.dtype)


def _clone_method(self):
    """Tensor.clone(): a copy that stays in the autograd graph."""
    return clone(self)


def detach(x) -> Tensor:
    """x's data as a new leaf tensor that stops gradient (shares memory)."""
    from .._core.tensor import wrap
    return wrap(x._data)


def detach_(x) -> Tensor:
    """Cut x from the autograd graph in place."""
    x._node = None
    x.stop_gradient = True
    return x


def view(x, shape_or_dtype, name=None):
    """Reshape (list/tuple) or reinterpret the bytes as another dtype.

    Example:
        >>> import paddle
        >>> paddle.view(paddle.zeros([2, 3]), [3, 2]).shape
        paddle.Size([3, 2])
    """
    if isinstance(shape_or_dtype, (list, tuple, Tensor)):
        return reshape(x, shape_or_dtype)
    from .._core.tensor import wrap
    return wrap(x._data.view(_dt.to_dtype(shape_or_dtype).np_dtype))


from .manip_diag import (diag, diag_embed, diagflat, diagonal, diagonal_scatter,  # noqa: E402
                         fill_diagonal_, fill_diagonal_tensor, fill_diagonal_tensor_, tril,
                         tril_, triu, triu_)
from .manip_gather import (gather, gather_nd, index_sample, index_select,  # noqa: E402
                           masked_select, take, take_along_axis)
from .manip_join import (atleast_1d, atleast_2d, atleast_3d, block_diag,  # noqa: E402
                         broadcast_shape, broadcast_shapes, broadcast_tensors, column_stack,
                         dsplit, dstack, hsplit, hstack, meshgrid, row_stack, tensor_split,
                         vsplit, vstack)
from .manip_put import (put_along_axis, put_along_axis_, scatter_add,  # noqa: E402
                        scatter_add_, scatter_reduce, select_scatter, slice_scatter)
from .manip_scatter import (index_add, index_add_, index_fill, index_fill_,  # noqa: E402
                            index_put, index_put_, masked_fill, masked_fill_, masked_scatter,
                            masked_scatter_, scatter, scatter_, scatter_nd, scatter_nd_add)
from .manip_shape import (as_complex, as_real, matrix_transpose, permute, ravel,  # noqa: E402
                          shape, t_, transpose_, unflatten, view_as, view_as_complex,
                          view_as_real)
from .manip_slice import (crop, flip, narrow, repeat, repeat_interleave, reverse,  # noqa: E402
                          roll, rot90, slice, strided_slice, tile, unfold)
from .manip_strided import as_strided, shard_index  # noqa: E402

take_along_dim = take_along_axis

__all__ = [
    "reshape", "reshape_", "transpose", "t", "moveaxis", "squeeze", "unsqueeze", "squeeze_",
    "unsqueeze_", "flatten", "flatten_", "concat", "stack", "split", "chunk", "unbind",
    "unstack", "expand", "broadcast_to", "expand_as", "cast", "cast_", "clone", "detach",
    "detach_", "view",
    # gather / scatter
    "gather", "gather_nd", "index_select", "index_sample", "take_along_axis", "take_along_dim",
    "take", "masked_select", "scatter", "scatter_", "scatter_nd", "scatter_nd_add",
    "index_add", "index_add_", "index_put", "index_put_", "index_fill", "index_fill_",
    "masked_fill", "masked_fill_", "masked_scatter", "masked_scatter_", "put_along_axis",
    "scatter_add", "scatter_add_", "scatter_reduce", "select_scatter", "slice_scatter",
    # slicing and rearranging
    "slice", "strided_slice", "crop", "narrow", "flip", "reverse", "roll", "rot90", "tile",
    "repeat_interleave", "unfold",
    # triangles and diagonals
    "tril", "triu", "tril_", "triu_", "diag", "diagonal", "diag_embed", "diagflat",
    "diagonal_scatter",
    # joining, splitting, broadcasting
    "tensor_split", "hsplit", "vsplit", "dsplit", "hstack", "vstack", "dstack",
    "column_stack", "row_stack", "atleast_1d", "atleast_2d", "atleast_3d", "meshgrid",
    "broadcast_tensors", "broadcast_shape", "broadcast_shapes", "block_diag",
    # shape views
    "unflatten", "ravel", "permute", "matrix_transpose", "view_as", "transpose_", "t_",
    "shape", "as_complex", "as_real", "view_as_complex", "view_as_real", "as_strided",
    "shard_index",
]

# `paddle.shape` would shadow the Tensor.shape property; the stacking helpers, meshgrid and
# crop are functions only in Paddle, and the EXTRA_METHODS are methods only.
NOT_METHODS = {"shape", "meshgrid", "crop", "hstack", "vstack", "dstack", "column_stack",
               "row_stack"}

EXTRA_METHODS = {"fill_diagonal_": fill_diagonal_, "fill_diagonal_tensor": fill_diagonal_tensor,
                 "fill_diagonal_tensor_": fill_diagonal_tensor_, "repeat": repeat,
                 "clone": _clone_method,
                 "split_with_sizes": split_with_sizes,
                 "put_along_axis_": put_along_axis_, "swapaxes": transpose,
                 "swapdims": transpose}
