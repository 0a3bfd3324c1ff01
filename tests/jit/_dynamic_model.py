"""The dynamic-shape model of the jit fixtures, written for any `paddle` (ours or real):
shapes built from the batch dim (`x.shape[0]`) feed reshape, zeros, full, a slice and expand."""


def build(paddle):
    class DynamicHead(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc = paddle.nn.Linear(12, 3)

        def forward(self, x):
            b = x.shape[0]
            y = self.fc(x.reshape([b, -1])) + paddle.zeros([b, 3])
            doubled = (y * paddle.full([b, 1], 2.0))[: b // 2 + 1]
            return doubled, paddle.ones([1, 3]).expand([b, 3])

    return DynamicHead()


SPEC = ([None, 3, 4], "float32", "x")
BATCHES = (2, 5)


def inputs(np, batch):
    return (np.arange(batch * 12, dtype="float32").reshape(batch, 3, 4) / 10 - 1.5)
