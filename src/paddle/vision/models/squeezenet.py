"""SqueezeNet 1.0 and 1.1: fire modules (1x1 squeeze, parallel 1x1 / 3x3 expand)."""
from __future__ import annotations

from ... import concat, nn, squeeze
from ...nn import functional as F
from ._utils import load_pretrained

__all__ = ["SqueezeNet", "squeezenet1_0", "squeezenet1_1"]

_DYGRAPH = "https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/"
model_urls = {
    "squeezenet1_0": (_DYGRAPH + "SqueezeNet1_0_pretrained.pdparams",
                      "30b95af60a2178f03cf9b66cd77e1db1"),
    "squeezenet1_1": (_DYGRAPH + "SqueezeNet1_1_pretrained.pdparams",
                      "a11250d3a1f91d7131fd095ebbf09eee"),
}

# (input, squeeze, expand 1x1, expand 3x3) channels of the eight fire modules
_FIRES = [(96, 16, 64, 64), (128, 16, 64, 64), (128, 32, 128, 128), (256, 32, 128, 128),
          (256, 48, 192, 192), (384, 48, 192, 192), (384, 64, 256, 256), (512, 64, 256, 256)]
# the fire modules each version follows with the shared max pool
_POOL_AFTER = {"1.0": {3, 7}, "1.1": {2, 4}}


class MakeFireConv(nn.Layer):
    """Conv2D followed by ReLU."""

    def __init__(self, input_channels, output_channels, filter_size, padding=0):
        super().__init__()
        self._conv = nn.Conv2D(input_channels, output_channels, filter_size, padding=padding,
                               weight_attr=nn.ParamAttr(), bias_attr=nn.ParamAttr())

    def forward(self, x):
        return F.relu(self._conv(x))


class MakeFire(nn.Layer):
    """A fire module: squeeze, then 1x1 and 3x3 expands concatenated on channels."""

    def __init__(self, input_channels, squeeze_channels, expand1x1_channels,
                 expand3x3_channels):
        super().__init__()
        self._conv = MakeFireConv(input_channels, squeeze_channels, 1)
        self._conv_path1 = MakeFireConv(squeeze_channels, expand1x1_channels, 1)
        self._conv_path2 = MakeFireConv(squeeze_channels, expand3x3_channels, 3, padding=1)

    def forward(self, inputs):
        x = self._conv(inputs)
        return concat([self._conv_path1(x), self._conv_path2(x)], axis=1)


class SqueezeNet(nn.Layer):
    """SqueezeNet from "SqueezeNet: AlexNet-level accuracy with 50x fewer parameters".

    Args:
        version (str): "1.0" or "1.1".
        num_classes (int): output channels of the final 1x1 conv; <= 0 leaves it out.
        with_pool (bool): apply ReLU and the global average pool (giving [N, num_classes]).

    Example:
        >>> import paddle
        >>> from paddle.vision.models import SqueezeNet
        >>> SqueezeNet('1.1', num_classes=10)(paddle.rand([1, 3, 64, 64])).shape
        paddle.Size([1, 10])
    """

    def __init__(self, version, num_classes=1000, with_pool=True):
        super().__init__()
        supported_versions = ["1.0", "1.1"]
        if version not in supported_versions:
            raise AssertionError(f"supported versions are {supported_versions} but input "
                                 f"version is {version}")
        self.version = version
        self.num_classes = num_classes
        self.with_pool = with_pool
        if version == "1.0":
            self._conv = nn.Conv2D(3, 96, 7, stride=2, weight_attr=nn.ParamAttr(),
                                   bias_attr=nn.ParamAttr())
        else:
            self._conv = nn.Conv2D(3, 64, 3, stride=2, padding=1, weight_attr=nn.ParamAttr(),
                                   bias_attr=nn.ParamAttr())
        self._pool = nn.MaxPool2D(kernel_size=3, stride=2, padding=0)
        first_input = 96 if version == "1.0" else 64
        for i, (cin, s, e1, e3) in enumerate(_FIRES):
            setattr(self, f"_conv{i + 1}", MakeFire(first_input if i == 0 else cin, s, e1, e3))
        self._drop = nn.Dropout(p=0.5, mode="downscale_in_infer")
        self._conv9 = nn.Conv2D(512, num_classes, 1, weight_attr=nn.ParamAttr(),
                                bias_attr=nn.ParamAttr())
        self._avg_pool = nn.AdaptiveAvgPool2D(1)

    def forward(self, inputs):
        x = self._pool(F.relu(self._conv(inputs)))
        for i in range(1, 9):
            x = getattr(self, f"_conv{i}")(x)
            if i in _POOL_AFTER[self.version]:
                x = self._pool(x)
        if self.num_classes > 0:
            # looked up in _sub_layers: Layer has a private method of the same name
            x = self._conv9(self._sub_layers["_drop"](x))
        if self.with_pool:
            x = squeeze(self._avg_pool(F.relu(x)), axis=[2, 3])
        return x


def squeezenet1_0(pretrained=False, **kwargs):
    """SqueezeNet 1.0; `pretrained` is True (weights file under ~/.cache/paddle/hapi/weights)
    or a path to a .pdparams file.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import squeezenet1_0
        >>> squeezenet1_0(num_classes=10)(paddle.rand([1, 3, 64, 64])).shape
        paddle.Size([1, 10])
    """
    return load_pretrained(SqueezeNet("1.0", **kwargs), "squeezenet1_0", model_urls, pretrained)


def squeezenet1_1(pretrained=False, **kwargs):
    """SqueezeNet 1.1 (fewer FLOPs than 1.0); `pretrained` as in squeezenet1_0.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import squeezenet1_1
        >>> squeezenet1_1(num_classes=10)(paddle.rand([1, 3, 64, 64])).shape
        paddle.Size([1, 10])
    """
    return load_pretrained(SqueezeNet("1.1", **kwargs), "squeezenet1_1", model_urls, pretrained)
