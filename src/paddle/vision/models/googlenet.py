"""GoogLeNet (Inception v1) with its two auxiliary classifier heads."""
from __future__ import annotations

from ... import concat, flatten, nn, squeeze
from ...nn import functional as F
from ...nn.initializer import Uniform
from ._utils import load_pretrained

__all__ = ["GoogLeNet", "googlenet"]

model_urls = {
    "googlenet": (("https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/"
                  "GoogLeNet_pretrained.pdparams"), "80c06f038e905c53ab32c40eca6e26ae"),
}

# input channels and (1x1, 3x3 reduce, 3x3, 5x5 reduce, 5x5, pool proj) of each Inception
_INCEPTIONS = {"3a": (192, 64, 96, 128, 16, 32, 32), "3b": (256, 128, 128, 192, 32, 96, 64),
               "4a": (480, 192, 96, 208, 16, 48, 64), "4b": (512, 160, 112, 224, 24, 64, 64),
               "4c": (512, 128, 128, 256, 24, 64, 64), "4d": (512, 112, 144, 288, 32, 64, 64),
               "4e": (528, 256, 160, 320, 32, 128, 128),
               "5a": (832, 256, 160, 320, 32, 128, 128),
               "5b": (832, 384, 192, 384, 48, 128, 128)}


def xavier(channels, filter_size):
    """Uniform(-s, s) with s = sqrt(3 / (filter_size^2 * channels))."""
    stdv = (3.0 / (filter_size ** 2 * channels)) ** 0.5
    return nn.ParamAttr(initializer=Uniform(-stdv, stdv))


class ConvLayer(nn.Layer):
    """Bias-free "same" Conv2D."""

    def __init__(self, num_channels, num_filters, filter_size, stride=1, groups=1):
        super().__init__()
        self._conv = nn.Conv2D(num_channels, num_filters, filter_size, stride=stride,
                               padding=(filter_size - 1) // 2, groups=groups, bias_attr=False)

    def forward(self, inputs):
        return self._conv(inputs)


class Inception(nn.Layer):
    """Four parallel branches (1x1, 3x3, 5x5, pool + 1x1) concatenated, then ReLU."""

    def __init__(self, input_channels, output_channels, filter1, filter3R, filter3, filter5R,
                 filter5, proj):
        super().__init__()
        self._conv1 = ConvLayer(input_channels, filter1, 1)
        self._conv3r = ConvLayer(input_channels, filter3R, 1)
        self._conv3 = ConvLayer(filter3R, filter3, 3)
        self._conv5r = ConvLayer(input_channels, filter5R, 1)
        self._conv5 = ConvLayer(filter5R, filter5, 5)
        self._pool = nn.MaxPool2D(kernel_size=3, stride=1, padding=1)
        self._convprj = ConvLayer(input_channels, proj, 1)

    def forward(self, inputs):
        branches = [self._conv1(inputs), self._conv3(self._conv3r(inputs)),
                    self._conv5(self._conv5r(inputs)), self._convprj(self._pool(inputs))]
        return F.relu(concat(branches, axis=1))


class GoogLeNet(nn.Layer):
    """GoogLeNet from "Going Deeper with Convolutions". forward returns (out, aux1, aux2); the
    auxiliary heads expect 224x224 inputs (3x3 maps after their 5x5 stride-3 pools).

    Args:
        num_classes (int): size of the fc layers; <= 0 leaves the classifiers out.
        with_pool (bool): apply the final and auxiliary pools.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import GoogLeNet
        >>> out, aux1, aux2 = GoogLeNet(num_classes=0)(paddle.rand([1, 3, 96, 96]))
        >>> out.shape
        paddle.Size([1, 1024, 1, 1])
    """

    def __init__(self, num_classes=1000, with_pool=True):
        super().__init__()
        self.num_classes = num_classes
        self.with_pool = with_pool
        self._conv = ConvLayer(3, 64, 7, 2)
        self._pool = nn.MaxPool2D(kernel_size=3, stride=2)
        self._conv_1 = ConvLayer(64, 64, 1)
        self._conv_2 = ConvLayer(64, 192, 3)
        for name, (cin, *filters) in _INCEPTIONS.items():
            setattr(self, f"_ince{name}", Inception(cin, cin, *filters))
        if with_pool:
            self._pool_5 = nn.AdaptiveAvgPool2D(1)
            self._pool_o1 = nn.AvgPool2D(kernel_size=5, stride=3)
            self._pool_o2 = nn.AvgPool2D(kernel_size=5, stride=3)
        if num_classes > 0:
            self._drop = nn.Dropout(p=0.4, mode="downscale_in_infer")
            self._fc_out = nn.Linear(1024, num_classes, weight_attr=xavier(1024, 1))
            self._conv_o1 = ConvLayer(512, 128, 1)
            self._fc_o1 = nn.Linear(1152, 1024, weight_attr=xavier(2048, 1))
            self._drop_o1 = nn.Dropout(p=0.7, mode="downscale_in_infer")
            self._out1 = nn.Linear(1024, num_classes, weight_attr=xavier(1024, 1))
            self._conv_o2 = ConvLayer(528, 128, 1)
            self._fc_o2 = nn.Linear(1152, 1024, weight_attr=xavier(2048, 1))
            self._drop_o2 = nn.Dropout(p=0.7, mode="downscale_in_infer")
            self._out2 = nn.Linear(1024, num_classes, weight_attr=xavier(1024, 1))

    def forward(self, inputs):
        x = self._pool(self._conv(inputs))
        x = self._pool(self._conv_2(self._conv_1(x)))
        x = self._pool(self._ince3b(self._ince3a(x)))
        ince4a = self._ince4a(x)
        ince4d = self._ince4d(self._ince4c(self._ince4b(ince4a)))
        x = self._pool(self._ince4e(ince4d))
        out, out1, out2 = self._ince5b(self._ince5a(x)), ince4a, ince4d
        if self.with_pool:
            out = self._pool_5(out)
            out1 = self._pool_o1(out1)
            out2 = self._pool_o2(out2)
        if self.num_classes > 0:
            # looked up in _sub_layers: Layer has a private method named _drop
            out = self._fc_out(squeeze(self._sub_layers["_drop"](out), axis=[2, 3]))
            out1 = F.relu(self._fc_o1(flatten(self._conv_o1(out1), start_axis=1, stop_axis=-1)))
            out1 = self._out1(self._drop_o1(out1))
            # the second head has no ReLU after its fc, as in Paddle's model
            out2 = self._fc_o2(flatten(self._conv_o2(out2), start_axis=1, stop_axis=-1))
            out2 = self._out2(self._drop_o2(out2))
        return out, out1, out2


def googlenet(pretrained=False, **kwargs):
    """GoogLeNet; `pretrained` is True (weights file under ~/.cache/paddle/hapi/weights) or a
    path to a .pdparams file.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import googlenet
        >>> out, aux1, aux2 = googlenet(num_classes=0)(paddle.rand([1, 3, 96, 96]))
        >>> aux1.shape
        paddle.Size([1, 512, 1, 1])
    """
    return load_pretrained(GoogLeNet(**kwargs), "googlenet", model_urls, pretrained)
