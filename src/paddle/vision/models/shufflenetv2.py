"""ShuffleNetV2 at widths x0.25 … x2.0, with ReLU or swish activations."""
from __future__ import annotations

from ... import concat, flatten, nn, reshape, split, transpose
from ..ops import ConvNormActivation
from ._utils import load_pretrained

__all__ = [
    "ShuffleNetV2",
    "shufflenet_v2_swish",
    "shufflenet_v2_x0_5",
    "shufflenet_v2_x0_25",
    "shufflenet_v2_x0_33",
    "shufflenet_v2_x1_0",
    "shufflenet_v2_x1_5",
    "shufflenet_v2_x2_0",
]

_HAPI = "https://paddle-hapi.bj.bcebos.com/models/"
model_urls = {name: (_HAPI + name + ".pdparams", md5) for name, md5 in [
    ("shufflenet_v2_x0_25", "1e509b4c140eeb096bb16e214796d03b"),
    ("shufflenet_v2_x0_33", "3d7b3ab0eaa5c0927ff1026d31b729bd"),
    ("shufflenet_v2_x0_5", "5e5cee182a7793c4e4c73949b1a71bd4"),
    ("shufflenet_v2_x1_0", "122d42478b9e81eb49f8a9ede327b1a4"),
    ("shufflenet_v2_x1_5", "faced5827380d73531d0ee027c67826d"),
    ("shufflenet_v2_x2_0", "cd3dddcd8305e7bcd8ad14d1c69a5784"),
    ("shufflenet_v2_swish", "adde0aa3b023e5b0c94a68be1c394b84"),
]}

# output channels of conv1, the three stages and the last conv, per width multiplier
_STAGE_OUT_CHANNELS = {0.25: [24, 24, 48, 96, 512], 0.33: [24, 32, 64, 128, 512],
                       0.5: [24, 48, 96, 192, 1024], 1.0: [24, 116, 232, 464, 1024],
                       1.5: [24, 176, 352, 704, 1024], 2.0: [24, 224, 488, 976, 2048]}
_STAGE_REPEATS = [4, 8, 4]


def create_activation_layer(act):
    """The activation class for 'relu', 'swish' or None."""
    layers = {"swish": nn.Swish, "relu": nn.ReLU, None: None}
    if act not in layers:
        raise RuntimeError(f"The activation function is not supported: {act}")
    return layers[act]


