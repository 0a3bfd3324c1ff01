"""Layer forms of the elementwise activations. Attribute names and `extra_repr` text follow
Paddle's classes, so printed models look the same."""
from __future__ import annotations

from ..._core.dtype import get_default_dtype
from ...tensor._arg_forms import aliases
from .. import functional as F
from ..initializer import Constant
from .layers import Layer


class _Parameterless(Layer):
    """An activation with no arguments besides `name`; subclasses set `_function`."""

    _function = None

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        return type(self)._function(x)

    def extra_repr(self) -> str:
        return f"name={self._name}" if self._name else ""


def _with_name(text: str, name) -> str:
    return f"{text}, name={name}" if name else text


class ReLU(_Parameterless):
    """max(x, 0).

    Example:
        >>> import paddle
        >>> paddle.nn.ReLU()(paddle.to_tensor([-1., 2.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0., 2.])
    """
    _function = staticmethod(F.relu)


class ReLU6(_Parameterless):
    """min(max(x, 0), 6)."""
    _function = staticmethod(F.relu6)


class Tanh(_Parameterless):
    """tanh(x)."""
    _function = staticmethod(F.tanh)


class Sigmoid(_Parameterless):
    """1 / (1 + e^-x)."""
    _function = staticmethod(F.sigmoid)


class Hardsigmoid(_Parameterless):
    """min(max(x / 6 + 1 / 2, 0), 1)."""
    _function = staticmethod(F.hardsigmoid)


class Hardswish(_Parameterless):
    """x * min(max(x + 3, 0), 6) / 6."""
    _function = staticmethod(F.hardswish)


class LogSigmoid(_Parameterless):
    """log(sigmoid(x))."""
    _function = staticmethod(F.log_sigmoid)


class Softsign(_Parameterless):
    """x / (1 + |x|)."""
    _function = staticmethod(F.softsign)


class Swish(_Parameterless):
    """x * sigmoid(x)."""
    _function = staticmethod(F.swish)


class Mish(_Parameterless):
    """x * tanh(softplus(x))."""
    _function = staticmethod(F.mish)


class Tanhshrink(_Parameterless):
    """x - tanh(x)."""
    _function = staticmethod(F.tanhshrink)


class LeakyReLU(Layer):
    """x for x > 0, negative_slope * x otherwise."""

    def __init__(self, negative_slope=0.01, name=None):
        super().__init__()
        self._negative_slope, self._name = negative_slope, name

    def forward(self, x):
        return F.leaky_relu(x, self._negative_slope)

    def extra_repr(self) -> str:
        return _with_name(f"negative_slope={self._negative_slope}", self._name)


class _AlphaUnit(Layer):
    """An exponential-linear unit with one `alpha`; subclasses set `_function`."""

    _function = None

    def __init__(self, alpha=1.0, name=None):
        super().__init__()
        self._alpha, self._name = alpha, name

    def forward(self, x):
        return type(self)._function(x, self._alpha)

    def extra_repr(self) -> str:
        return _with_name(f"alpha={self._alpha}", self._name)


class ELU(_AlphaUnit):
    """x for x > 0, alpha * (e^x - 1) otherwise."""
    _function = staticmethod(F.elu)


class CELU(_AlphaUnit):
    """max(0, x) + min(0, alpha * (e^(x / alpha) - 1))."""
    _function = staticmethod(F.celu)


class SELU(Layer):
    """scale * x for x > 0, scale * alpha * (e^x - 1) otherwise."""

    def __init__(self, scale=1.0507009873554805, alpha=1.6732632423543772, name=None):
        super().__init__()
        self._scale, self._alpha, self._name = scale, alpha, name

    def forward(self, x):
        return F.selu(x, self._scale, self._alpha)

    def extra_repr(self) -> str:
        return _with_name(f"scale={self._scale:.16f}, alpha={self._alpha:.16f}", self._name)


class GELU(Layer):
    """x * Phi(x), exactly or by the tanh approximation."""

    def __init__(self, approximate=False, name=None):
        super().__init__()
        self._approximate, self._name = approximate, name

    def forward(self, x):
        return F.gelu(x, self._approximate)

    def extra_repr(self) -> str:
        return _with_name(f"approximate={self._approximate}", self._name)


class Silu(Layer):
    """x * sigmoid(x); with inplace=True the input is overwritten."""

    def __init__(self, inplace=False, name=None):
        super().__init__()
        self._inplace, self._name = inplace, name

    def forward(self, x):
        return F.silu(x, self._inplace)

    def extra_repr(self) -> str:
        return _with_name(f"inplace={self._inplace}", self._name)


