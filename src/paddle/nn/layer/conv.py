"""Convolution layers: Conv1D/2D/3D and Conv1DTranspose/2D/3D (with the torch-style *d aliases).

Weights are [out_channels, in_channels/groups, *kernel] for convolutions and
[in_channels, out_channels/groups, *kernel] for transposed ones. Paddle's default weight init
is N(0, 2 / (in_channels * prod(kernel))) for convolutions and Xavier-uniform for transposed
convolutions; biases start at zero."""
from __future__ import annotations

import math

from ...tensor.manip_pad import pad as _pad
from ..functional._args import int_tuple
from ..functional.conv import (
    conv1d,
    conv1d_transpose,
    conv2d,
    conv2d_transpose,
    conv3d,
    conv3d_transpose,
)
from ..initializer import Normal
from ._input_checks import check_channels
from .layers import Layer

__all__ = [
    "Conv1D",
    "Conv1DTranspose",
    "Conv1d",
    "Conv2D",
    "Conv2DTranspose",
    "Conv2d",
    "Conv3D",
    "Conv3DTranspose",
    "Conv3d",
]

_PADDING_MODES = ("zeros", "reflect", "replicate", "circular")
# Any layout passes construction; the functional rejects one that does not fit the rank.
_FORMATS = ("NCL", "NLC", "NCHW", "NHWC", "NCDHW", "NDHWC")


class _ConvNd(Layer):
    """Shared construction: argument checks, parameters and the repr."""

    _nd = 2
    _transposed = False

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 padding_mode="zeros", output_padding=0, dilation=1, groups=1,
                 weight_attr=None, bias_attr=None, data_format="NCHW", dtype=None):
        super().__init__()
        name = type(self).__name__
        if weight_attr is False:
            raise AssertionError(f"{name}: weight_attr should not be False in Conv.")
        if padding_mode not in _PADDING_MODES:
            raise ValueError(f"{name}: padding_mode must be one of {set(_PADDING_MODES)}, but "
                             f"got padding_mode='{padding_mode}'")
        if padding_mode != "zeros" and not isinstance(padding, int):
            raise TypeError(f"{name}: when padding_mode in ['reflect', 'replicate', "
                            f"'circular'], type of padding must be int")
        nd = self._nd
        if data_format not in _FORMATS:
            raise ValueError(f"{name}: data_format must be one of {set(_FORMATS)}, but got "
                             f"data_format='{data_format}'")
        if not self._transposed and in_channels % groups:
            raise ValueError(f"{name}: in_channels ({in_channels}) must be divisible by groups "
                             f"({groups}).")
        self._in_channels, self._out_channels = in_channels, out_channels
        self._groups = groups
        self._data_format = data_format
        self._padding, self._padding_mode = padding, padding_mode
        self.output_padding = output_padding
        self._stride = list(int_tuple(stride, nd, name, "stride"))
        self._dilation = list(int_tuple(dilation, nd, name, "dilation"))
        self._kernel_size = list(int_tuple(kernel_size, nd, name, "kernel_size"))
        self._param_attr, self._bias_attr = weight_attr, bias_attr
        self._dtype = dtype or _default_dtype()
        self._create_parameters(in_channels, out_channels, groups, weight_attr, bias_attr)

    def _create_parameters(self, in_channels, out_channels, groups, weight_attr, bias_attr):
        if self._transposed:
            shape = [in_channels, out_channels // groups] + self._kernel_size
            default = None
        else:
            shape = [out_channels, in_channels // groups] + self._kernel_size
            std = math.sqrt(2.0 / (math.prod(self._kernel_size) * in_channels))
            default = Normal(0.0, std)
        self.weight = self.create_parameter(shape, attr=weight_attr, dtype=self._dtype,
                                            default_initializer=default)
        self.bias = self.create_parameter([out_channels], attr=bias_attr, dtype=self._dtype,
                                          is_bias=True)

    def _padded(self, x):
        """Non-zero padding modes pad explicitly first, then convolve without padding."""
        if self._padding_mode == "zeros":
            return x, self._padding
        amounts = [self._padding] * (2 * self._nd)
        return _pad(x, amounts, mode=self._padding_mode, data_format=self._data_format), 0

    def extra_repr(self) -> str:
        parts = [f"{self._in_channels}, {self._out_channels}, kernel_size={self._kernel_size}"]
        if self._stride != [1] * self._nd:
            parts.append(f"stride={self._stride}")
        if self._padding != 0:
            parts.append(f"padding={self._padding}")
        if self._padding_mode != "zeros":
            parts.append(f"padding_mode={self._padding_mode}")
        if self.output_padding != 0:
            parts.append(f"output_padding={self.output_padding}")
        if self._dilation != [1] * self._nd:
            parts.append(f"dilation={self._dilation}")
        if self._groups != 1:
            parts.append(f"groups={self._groups}")
        parts.append(f"data_format={self._data_format}")
        return ", ".join(parts)


def _default_dtype() -> str:
    from ..._core.dtype import get_default_dtype
    return get_default_dtype()


class _Conv(_ConvNd):
    """Forward convolutions: an explicit pad first for non-zero padding modes."""

    _functional = None

    def _setup(self, in_channels, out_channels, kernel_size, stride, padding, dilation, groups,
               bias, padding_mode, dtype, weight_attr, bias_attr, data_format):
        _ConvNd.__init__(self, in_channels, out_channels, kernel_size, stride=stride,
                         padding=padding, padding_mode=padding_mode, dilation=dilation,
                         groups=groups, weight_attr=weight_attr,
                         bias_attr=False if bias is False else bias_attr,
                         data_format=data_format, dtype=dtype)

    def forward(self, x):
        check_channels(type(self).__name__, x, self._in_channels, self._data_format,
                       "in_channels", self._nd + 2)
        x, padding = self._padded(x)
        return type(self)._functional(x, self.weight, bias=self.bias, stride=self._stride,
                                      padding=padding, dilation=self._dilation,
                                      groups=self._groups, data_format=self._data_format)


class Conv1D(_Conv):
    """1-D convolution over [N, C, L] (or NLC) inputs.

    Example:
        >>> import paddle
        >>> conv = paddle.nn.Conv1D(2, 4, 3, padding=1)
        >>> conv(paddle.ones([1, 2, 8])).shape
        paddle.Size([1, 4, 8])
    """

    _nd = 1
    _functional = staticmethod(conv1d)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, *, bias=True, padding_mode="zeros", device=None, dtype=None,
                 weight_attr=None, bias_attr=None, data_format="NCL"):
        self._setup(in_channels, out_channels, kernel_size, stride, padding, dilation, groups,
                    bias, padding_mode, dtype, weight_attr, bias_attr, data_format)


class Conv2D(_Conv):
    """2-D convolution over [N, C, H, W] (or NHWC) inputs.

    Example:
        >>> import paddle
        >>> conv = paddle.nn.Conv2D(3, 6, 3, stride=2, padding=1)
        >>> conv(paddle.ones([2, 3, 8, 8])).shape
        paddle.Size([2, 6, 4, 4])
    """

    _nd = 2
    _functional = staticmethod(conv2d)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, *, bias=True, padding_mode="zeros", device=None, dtype=None,
                 weight_attr=None, bias_attr=None, data_format="NCHW"):
        self._setup(in_channels, out_channels, kernel_size, stride, padding, dilation, groups,
                    bias, padding_mode, dtype, weight_attr, bias_attr, data_format)


