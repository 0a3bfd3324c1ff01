"""Elementwise activation functions of paddle.nn.functional and their in-place `_` forms.

Each is a thin wrapper over one registered op (paddle/_core/ops/nn_activation*.py) that checks
its arguments the way Paddle does."""
from __future__ import annotations

from ..._core import dispatch
from ..._core.ops import nn_activation as A
from ..._core.ops import nn_activation_smooth as S
from ..._core.ops import nn_dropout as D
from ..._core.ops import unary as U
from ...tensor._arg_forms import aliases
from ...tensor._convert import require_tensor
from ...tensor.math import _write_out, tanh, tanh_


def _tensor(api: str, x):
    require_tensor(api, "x", 0, x)
    return x


def _inplace(op, x, *attrs):
    return dispatch.call_inplace(op, x, (x,), attrs)


# ---- relu family -------------------------------------------------------------------------------

def relu(x, name=None):
    """max(x, 0) elementwise.

    Example:
        >>> import paddle
        >>> paddle.nn.functional.relu(paddle.to_tensor([-2., 0., 3.]))
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0., 0., 3.])
    """
    return A.relu(_tensor("relu", x))


def relu_(x, name=None):
    """In-place relu; returns x."""
    return _inplace(A.relu, _tensor("relu_", x))


def relu6(x, name=None):
    """min(max(x, 0), 6) elementwise.

    Example:
        >>> import paddle
        >>> paddle.nn.functional.relu6(paddle.to_tensor([-1., 3., 8.]))
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0., 3., 6.])
    """
    return A.relu6(_tensor("relu6", x))


def leaky_relu(x, negative_slope=0.01, name=None):
    """x for x > 0, negative_slope * x otherwise.

    Example:
        >>> import paddle
        >>> paddle.nn.functional.leaky_relu(paddle.to_tensor([-2., 0., 1.]), 0.5)
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [-1., 0.,  1.])
    """
    return A.leaky_relu(_tensor("leaky_relu", x), float(negative_slope))


def leaky_relu_(x, negative_slope=0.01, name=None):
    """In-place leaky_relu; returns x."""
    return _inplace(A.leaky_relu, _tensor("leaky_relu_", x), float(negative_slope))


def prelu(x, weight, data_format="NCHW", name=None):
    """leaky relu with learned slopes: one shared slope (weight of shape [1] or []) or one per
    channel (weight of shape [C], channel axis given by data_format).

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([[-1., 2.], [3., -4.]])
        >>> paddle.nn.functional.prelu(x, paddle.to_tensor([0.25]))
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[-0.25000000,  2.        ],
                [ 3.        , -1.        ]])
    """
    _tensor("prelu", x)
    require_tensor("prelu", "weight", 1, weight)
    if weight.ndim > 1:
        raise AssertionError("(prelu) The dim count of weight shape should be 0 or 1, but "
                             f"received weight of shape {list(weight.shape)}.")
    mode = "all"
    if weight.ndim == 1 and weight.shape[0] > 1:
        mode = "channel"
        data_format = _prelu_layout(x, weight, data_format)
    return A.prelu(x, weight, data_format, mode)


_PRELU_LAYOUTS = ("NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC")


def _prelu_layout(x, weight, data_format: str) -> str:
    if data_format not in _PRELU_LAYOUTS:
        raise ValueError(f"(prelu) data_format must be one of {', '.join(_PRELU_LAYOUTS)}, but "
                         f"received {data_format!r}.")
    layout = "NCHW" if data_format[1] == "C" else "NHWC"
    if x.ndim < 2:
        raise AssertionError(f"(prelu) x must have at least 2 dims when weight holds one value "
                             f"per channel, but received x of shape {list(x.shape)}.")
    channels = x.shape[1] if layout == "NCHW" else x.shape[-1]
    if weight.shape[0] != channels:
        raise AssertionError(f"(prelu) The weight size ({weight.shape[0]}) should equal the "
                             f"channel count of x ({channels}, x shape {list(x.shape)}, "
                             f"data_format={data_format}).")
    return layout


# ---- exponential-linear units ------------------------------------------------------------------

def elu(x, alpha=1.0, name=None):
    """x for x > 0, alpha * (e^x - 1) otherwise.

    Example:
        >>> import paddle
        >>> paddle.nn.functional.elu(paddle.to_tensor([-1., 2.]), alpha=0.5)
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [-0.31606030,  2.        ])
    """
    return S.elu(_tensor("elu", x), float(alpha))


