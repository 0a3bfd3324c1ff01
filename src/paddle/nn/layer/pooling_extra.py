"""Pooling layers beyond average/max: max unpooling, LP pooling and fractional max pooling."""
from __future__ import annotations

from ..functional import pooling_extra as PX
from .layers import Layer

__all__ = ["FractionalMaxPool2D", "FractionalMaxPool3D", "LPPool1D", "LPPool1d", "LPPool2D",
           "LPPool2d", "MaxUnPool1D", "MaxUnPool2D", "MaxUnPool3D", "MaxUnpool1d",
           "MaxUnpool2d", "MaxUnpool3d"]


class _MaxUnPoolNd(Layer):
    _fn = None

    def __init__(self, kernel_size, stride=None, padding=0, data_format=None, output_size=None,
                 name=None):
        super().__init__()
        self.ksize, self.stride, self.padding = kernel_size, stride, padding
        self.data_format, self.output_size, self.name = data_format, output_size, name

    def forward(self, x, indices):
        return type(self)._fn(x, indices, self.ksize, self.stride, self.padding,
                              self.data_format, self.output_size)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class MaxUnPool1D(_MaxUnPoolNd):
    """Inverse of MaxPool1D given its mask (see paddle.nn.functional.max_unpool1d).

    Example:
        >>> import paddle
        >>> out, mask = paddle.nn.functional.max_pool1d(paddle.rand([1, 1, 6]), 2,
        ...                                             return_mask=True)
        >>> paddle.nn.MaxUnPool1D(2)(out, mask).shape
        paddle.Size([1, 1, 6])
    """

    _fn = staticmethod(PX.max_unpool1d)

    def __init__(self, kernel_size, stride=None, padding=0, data_format="NCL",
                 output_size=None, name=None):
        super().__init__(kernel_size, stride, padding, data_format, output_size, name)


class MaxUnPool2D(_MaxUnPoolNd):
    """Inverse of MaxPool2D given its mask (see paddle.nn.functional.max_unpool2d).

    Example:
        >>> import paddle
        >>> out, mask = paddle.nn.functional.max_pool2d(paddle.rand([1, 1, 4, 4]), 2,
        ...                                             return_mask=True)
        >>> paddle.nn.MaxUnPool2D(2)(out, mask).shape
        paddle.Size([1, 1, 4, 4])
    """

    _fn = staticmethod(PX.max_unpool2d)

    def __init__(self, kernel_size, stride=None, padding=0, data_format="NCHW",
                 output_size=None, name=None):
        super().__init__(kernel_size, stride, padding, data_format, output_size, name)


class MaxUnPool3D(_MaxUnPoolNd):
    """Inverse of MaxPool3D given its mask (see paddle.nn.functional.max_unpool3d).

    Example:
        >>> import paddle
        >>> out, mask = paddle.nn.functional.max_pool3d(paddle.rand([1, 1, 4, 4, 4]), 2,
        ...                                             return_mask=True)
        >>> paddle.nn.MaxUnPool3D(2)(out, mask).shape
        paddle.Size([1, 1, 4, 4, 4])
    """

    _fn = staticmethod(PX.max_unpool3d)

    def __init__(self, kernel_size, stride=None, padding=0, data_format="NCDHW",
                 output_size=None, name=None):
        super().__init__(kernel_size, stride, padding, data_format, output_size, name)


class _LPPoolNd(Layer):
    _fn = None

    def forward(self, x):
        return type(self)._fn(x, self.norm_type, self.ksize, self.stride, self.padding,
                              self.ceil_mode, self.data_format)

    def extra_repr(self) -> str:
        return (f"norm_type={self.norm_type}, kernel_size={self.ksize}, stride={self.stride}, "
                f"padding={self.padding}")


class LPPool1D(_LPPoolNd):
    """Power-average pooling over [N, C, L] (see paddle.nn.functional.lp_pool1d).

    Example:
        >>> import paddle
        >>> paddle.nn.LPPool1D(2, 2)(paddle.ones([1, 3, 8])).shape
        paddle.Size([1, 3, 4])
    """

    _fn = staticmethod(PX.lp_pool1d)

    def __init__(self, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False,
                 data_format="NCL", name=None):
        super().__init__()
        self.norm_type, self.ksize, self.stride = float(norm_type), kernel_size, stride
        self.padding, self.ceil_mode = padding, ceil_mode
        self.data_format, self.name = data_format, name


class LPPool2D(_LPPoolNd):
    """Power-average pooling over [N, C, H, W] (see paddle.nn.functional.lp_pool2d).

    Example:
        >>> import paddle
        >>> paddle.nn.LPPool2D(2, 2)(paddle.ones([1, 3, 8, 8])).shape
        paddle.Size([1, 3, 4, 4])
    """

    _fn = staticmethod(PX.lp_pool2d)

    def __init__(self, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False,
                 data_format="NCHW", name=None):
        super().__init__()
        self.norm_type, self.ksize = float(norm_type), kernel_size
        self.stride = kernel_size if stride is None else stride
        self.padding, self.ceil_mode = padding, ceil_mode
        self.data_format, self.name = data_format, name


class _FractionalMaxPoolNd(Layer):
    _fn = None

    def __init__(self, output_size, kernel_size=None, random_u=None, return_mask=False,
                 name=None):
        super().__init__()
        self._output_size, self._kernel_size = output_size, kernel_size
        self._random_u, self._return_mask, self._name = random_u, return_mask, name

    def forward(self, x):
        return type(self)._fn(x, self._output_size, self._kernel_size, self._random_u,
                              self._return_mask)

    def extra_repr(self) -> str:
        return f"output_size={self._output_size}, return_mask={self._return_mask}"


class FractionalMaxPool2D(_FractionalMaxPoolNd):
    """Fractional max pooling over [N, C, H, W] (see
    paddle.nn.functional.fractional_max_pool2d).

    Example:
        >>> import paddle
        >>> paddle.nn.FractionalMaxPool2D(3, random_u=0.3)(paddle.rand([1, 2, 7, 7])).shape
        paddle.Size([1, 2, 3, 3])
    """

    _fn = staticmethod(PX.fractional_max_pool2d)


class FractionalMaxPool3D(_FractionalMaxPoolNd):
    """Fractional max pooling over [N, C, D, H, W] (see
    paddle.nn.functional.fractional_max_pool3d).

    Example:
        >>> import paddle
        >>> paddle.nn.FractionalMaxPool3D(2, random_u=0.5)(paddle.rand([1, 2, 5, 5, 5])).shape
        paddle.Size([1, 2, 2, 2, 2])
    """

    _fn = staticmethod(PX.fractional_max_pool3d)


MaxUnpool1d = MaxUnPool1D
MaxUnpool2d = MaxUnPool2D
MaxUnpool3d = MaxUnPool3D
LPPool1d = LPPool1D
LPPool2d = LPPool2D
