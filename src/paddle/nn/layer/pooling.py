"""Pooling layers: thin holders of the pooling arguments around paddle.nn.functional."""
from __future__ import annotations

from ..functional import pooling as P
from .layers import Layer

__all__ = [
    "AdaptiveAvgPool1D",
    "AdaptiveAvgPool1d",
    "AdaptiveAvgPool2D",
    "AdaptiveAvgPool2d",
    "AdaptiveAvgPool3D",
    "AdaptiveAvgPool3d",
    "AdaptiveMaxPool1D",
    "AdaptiveMaxPool1d",
    "AdaptiveMaxPool2D",
    "AdaptiveMaxPool2d",
    "AdaptiveMaxPool3D",
    "AdaptiveMaxPool3d",
    "AvgPool1D",
    "AvgPool2D",
    "AvgPool3D",
    "MaxPool1D",
    "MaxPool2D",
    "MaxPool3D",
]


class _Window(Layer):
    """kernel_size / stride / padding holders; the repr is Paddle's."""

    def extra_repr(self) -> str:
        return f"kernel_size={self.ksize}, stride={self.stride}, padding={self.padding}"


class AvgPool1D(_Window):
    """Average pooling over [N, C, L] (see paddle.nn.functional.avg_pool1d).

    Example:
        >>> import paddle
        >>> paddle.nn.AvgPool1D(2)(paddle.ones([1, 3, 8])).shape
        paddle.Size([1, 3, 4])
    """

    def __init__(self, kernel_size, stride=None, padding=0, exclusive=True, ceil_mode=False,
                 name=None):
        super().__init__()
        self.ksize, self.stride, self.padding = kernel_size, stride, padding
        self.exclusive, self.ceil_mode, self.name = exclusive, ceil_mode, name

    def forward(self, x):
        return P.avg_pool1d(x, self.ksize, self.stride, self.padding, self.exclusive,
                            self.ceil_mode)


class _AvgPoolNd(_Window):
    _fn = None

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
                 divisor_override=None, data_format=None, name=None):
        super().__init__()
        self.ksize, self.stride, self.padding = kernel_size, stride, padding
        self.ceil_mode, self.exclusive = ceil_mode, exclusive
        self.divisor = divisor_override
        self.data_format, self.name = data_format, name

    def forward(self, x):
        return type(self)._fn(x, self.ksize, self.stride, self.padding, self.ceil_mode,
                              self.exclusive, self.divisor, self.data_format)


class AvgPool2D(_AvgPoolNd):
    """Average pooling over [N, C, H, W] (see paddle.nn.functional.avg_pool2d).

    Example:
        >>> import paddle
        >>> paddle.nn.AvgPool2D(2, 2)(paddle.ones([1, 3, 8, 8])).shape
        paddle.Size([1, 3, 4, 4])
    """

    _fn = staticmethod(P.avg_pool2d)

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
                 divisor_override=None, data_format="NCHW", name=None):
        super().__init__(kernel_size, stride, padding, ceil_mode, exclusive, divisor_override,
                         data_format, name)


class AvgPool3D(_AvgPoolNd):
    """Average pooling over [N, C, D, H, W] (see paddle.nn.functional.avg_pool3d).

    Example:
        >>> import paddle
        >>> paddle.nn.AvgPool3D(2)(paddle.ones([1, 2, 4, 4, 4])).shape
        paddle.Size([1, 2, 2, 2, 2])
    """

    _fn = staticmethod(P.avg_pool3d)

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
                 divisor_override=None, data_format="NCDHW", name=None):
        super().__init__(kernel_size, stride, padding, ceil_mode, exclusive, divisor_override,
                         data_format, name)


class MaxPool1D(_Window):
    """Max pooling over [N, C, L] (see paddle.nn.functional.max_pool1d).

    Example:
        >>> import paddle
        >>> paddle.nn.MaxPool1D(2)(paddle.ones([1, 3, 8])).shape
        paddle.Size([1, 3, 4])
    """

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False,
                 ceil_mode=False, name=None):
        super().__init__()
        self.ksize, self.stride, self.padding = kernel_size, stride, padding
        self.return_mask, self.ceil_mode, self.name = return_mask, ceil_mode, name

    def forward(self, x):
        return P.max_pool1d(x, self.ksize, self.stride, self.padding, self.return_mask,
                            self.ceil_mode)


class _MaxPoolNd(_Window):
    _fn = None

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False,
                 ceil_mode=False, data_format=None, name=None):
        super().__init__()
        self.ksize, self.stride, self.padding = kernel_size, stride, padding
        self.return_mask, self.ceil_mode = return_mask, ceil_mode
        self.data_format, self.name = data_format, name

    def forward(self, x):
        return type(self)._fn(x, self.ksize, self.stride, self.padding, self.return_mask,
                              self.ceil_mode, self.data_format)