def elu_(x, alpha=1.0, name=None):
    """In-place elu; returns x."""
    return _inplace(S.elu, _tensor("elu_", x), float(alpha))


def celu(x, alpha=1.0, name=None):
    """max(0, x) + min(0, alpha * (e^(x / alpha) - 1)).

    Example:
        >>> import paddle
        >>> paddle.nn.functional.celu(paddle.to_tensor([-1., 2.]), alpha=0.5)
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [-0.43233237,  2.        ])
    """
    if alpha == 0:
        raise ZeroDivisionError("(celu) alpha cannot be 0 for celu")
    return S.celu(_tensor("celu", x), float(alpha))


def selu(x, scale=1.0507009873554805, alpha=1.6732632423543772, name=None):
    """scale * x for x > 0, scale * alpha * (e^x - 1) otherwise.

    Example:
        >>> import paddle
        >>> paddle.nn.functional.selu(paddle.to_tensor([0., 1.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0.        , 1.05070102])
    """
    if scale <= 1.0:
        raise ValueError(f"(selu) The scale must be greater than 1.0. Received: {scale}.")
    if alpha < 0:
        raise ValueError(f"(selu) The alpha must be no less than zero. Received: {alpha}.")
    return S.selu(_tensor("selu", x), float(scale), float(alpha))


# ---- smooth gates ------------------------------------------------------------------------------

def gelu(x, approximate=False, name=None):
    """x * Phi(x) (Phi: the standard normal CDF), or its tanh approximation when approximate is
    True or 'tanh'.

    Example:
        >>> import paddle
        >>> paddle.nn.functional.gelu(paddle.to_tensor([-1., 1.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [-0.15865526,  0.84134471])
    """
    _tensor("gelu", x)
    if isinstance(approximate, str):
        if approximate not in ("tanh", "none"):
            raise ValueError("(gelu) the value of approximate in gelu should be 'tanh' or "
                             f"'none', but received {approximate}")
        approximate = approximate == "tanh"
    elif not isinstance(approximate, bool):
        raise TypeError(f"(gelu) approximate must be a bool or 'tanh'/'none', but received "
                        f"{type(approximate).__name__}")
    return S.gelu(x, approximate)


def sigmoid(x, name=None, *, out=None):
    """1 / (1 + e^-x) elementwise.

    Example:
        >>> import paddle
        >>> paddle.nn.functional.sigmoid(paddle.to_tensor([0.]))
        Tensor(shape=[1], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0.50000000])
    """
    return _write_out(U.sigmoid(_tensor("sigmoid", x)), out)


@aliases(x="input")
def silu(x, inplace=False, name=None):
    """x * sigmoid(x) (also called swish).

    Example:
        >>> import paddle
        >>> paddle.nn.functional.silu(paddle.to_tensor([0., 1.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0.        , 0.73105860])
    """
    _tensor("silu", x)
    return _inplace(S.silu, x) if inplace else S.silu(x)


def swish(x, name=None):
    """x * sigmoid(x), the same function as silu."""
    return S.silu(_tensor("swish", x))


def mish(x, name=None):
    """x * tanh(softplus(x)).

    Example:
        >>> import paddle
        >>> paddle.nn.functional.mish(paddle.to_tensor([0., 1.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0.        , 0.86509842])
    """
    return S.mish(_tensor("mish", x), 20.0)


def softplus(x, beta=1, threshold=20, name=None):
    """log(1 + e^(beta * x)) / beta, and x itself where beta * x > threshold.

    Example:
        >>> import paddle
        >>> paddle.nn.functional.softplus(paddle.to_tensor([0.]))
        Tensor(shape=[1], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0.69314718])
    """
    return S.softplus(_tensor("softplus", x), float(beta), float(threshold))


def softsign(x, name=None):
    """x / (1 + |x|)."""
    return S.softsign(_tensor("softsign", x))


@aliases(x="input")
def log_sigmoid(x, name=None):
    """log(sigmoid(x)), computed without overflow.

    Example:
        >>> import paddle
        >>> paddle.nn.functional.log_sigmoid(paddle.to_tensor([0.]))
        Tensor(shape=[1], dtype=float32, place=Place(cpu), stop_gradient=True,
               [-0.69314718])
    """
    return S.logsigmoid(_tensor("log_sigmoid", x))


