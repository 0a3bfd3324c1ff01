"""Models whose printed programs are compared with real Paddle's (tests/fixtures/jit/
<name>_pir_paddle.txt, written by tools/make_pir_print_fixtures.py). `build` takes the paddle
module, so the same definitions run under real Paddle and under Feijiang."""
from __future__ import annotations

NAMES = ("lenet", "mlp", "convnet_train", "convnet_eval", "resnet18", "arithmetic",
         "causal_mask", "dynamic_shapes", "gpt")


def build(paddle, name: str):
    """(layer, input_spec) for model `name`; parameter names count from zero inside a
    unique_name guard, which the caller opens."""
    nn = paddle.nn
    InputSpec = paddle.static.InputSpec

    class MLP(nn.Layer):
        def __init__(self):
            super().__init__()
            self.body = nn.Sequential(nn.Linear(20, 32), nn.ReLU(), nn.Linear(32, 10))

        def forward(self, x):
            return nn.functional.softmax(self.body(x), -1)

    class ConvNet(nn.Layer):
        """Convolution without bias, batch norm (running statistics written in training),
        average pooling, a reshape, dropout and a linear head."""

        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2D(3, 8, 3, stride=2, padding=1, bias_attr=False)
            self.bn = nn.BatchNorm2D(8)
            self.pool = nn.AvgPool2D(2)
            self.drop = nn.Dropout(0.5)
            self.fc = nn.Linear(8 * 4 * 4, 4)

        def forward(self, x):
            y = self.pool(nn.functional.relu(self.bn(self.conv(x))))
            return self.fc(self.drop(y.reshape([-1, 8 * 4 * 4])))

    class Arithmetic(nn.Layer):
        """Python numbers in arithmetic (scale ops) and comparisons (full ops), creation ops."""

        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(3, 4)

        def forward(self, x):
            h = 1 - (self.fc(x) * 0.5 + 1) / 4
            h = paddle.where(h > 0, h - 2, h * h)
            return h + paddle.arange(4, dtype="float32") + paddle.full([4], 1.5)

    class CausalMask(nn.Layer):
        """Special floats (-inf, nan) in attributes, as a causal attention mask has them."""

        def forward(self, x):
            length = x.shape[1]
            mask = paddle.triu(paddle.full([length, length], float("-inf")), diagonal=1)
            return nn.functional.softmax(x + mask, -1) + paddle.full([length], float("nan"))

    class DynamicShapes(nn.Layer):
        """Shapes built from the dynamic batch dim: reshape, full_with_tensor, a slice and an
        arange."""

        def forward(self, x):
            b = x.shape[0]
            return x.reshape([b, -1]) + paddle.zeros([b, 12]), x[: b // 2], paddle.arange(b)

    class GPT(nn.Layer):
        """Token and position embeddings, pre-LN decoder blocks with causal self-attention,
        and a language-model head."""

        def __init__(self, vocab=50, dim=16, heads=2, blocks=2, max_len=16):
            super().__init__()
            self.tokens = nn.Embedding(vocab, dim)
            self.positions = nn.Embedding(max_len, dim)
            self.blocks = nn.LayerList([Block(dim, heads) for _ in range(blocks)])
            self.norm = nn.LayerNorm(dim)
            self.head = nn.Linear(dim, vocab, bias_attr=False)

        def forward(self, ids):
            length = ids.shape[1]
            h = self.tokens(ids) + self.positions(paddle.arange(length).unsqueeze(0))
            mask = paddle.triu(paddle.full([length, length], float("-inf")), diagonal=1)
            for block in self.blocks:
                h = block(h, mask)
            return self.head(self.norm(h))

    class Block(nn.Layer):
        def __init__(self, dim, heads):
            super().__init__()
            self.ln1, self.ln2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
            self.attn = nn.MultiHeadAttention(dim, heads)
            self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

        def forward(self, h, mask):
            x = self.ln1(h)
            h = h + self.attn(x, x, x, attn_mask=mask)
            return h + self.mlp(self.ln2(h))

    if name == "gpt":
        return GPT(), [InputSpec([None, 8], "int64", "ids")]
    if name == "dynamic_shapes":
        return DynamicShapes(), [InputSpec([None, 3, 4], "float32", "x")]
    if name == "causal_mask":
        return CausalMask(), [InputSpec([None, 6, 6], "float32", "x")]
    if name == "arithmetic":
        return Arithmetic(), [InputSpec([None, 3], "float32", "x")]
    if name == "lenet":
        return paddle.vision.models.LeNet(), [InputSpec([None, 1, 28, 28], "float32", "x")]
    if name == "resnet18":
        return (paddle.vision.models.resnet18(num_classes=10),
                [InputSpec([None, 3, 32, 32], "float32", "x")])
    if name == "mlp":
        return MLP(), [InputSpec([None, 20], "float32", "x")]
    net = ConvNet()
    if name == "convnet_eval":
        net.eval()
    return net, [InputSpec([None, 3, 16, 16], "float32", "x")]
