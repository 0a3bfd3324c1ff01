"""DenseNet 121/161/169/201/264: dense blocks joined by transition layers."""
from __future__ import annotations

import math

from ... import concat, flatten, nn
from ...nn.initializer import Uniform
from ._utils import load_pretrained

__all__ = ["DenseNet", "densenet121", "densenet161", "densenet169", "densenet201",
           "densenet264"]

_DYGRAPH = "https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/"
model_urls = {f"densenet{n}": (f"{_DYGRAPH}DenseNet{n}_pretrained.pdparams", md5)
              for n, md5 in [(121, "db1b239ed80a905290fd8b01d3af08e4"),
                             (161, "62158869cb315098bd25ddbfd308a853"),
                             (169, "82cc7c635c3f19098c748850efb2d796"),
                             (201, "16ca29565a7712329cf9e36e02caaf58"),
                             (264, "3270ce516b85370bba88cfdd9f60bff4")]}

# layers -> (initial features, growth rate, layers per dense block)
_SPEC = {121: (64, 32, [6, 12, 24, 16]), 161: (96, 48, [6, 12, 36, 24]),
         169: (64, 32, [6, 12, 32, 32]), 201: (64, 32, [6, 12, 48, 32]),
         264: (64, 32, [6, 12, 64, 48])}


class BNACConvLayer(nn.Layer):
    """BatchNorm with activation, then a bias-free Conv2D (pre-activation order)."""

    def __init__(self, num_channels, num_filters, filter_size, stride=1, pad=0, groups=1,
                 act="relu"):
        super().__init__()
        self._batch_norm = nn.BatchNorm(num_channels, act=act)
        self._conv = nn.Conv2D(num_channels, num_filters, filter_size, stride=stride,
                               padding=pad, groups=groups, weight_attr=nn.ParamAttr(),
                               bias_attr=False)

    def forward(self, input):
        return self._conv(self._batch_norm(input))


class DenseLayer(nn.Layer):
    """1x1 bottleneck and 3x3 conv whose output is concatenated to the input."""

    def __init__(self, num_channels, growth_rate, bn_size, dropout):
        super().__init__()
        self.dropout = dropout
        self.bn_ac_func1 = BNACConvLayer(num_channels, bn_size * growth_rate, 1, pad=0,
                                         stride=1)
        self.bn_ac_func2 = BNACConvLayer(bn_size * growth_rate, growth_rate, 3, pad=1, stride=1)
        if dropout:
            self.dropout_func = nn.Dropout(p=dropout, mode="downscale_in_infer")

    def forward(self, input):
        conv = self.bn_ac_func2(self.bn_ac_func1(input))
        if self.dropout:
            conv = self.dropout_func(conv)
        return concat([input, conv], axis=1)


class DenseBlock(nn.Layer):
    """`num_layers` DenseLayers, each adding `growth_rate` channels."""

    def __init__(self, num_channels, num_layers, bn_size, growth_rate, dropout, name=None):
        super().__init__()
        self.dropout = dropout
        self.dense_layer_func = []
        channels = num_channels
        for i in range(num_layers):
            layer = DenseLayer(channels, growth_rate, bn_size, dropout)
            self.dense_layer_func.append(self.add_sublayer(f"{name}_{i + 1}", layer))
            channels += growth_rate

    def forward(self, input):
        conv = input
        for layer in self.dense_layer_func:
            conv = layer(conv)
        return conv


class TransitionLayer(nn.Layer):
    """1x1 pre-activation conv, then a 2x2 average pool."""

    def __init__(self, num_channels, num_output_features):
        super().__init__()
        self.conv_ac_func = BNACConvLayer(num_channels, num_output_features, 1, pad=0, stride=1)
        self.pool2d_avg = nn.AvgPool2D(kernel_size=2, stride=2, padding=0)

    def forward(self, input):
        return self.pool2d_avg(self.conv_ac_func(input))


