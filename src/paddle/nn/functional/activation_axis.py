"""Activations that act along an axis rather than elementwise: the softmax family, the gated
units glu and swiglu, and maxout."""
from __future__ import annotations

from ..._core import dispatch
from ..._core import dtype as _dt
from ..._core.ops import manipulation as M
from ..._core.ops import nn_activation as A
from ..._core.ops import nn_activation_smooth as S
from ..._core.ops import nn_softmax as SM
from ..._core.ops import unary as U
from ...tensor._arg_forms import aliases
from ...tensor._convert import cast_to, require_tensor
from ...tensor.math import _write_out


def _prepare(api: str, x, axis, dtype):
    """Check x and axis; cast x to `dtype` first when one is given (Paddle's order)."""
    require_tensor(api, "x", 0, x)
    if isinstance(axis, bool) or not isinstance(axis, int):
        raise TypeError(f"({api}) axis must be an int, but received {type(axis).__name__}.")
    if not -max(x.ndim, 1) <= axis < max(x.ndim, 1):
        raise ValueError(f"({api}) Attr(axis) value should be in range [-R, R-1], R is the rank "
                         f"of Input(X); received axis = {axis} for a {x.ndim}-D input.")
    return x if dtype is None else cast_to(x, _dt.to_dtype(dtype))


@aliases(x="input", axis="dim")
def softmax(x, axis=-1, dtype=None, name=None, *, out=None):
    """exp(x) / sum(exp(x)) along `axis`, optionally casting x to `dtype` first.

    Example:
        >>> import paddle
        >>> paddle.nn.functional.softmax(paddle.to_tensor([[1., 1.], [0., 2.]]))
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[0.50000000, 0.50000000],
                [0.11920292, 0.88079703]])
    """
    return _write_out(SM.softmax(_prepare("softmax", x, axis, dtype), axis), out)


def compat_softmax(input, dim=None, dtype=None, *, out=None):  # noqa: A002 - torch's names
    """The torch-style softmax of the `paddle` namespace and Tensor.softmax: without `dim`, axis
    0 for 0-, 1- and 3-D inputs and axis 1 otherwise (PyTorch's legacy rule).

    Example:
        >>> import paddle
        >>> from paddle.nn.functional.activation_axis import compat_softmax
        >>> compat_softmax(paddle.to_tensor([[1., 1.], [1., 1.]]))
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[0.50000000, 0.50000000],
                [0.50000000, 0.50000000]])
    """
    require_tensor("softmax", "input", 0, input)
    if dim is None:
        dim = 0 if input.ndim in (0, 1, 3) else 1
    return softmax(input, dim, dtype, out=out)


def softmax_(x, axis=-1, dtype=None, name=None):
    """In-place softmax; returns x (or, with `dtype`, the cast copy it computed in)."""
    target = _prepare("softmax_", x, axis, dtype)
    return dispatch.call_inplace(SM.softmax, target, (target,), (axis,))


def log_softmax(x, axis=-1, dtype=None, name=None):
    """log(softmax(x)) along `axis`, computed stably.

    Example:
        >>> import paddle
        >>> paddle.nn.functional.log_softmax(paddle.to_tensor([0., 0.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [-0.69314718, -0.69314718])
    """
    return SM.log_softmax(_prepare("log_softmax", x, axis, dtype), axis)


def gumbel_softmax(x, temperature=1.0, hard=False, axis=-1, name=None):
    """softmax((x + g) / temperature) with Gumbel noise g; with hard=True the one-hot of the
    sample's argmax. Like Paddle, the gradient is the softmax Jacobian of the returned sample.

    Example:
        >>> import paddle
        >>> y = paddle.nn.functional.gumbel_softmax(paddle.zeros([2, 3]), hard=True)
        >>> y.sum(axis=-1)
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1., 1.])
    """
    return SM.gumbel_softmax(_prepare("gumbel_softmax", x, axis, None), float(temperature),
                             bool(hard), axis)


@aliases(x="input", axis="dim")
def glu(x, axis=-1, name=None):
    """Split x in two halves a, b along axis and return a * sigmoid(b).

    Example:
        >>> import paddle
        >>> paddle.nn.functional.glu(paddle.to_tensor([[1., 2., 0., 0.]]))
        Tensor(shape=[1, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[0.50000000, 1.        ]])
    """
    require_tensor("glu", "x", 0, x)
    A.require_float("glu", x._data, "input")
    rank = x.ndim
    if not -rank <= axis < rank:
        raise ValueError(f"(glu) Expected value range of `axis` is [{-rank}, {rank}), but "
                         f"received axis: {axis}")
    a, b = _halves("glu", x, axis)
    return a * U.sigmoid(b)


def _halves(api: str, x, axis: int):
    size = x.shape[axis]
    if size % 2:
        raise ValueError(f"({api}) The size of x along axis {axis} must be even to split it in "
                         f"two halves, but received x of shape {list(x.shape)}.")
    return M.split(x, [size // 2, size // 2], axis % x.ndim)


def swiglu(x, y=None, name=None):
    """silu(x) * y; without y, x is split in two halves along its last axis first.

    Example:
        >>> import paddle
        >>> paddle.nn.functional.swiglu(paddle.to_tensor([1., 2.]), paddle.to_tensor([1., 1.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0.73105860, 1.76159406])
    """
    require_tensor("swiglu", "x", 0, x)
    if y is None:
        x, y = _halves("swiglu", x, -1)
    else:
        require_tensor("swiglu", "y", 1, y)
        if list(x.shape) != list(y.shape):
            raise ValueError(f"(swiglu) The shape of Input(X) should be equal of the shape of "
                             f"Input(Y), but received {list(x.shape)} and {list(y.shape)}.")
    return S.silu(x) * y


def maxout(x, groups, axis=1, name=None):
    """Maximum over groups of `groups` consecutive channels of a 4-D input; axis 1 for NCHW,
    -1 or 3 for NHWC.

    Example:
        >>> import paddle
        >>> x = paddle.arange(8, dtype='float32').reshape([1, 4, 1, 2])
        >>> paddle.nn.functional.maxout(x, groups=2).shape
        paddle.Size([1, 2, 1, 2])
    """
    require_tensor("maxout", "x", 0, x)
    if x.ndim != 4:
        raise ValueError(f"(maxout) x's dims should be 4, but received x's dims is: {x.ndim} "
                         f"(shape {list(x.shape)}).")
    if axis not in (1, -1, 3):
        raise ValueError(f"(maxout) axis only supported 1, -1 or 3, but received axis is: "
                         f"{axis}.")
    if not isinstance(groups, int) or groups < 1:
        raise ValueError(f"(maxout) Attr(groups) of Op(maxout) should be larger than 1. But "
                         f"received {groups}.")
    return A.maxout(x, groups, axis % 4)[0]


__all__ = ["softmax", "softmax_", "log_softmax", "gumbel_softmax", "glu", "swiglu", "maxout"]
