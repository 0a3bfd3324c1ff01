"""Reductions of the `paddle` namespace: sum, mean, prod, max/min, amax/amin, all/any,
logsumexp, argmax/argmin, their NaN-ignoring forms, count_nonzero and reduce_as."""
from __future__ import annotations

import builtins

from .._core import dtype as _dt
from .._core.ops import binary as B
from .._core.ops import creation as C
from .._core.ops import manipulation as M
from .._core.ops import reduction as R
from .._core.ops import unary as U
from ._arg_forms import aliases
from ._axis_args import reduce_axes, single_axis, tensor_arg, write_out
from .scan import cummax, cummin, cumprod, cumprod_, cumsum, cumsum_, logcumsumexp


def _dtype_or_none(dtype):
    return None if dtype is None else _dt.to_dtype(dtype)


def _cast(x, dtype):
    dt = _dtype_or_none(dtype)
    return x if dt is None or dt.np_dtype == x._data.dtype else M.cast(x, dt)


@aliases(x="input", axis="dim")
def sum(x, axis=None, dtype=None, keepdim=False, name=None, *, out=None):
    """Sum over `axis` (every axis by default); bool and int32 inputs sum to int64.

    Example:
        >>> import paddle
        >>> paddle.sum(paddle.to_tensor([[1., 2.], [3., 4.]]), axis=0)
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [4., 6.])
    """
    tensor_arg("sum", x)
    axes = reduce_axes("sum", axis, x.ndim)
    return write_out(R.sum_op(x, axes, _dtype_or_none(dtype), bool(keepdim)), out)


@aliases(x="input", axis="dim")
def mean(x, axis=None, keepdim=False, name=None, *, dtype=None, out=None):
    """Arithmetic mean over `axis`; integer inputs give a truncated integer mean.

    Example:
        >>> import paddle
        >>> paddle.mean(paddle.to_tensor([[1., 2.], [3., 5.]]), axis=1)
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1.50000000, 4.        ])
    """
    tensor_arg("mean", x)
    x = _cast(x, dtype)
    return write_out(R.mean(x, reduce_axes("mean", axis, x.ndim), bool(keepdim)), out)


@aliases(x="input", axis="dim")
def prod(x, axis=None, keepdim=False, dtype=None, out=None, name=None):
    """Product over `axis`; `dtype` casts the input first.

    Example:
        >>> import paddle
        >>> paddle.prod(paddle.to_tensor([[1., 2.], [3., 4.]]), axis=1)
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [2. , 12.])
    """
    tensor_arg("prod", x)
    x = _cast(x, dtype)
    return write_out(R.prod(x, reduce_axes("prod", axis, x.ndim), bool(keepdim)), out)


def _extremum(op, api, doc, tensor_list_ok=True):
    """max/min reject Paddle's torch-style keywords; amax/amin (tensor_list_ok=False) take
    `input=`/`dim=` like the other reductions."""
    def fn(x, axis=None, keepdim=False, name=None):
        tensor_arg(api, x)
        return op(x, reduce_axes(api, axis, x.ndim, tensor_list_ok), bool(keepdim))
    fn.__name__ = fn.__qualname__ = api
    fn.__doc__ = doc
    return fn if tensor_list_ok else aliases(x="input", axis="dim")(fn)


max = _extremum(R.max_op, "max", """Maximum over `axis`; ties share the gradient evenly.

    Example:
        >>> import paddle
        >>> paddle.max(paddle.to_tensor([[1., 5.], [3., 2.]]), axis=0)
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [3., 5.])
    """)
min = _extremum(R.min_op, "min", """Minimum over `axis`; ties share the gradient evenly.

    Example:
        >>> import paddle
        >>> paddle.min(paddle.to_tensor([[1., 5.], [3., 2.]]), axis=1)
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1., 2.])
    """)
amax = _extremum(R.amax, "amax", """Maximum over `axis`; ties share the gradient evenly.

    Example:
        >>> import paddle
        >>> paddle.amax(paddle.to_tensor([[1., 5.], [3., 2.]]))
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               5.)
    """, tensor_list_ok=False)
amin = _extremum(R.amin, "amin", """Minimum over `axis`; ties share the gradient evenly.

    Example:
        >>> import paddle
        >>> paddle.amin(paddle.to_tensor([[1., 5.], [3., 2.]]))
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               1.)
    """, tensor_list_ok=False)


@aliases(x="input", axis="dim")
def all(x, axis=None, keepdim=False, name=None, *, out=None):
    """Whether every element along `axis` is true (non-zero).

    Example:
        >>> import paddle
        >>> paddle.all(paddle.to_tensor([[True, False], [True, True]]), axis=1)
        Tensor(shape=[2], dtype=bool, place=Place(cpu), stop_gradient=True,
               [False, True ])
    """
    tensor_arg("all", x)
    axes = reduce_axes("all", axis, x.ndim, tensor_list_ok=False)
    return write_out(R.all_op(x, axes, bool(keepdim)), out)


@aliases(x="input", axis="dim")
def any(x, axis=None, keepdim=False, name=None, *, out=None):
    """Whether any element along `axis` is true (non-zero).

    Example:
        >>> import paddle
        >>> paddle.any(paddle.to_tensor([[True, False], [False, False]]), axis=1)
        Tensor(shape=[2], dtype=bool, place=Place(cpu), stop_gradient=True,
               [True , False])
    """
    tensor_arg("any", x)
    axes = reduce_axes("any", axis, x.ndim, tensor_list_ok=False)
    return write_out(R.any_op(x, axes, bool(keepdim)), out)


