"""A model touching many ops, shared by tools/make_jit_fixtures.py (real Paddle writes it) and
the tests (Feijiang writes it for real Paddle to read). It only uses the `paddle` it is given."""

SPECS = [("x", [None, 4], "float32"), ("y", [None, 4], "float32"), ("i", [2], "int64"),
         ("img", [None, 4, 6, 6], "float32")]
SHAPES = {"x": [2, 4], "y": [2, 4], "i": [2], "img": [2, 4, 6, 6]}


def inputs(np):
    rng = np.random.default_rng(3)
    x = rng.standard_normal(SHAPES["x"]).astype("float32")
    y = rng.uniform(0.5, 2.0, SHAPES["y"]).astype("float32")
    i = np.array([1, 3], "int64")
    img = rng.standard_normal(SHAPES["img"]).astype("float32")
    return [x, y, i, img]


def build(paddle):
    nn, F = paddle.nn, paddle.nn.functional

    class Zoo(nn.Layer):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2D(4, 4, 3, padding=1, groups=2)
            self.deconv = nn.Conv2DTranspose(4, 2, 3, stride=2)
            self.bn = nn.BatchNorm2D(4)
            self.gn = nn.GroupNorm(2, 4)
            self.ln = nn.LayerNorm(4)
            self.emb = nn.Embedding(5, 3)
            self.prelu = nn.PReLU(4)

        def forward(self, x, y, i, img):
            a = paddle.abs(x) + 0.1
            outs = [F.gelu(x), F.gelu(x, approximate=True), F.silu(x), F.hardswish(x),
                    F.hardsigmoid(x), F.leaky_relu(x, 0.2), F.elu(x), F.softplus(x),
                    F.relu6(x), F.mish(x), F.selu(x), F.celu(x), F.hardtanh(x),
                    paddle.tanh(x), F.sigmoid(x), paddle.exp(x), paddle.log(a),
                    paddle.sqrt(a), paddle.rsqrt(a), paddle.erf(x), paddle.square(x),
                    paddle.reciprocal(y), paddle.sin(x), paddle.floor(x), paddle.pow(x, 2.0),
                    x ** y, paddle.clip(x, -0.5, 0.5), x - y, x * y, x / y,
                    paddle.maximum(x, y), paddle.minimum(x, y), -x, x * 3.0 + 1.0,
                    paddle.scale(x, 2.0, 0.5), paddle.where(x > y, x, y),
                    paddle.cast(x > 0, "float32"), paddle.logical_not(x > 0),
                    paddle.sum(x, axis=1), paddle.mean(x, axis=[0, 1], keepdim=True),
                    paddle.max(x, axis=-1), paddle.min(x), paddle.prod(a, 1),
                    paddle.argmax(x, axis=1), paddle.logsumexp(x, axis=1),
                    paddle.cumsum(x, 1), paddle.topk(x, 2)[0], paddle.sort(x, descending=True),
                    paddle.concat([x, y], axis=1), paddle.stack([x, y], axis=1),
                    *paddle.split(x, [1, 3], axis=1), *paddle.chunk(y, 2, axis=1),
                    paddle.reshape(img, [0, -1]), paddle.flatten(img, 1),
                    paddle.transpose(x, [1, 0]), paddle.unsqueeze(x, [0]),
                    paddle.squeeze(x[:, :1], [1]), paddle.expand(x[:1], [3, 2, 4]),
                    x[0], x[:, -1], x[:, 1:3], x[..., ::2], x[:, None], paddle.gather(x, i, 1),
                    paddle.index_select(x, i, axis=1), F.one_hot(i, 5),
                    F.softmax(x), F.log_softmax(x, 0), paddle.matmul(x, y, transpose_y=True),
                    paddle.tril(x), paddle.triu(x, 1), paddle.full_like(x, 2.5),
                    paddle.arange(4), paddle.roll(x, 1, axis=1), paddle.flip(x, [0]),
                    F.pad(x, [1, 2, 0, 1], value=3.0), F.normalize(x),
                    self.ln(x), self.emb(i), self.prelu(img),
                    F.relu(self.bn(self.conv(img))), self.gn(img), self.deconv(img),
                    F.max_pool2d(img, 2), F.avg_pool2d(img, 3, 1, 1),
                    F.adaptive_avg_pool2d(img, 1), F.interpolate(img, scale_factor=2),
                    F.interpolate(img, size=[3, 5], mode="bilinear")]
            return outs

    return Zoo()


SPECS2 = [("x", [2, 4], "float32"), ("y", [2, 4], "float32"), ("i", [2], "int64"),
          ("seq", [2, 5, 4], "float32"), ("vol", [1, 2, 4, 4, 4], "float32")]


def inputs2(np):
    rng = np.random.default_rng(5)
    return [rng.standard_normal([2, 4]).astype("float32"),
            rng.standard_normal([2, 4]).astype("float32"), np.array([2, 0], "int64"),
            rng.standard_normal([2, 5, 4]).astype("float32"),
            rng.standard_normal([1, 2, 4, 4, 4]).astype("float32")]