class Conv3D(_Conv):
    """3-D convolution over [N, C, D, H, W] (or NDHWC) inputs.

    Example:
        >>> import paddle
        >>> conv = paddle.nn.Conv3D(2, 4, 3)
        >>> conv(paddle.ones([1, 2, 5, 5, 5])).shape
        paddle.Size([1, 4, 3, 3, 3])
    """

    _nd = 3
    _functional = staticmethod(conv3d)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, *, bias=True, padding_mode="zeros", device=None, dtype=None,
                 weight_attr=None, bias_attr=None, data_format="NCDHW"):
        self._setup(in_channels, out_channels, kernel_size, stride, padding, dilation, groups,
                    bias, padding_mode, dtype, weight_attr, bias_attr, data_format)


class _ConvTranspose(_ConvNd):
    """Transposed convolutions; `forward(x, output_size)` may request an exact output size."""

    _transposed = True
    _functional = None

    def forward(self, x, output_size=None):
        check_channels(type(self).__name__, x, self._in_channels, self._data_format,
                       "in_channels", self._nd + 2)
        output_padding = self.output_padding if output_size is None else 0
        return type(self)._functional(x, self.weight, bias=self.bias, stride=self._stride,
                                      padding=self._padding, output_padding=output_padding,
                                      groups=self._groups, dilation=self._dilation,
                                      output_size=output_size, data_format=self._data_format)


class Conv1DTranspose(_ConvTranspose):
    """1-D transposed convolution; weight [in_channels, out_channels/groups, k].

    Example:
        >>> import paddle
        >>> up = paddle.nn.Conv1DTranspose(2, 4, 3, stride=2)
        >>> up(paddle.ones([1, 2, 5])).shape
        paddle.Size([1, 4, 11])
    """

    _nd = 1
    _functional = staticmethod(conv1d_transpose)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, groups=1, dilation=1, weight_attr=None, bias_attr=None,
                 data_format="NCL"):
        super().__init__(in_channels, out_channels, kernel_size, stride=stride, padding=padding,
                         output_padding=output_padding, dilation=dilation, groups=groups,
                         weight_attr=weight_attr, bias_attr=bias_attr, data_format=data_format)


class Conv2DTranspose(_ConvTranspose):
    """2-D transposed convolution; weight [in_channels, out_channels/groups, kh, kw].

    Example:
        >>> import paddle
        >>> up = paddle.nn.Conv2DTranspose(4, 2, 2, stride=2)
        >>> up(paddle.ones([1, 4, 3, 3])).shape
        paddle.Size([1, 2, 6, 6])
    """

    _nd = 2
    _functional = staticmethod(conv2d_transpose)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, dilation=1, groups=1, weight_attr=None, bias_attr=None,
                 data_format="NCHW"):
        super().__init__(in_channels, out_channels, kernel_size, stride=stride, padding=padding,
                         output_padding=output_padding, dilation=dilation, groups=groups,
                         weight_attr=weight_attr, bias_attr=bias_attr, data_format=data_format)


class Conv3DTranspose(_ConvTranspose):
    """3-D transposed convolution; weight [in_channels, out_channels/groups, kd, kh, kw].

    Example:
        >>> import paddle
        >>> up = paddle.nn.Conv3DTranspose(2, 2, 2, stride=2)
        >>> up(paddle.ones([1, 2, 2, 2, 2])).shape
        paddle.Size([1, 2, 4, 4, 4])
    """

    _nd = 3
    _functional = staticmethod(conv3d_transpose)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, dilation=1, groups=1, weight_attr=None, bias_attr=None,
                 data_format="NCDHW"):
        super().__init__(in_channels, out_channels, kernel_size, stride=stride, padding=padding,
                         output_padding=output_padding, dilation=dilation, groups=groups,
                         weight_attr=weight_attr, bias_attr=bias_attr, data_format=data_format)


Conv1d = Conv1D
Conv2d = Conv2D
Conv3d = Conv3D