logsigmoid = log_sigmoid


def tanhshrink(x, name=None):
    """x - tanh(x)."""
    return S.tanh_shrink(_tensor("tanhshrink", x))


# ---- hard and shrinking functions --------------------------------------------------------------

def hardtanh(x, min=-1.0, max=1.0, name=None):
    """x clipped to [min, max].

    Example:
        >>> import paddle
        >>> paddle.nn.functional.hardtanh(paddle.to_tensor([-3., 0.5, 3.]))
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [-1.        ,  0.50000000,  1.        ])
    """
    return A.hardtanh(_tensor("hardtanh", x), float(min), float(max))


def hardtanh_(x, min=-1.0, max=1.0, name=None):
    """In-place hardtanh; returns x."""
    return _inplace(A.hardtanh, _tensor("hardtanh_", x), float(min), float(max))


def hardsigmoid(x, slope=0.1666667, offset=0.5, name=None):
    """min(max(slope * x + offset, 0), 1).

    Example:
        >>> import paddle
        >>> paddle.nn.functional.hardsigmoid(paddle.to_tensor([-4., 0., 4.]))
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0.        , 0.50000000, 1.        ])
    """
    return A.hardsigmoid(_tensor("hardsigmoid", x), float(slope), float(offset))


def hardswish(x, name=None):
    """x * min(max(x + 3, 0), 6) / 6.

    Example:
        >>> import paddle
        >>> paddle.nn.functional.hardswish(paddle.to_tensor([-4., 1., 4.]))
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [-0.        ,  0.66666669,  4.        ])
    """
    return A.hardswish(_tensor("hardswish", x))


@aliases(x="input", threshold="lambd")
def hardshrink(x, threshold=0.5, name=None):
    """x where |x| >= threshold, 0 elsewhere."""
    return A.hardshrink(_tensor("hardshrink", x), float(threshold))


@aliases(x="input", threshold="lambd")
def softshrink(x, threshold=0.5, name=None):
    """x - threshold above threshold, x + threshold below -threshold, 0 between."""
    if threshold < 0:
        raise ValueError(f"(softshrink) The threshold must be no less than zero. Received: "
                         f"{threshold}.")
    return A.softshrink(_tensor("softshrink", x), float(threshold))


def thresholded_relu(x, threshold=1.0, value=0.0, name=None):
    """x above threshold, `value` elsewhere."""
    return A.thresholded_relu(_tensor("thresholded_relu", x), float(threshold), float(value))


def thresholded_relu_(x, threshold=1.0, value=0.0, name=None):
    """In-place thresholded_relu; returns x."""
    return _inplace(A.thresholded_relu, _tensor("thresholded_relu_", x), float(threshold),
                    float(value))


def rrelu(x, lower=1.0 / 8.0, upper=1.0 / 3.0, training=True, name=None):
    """Randomized leaky relu: in training each negative input is scaled by a slope drawn from
    U(lower, upper); in evaluation by the mean slope (lower + upper) / 2.

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([-2., 1.])
        >>> paddle.nn.functional.rrelu(x, 0.25, 0.25, training=False)
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [-0.50000000,  1.        ])
    """
    _tensor("rrelu", x)
    if not isinstance(lower, float) or not isinstance(upper, float):
        raise TypeError(f"(rrelu) The lower and upper values must be float type. Received: "
                        f"lower {lower}, upper {upper}.")
    if lower < 0 or lower > 1:
        raise ValueError(f"(rrelu) The lower value must be no less than zero or greater than "
                         f"one. Received: {lower}.")
    if upper < lower:
        raise ValueError(f"(rrelu) The upper value must be greater than lower value. Received: "
                         f"lower {lower}, upper {upper}.")
    if upper > 1:
        raise ValueError(f"(rrelu) The upper value must be no greater than one. Received: "
                         f"{upper}.")
    return D.rrelu(x, lower, upper, not training)[0]


__all__ = [
    "relu", "relu_", "relu6", "leaky_relu", "leaky_relu_", "prelu", "elu", "elu_", "celu",
    "selu", "gelu", "sigmoid", "silu", "swish", "mish", "softplus", "softsign", "log_sigmoid",
    "logsigmoid", "tanhshrink", "tanh", "tanh_", "hardtanh", "hardtanh_", "hardsigmoid",
    "hardswish", "hardshrink", "softshrink", "thresholded_relu", "thresholded_relu_", "rrelu",
]
