"""ConvNormActivation: the Conv2D → norm → activation block the vision models are built from."""
from __future__ import annotations

from ... import nn


class ConvNormActivation(nn.Sequential):
    """Conv2D followed by an optional norm layer and an optional activation, as a Sequential
    (sublayers "0", "1", "2", so checkpoints name them like Paddle's).

    The padding defaults to "same" for odd kernels ((kernel_size - 1) // 2 * dilation) and the
    convolution has a bias only when there is no norm layer (unless `bias` says otherwise).

    Example:
        >>> import paddle
        >>> from paddle.vision.ops import ConvNormActivation
        >>> block = ConvNormActivation(3, 8, kernel_size=3, stride=2)
        >>> block(paddle.ones([1, 3, 8, 8])).shape
        paddle.Size([1, 8, 4, 4])
    """

    def __init__(self, in_channels, out_channels, kernel_size=3, stride=1, padding=None,
                 groups=1, norm_layer=nn.BatchNorm2D, activation_layer=nn.ReLU, dilation=1,
                 bias=None):
        if padding is None:
            padding = (kernel_size - 1) // 2 * dilation
        if bias is None:
            bias = norm_layer is None
        layers = [nn.Conv2D(in_channels, out_channels, kernel_size, stride, padding,
                            dilation=dilation, groups=groups, bias_attr=None if bias else False)]
        if norm_layer is not None:
            layers.append(norm_layer(out_channels))
        if activation_layer is not None:
            layers.append(activation_layer())
        super().__init__(*layers)
