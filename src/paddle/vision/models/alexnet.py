"""AlexNet ("One weird trick for parallelizing convolutional neural networks" layout)."""
from __future__ import annotations

import math

from ... import flatten, nn
from ...nn import functional as F
from ...nn.initializer import Uniform
from ._utils import load_pretrained

__all__ = ["AlexNet", "alexnet"]

model_urls = {
    "alexnet": (("https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/"
                "AlexNet_pretrained.pdparams"), "7f0f9f737132e02732d75a1459d98a43"),
}


def _uniform_attr(fan_in: int):
    """Weights and biases drawn from U(-1/sqrt(fan_in), 1/sqrt(fan_in))."""
    stdv = 1.0 / math.sqrt(fan_in)
    return nn.ParamAttr(initializer=Uniform(-stdv, stdv))


class ConvPoolLayer(nn.Layer):
    """Conv2D, optional ReLU, then a 3x3 stride-2 max pool."""

    def __init__(self, input_channels, output_channels, filter_size, stride, padding, stdv,
                 groups=1, act=None):
        super().__init__()
        self.relu = nn.ReLU() if act == "relu" else None
        attr = nn.ParamAttr(initializer=Uniform(-stdv, stdv))
        self._conv = nn.Conv2D(input_channels, output_channels, filter_size, stride=stride,
                               padding=padding, groups=groups, weight_attr=attr,
                               bias_attr=nn.ParamAttr(initializer=Uniform(-stdv, stdv)))
        self._pool = nn.MaxPool2D(kernel_size=3, stride=2, padding=0)

    def forward(self, inputs):
        x = self._conv(inputs)
        if self.relu is not None:
            x = self.relu(x)
        return self._pool(x)


class AlexNet(nn.Layer):
    """AlexNet for 224x224 RGB images (the classifier expects 256x6x6 features).

    Args:
        num_classes (int): size of the last fc layer; <= 0 leaves the classifier out.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import AlexNet
        >>> AlexNet(num_classes=0)(paddle.rand([1, 3, 64, 64])).shape
        paddle.Size([1, 256, 1, 1])
    """

    def __init__(self, num_classes=1000):
        super().__init__()
        self.num_classes = num_classes
        self._conv1 = ConvPoolLayer(3, 64, 11, 4, 2, 1.0 / math.sqrt(3 * 11 * 11), act="relu")
        self._conv2 = ConvPoolLayer(64, 192, 5, 1, 2, 1.0 / math.sqrt(64 * 5 * 5), act="relu")
        self._conv3 = nn.Conv2D(192, 384, 3, stride=1, padding=1,
                                weight_attr=_uniform_attr(192 * 9),
                                bias_attr=_uniform_attr(192 * 9))
        self._conv4 = nn.Conv2D(384, 256, 3, stride=1, padding=1,
                                weight_attr=_uniform_attr(384 * 9),
                                bias_attr=_uniform_attr(384 * 9))
        self._conv5 = ConvPoolLayer(256, 256, 3, 1, 1, 1.0 / math.sqrt(256 * 3 * 3), act="relu")
        if num_classes > 0:
            fan_in = 256 * 6 * 6
            self._drop1 = nn.Dropout(p=0.5, mode="downscale_in_infer")
            self._fc6 = nn.Linear(fan_in, 4096, weight_attr=_uniform_attr(fan_in),
                                  bias_attr=_uniform_attr(fan_in))
            self._drop2 = nn.Dropout(p=0.5, mode="downscale_in_infer")
            self._fc7 = nn.Linear(4096, 4096, weight_attr=_uniform_attr(fan_in),
                                  bias_attr=_uniform_attr(fan_in))
            self._fc8 = nn.Linear(4096, num_classes, weight_attr=_uniform_attr(fan_in),
                                  bias_attr=_uniform_attr(fan_in))

    def forward(self, inputs):
        x = self._conv1(inputs)
        x = self._conv2(x)
        x = F.relu(self._conv3(x))
        x = F.relu(self._conv4(x))
        x = self._conv5(x)
        if self.num_classes > 0:
            x = flatten(x, start_axis=1, stop_axis=-1)
            x = F.relu(self._fc6(self._drop1(x)))
            x = F.relu(self._fc7(self._drop2(x)))
            x = self._fc8(x)
        return x


def alexnet(pretrained=False, **kwargs):
    """AlexNet; `pretrained` is True (weights file under ~/.cache/paddle/hapi/weights) or a
    path to a .pdparams file.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import alexnet
        >>> alexnet(num_classes=0)(paddle.rand([1, 3, 64, 64])).shape
        paddle.Size([1, 256, 1, 1])
    """
    return load_pretrained(AlexNet(**kwargs), "alexnet", model_urls, pretrained)
