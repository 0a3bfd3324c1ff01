"""Triangles and diagonals: tril/triu (and in-place forms), diag, diagonal, diag_embed,
diagflat, diagonal_scatter, fill_diagonal_. Diagonals are read and written with the
getitem/setitem ops on (row, column) index tensors, so gradients come from them."""
from __future__ import annotations

import numpy as np

from .._core import dispatch
from .._core.ops import creation as C
from .._core.ops import indexing as I
from .._core.ops import manip_reorder as MR
from .._core.ops import manipulation as M
from .._core.tensor import Tensor, wrap
from ._convert import ensure_tensor, require_tensor, scalar_tensor
from .manip_common import inplace, int_arg, write_out

_DIAG_SPEC = (("ellipsis",), ("tensor", 0), ("tensor", 1))


def _offset(value, api: str) -> int:
    if isinstance(value, float) or isinstance(value, bool):
        raise TypeError(f"({api}) The diagonal offset must be an int, but received "
                        f"{type(value).__name__}.")
    return int_arg(value, api, "diagonal")


def tril(x, diagonal=0, name=None, *, out=None):
    """The lower triangle of the last two dims of x (entries above `diagonal` zeroed).

    Example:
        >>> import paddle
        >>> paddle.tril(paddle.ones([2, 3]))
        Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[1., 0., 0.],
                [1., 1., 0.]])
    """
    require_tensor("tril", "x", 0, x)
    return write_out(MR.tril(x, _offset(diagonal, "tril")), out)


def triu(x, diagonal=0, name=None, *, out=None):
    """The upper triangle of the last two dims of x (entries below `diagonal` zeroed).

    Example:
        >>> import paddle
        >>> paddle.triu(paddle.ones([2, 3]), 1)
        Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[0., 1., 1.],
                [0., 0., 1.]])
    """
    require_tensor("triu", "x", 0, x)
    return write_out(MR.triu(x, _offset(diagonal, "triu")), out)


def tril_(x, diagonal=0, name=None):
    """In-place tril."""
    return dispatch.call_inplace(MR.tril, x, (x,), (_offset(diagonal, "tril_"),))


def triu_(x, diagonal=0, name=None):
    """In-place triu."""
    return dispatch.call_inplace(MR.triu, x, (x,), (_offset(diagonal, "triu_"),))


def _diag_positions(rows: int, cols: int, offset: int) -> list:
    """Row and column index tensors of the `offset` diagonal of a rows x cols matrix."""
    n = max(0, min(rows - max(-offset, 0), cols - max(offset, 0)))
    steps = np.arange(n, dtype=np.int64)
    return [wrap(steps + max(-offset, 0)), wrap(steps + max(offset, 0))]


def _to_back(x: Tensor, axis1: int, axis2: int, api: str) -> tuple[Tensor, list]:
    """x with axis1, axis2 moved to the end, and the permutation that undoes it."""
    if x.ndim < 2:
        raise IndexError(f"({api}) The input must have at least 2 dimensions, but received "
                         f"shape {list(x.shape)}.")
    a, b = _pair_axes(axis1, axis2, x.ndim, api)
    order = [d for d in range(x.ndim) if d not in (a, b)] + [a, b]
    inverse = [order.index(d) for d in range(x.ndim)]
    moved = x if order == list(range(x.ndim)) else M.transpose(x, order)
    return moved, inverse


def _pair_axes(axis1: int, axis2: int, ndim: int, api: str) -> tuple[int, int]:
    for axis in (axis1, axis2):
        if not -ndim <= axis < ndim:
            raise IndexError(f"({api}) The dimension {axis} is out of range for a {ndim}-D "
                             f"result (expected [{-ndim}, {ndim - 1}]).")
    a, b = axis1 % ndim, axis2 % ndim
    if a == b:
        raise ValueError(f"({api}) The two diagonal dimensions must differ, but both are {a}.")
    return a, b


def diagonal(x, offset=0, axis1=0, axis2=1, name=None):
    """The `offset` diagonal of the planes spanned by axis1 and axis2, as the last dimension.

    Example:
        >>> import paddle
        >>> paddle.diagonal(paddle.arange(6).reshape([2, 3]), offset=1)
        Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [1, 5])
    """
    require_tensor("diagonal", "x", 0, x)
    moved, _ = _to_back(x, axis1, axis2, "diagonal")
    positions = _diag_positions(moved.shape[-2], moved.shape[-1], int(offset))
    return I.getitem(moved, positions, _DIAG_SPEC)


def diagonal_scatter(x, y, offset=0, axis1=0, axis2=1, name=None):
    """x with its `offset` diagonal (in the axis1/axis2 planes) replaced by y.

    Example:
        >>> import paddle
        >>> paddle.diagonal_scatter(paddle.zeros([2, 2]), paddle.to_tensor([1., 2.]))
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[1., 0.],
                [0., 2.]])
    """
    x = ensure_tensor(x)
    y = ensure_tensor(y)
    moved, inverse = _to_back(x, axis1, axis2, "diagonal_scatter")
    positions = _diag_positions(moved.shape[-2], moved.shape[-1], int(offset))
    expected = list(moved.shape[:-2]) + [positions[0].shape[0]]
    if list(y.shape) != expected:
        # Paddle checks this with `assert`.
        raise AssertionError(f"(diagonal_scatter) y must have the diagonal's shape "
                             f"{expected}, but received {list(y.shape)}.")
    if y._data.dtype != x._data.dtype:
        y = M.cast(y, x.dtype)
    written = I.setitem(moved, y, positions, _DIAG_SPEC)
    return written if inverse == list(range(x.ndim)) else M.transpose(written, inverse)


