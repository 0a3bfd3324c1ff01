"""The models of the ONNX coverage acceptance: (builder, input spec, input maker), small
input sizes where the network allows them. Batch-norm statistics are randomized so that deep
untrained networks give outputs of a useful size (with fresh statistics they shrink towards 0
and any export would look exact)."""
from __future__ import annotations

import numpy as np
from jit._print_models import build
from jit.test_bench_models import LSTMNet

import paddle
from paddle.static import InputSpec

V = paddle.vision.models


def _image(channels: int, size: int):
    return [InputSpec([None, channels, size, size], "float32", "x")], \
        lambda b, seed: [np.random.default_rng(seed).standard_normal(
            (b, channels, size, size)).astype(np.float32)]


def _tokens(b, seed):
    return [np.random.default_rng(seed).integers(0, 50, (b, 8)).astype(np.int64)]


MODELS = {
    "lenet": (V.LeNet, *_image(1, 28)),
    "resnet18": (lambda: V.resnet18(num_classes=10), *_image(3, 32)),
    "mobilenet_v1": (lambda: V.mobilenet_v1(scale=0.25, num_classes=10), *_image(3, 64)),
    "mobilenet_v2": (lambda: V.mobilenet_v2(scale=0.25, num_classes=10), *_image(3, 64)),
    "mobilenet_v3_small": (lambda: V.mobilenet_v3_small(scale=0.5, num_classes=10),
                           *_image(3, 64)),
    "mobilenet_v3_large": (lambda: V.mobilenet_v3_large(scale=0.5, num_classes=10),
                           *_image(3, 64)),
    "vgg11": (lambda: V.vgg11(batch_norm=True, num_classes=10), *_image(3, 32)),
    "squeezenet1_0": (lambda: V.squeezenet1_0(num_classes=10), *_image(3, 64)),
    "squeezenet1_1": (lambda: V.squeezenet1_1(num_classes=10), *_image(3, 64)),
    "shufflenet_v2": (lambda: V.shufflenet_v2_x0_25(num_classes=10), *_image(3, 64)),
    "shufflenet_v2_swish": (lambda: V.shufflenet_v2_swish(num_classes=10), *_image(3, 64)),
    "densenet121": (lambda: V.densenet121(num_classes=10), *_image(3, 64)),
    "googlenet": (lambda: V.googlenet(num_classes=10), *_image(3, 224)),
    "inception_v3": (lambda: V.inception_v3(num_classes=10), *_image(3, 96)),
    "gpt": (lambda: build(paddle, "gpt")[0], [InputSpec([None, 8], "int64", "ids")], _tokens),
    "lstm": (LSTMNet, [InputSpec([None, 5, 8], "float32", "x")],
             lambda b, seed: [np.random.default_rng(seed).standard_normal(
                 (b, 5, 8)).astype(np.float32)]),
}
NORMS = (paddle.nn.layer.norm._BatchNormBase, paddle.nn.BatchNorm)
SLOW = ("vgg11",)  # 129M parameters: half a gigabyte of initializers to write and read


def make(name: str):
    """The model `name`, seeded, in eval mode, with randomized batch-norm statistics."""
    paddle.seed(0)
    net = MODELS[name][0]()
    rng = np.random.default_rng(1)
    for layer in net.sublayers(include_self=True):
        if isinstance(layer, NORMS):
            c = layer._mean.shape[0]
            layer._mean.set_value(rng.normal(0, 0.2, c).astype(np.float32))
            layer._variance.set_value(rng.uniform(0.3, 1.0, c).astype(np.float32))
            layer.weight.set_value(rng.uniform(0.8, 1.6, c).astype(np.float32))
            layer.bias.set_value(rng.normal(0, 0.2, c).astype(np.float32))
    net.eval()
    return net