def channel_shuffle(x, groups):
    """Interleave the channels of `groups` equal channel groups."""
    batch_size, num_channels, height, width = x.shape[0:4]
    x = reshape(x, shape=[batch_size, groups, num_channels // groups, height, width])
    x = transpose(x, perm=[0, 2, 1, 3, 4])
    return reshape(x, shape=[batch_size, num_channels, height, width])


def _pointwise(cin, cout, act):
    return ConvNormActivation(cin, cout, kernel_size=1, stride=1, padding=0, groups=1,
                              activation_layer=act)


def _depthwise(channels, stride):
    return ConvNormActivation(channels, channels, kernel_size=3, stride=stride, padding=1,
                              groups=channels, activation_layer=None)


class InvertedResidual(nn.Layer):
    """Stride-1 unit: half the channels pass through, the other half is transformed."""

    def __init__(self, in_channels, out_channels, stride, activation_layer=nn.ReLU):
        super().__init__()
        half = out_channels // 2
        self._conv_pw = _pointwise(in_channels // 2, half, activation_layer)
        self._conv_dw = _depthwise(half, stride)
        self._conv_linear = _pointwise(half, half, activation_layer)

    def forward(self, inputs):
        half = inputs.shape[1] // 2
        x1, x2 = split(inputs, num_or_sections=[half, half], axis=1)
        x2 = self._conv_linear(self._conv_dw(self._conv_pw(x2)))
        return channel_shuffle(concat([x1, x2], axis=1), 2)


class InvertedResidualDS(nn.Layer):
    """Down-sampling unit: both branches are transformed with stride 2."""

    def __init__(self, in_channels, out_channels, stride, activation_layer=nn.ReLU):
        super().__init__()
        half = out_channels // 2
        self._conv_dw_1 = _depthwise(in_channels, stride)
        self._conv_linear_1 = _pointwise(in_channels, half, activation_layer)
        self._conv_pw_2 = _pointwise(in_channels, half, activation_layer)
        self._conv_dw_2 = _depthwise(half, stride)
        self._conv_linear_2 = _pointwise(half, half, activation_layer)

    def forward(self, inputs):
        x1 = self._conv_linear_1(self._conv_dw_1(inputs))
        x2 = self._conv_linear_2(self._conv_dw_2(self._conv_pw_2(inputs)))
        return channel_shuffle(concat([x1, x2], axis=1), 2)


class ShuffleNetV2(nn.Layer):
    """ShuffleNetV2 from "ShuffleNet V2: Practical Guidelines for Efficient CNN Architecture
    Design".

    Args:
        scale (float): width multiplier: 0.25, 0.33, 0.5, 1.0, 1.5 or 2.0.
        act (str): "relu" or "swish".
        num_classes (int): size of the last fc layer; <= 0 leaves the classifier out.
        with_pool (bool): apply the global average pool.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import ShuffleNetV2
        >>> ShuffleNetV2(scale=0.25, num_classes=10)(paddle.rand([1, 3, 32, 32])).shape
        paddle.Size([1, 10])
    """

    def __init__(self, scale=1.0, act="relu", num_classes=1000, with_pool=True):
        super().__init__()
        self.scale = scale
        self.num_classes = num_classes
        self.with_pool = with_pool
        activation_layer = create_activation_layer(act)
        if scale not in _STAGE_OUT_CHANNELS:
            raise NotImplementedError(f"This scale size:[{scale}] is not implemented!")
        channels = _STAGE_OUT_CHANNELS[scale]
        self._conv1 = ConvNormActivation(3, channels[0], kernel_size=3, stride=2, padding=1,
                                         activation_layer=activation_layer)
        self._max_pool = nn.MaxPool2D(kernel_size=3, stride=2, padding=1)
        self._block_list = []
        for stage_id, num_repeat in enumerate(_STAGE_REPEATS):
            cin, cout = channels[stage_id], channels[stage_id + 1]
            for i in range(num_repeat):
                if i == 0:
                    block = InvertedResidualDS(cin, cout, 2, activation_layer)
                else:
                    block = InvertedResidual(cout, cout, 1, activation_layer)
                self._block_list.append(self.add_sublayer(f"{stage_id + 2}_{i + 1}", block))
        self._last_conv = _pointwise(channels[-2], channels[-1], activation_layer)
        if with_pool:
            self._pool2d_avg = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self._out_c = channels[-1]
            self._fc = nn.Linear(channels[-1], num_classes)

    def forward(self, inputs):
        x = self._max_pool(self._conv1(inputs))
        for block in self._block_list:
            x = block(x)
        x = self._last_conv(x)
        if self.with_pool:
            x = self._pool2d_avg(x)
        if self.num_classes > 0:
            x = self._fc(flatten(x, start_axis=1, stop_axis=-1))
        return x


def _shufflenet_v2(arch, pretrained=False, scale=1.0, **kwargs):
    return load_pretrained(ShuffleNetV2(scale=scale, **kwargs), arch, model_urls, pretrained)


def _width(arch, scale):
    def build(pretrained=False, **kwargs):
        return _shufflenet_v2(arch, scale=scale, pretrained=pretrained, **kwargs)
    build.__name__ = build.__qualname__ = arch
    build.__doc__ = (
        f"ShuffleNetV2 with width multiplier {scale}; `pretrained` is True (weights file "
        "under ~/.cache/paddle/hapi/weights) or a path to a .pdparams file.\n\n"
        "    Example:\n"
        "        >>> import paddle\n"
        f"        >>> from paddle.vision.models import {arch}\n"
        f"        >>> {arch}(num_classes=10)(paddle.rand([1, 3, 32, 32])).shape\n"
        "        paddle.Size([1, 10])\n")
    return build


shufflenet_v2_x0_25 = _width("shufflenet_v2_x0_25", 0.25)
shufflenet_v2_x0_33 = _width("shufflenet_v2_x0_33", 0.33)
shufflenet_v2_x0_5 = _width("shufflenet_v2_x0_5", 0.5)
shufflenet_v2_x1_0 = _width("shufflenet_v2_x1_0", 1.0)
shufflenet_v2_x1_5 = _width("shufflenet_v2_x1_5", 1.5)
shufflenet_v2_x2_0 = _width("shufflenet_v2_x2_0", 2.0)


def shufflenet_v2_swish(pretrained=False, **kwargs):
    """ShuffleNetV2 x1.0 with swish activations; `pretrained` as in shufflenet_v2_x1_0.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import shufflenet_v2_swish
        >>> shufflenet_v2_swish(num_classes=10)(paddle.rand([1, 3, 32, 32])).shape
        paddle.Size([1, 10])
    """
    return _shufflenet_v2("shufflenet_v2_swish", scale=1.0, act="swish", pretrained=pretrained,
                          **kwargs)
