"""Each lowering rule against eager, at the opsets where its ONNX form differs (11, 13, 14, 17,
18, 20): elementwise math and activations, promotion, reductions, shape manipulation and
indexing (with dynamic dims), creation from run-time shapes, convolution, pooling,
normalization, resampling and recurrent layers."""
import numpy as np
import pytest
from onnx_check import eager, export, floats, relative_error, run

import paddle
import paddle.nn.functional as F
from paddle import nn
from paddle.static import InputSpec

OPSETS = (11, 13, 14, 17, 18, 20)


def spec(*shape, dtype="float32", name="x"):
    return InputSpec(list(shape), dtype, name)


def unit(shape, seed=0, low=-0.9, high=0.9):
    return np.random.default_rng(seed).uniform(low, high, shape).astype(np.float32)


def _unary_table(x):
    return [paddle.abs(x), paddle.acos(x), paddle.asin(x), paddle.atan(x), paddle.ceil(x),
            paddle.cos(x), paddle.cosh(x), paddle.erf(x), paddle.exp(x), paddle.floor(x),
            -x, F.relu(x), F.sigmoid(x), paddle.sign(x), paddle.sin(x), paddle.sinh(x),
            paddle.tan(x), paddle.tanh(x), F.softsign(x), paddle.asinh(x),
            paddle.atanh(x * 0.5), paddle.acosh(x + 2), paddle.log(x + 1), paddle.sqrt(x + 1),
            paddle.reciprocal(x + 2), paddle.rsqrt(x + 1), paddle.square(x),
            paddle.log2(x + 1), paddle.log10(x + 1), paddle.log1p(x), paddle.expm1(x),
            paddle.isnan(x), paddle.isinf(x), paddle.logical_not(x > 0)]


def _activations(x):
    return [F.silu(x), F.relu6(x * 8), F.hardtanh(x, -0.5, 0.3), F.leaky_relu(x, 0.2),
            F.elu(x, 0.7), F.selu(x), F.hardsigmoid(x), F.hardswish(x * 4),
            F.softplus(x * 30, beta=0.5, threshold=5), F.log_sigmoid(x), F.gelu(x),
            F.gelu(x, approximate=True), paddle.pow(x + 1, 2.5), paddle.clip(x, min=-0.2),
            paddle.clip(x, max=0.1), paddle.scale(x, 2.0, 1.0, bias_after_scale=False),
            paddle.scale(x, 1.0, 0.5), x * 3.0, F.softmax(x, axis=1),
            F.log_softmax(x, axis=-1), F.softmax(x, axis=0)]


def _promotion(x, n):
    ints = n + 1
    return [ints / (n + 2), x * ints.astype("float32"), paddle.maximum(x, 1 - x),
            paddle.minimum(x, x * 0.5), paddle.pow(x + 2, x), x == 0.5, x != x * 2,
            (x < 0) & (x > -0.5), (x <= 0) | (x >= 0.5), paddle.logical_xor(x < 0, x > 0),
            paddle.where(x > 0, x, x * 0.1), ints.astype("float64") - 0.5, n > 2,
            paddle.matmul(x, x, transpose_y=True), paddle.matmul(x, x, transpose_x=True)]


def _reductions(x):
    return [x.sum(axis=1), x.mean(axis=[0, 2], keepdim=True), x.max(axis=-1), x.min(),
            x.prod(axis=1), x.sum(), paddle.amax(x, axis=2), paddle.amin(x, axis=0),
            x.mean()]


def _shapes(x):
    b = x.shape[0]
    return [x.reshape([b, -1]), x.reshape([-1, 3, 2]), x.reshape(paddle.shape(x)),
            x.transpose([2, 0, 1]), x.flatten(1), x.unsqueeze([0, 2]), x[:, :1].squeeze(1),
            x.unsqueeze(-1).squeeze(), paddle.concat([x, x * 2], axis=-1),
            *paddle.split(x, [2, 4], axis=2), paddle.stack([x, x], axis=1),
            *paddle.unstack(x, axis=1), x[:, 1], x[..., ::-1], x[None, 1:3], x[:, -1],
            x[:, :, 2:-1:2], x[-1], x[:, 2::-1], paddle.expand(x[:, :1], [-1, 3, 6])]


def _dynamic_creation(x):
    b = x.shape[0]
    return [paddle.zeros([b, 3]) + 1, paddle.ones_like(x), paddle.full_like(x, 2.5),
            paddle.arange(b).astype("float32"), paddle.arange(1, b + 1, 1),
            paddle.triu(x[0]), paddle.tril(x[0], -1), x.flatten(0, 1)]


def _flatten_dynamic(x):
    return [x.flatten(1, 2), x.flatten(0, 1), x.flatten(2)]