@aliases(x="input", axis="dim")
def logsumexp(x, axis=None, keepdim=False, name=None, *, out=None):
    """log(sum(exp(x))) over `axis`; integer inputs give the default float dtype.

    Example:
        >>> import paddle
        >>> paddle.logsumexp(paddle.to_tensor([0., 0.]))
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               0.69314718)
    """
    tensor_arg("logsumexp", x)
    axes = reduce_axes("logsumexp", axis, x.ndim, tensor_list_ok=False)
    return write_out(R.logsumexp(x, axes, bool(keepdim)), out)


def _arg_reduce(op, api):
    def fn(x, axis=None, keepdim=False, dtype="int64", name=None):
        tensor_arg(api, x)
        dt = _dt.to_dtype(dtype)
        if dt not in (_dt.int32, _dt.int64):
            raise ValueError(f"({api}) The attribute of dtype in argmin/argmax must be [int32] "
                             f"or [int64], but received [{dt.name}].")
        if axis is None:
            return op(x, None, bool(keepdim), True, dt)
        return op(x, single_axis(api, axis, x.ndim), bool(keepdim), False, dt)
    fn.__name__ = fn.__qualname__ = api
    return fn


argmax = aliases(x="input", axis="dim")(_arg_reduce(R.argmax, "argmax"))
argmax.__doc__ = """Index of the maximum (of the flattened tensor when axis is None); NaN is
    never selected unless every element is NaN.

    Example:
        >>> import paddle
        >>> paddle.argmax(paddle.to_tensor([[1., 5.], [3., 2.]]), axis=1)
        Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [1, 0])
    """
argmin = aliases(x="input", axis="dim")(_arg_reduce(R.argmin, "argmin"))
argmin.__doc__ = """Index of the minimum (of the flattened tensor when axis is None).

    Example:
        >>> import paddle
        >>> paddle.argmin(paddle.to_tensor([[1., 5.], [3., 2.]]))
        Tensor(shape=[], dtype=int64, place=Place(cpu), stop_gradient=True,
               0)
    """


def _zeros_like(x):
    return C.full(list(x.shape), 0, x.dtype)


def nansum(x, axis=None, dtype=None, keepdim=False, name=None):
    """Sum over `axis` treating NaN as zero.

    Example:
        >>> import paddle
        >>> paddle.nansum(paddle.to_tensor([1., float('nan'), 2.]))
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               3.)
    """
    tensor_arg("nansum", x)
    axes = reduce_axes("nansum", axis, x.ndim)
    cleaned = B.where(U.isnan(x), _zeros_like(x), x)
    return R.sum_op(cleaned, axes, _dtype_or_none(dtype), bool(keepdim))


def nanmean(x, axis=None, keepdim=False, name=None):
    """Mean over `axis` of the non-NaN elements (NaN where there are none).

    Example:
        >>> import paddle
        >>> paddle.nanmean(paddle.to_tensor([1., float('nan'), 2.]))
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               1.50000000)
    """
    from .math import divide
    tensor_arg("nanmean", x)
    axes = reduce_axes("nanmean", axis, x.ndim)
    count = R.sum_op(B.logical_not(U.isnan(x)), axes, None, bool(keepdim))
    return divide(nansum(x, axes, None, keepdim), M.cast(count, x.dtype))


def count_nonzero(x, axis=None, keepdim=False, name=None):
    """Number of non-zero elements along `axis`, as int64.

    Example:
        >>> import paddle
        >>> paddle.count_nonzero(paddle.to_tensor([[0, 1], [2, 3]]), axis=1)
        Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [1, 2])
    """
    tensor_arg("count_nonzero", x)
    axes = reduce_axes("count_nonzero", axis, x.ndim)
    return R.sum_op(M.cast(x, _dt.bool_), axes, _dt.int64, bool(keepdim))


def reduce_as(x, target, name=None):
    """Sum `x` down to the shape of `target` (the reverse of broadcasting `target` to `x`).

    Example:
        >>> import paddle
        >>> paddle.reduce_as(paddle.ones([2, 3]), paddle.ones([3]))
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [2., 2., 2.])
    """
    tensor_arg("reduce_as", x)
    tensor_arg("reduce_as", target, "target", 1)
    shape, want = list(x.shape), list(target.shape)
    lead = len(shape) - len(want)
    if lead < 0 or builtins.any(w not in (1, s) for s, w in zip(shape[lead:], want)):
        raise ValueError(f"(reduce_as) ReduceDims dimension mismatch. Operands could not be "
                         f"broadcast together with the shape of in_dims = {shape} and the shape "
                         f"of out_dims = {want}.")
    axes = tuple(range(lead)) + tuple(lead + i for i, w in enumerate(want)
                                      if w == 1 and shape[lead + i] != 1)
    if not axes:
        return M.reshape(x, want)
    return M.reshape(R.sum_op(x, axes, None, True), want)


__all__ = [
    "sum", "mean", "prod", "max", "min", "amax", "amin", "all", "any", "logsumexp", "argmax",
    "argmin", "cumsum", "cumprod", "cumsum_", "cumprod_", "cummax", "cummin", "logcumsumexp",
    "nansum", "nanmean", "count_nonzero", "reduce_as",
]
