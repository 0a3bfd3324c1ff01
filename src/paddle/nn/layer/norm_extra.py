"""Normalization layers other than batch norm: LayerNorm, GroupNorm, InstanceNorm1D/2D/3D,
LocalResponseNorm and SpectralNorm."""
from __future__ import annotations

import numbers

import numpy as np

from ...framework.param_attr import ParamAttr
from .. import functional as F
from ..functional._aliases import keyword_aliases
from ..initializer import Constant, Normal
from ._input_checks import check_channels
from .layers import Layer

__all__ = ["LayerNorm", "GroupNorm", "InstanceNorm1D", "InstanceNorm2D", "InstanceNorm3D",
           "LocalResponseNorm", "SpectralNorm"]


def _layer_dtype(dtype):
    from ..._core.dtype import get_default_dtype
    return get_default_dtype() if dtype is None else dtype


def _frozen_by_zero_lr(attr) -> bool:
    """Paddle freezes GroupNorm's parameters exactly when their ParamAttr has learning rate 0."""
    return isinstance(attr, ParamAttr) and attr.learning_rate == 0.0


class LayerNorm(Layer):
    """Layer normalization over the trailing `normalized_shape` dims, with a 1-D weight and bias
    of size prod(normalized_shape).

    Example:
        >>> import paddle
        >>> ln = paddle.nn.LayerNorm([3, 4])
        >>> ln.weight.shape, ln(paddle.rand([2, 3, 4])).shape
        (paddle.Size([12]), paddle.Size([2, 3, 4]))
    """

    @keyword_aliases(epsilon="eps")
    def __init__(self, normalized_shape, epsilon=1e-05, *, elementwise_affine=True, bias=True,
                 device=None, dtype=None, weight_attr=None, bias_attr=None, name=None):
        super().__init__()
        if isinstance(normalized_shape, numbers.Integral):
            normalized_shape = [normalized_shape]
        self._normalized_shape = list(normalized_shape)
        self._epsilon = epsilon
        self._dtype = _layer_dtype(dtype)
        if not elementwise_affine:
            weight_attr = bias_attr = False
        elif not bias:
            bias_attr = False
        self._weight_attr, self._bias_attr = weight_attr, bias_attr
        shape = [int(np.prod(self._normalized_shape))]
        self.weight = None if weight_attr is False else self.create_parameter(
            shape, attr=weight_attr, dtype=self._dtype, default_initializer=Constant(1.0))
        self.bias = None if bias_attr is False else self.create_parameter(
            shape, attr=bias_attr, dtype=self._dtype, default_initializer=Constant(0.0),
            is_bias=True)

    def forward(self, input):  # noqa: A002
        return F.layer_norm(input, self._normalized_shape, self.weight, self.bias,
                            self._epsilon)

    def extra_repr(self) -> str:
        return f"normalized_shape={self._normalized_shape}, epsilon={self._epsilon}"


class GroupNorm(Layer):
    """Group normalization: `num_channels` split into `num_groups` groups.

    Example:
        >>> import paddle
        >>> gn = paddle.nn.GroupNorm(num_groups=2, num_channels=4)
        >>> gn(paddle.rand([2, 4, 3, 3])).shape
        paddle.Size([2, 4, 3, 3])
    """

    @keyword_aliases(epsilon="eps")
    def __init__(self, num_groups, num_channels, epsilon=1e-05, *, affine=True, device=None,
                 dtype=None, weight_attr=None, bias_attr=None, data_format="NCHW", name=None):
        super().__init__()
        self._epsilon, self._num_channels, self._num_groups = epsilon, num_channels, num_groups
        self._dtype = _layer_dtype(dtype)
        if data_format not in ("NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC"):
            raise ValueError(f"(GroupNorm) unsupported data layout: {data_format}")
        self._data_format = "NCHW" if data_format[1] == "C" else "NHWC"
        if not affine:
            weight_attr = bias_attr = False
        self._weight_attr, self._bias_attr = weight_attr, bias_attr
        self.weight = self.bias = None
        if weight_attr is not False:
            self.weight = self.create_parameter([num_channels], attr=weight_attr,
                                                dtype=self._dtype,
                                                default_initializer=Constant(1.0))
            self.weight.stop_gradient = _frozen_by_zero_lr(weight_attr)
        if bias_attr is not False:
            self.bias = self.create_parameter([num_channels], attr=bias_attr, dtype=self._dtype,
                                              default_initializer=Constant(0.0), is_bias=True)
            self.bias.stop_gradient = _frozen_by_zero_lr(bias_attr)

    def forward(self, input):  # noqa: A002
        check_channels("GroupNorm", input, self._num_channels, self._data_format,
                       "num_channels")
        return F.group_norm(input, self._num_groups, self._epsilon, self.weight, self.bias,
                            self._data_format)

    def extra_repr(self) -> str:
        return (f"num_groups={self._num_groups}, num_channels={self._num_channels}, "
                f"epsilon={self._epsilon}")


