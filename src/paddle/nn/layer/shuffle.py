"""Layers rearranging image channels: PixelShuffle, PixelUnshuffle and ChannelShuffle."""
from __future__ import annotations

from .. import functional as F
from .layers import Layer


class _Rearrange(Layer):
    """Shared checks and repr: an int factor, a layout ('NCHW' or 'NHWC') and a name."""

    _function = None
    _factor_name = ""

    def __init__(self, factor, data_format="NCHW", name=None):
        super().__init__()
        self._check(factor, data_format)
        self._factor, self._data_format, self._name = factor, data_format, name

    def _check(self, factor, data_format):
        label = type(self).__name__
        if not isinstance(factor, int):
            raise TypeError(f"({label}) {self._factor_name} must be int type, but received "
                            f"{type(factor).__name__}.")
        if factor <= 0:
            raise ValueError(f"({label}) {self._factor_name} must be positive, but received "
                             f"{factor}.")
        if data_format not in ("NCHW", "NHWC"):
            raise ValueError(f"({label}) Data format should be 'NCHW' or 'NHWC'. But receive "
                             f"data format: {data_format}")

    def forward(self, x):
        return type(self)._function(x, self._factor, self._data_format, self._name)

    def extra_repr(self) -> str:
        text = f"{self._factor_name}={self._factor}"
        if self._data_format != "NCHW":
            text += f", data_format={self._data_format}"
        return text if self._name is None else f"{text}, name={self._name}"


class PixelShuffle(_Rearrange):
    """[N, C*r*r, H, W] -> [N, C, H*r, W*r] with r = upscale_factor.

    Example:
        >>> import paddle
        >>> paddle.nn.PixelShuffle(2)(paddle.ones([1, 8, 2, 2])).shape
        paddle.Size([1, 2, 4, 4])
    """
    _function = staticmethod(F.pixel_shuffle)
    _factor_name = "upscale_factor"

    def __init__(self, upscale_factor, data_format="NCHW", name=None):
        super().__init__(upscale_factor, data_format, name)


class PixelUnshuffle(_Rearrange):
    """[N, C, H*r, W*r] -> [N, C*r*r, H, W] with r = downscale_factor."""
    _function = staticmethod(F.pixel_unshuffle)
    _factor_name = "downscale_factor"

    def __init__(self, downscale_factor, data_format="NCHW", name=None):
        super().__init__(downscale_factor, data_format, name)


class ChannelShuffle(_Rearrange):
    """Interleave `groups` groups of channels."""
    _function = staticmethod(F.channel_shuffle)
    _factor_name = "groups"

    def __init__(self, groups, data_format="NCHW", name=None):
        super().__init__(groups, data_format, name)


__all__ = ["PixelShuffle", "PixelUnshuffle", "ChannelShuffle"]