class ConvBNLayer(nn.Layer):
    """Bias-free Conv2D, then BatchNorm with activation."""

    def __init__(self, num_channels, num_filters, filter_size, stride=1, pad=0, groups=1,
                 act="relu"):
        super().__init__()
        self._conv = nn.Conv2D(num_channels, num_filters, filter_size, stride=stride,
                               padding=pad, groups=groups, weight_attr=nn.ParamAttr(),
                               bias_attr=False)
        self._batch_norm = nn.BatchNorm(num_filters, act=act)

    def forward(self, input):
        return self._batch_norm(self._conv(input))


class DenseNet(nn.Layer):
    """DenseNet from "Densely Connected Convolutional Networks".

    Args:
        layers (int): 121, 161, 169, 201 or 264.
        bn_size (int): bottleneck width multiplier of each dense layer.
        dropout (float): dropout after each dense layer.
        num_classes (int): size of the last fc layer; <= 0 leaves the classifier out.
        with_pool (bool): apply the global average pool.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import DenseNet
        >>> DenseNet(num_classes=10)(paddle.rand([1, 3, 32, 32])).shape
        paddle.Size([1, 10])
    """

    def __init__(self, layers=121, bn_size=4, dropout=0.0, num_classes=1000, with_pool=True):
        super().__init__()
        if layers not in _SPEC:
            raise AssertionError(f"supported layers are {sorted(_SPEC)} but input layer is "
                                 f"{layers}")
        self.num_classes = num_classes
        self.with_pool = with_pool
        num_features, growth_rate, block_config = _SPEC[layers]
        self.conv1_func = ConvBNLayer(3, num_features, 7, stride=2, pad=3, act="relu")
        self.pool2d_max = nn.MaxPool2D(kernel_size=3, stride=2, padding=1)
        self.block_config = block_config
        self.dense_block_func_list = []
        self.transition_func_list = []
        for i, num_layers in enumerate(block_config):
            block = DenseBlock(num_features, num_layers, bn_size, growth_rate, dropout,
                               name=f"conv{i + 2}")
            self.dense_block_func_list.append(self.add_sublayer(f"db_conv_{i + 2}", block))
            num_features += num_layers * growth_rate
            if i != len(block_config) - 1:
                transition = TransitionLayer(num_features, num_features // 2)
                self.transition_func_list.append(
                    self.add_sublayer(f"tr_conv{i + 2}_blk", transition))
                num_features //= 2
        self.batch_norm = nn.BatchNorm(num_features, act="relu")
        if with_pool:
            self.pool2d_avg = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            stdv = 1.0 / math.sqrt(num_features * 1.0)
            self.out = nn.Linear(num_features, num_classes,
                                 weight_attr=nn.ParamAttr(initializer=Uniform(-stdv, stdv)),
                                 bias_attr=nn.ParamAttr())

    def forward(self, input):
        conv = self.pool2d_max(self.conv1_func(input))
        for i in range(len(self.block_config)):
            conv = self.dense_block_func_list[i](conv)
            if i != len(self.block_config) - 1:
                conv = self.transition_func_list[i](conv)
        y = self.batch_norm(conv)
        if self.with_pool:
            y = self.pool2d_avg(y)
        if self.num_classes > 0:
            y = self.out(flatten(y, start_axis=1, stop_axis=-1))
        return y


def _densenet(layers):
    arch = f"densenet{layers}"

    def build(pretrained=False, **kwargs):
        return load_pretrained(DenseNet(layers=layers, **kwargs), arch, model_urls, pretrained)
    build.__name__ = build.__qualname__ = arch
    build.__doc__ = (
        f"DenseNet-{layers}; `pretrained` is True (weights file under "
        "~/.cache/paddle/hapi/weights) or a path to a .pdparams file.\n\n"
        "    Example:\n"
        "        >>> import paddle\n"
        f"        >>> from paddle.vision.models import {arch}\n"
        f"        >>> {arch}(num_classes=10)(paddle.rand([1, 3, 32, 32])).shape\n"
        "        paddle.Size([1, 10])\n")
    return build


densenet121 = _densenet(121)
densenet161 = _densenet(161)
densenet169 = _densenet(169)
densenet201 = _densenet(201)
densenet264 = _densenet(264)