class _InstanceNormBase(Layer):
    """Instance normalization layers; the affine parameters are named `scale` and `bias`."""

    _ranks: tuple = ()
    _expected = ""

    def __init__(self, num_features, epsilon=1e-05, momentum=0.9, weight_attr=None,
                 bias_attr=None, data_format="NCHW", name=None):
        super().__init__()
        if (weight_attr is False) != (bias_attr is False):
            raise ValueError(f"({type(self).__name__}) weight_attr and bias_attr must be set to "
                             "False at the same time in InstanceNorm")
        self._momentum, self._epsilon = momentum, epsilon
        self._weight_attr, self._bias_attr = weight_attr, bias_attr
        self._num_features, self._data_format = num_features, data_format
        self.scale = self.bias = None
        if weight_attr is not False:
            self.scale = self.create_parameter([num_features], attr=weight_attr,
                                               default_initializer=Constant(1.0))
            self.bias = self.create_parameter([num_features], attr=bias_attr,
                                              default_initializer=Constant(0.0), is_bias=True)

    def forward(self, input):  # noqa: A002
        if input.ndim not in self._ranks:
            raise ValueError(f"({type(self).__name__}) expected {self._expected} input (got "
                             f"{input.ndim}D input with shape {list(input.shape)})")
        check_channels(type(self).__name__, input, self._num_features, "NCHW",
                       "num_features")
        return F.instance_norm(input, weight=self.scale, bias=self.bias,
                               momentum=self._momentum, eps=self._epsilon,
                               data_format=self._data_format)

    def extra_repr(self) -> str:
        return f"num_features={self._num_features}, epsilon={self._epsilon}"


class InstanceNorm1D(_InstanceNormBase):
    """Instance normalization of [N, C] or [N, C, L] inputs.

    Example:
        >>> import paddle
        >>> paddle.nn.InstanceNorm1D(3)(paddle.rand([2, 3, 5])).shape
        paddle.Size([2, 3, 5])
    """

    _ranks, _expected = (2, 3), "2D or 3D"

    def __init__(self, num_features, epsilon=1e-05, momentum=0.9, weight_attr=None,
                 bias_attr=None, data_format="NCL", name=None):
        super().__init__(num_features, epsilon, momentum, weight_attr, bias_attr, data_format,
                         name)


class InstanceNorm2D(_InstanceNormBase):
    """Instance normalization of [N, C, H, W] inputs.

    Example:
        >>> import paddle
        >>> paddle.nn.InstanceNorm2D(3)(paddle.rand([2, 3, 4, 4])).shape
        paddle.Size([2, 3, 4, 4])
    """

    _ranks, _expected = (4,), "4D"


class InstanceNorm3D(_InstanceNormBase):
    """Instance normalization of [N, C, D, H, W] inputs.

    Example:
        >>> import paddle
        >>> paddle.nn.InstanceNorm3D(2)(paddle.rand([1, 2, 3, 3, 3])).shape
        paddle.Size([1, 2, 3, 3, 3])
    """

    _ranks, _expected = (5,), "5D"

    def __init__(self, num_features, epsilon=1e-05, momentum=0.9, weight_attr=None,
                 bias_attr=None, data_format="NCDHW", name=None):
        super().__init__(num_features, epsilon, momentum, weight_attr, bias_attr, data_format,
                         name)


class LocalResponseNorm(Layer):
    """Local response normalization across channels (see F.local_response_norm).

    Example:
        >>> import paddle
        >>> paddle.nn.LocalResponseNorm(size=5)(paddle.rand([1, 6, 4, 4])).shape
        paddle.Size([1, 6, 4, 4])
    """

    def __init__(self, size, alpha=0.0001, beta=0.75, k=1.0, data_format="NCHW", name=None):
        super().__init__()
        self.size, self.alpha, self.beta, self.k = size, alpha, beta, k
        self.data_format, self.name = data_format, name

    def forward(self, input):  # noqa: A002
        return F.local_response_norm(input, self.size, self.alpha, self.beta, self.k,
                                     self.data_format, self.name)

    def extra_repr(self) -> str:
        text = f"size={self.size}, alpha={self.alpha}, beta={self.beta}, k={self.k}"
        if self.data_format != "NCHW":
            text += f", data_format={self.data_format}"
        if self.name is not None:
            text += f", name={self.name}"
        return text


class SpectralNorm(Layer):
    """Divides a weight tensor by its largest singular value, estimated by `power_iters` steps
    of power iteration from the (fixed, N(0, 1)-initialised) vectors weight_u and weight_v.
    `dim` is the axis that becomes the rows of the weight matrix.

    The gradient treats u and v as constants (the exact derivative of weight / sigma); Paddle's
    own kernel uses an approximation there, so weight gradients differ from Paddle's.

    Example:
        >>> import paddle
        >>> sn = paddle.nn.SpectralNorm([3, 4], dim=0, power_iters=5)
        >>> sn(paddle.rand([3, 4])).shape
        paddle.Size([3, 4])
    """

    def __init__(self, weight_shape, dim=0, power_iters=1, eps=1e-12, dtype="float32"):
        super().__init__()
        self._power_iters, self._eps, self._dim, self._dtype = power_iters, eps, dim, dtype
        self._weight_shape = list(weight_shape)
        if int(np.prod(self._weight_shape)) <= 0:
            raise ValueError("(SpectralNorm) Any dimension of `weight_shape` cannot be equal to "
                             f"0, but received {self._weight_shape}.")
        if not dim < len(self._weight_shape):
            raise ValueError("(SpectralNorm) The input `dim` should be less than the length of "
                             f"`weight_shape`, but received dim={dim}")
        h = self._weight_shape[dim]
        w = int(np.prod(self._weight_shape)) // h
        for attr, size in (("weight_u", h), ("weight_v", w)):
            vec = self.create_parameter([size], attr=ParamAttr(), dtype=dtype,
                                        default_initializer=Normal(0.0, 1.0))
            vec.stop_gradient = True
            setattr(self, attr, vec)

    def forward(self, x):
        from ..utils.spectral_norm_hook import spectral_normalize
        return spectral_normalize(x, self.weight_u, self.weight_v, self._dim, self._power_iters,
                                  self._eps, update=False)
