"""Scans of the `paddle` namespace (re-exported by tensor.reduction): cumsum, cumprod, their
in-place forms, logcumsumexp and cummax/cummin. axis=None scans the flattened tensor."""
from __future__ import annotations

from .._core import dtype as _dt
from .._core.ops import manipulation as M
from .._core.ops import scan as S
from ._arg_forms import aliases
from ._axis_args import adopt_inplace, autograd_alias, single_axis, tensor_arg, write_out


def _cast(x, dtype):
    if dtype is None:
        return x
    dt = _dt.to_dtype(dtype)
    return x if dt.np_dtype == x._data.dtype else M.cast(x, dt)


def _axis(api, axis, x, error=IndexError):
    return None if axis is None else single_axis(api, axis, x.ndim, error)


@aliases(x="input", axis="dim")
def cumsum(x, axis=None, dtype=None, name=None, *, out=None):
    """Cumulative sum along `axis`; small integer and bool inputs accumulate in int64.

    Example:
        >>> import paddle
        >>> paddle.cumsum(paddle.to_tensor([[1, 2], [3, 4]]), axis=1)
        Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [[1, 3],
                [3, 7]])
    """
    tensor_arg("cumsum", x)
    x = _cast(x, dtype)
    ax = _axis("cumsum", axis, x)
    return write_out(S.cumsum(x, ax, ax is None, False, False), out)


@aliases(x="input")
def cumprod(x, dim=None, *, dtype=None, out=None, name=None):
    """Cumulative product along `dim` (the flattened tensor when dim is None).

    Example:
        >>> import paddle
        >>> paddle.cumprod(paddle.to_tensor([1., 2., 3.]), dim=0)
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1., 2., 6.])
    """
    tensor_arg("cumprod", x)
    x = _cast(x, dtype)
    return write_out(S.cumprod(x, _axis("cumprod", dim, x, ValueError), False, False), out)


def cumsum_(x, axis=None, dtype=None, name=None):
    """In-place cumsum; with axis=None the tensor becomes the flattened scan, as in Paddle.

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([1., 2., 3.])
        >>> _ = paddle.cumsum_(x)
        >>> x
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1., 3., 6.])
    """
    tensor_arg("cumsum_", x)
    keep = x.dtype if dtype is None else _dt.to_dtype(dtype)
    source = _cast(autograd_alias(x), dtype)
    ax = _axis("cumsum_", axis, source)
    result = S.cumsum(source, ax, ax is None, False, False)
    return adopt_inplace("cumsum_", x, _cast(result, keep))


def cumprod_(x, dim=None, dtype=None, name=None):
    """In-place cumprod; with dim=None the tensor becomes the flattened scan.

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([1., 2., 3.])
        >>> _ = paddle.cumprod_(x, 0)
        >>> x
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1., 2., 6.])
    """
    tensor_arg("cumprod_", x)
    source = _cast(autograd_alias(x), dtype)
    result = S.cumprod(source, _axis("cumprod_", dim, source, ValueError), False, False)
    return adopt_inplace("cumprod_", x, result)


def logcumsumexp(x, axis=None, dtype=None, name=None):
    """log(cumsum(exp(x))) along `axis`, computed stably; integers give float32.

    Example:
        >>> import paddle
        >>> paddle.logcumsumexp(paddle.to_tensor([0., 0.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0.        , 0.69314718])
    """
    tensor_arg("logcumsumexp", x)
    x = _cast(x, dtype)
    ax = _axis("logcumsumexp", axis, x)
    return S.logcumsumexp(x, ax, ax is None, False)


def _cumulative_extremum(op, api):
    def fn(x, axis=None, dtype="int64", name=None):
        tensor_arg(api, x)
        dt = _dt.to_dtype(dtype)
        if dt not in (_dt.int32, _dt.int64):
            raise ValueError(f"({api}) dtype of indices must be DataType::INT32 or "
                             f"DataType::INT64, but received {dt.name}.")
        if axis is None:
            return op(M.reshape(x, [-1]), -1, dt)
        return op(x, single_axis(api, axis, x.ndim, IndexError), dt)
    fn.__name__ = fn.__qualname__ = api
    return fn


cummax = _cumulative_extremum(S.cummax, "cummax")
cummax.__doc__ = """Running maximum along `axis` and the index each value came from (ties and
    NaNs move the index forward).

    Example:
        >>> import paddle
        >>> values, indices = paddle.cummax(paddle.to_tensor([1., 3., 2., 3.]))
        >>> indices
        Tensor(shape=[4], dtype=int64, place=Place(cpu), stop_gradient=True,
               [0, 1, 1, 3])
    """
cummin = _cumulative_extremum(S.cummin, "cummin")
cummin.__doc__ = """Running minimum along `axis` and the index each value came from.

    Example:
        >>> import paddle
        >>> values, indices = paddle.cummin(paddle.to_tensor([3., 1., 2.]))
        >>> values
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [3., 1., 1.])
    """

__all__ = ["cumsum", "cumprod", "cumsum_", "cumprod_", "logcumsumexp", "cummax", "cummin"]