def build2(paddle):
    """More ops: losses, in-place assignment, list ops, 1-D/3-D conv and pooling, recurrent
    layers, resampling and pixel shuffles."""
    nn, F = paddle.nn, paddle.nn.functional

    class Zoo2(nn.Layer):
        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv1D(5, 3, 3, padding=1)
            self.conv3 = nn.Conv3D(2, 2, 3, padding=1)
            self.lstm = nn.LSTM(4, 3)
            self.gru = nn.GRU(4, 3, direction="bidirect")

        def forward(self, x, y, i, seq, vol):
            z = x * 1.0
            z[:, 1] = 5.0
            w = y.clone()
            w[0] = x[1]
            lstm_out, _ = self.lstm(seq)
            gru_out, _ = self.gru(seq)
            return [F.cross_entropy(x, i[:, None] % 4), F.mse_loss(x, y), F.l1_loss(x, y),
                    F.binary_cross_entropy_with_logits(x, F.sigmoid(y)),
                    paddle.add_n([x, y, x]), paddle.expand_as(x[:1], y), z, w,
                    paddle.linspace(0, 1, 5), paddle.kthvalue(x, 2, axis=1)[0],
                    F.pixel_shuffle(paddle.reshape(seq[:, :4], [2, 4, 2, 2]), 2),
                    paddle.isclose(x, y), paddle.bmm(seq, seq.transpose([0, 2, 1])),
                    paddle.einsum("bij,bkj->bik", seq, seq), paddle.tile(x, [2, 1]),
                    paddle.cumprod(x, 1), paddle.diff(x, axis=1), paddle.std(x, 1),
                    paddle.var(x), paddle.diag(x[0]), paddle.eye(3), self.conv1(seq),
                    self.conv3(vol), F.max_pool1d(seq, 2), F.avg_pool3d(vol, 2),
                    F.interpolate(seq, scale_factor=2, mode="linear"), lstm_out, gru_out,
                    paddle.stack(paddle.unbind(x, 1), 0), paddle.meshgrid(x[0], y[0])[1],
                    paddle.repeat_interleave(x, 2, 1), paddle.sign(x) * paddle.abs(y),
                    F.log_sigmoid(x), F.tanhshrink(x), F.softsign(x), paddle.trunc(x * 3),
                    paddle.logical_or(x > 0, y > 0), paddle.bitwise_and(i, i + 1),
                    paddle.floor_divide(i, i + 1), paddle.remainder(x, y), F.glu(x, 1)]

    return Zoo2()


SPECS3 = [("x", [2, 4], "float32"), ("y", [2, 4], "float32"), ("i", [2], "int64"),
          ("m", [3, 3], "float32")]


def inputs3(np):
    rng = np.random.default_rng(7)
    m = rng.standard_normal([3, 3]).astype("float32") + 3 * np.eye(3, dtype="float32")
    return [rng.standard_normal([2, 4]).astype("float32"),
            rng.standard_normal([2, 4]).astype("float32"), np.array([3, 1], "int64"), m]


def build3(paddle):
    """Special functions, selection, scans and linear algebra."""
    F = paddle.nn.functional

    class Zoo3(paddle.nn.Layer):
        def forward(self, x, y, i, m):
            a = paddle.abs(x) + 0.5
            index = i.unsqueeze(0).expand([2, 2])
            return [paddle.mode(x, 1)[0], paddle.cross(x[:, :3], y[:, :3], axis=1),
                    paddle.trace(m), paddle.searchsorted(paddle.sort(x), y),
                    paddle.put_along_axis(x, index, 1.0, 1), F.maxout(x.reshape([1, 4, 2, 1]), 2),
                    paddle.bitwise_left_shift(i, i % 3), F.nll_loss(F.log_softmax(x), i),
                    paddle.cummax(x, 1)[0], paddle.cummin(x, 1)[1], paddle.logcumsumexp(x, 1),
                    paddle.linalg.det(m), paddle.inverse(m), paddle.lgamma(a), paddle.digamma(a),
                    paddle.i0(x), paddle.heaviside(x, y), paddle.copysign(x, y),
                    paddle.kthvalue(x, 3, 1)[1], paddle.take_along_axis(x, index, 1),
                    paddle.amax(x, 1), paddle.amin(x, 0), paddle.all(x > -5, 1), paddle.any(x > 1),
                    paddle.prod(a), paddle.nan_to_num(paddle.log(x)), paddle.isinf(1 / x),
                    paddle.norm(x, p=2, axis=1), paddle.dist(x, y), paddle.outer(x[0], y[0]),
                    paddle.kron(x[:, :2], y[:, :2]), paddle.rot90(x), paddle.t(m),
                    paddle.masked_fill(x, x > 0, 2.0), paddle.count_nonzero(x > 0, 1)]

    return Zoo3()
