"""Reducing scatters along an axis (put_along_axis, scatter_add, scatter_reduce) and the
slice-writing functions select_scatter / slice_scatter."""
from __future__ import annotations

from .._core.ops import gather_scatter as GS
from .._core.ops import indexing as I
from .._core.ops import manipulation as M
from .._core.tensor import Tensor
from ._convert import ensure_tensor
from .manip_common import axis_arg, check_index_range, index_tensor, inplace, int_list
from .manip_gather import broadcast_indices, check_fits


def put_along_axis(arr, indices, values, axis, reduce="assign", include_self=True,
                   broadcast=True):
    """Write `values` into arr along `axis` at `indices`, combining with what is there by
    `reduce`: 'assign', 'add', 'mul'/'multiply', 'mean', 'amin' or 'amax' (include_self says
    whether arr's own value takes part).

    Example:
        >>> import paddle
        >>> x = paddle.zeros([2, 3])
        >>> paddle.put_along_axis(x, paddle.to_tensor([[1], [2]]), 5., axis=1)
        Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[0., 5., 0.],
                [0., 0., 5.]])
    """
    arr = ensure_tensor(arr)
    GS.check_reduce(reduce)
    indices = index_tensor(indices, "put_along_axis", "indices", TypeError)
    values = ensure_tensor(values)
    if values._data.dtype != arr._data.dtype:
        raise ValueError(f"(put_along_axis) values must have the dtype of arr "
                         f"({arr.dtype.name}), but received {values.dtype.name}.")
    ax = _along_axis("put_along_axis", arr, indices, axis)
    if broadcast:
        indices = broadcast_indices("put_along_axis", indices, arr.shape, ax)
        values = M.expand(values, list(indices.shape))
    else:
        check_fits("put_along_axis", indices, arr, ax)
        values = _fit_values(values, indices)
    check_index_range("put_along_axis", indices, arr.shape[ax], IndexError)
    return GS.put_along_axis(arr, indices, values, ax, reduce, bool(include_self))


def _along_axis(api: str, arr: Tensor, indices: Tensor, axis) -> int:
    if indices.ndim != arr.ndim:
        raise ValueError(f"({api}) indices and arr must have the same number of dimensions, "
                         f"but received {indices.ndim} and {arr.ndim}.")
    axis = int(axis)
    if not -arr.ndim <= axis < arr.ndim:
        # Paddle checks the axis with `assert`.
        raise AssertionError(f"({api}) 'axis' must be in the range of [{-arr.ndim}, "
                             f"{arr.ndim}), but received {axis}.")
    return axis % arr.ndim


def _fit_values(values: Tensor, indices: Tensor) -> Tensor:
    """Without broadcasting Paddle reads the leading indices-shaped block of values."""
    if values.ndim == 0:
        return M.expand(values, list(indices.shape))
    if values.ndim != indices.ndim or any(v < i for v, i in zip(values.shape, indices.shape)):
        raise RuntimeError(f"(put_along_axis) values of shape {list(values.shape)} must be at "
                           f"least as large as indices {list(indices.shape)} in every "
                           f"dimension.")
    if list(values.shape) == list(indices.shape):
        return values
    spec = tuple(("slice", 0, n, None) for n in indices.shape)
    return I.getitem_basic(values, spec)


put_along_axis_ = inplace(put_along_axis)

_TORCH_REDUCE = {"sum": "add", "prod": "mul", "mean": "mean", "amin": "amin", "amax": "amax"}


def scatter_reduce(input, dim, index, src, reduce, *, include_self=True):  # noqa: A002
    """Reduce `src` into input along `dim` at `index` with 'sum', 'prod', 'mean', 'amin' or
    'amax' (torch-style names for put_along_axis without broadcasting).

    Example:
        >>> import paddle
        >>> x = paddle.ones([1, 3])
        >>> paddle.scatter_reduce(x, 1, paddle.to_tensor([[0, 0]]),
        ...                       paddle.to_tensor([[2., 3.]]), 'prod')
        Tensor(shape=[1, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[6., 1., 1.]])
    """
    mode = _TORCH_REDUCE.get(reduce, reduce)
    return put_along_axis(input, index, src, dim, mode, include_self, broadcast=False)


def scatter_add(input, dim, index, src):  # noqa: A002
    """Add `src` into input along `dim` at `index` (repeated positions accumulate).

    Example:
        >>> import paddle
        >>> x = paddle.zeros([1, 3])
        >>> paddle.scatter_add(x, 1, paddle.to_tensor([[2, 2]]), paddle.to_tensor([[1., 2.]]))
        Tensor(shape=[1, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[0., 0., 3.]])
    """
    return put_along_axis(input, index, src, dim, "add", True, broadcast=False)


scatter_add_ = inplace(scatter_add)


def select_scatter(x, values, axis, index, name=None):
    """x with the slice at position `index` of `axis` replaced by `values`.

    Example:
        >>> import paddle
        >>> x = paddle.zeros([2, 3])
        >>> paddle.select_scatter(x, paddle.to_tensor([1., 2.]), 1, 0)
        Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[1., 0., 0.],
                [2., 0., 0.]])
    """
    x = ensure_tensor(x)
    values = ensure_tensor(values)
    ax = axis_arg(axis, x.ndim, "select_scatter")
    size = x.shape[ax]
    if not -size <= int(index) < size:
        raise IndexError(f"(select_scatter) index {index} is out of range for axis {ax} of "
                         f"size {size}.")
    spec = (("slice", None, None, None),) * ax + (("int", int(index)),)
    expected = list(x.shape[:ax]) + list(x.shape[ax + 1:])
    if list(values.shape) != expected:
        raise RuntimeError(f"(select_scatter) values must have the shape of the selected "
                           f"slice {expected}, but received {list(values.shape)}.")
    return I.setitem_basic(x, _as_dtype(values, x), spec)


def slice_scatter(x, value, axes, starts, ends, strides, name=None):
    """x with the strided slice x[starts:ends:strides] (on `axes`) replaced by `value`.

    Example:
        >>> import paddle
        >>> x = paddle.zeros([2, 4])
        >>> paddle.slice_scatter(x, paddle.ones([2, 2]), [1], [0], [4], [2])
        Tensor(shape=[2, 4], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[1., 0., 1., 0.],
                [1., 0., 1., 0.]])
    """
    x = ensure_tensor(x)
    value = ensure_tensor(value)
    axes = [axis_arg(a, x.ndim, "slice_scatter", "axes") for a in int_list(axes, "slice_scatter",
                                                                         "axes")]
    bounds = [int_list(v, "slice_scatter", n) for v, n in ((starts, "starts"), (ends, "ends"),
                                                           (strides, "strides"))]
    items = [("slice", None, None, None)] * x.ndim
    for a, start, end, step in zip(axes, *bounds):
        items[a] = ("slice", start, end, step)
    spec = tuple(items)
    region = I.getitem_basic(x, spec)
    if list(region.shape) != list(value.shape):
        raise ValueError(f"(slice_scatter) value must have the shape of the slice "
                         f"{list(region.shape)}, but received {list(value.shape)}.")
    return I.setitem_basic(x, _as_dtype(value, x), spec)


def _as_dtype(value: Tensor, x: Tensor) -> Tensor:
    return value if value._data.dtype == x._data.dtype else M.cast(value, x.dtype)