class ConvNet(nn.Layer):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2D(3, 4, 3, padding=1, groups=1)
        self.up = nn.Conv2DTranspose(4, 2, 3, stride=2, padding=1)
        self.depthwise = nn.Conv2D(4, 4, 3, groups=4, bias_attr=False)
        self.bn = nn.BatchNorm2D(4, weight_attr=False, bias_attr=False)
        self.norm = nn.LayerNorm([7, 7], weight_attr=False, bias_attr=False)
        self.drop = nn.Dropout(0.3, mode="downscale_in_infer")
        self.conv1d = nn.Conv1D(3, 2, 3)

    def forward(self, x):
        h = self.bn(self.conv(x))
        return [self.up(h, output_size=[13, 13]), self.depthwise(h),
                F.avg_pool2d(h, 3, 2, padding=1, exclusive=False),
                F.avg_pool2d(h, 2, 2, ceil_mode=True), F.max_pool2d(h, 3, 2, ceil_mode=True),
                F.adaptive_max_pool2d(h, [3, 5]), F.adaptive_avg_pool2d(h, [3, 5]),
                F.adaptive_avg_pool2d(h, 1), F.adaptive_max_pool2d(h, [7, 1]),
                self.norm(h), self.drop(h), self.conv1d(x[:, :, 0]),
                F.interpolate(h, scale_factor=2, mode="bilinear"),
                F.interpolate(h, size=[10, 9], mode="nearest"),
                F.interpolate(h, scale_factor=[3, 2], mode="nearest")]


class Recurrent(nn.Layer):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(4, 5, direction="bidirect")
        self.tanh = nn.SimpleRNN(4, 3)
        self.relu = nn.SimpleRNN(4, 3, activation="relu", time_major=True)
        self.lstm = nn.LSTM(4, 3, direction="bidirect")
        self.embed = nn.Embedding(10, 4, padding_idx=2)

    def forward(self, x, ids, lengths):
        e = self.embed(ids)
        g, h = self.gru(x)
        s, _ = self.tanh(e)
        r, _ = self.relu(x)
        m, (hm, cm) = self.lstm(x, sequence_length=lengths)
        return [g, h, s, r, m, hm, cm, e]


def _lengths(b, seed):
    return np.random.default_rng(seed).integers(1, 7, b).astype(np.int64)


CASES = {  # name: (function or layer maker, input specs, inputs for a batch size and a seed)
    "unary": (lambda: _unary_table, [spec(None, 6)], lambda b, s: [unit((b, 6), s)]),
    "activations": (lambda: _activations, [spec(None, 4, 6)],
                    lambda b, s: [unit((b, 4, 6), s)]),
    "promotion": (lambda: _promotion, [spec(None, 6), spec(None, 6, dtype="int64", name="n")],
                  lambda b, s: [unit((b, 6), s), np.arange(b * 6).reshape(b, 6) % 5]),
    "reductions": (lambda: _reductions, [spec(None, 3, 4)],
                   lambda b, s: [unit((b, 3, 4), s, 0.5, 1.5)]),
    "shapes": (lambda: _shapes, [spec(None, 3, 6)], lambda b, s: [floats((b, 3, 6), s)]),
    "creation": (lambda: _dynamic_creation, [spec(None, 4, 4)],
                 lambda b, s: [floats((b, 4, 4), s)]),
    "flatten": (lambda: _flatten_dynamic, [spec(None, None, None, 3)],
                lambda b, s: [floats((b, b + 1, 2, 3), s)]),
    "conv": (ConvNet, [spec(None, 3, 7, 7)], lambda b, s: [floats((b, 3, 7, 7), s)]),
    "recurrent": (Recurrent, [spec(None, 6, 4), spec(None, 6, dtype="int64", name="ids"),
                              spec(None, dtype="int64", name="lengths")],
                  lambda b, s: [floats((b, 6, 4), s),
                                np.random.default_rng(s).integers(0, 10, (b, 6)),
                                _lengths(b, s)]),
}
NEEDS = {"creation": 14}  # triu / tril of a run-time tensor: Trilu


def _target(name):
    made = CASES[name][0]()
    if isinstance(made, nn.Layer):
        paddle.seed(0)
        made = CASES[name][0]()
        made.eval()
    return made


@pytest.mark.parametrize("opset", OPSETS)
@pytest.mark.parametrize("name", sorted(CASES))
def test_rule_matches_eager(name, opset, tmp_path):
    if opset < NEEDS.get(name, 0):
        pytest.skip(f"{name} needs opset {NEEDS[name]}")
    target = _target(name)
    _, specs, inputs = CASES[name]
    file = export(target, specs, tmp_path / name, opset)
    for batch, seed in ((2, 0), (3, 1)):
        arrays = inputs(batch, seed)
        got, want = run(file, arrays), eager(target, arrays)
        assert len(got) == len(want)
        for k, (g, w) in enumerate(zip(got, want)):
            assert g.shape == w.shape, f"{name} output {k}: {g.shape} vs {w.shape}"
            assert g.dtype == w.dtype, f"{name} output {k}: {g.dtype} vs {w.dtype}"
            assert relative_error(g, w) <= 2e-6, f"{name} output {k}"