def diag_embed(input, offset=0, dim1=-2, dim2=-1):  # noqa: A002
    """Matrices whose `offset` diagonal (in dims dim1, dim2 of the result) holds the last
    dimension of input; all other entries are 0.

    Example:
        >>> import paddle
        >>> paddle.diag_embed(paddle.to_tensor([1., 2.]))
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[1., 0.],
                [0., 2.]])
    """
    # Paddle converts non-tensor input through NumPy, so Python floats become float64.
    x = input if isinstance(input, Tensor) else wrap(np.asarray(input))
    ndim = x.ndim + 1
    a, b = _pair_axes(dim1, dim2, ndim, "diag_embed")
    if x.ndim == 0:
        raise IndexError("(diag_embed) The input must have at least 1 dimension.")
    size = x.shape[-1] + abs(int(offset))
    base = C.full(list(x.shape[:-1]) + [size, size], 0, x.dtype)
    embedded = I.setitem(base, x, _diag_positions(size, size, int(offset)), _DIAG_SPEC)
    perm = [0] * ndim
    batch = iter(range(ndim - 2))
    for d in range(ndim):
        perm[d] = ndim - 2 if d == a else ndim - 1 if d == b else next(batch)
    return embedded if perm == list(range(ndim)) else M.transpose(embedded, perm)


def diag(x, offset=0, padding_value=0, name=None):
    """For a vector: a square matrix with x on its `offset` diagonal and `padding_value`
    elsewhere. For a matrix: its `offset` diagonal.

    Example:
        >>> import paddle
        >>> paddle.diag(paddle.to_tensor([1, 2]))
        Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [[1, 0],
                [0, 2]])
    """
    require_tensor("diag", "x", 0, x)
    offset = int(offset)
    if x.ndim == 2:
        return diagonal(x, offset)
    if x.ndim > 2:
        raise ValueError(f"(diag) The input must be 0-D, 1-D or 2-D, but received shape "
                         f"{list(x.shape)}.")
    vector = M.reshape(x, [-1]) if x.ndim == 0 else x
    size = vector.shape[0] + abs(offset)
    base = C.full([size, size], scalar_tensor(padding_value, x.dtype).item(), x.dtype)
    return I.setitem(base, vector, _diag_positions(size, size, offset), _DIAG_SPEC)


def diagflat(x, offset=0, name=None):
    """A square matrix with the flattened x on its `offset` diagonal.

    Example:
        >>> import paddle
        >>> paddle.diagflat(paddle.to_tensor([[1, 2], [3, 4]])).shape
        paddle.Size([4, 4])
    """
    require_tensor("diagflat", "x", 0, x)
    return diag(M.reshape(x, [-1]), offset)


def fill_diagonal_(x, value, offset=0, wrap=False, name=None):
    """Fill the main (or `offset`) diagonal of x in place with `value`; for tall matrices
    wrap=True restarts the diagonal every columns+1 rows. For more than 2 dims, fills
    x[i, i, ..., i].

    Example:
        >>> import paddle
        >>> paddle.zeros([2, 2]).fill_diagonal_(3.)
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[3., 0.],
                [0., 3.]])
    """
    shape = tuple(x.shape)
    if len(shape) < 2:
        raise ValueError(f"(fill_diagonal_) The input must have at least 2 dimensions, but "
                         f"received shape {list(shape)}.")
    index = _filled_index(shape, int(offset), bool(wrap))
    spec = tuple(("tensor", k) for k in range(len(shape)))
    values = scalar_tensor(value, x.dtype)
    return dispatch.call_inplace(I.setitem, x, (x, values, index), (spec,))


def _filled_index(shape: tuple, offset: int, wrap_around: bool) -> list:
    flat = _filled_positions(shape, offset, wrap_around)
    return [wrap(np.asarray(i)) for i in np.unravel_index(flat, shape)]


def _filled_positions(shape: tuple, offset: int, wrap_around: bool) -> np.ndarray:
    if len(shape) > 2:
        step = sum(int(np.prod(shape[d + 1:])) for d in range(len(shape)))
        return np.arange(min(shape), dtype=np.int64) * step
    rows, cols = shape
    start = offset if offset >= 0 else -offset * cols
    if wrap_around:
        return np.arange(start, rows * cols, cols + 1, dtype=np.int64)
    count = max(0, min(rows - max(-offset, 0), cols - max(offset, 0)))
    return start + (cols + 1) * np.arange(count, dtype=np.int64)


def fill_diagonal_tensor(x, y, offset=0, dim1=0, dim2=1, name=None):
    """Tensor.fill_diagonal_tensor: x with the diagonal of dims dim1/dim2 replaced by y
    (the same as diagonal_scatter).

    Example:
        >>> import paddle
        >>> paddle.zeros([2, 2]).fill_diagonal_tensor(paddle.to_tensor([1., 2.]))
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[1., 0.],
                [0., 2.]])
    """
    return diagonal_scatter(x, y, offset, dim1, dim2)


fill_diagonal_tensor_ = inplace(fill_diagonal_tensor)