SiLU = Silu


class Softplus(Layer):
    """log(1 + e^(beta * x)) / beta (x itself where beta * x > threshold)."""

    def __init__(self, beta=1, threshold=20, name=None):
        super().__init__()
        self._beta, self._threshold, self._name = beta, threshold, name

    def forward(self, x):
        return F.softplus(x, self._beta, self._threshold)

    def extra_repr(self) -> str:
        return _with_name(f"beta={self._beta}, threshold={self._threshold}", self._name)


class Hardtanh(Layer):
    """x clipped to [min, max]."""

    def __init__(self, min=-1.0, max=1.0, name=None):
        super().__init__()
        self._min, self._max, self._name = min, max, name

    def forward(self, x):
        return F.hardtanh(x, self._min, self._max)

    def extra_repr(self) -> str:
        return _with_name(f"min={self._min}, max={self._max}", self._name)


class _Shrink(Layer):
    """A shrinking function of one `threshold` (alias `lambd`); subclasses set `_function`."""

    _function = None

    @aliases(threshold="lambd")
    def __init__(self, threshold=0.5, name=None):
        super().__init__()
        self._threshold, self._name = threshold, name

    @aliases(x="input")
    def forward(self, x):
        return type(self)._function(x, self._threshold)

    @property
    def lambd(self):
        return self._threshold

    def extra_repr(self) -> str:
        return _with_name(f"threshold={self._threshold}", self._name)


class Hardshrink(_Shrink):
    """x where |x| >= threshold, 0 elsewhere."""
    _function = staticmethod(F.hardshrink)


class Softshrink(_Shrink):
    """x - threshold above threshold, x + threshold below -threshold, 0 between."""
    _function = staticmethod(F.softshrink)


class ThresholdedReLU(Layer):
    """x above threshold, `value` elsewhere."""

    def __init__(self, threshold=1.0, value=0.0, name=None):
        super().__init__()
        self._threshold, self._value, self._name = threshold, value, name

    def forward(self, x):
        return F.thresholded_relu(x, self._threshold, self._value)

    def extra_repr(self) -> str:
        return _with_name(f"threshold={self._threshold}, value={self._value}", self._name)


class PReLU(Layer):
    """Leaky relu with learned slopes: one shared slope (num_parameters=1) or one per channel.
    The slopes are the parameter `_weight` of shape [num_parameters], initialised to `init`.

    Example:
        >>> import paddle
        >>> m = paddle.nn.PReLU(num_parameters=2, init=0.1)
        >>> m(paddle.to_tensor([[-1., 1.], [2., -2.]]))
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=False,
               [[-0.10000000,  1.        ],
                [ 2.        , -0.20000000]])
    """

    def __init__(self, num_parameters=1, init=0.25, weight_attr=None, data_format="NCHW",
                 name=None):
        super().__init__()
        self._num_parameters, self._init = num_parameters, init
        self._weight_attr, self._name, self._data_format = weight_attr, name, data_format
        self._weight = self.create_parameter([num_parameters], attr=weight_attr,
                                             dtype=get_default_dtype(), is_bias=False,
                                             default_initializer=Constant(init))

    def forward(self, x):
        return F.prelu(x, self._weight, data_format=self._data_format)

    def extra_repr(self) -> str:
        return _with_name(f"num_parameters={self._num_parameters}, "
                          f"data_format={self._data_format}, init={self._init}, "
                          f"dtype={self._dtype}", self._name)


class RReLU(Layer):
    """Randomized leaky relu: random slopes in U(lower, upper) in training, their mean in
    evaluation."""

    def __init__(self, lower=1.0 / 8.0, upper=1.0 / 3.0, name=None):
        super().__init__()
        self._lower, self._upper, self._name = lower, upper, name

    def forward(self, x):
        return F.rrelu(x, lower=self._lower, upper=self._upper, training=self.training)

    def extra_repr(self) -> str:
        return _with_name(f"lower={self._lower}, upper={self._upper}, "
                          f"training={self.training}, dtype={self._dtype}", self._name)


__all__ = ["ReLU", "ReLU6", "Tanh", "Sigmoid", "Hardsigmoid", "Hardswish", "LogSigmoid",
           "Softsign", "Swish", "Mish", "Tanhshrink", "LeakyReLU", "ELU", "CELU", "SELU", "GELU",
           "Silu", "SiLU", "Softplus", "Hardtanh", "Hardshrink", "Softshrink", "ThresholdedReLU",
           "PReLU", "RReLU"]
