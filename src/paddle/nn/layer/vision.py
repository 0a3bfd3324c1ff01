"""Resampling layers: Upsample, UpsamplingNearest2D, UpsamplingBilinear2D, and the block
extraction layers Unfold / Fold."""
from __future__ import annotations

from ..functional.fold import fold, unfold
from ..functional.interpolate import interpolate
from .layers import Layer

__all__ = [
    "Fold",
    "Unfold",
    "Upsample",
    "UpsamplingBilinear2D",
    "UpsamplingBilinear2d",
    "UpsamplingNearest2D",
    "UpsamplingNearest2d",
]


class Upsample(Layer):
    """Resize by `size` or `scale_factor` (see paddle.nn.functional.interpolate).

    Example:
        >>> import paddle
        >>> paddle.nn.Upsample(scale_factor=2, mode="bilinear")(paddle.ones([1, 3, 4, 4])).shape
        paddle.Size([1, 3, 8, 8])
    """

    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=False,
                 align_mode=0, data_format=None, recompute_scale_factor=None, name=None):
        super().__init__()
        self.size, self.scale_factor = size, scale_factor
        self.mode, self.align_corners, self.align_mode = mode.lower(), align_corners, align_mode
        self.data_format, self.recompute_scale_factor = data_format, recompute_scale_factor
        self.name = name

    def forward(self, x):
        if self.data_format is None:  # Paddle fixes the layout from the first input's rank
            self.data_format = {3: "NCW", 4: "NCHW", 5: "NCDHW"}.get(x.ndim)
        return interpolate(x, size=self.size, scale_factor=self.scale_factor, mode=self.mode,
                           align_corners=self.align_corners, align_mode=self.align_mode,
                           data_format=self.data_format,
                           recompute_scale_factor=self.recompute_scale_factor)

    def extra_repr(self) -> str:
        target = (f"scale_factor={self.scale_factor}" if self.scale_factor is not None
                  else f"size={self.size}")
        name = f", name={self.name}" if self.name else ""
        return (f"{target}, mode={self.mode}, align_corners={self.align_corners}, "
                f"align_mode={self.align_mode}, data_format={self.data_format}{name}")


class _Upsampling2D(Layer):
    _mode = "nearest"
    _align_corners = False

    def __init__(self, size=None, scale_factor=None, data_format="NCHW", name=None):
        super().__init__()
        self.size, self.scale_factor = size, scale_factor
        self.data_format, self.name = data_format, name

    def forward(self, x):
        return interpolate(x, size=self.size, scale_factor=self.scale_factor, mode=self._mode,
                           align_corners=self._align_corners, data_format=self.data_format)

    def extra_repr(self) -> str:
        target = (f"scale_factor={self.scale_factor}" if self.scale_factor is not None
                  else f"size={self.size}")
        name = f", name={self.name}" if self.name else ""
        return f"{target}, data_format={self.data_format}{name}"


class UpsamplingNearest2D(_Upsampling2D):
    """Nearest-neighbour resize of 4-D inputs.

    Example:
        >>> import paddle
        >>> paddle.nn.UpsamplingNearest2D(scale_factor=2)(paddle.ones([1, 3, 4, 4])).shape
        paddle.Size([1, 3, 8, 8])
    """


class UpsamplingBilinear2D(_Upsampling2D):
    """Bilinear resize of 4-D inputs with align_corners=True.

    Example:
        >>> import paddle
        >>> paddle.nn.UpsamplingBilinear2D(size=[6, 6])(paddle.ones([1, 3, 4, 4])).shape
        paddle.Size([1, 3, 6, 6])
    """

    _mode = "bilinear"
    _align_corners = True


class Unfold(Layer):
    """Extract sliding blocks into columns (see paddle.nn.functional.unfold).

    Example:
        >>> import paddle
        >>> paddle.nn.Unfold([2, 2])(paddle.ones([1, 3, 4, 4])).shape
        paddle.Size([1, 12, 9])
    """

    def __init__(self, kernel_sizes, dilations=1, paddings=0, strides=1, name=None):
        super().__init__()
        self.kernel_sizes, self.dilations = kernel_sizes, dilations
        self.paddings, self.strides, self.name = paddings, strides, name

    def forward(self, input):
        return unfold(input, self.kernel_sizes, self.strides, self.paddings, self.dilations)

    def extra_repr(self) -> str:
        name = f", name={self.name}" if self.name else ""
        return (f"kernel_size={self.kernel_sizes}, dilation={self.dilations}, "
                f"padding={self.paddings}, stride={self.strides}{name}")


class Fold(Layer):
    """Sum columns back into an image (see paddle.nn.functional.fold).

    Example:
        >>> import paddle
        >>> paddle.nn.Fold([4, 4], [2, 2])(paddle.ones([1, 12, 9])).shape
        paddle.Size([1, 3, 4, 4])
    """

    def __init__(self, output_sizes, kernel_sizes, dilations=1, paddings=0, strides=1,
                 name=None):
        super().__init__()
        self.output_sizes, self.kernel_sizes = output_sizes, kernel_sizes
        self.dilations, self.paddings, self.strides, self.name = dilations, paddings, strides, name

    def forward(self, input):
        return fold(input, self.output_sizes, self.kernel_sizes, self.strides, self.paddings,
                    self.dilations)

    def extra_repr(self) -> str:
        name = f", name={self.name}" if self.name else ""
        return (f"kernel_size={self.kernel_sizes}, dilation={self.dilations}, "
                f"padding={self.paddings}, stride={self.strides}{name}")


UpsamplingNearest2d = UpsamplingNearest2D
UpsamplingBilinear2d = UpsamplingBilinear2D