class MaxPool2D(_MaxPoolNd):
    """Max pooling over [N, C, H, W] (see paddle.nn.functional.max_pool2d).

    Example:
        >>> import paddle
        >>> paddle.nn.MaxPool2D(3, 2, 1)(paddle.ones([1, 3, 8, 8])).shape
        paddle.Size([1, 3, 4, 4])
    """

    _fn = staticmethod(P.max_pool2d)

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False,
                 ceil_mode=False, data_format="NCHW", name=None):
        super().__init__(kernel_size, stride, padding, return_mask, ceil_mode, data_format,
                         name)


class MaxPool3D(_MaxPoolNd):
    """Max pooling over [N, C, D, H, W] (see paddle.nn.functional.max_pool3d).

    Example:
        >>> import paddle
        >>> paddle.nn.MaxPool3D(2)(paddle.ones([1, 2, 4, 4, 4])).shape
        paddle.Size([1, 2, 2, 2, 2])
    """

    _fn = staticmethod(P.max_pool3d)

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False,
                 ceil_mode=False, data_format="NCDHW", name=None):
        super().__init__(kernel_size, stride, padding, return_mask, ceil_mode, data_format,
                         name)


# ---- adaptive ----------------------------------------------------------------------------------

class AdaptiveAvgPool1D(Layer):
    """Adaptive average pooling over [N, C, L].

    Example:
        >>> import paddle
        >>> paddle.nn.AdaptiveAvgPool1D(4)(paddle.ones([1, 3, 10])).shape
        paddle.Size([1, 3, 4])
    """

    def __init__(self, output_size, name=None):
        super().__init__()
        self.output_size, self.name = output_size, name

    def forward(self, input):
        return P.adaptive_avg_pool1d(input, self.output_size)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class _AdaptiveAvgNd(Layer):
    _fn = None

    def __init__(self, output_size, data_format, name):
        super().__init__()
        self._output_size, self._data_format, self.name = output_size, data_format, name

    def forward(self, x):
        return type(self)._fn(x, self._output_size, self._data_format)

    def extra_repr(self) -> str:
        return f"output_size={self._output_size}"


class AdaptiveAvgPool2D(_AdaptiveAvgNd):
    """Adaptive average pooling over [N, C, H, W] (or NHWC).

    Example:
        >>> import paddle
        >>> paddle.nn.AdaptiveAvgPool2D(1)(paddle.ones([2, 3, 7, 7])).shape
        paddle.Size([2, 3, 1, 1])
    """

    _fn = staticmethod(P.adaptive_avg_pool2d)

    def __init__(self, output_size, data_format="NCHW", name=None):
        super().__init__(output_size, data_format, name)


class AdaptiveAvgPool3D(_AdaptiveAvgNd):
    """Adaptive average pooling over [N, C, D, H, W] (or NDHWC).

    Example:
        >>> import paddle
        >>> paddle.nn.AdaptiveAvgPool3D(2)(paddle.ones([1, 2, 4, 4, 4])).shape
        paddle.Size([1, 2, 2, 2, 2])
    """

    _fn = staticmethod(P.adaptive_avg_pool3d)

    def __init__(self, output_size, data_format="NCDHW", name=None):
        super().__init__(output_size, data_format, name)


class _AdaptiveMaxNd(Layer):
    _fn = None

    def __init__(self, output_size, return_mask=False, name=None):
        super().__init__()
        self._output_size, self._return_mask, self.name = output_size, return_mask, name

    def forward(self, x):
        return type(self)._fn(x, self._output_size, self._return_mask)

    def extra_repr(self) -> str:
        return f"output_size={self._output_size}, return_mask={self._return_mask}"


class AdaptiveMaxPool1D(_AdaptiveMaxNd):
    """Adaptive max pooling over [N, C, L].

    Example:
        >>> import paddle
        >>> paddle.nn.AdaptiveMaxPool1D(4)(paddle.ones([1, 3, 10])).shape
        paddle.Size([1, 3, 4])
    """

    _fn = staticmethod(P.adaptive_max_pool1d)


class AdaptiveMaxPool2D(_AdaptiveMaxNd):
    """Adaptive max pooling over [N, C, H, W].

    Example:
        >>> import paddle
        >>> paddle.nn.AdaptiveMaxPool2D(2)(paddle.ones([1, 3, 6, 6])).shape
        paddle.Size([1, 3, 2, 2])
    """

    _fn = staticmethod(P.adaptive_max_pool2d)


class AdaptiveMaxPool3D(_AdaptiveMaxNd):
    """Adaptive max pooling over [N, C, D, H, W].

    Example:
        >>> import paddle
        >>> paddle.nn.AdaptiveMaxPool3D(2)(paddle.ones([1, 2, 4, 4, 4])).shape
        paddle.Size([1, 2, 2, 2, 2])
    """

    _fn = staticmethod(P.adaptive_max_pool3d)


AdaptiveAvgPool1d = AdaptiveAvgPool1D
AdaptiveAvgPool2d = AdaptiveAvgPool2D
AdaptiveAvgPool3d = AdaptiveAvgPool3D
AdaptiveMaxPool1d = AdaptiveMaxPool1D
AdaptiveMaxPool2d = AdaptiveMaxPool2D
AdaptiveMaxPool3d = AdaptiveMaxPool3D
