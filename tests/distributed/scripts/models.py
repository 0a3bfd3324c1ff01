"""The models and data of the data-parallel checks, written against Paddle's public API only
(so real Paddle runs this same file to make the goldens): the benchmark MLP (784-512-512-10)
and a LeNet, with weights drawn from NumPy seeds, and a fixed stream of global batches."""
import numpy as np

import paddle

MLP_SIZES = (784, 512, 512, 10)
STEPS = 20


def _seeded(layer, seed):
    rng = np.random.default_rng(seed)
    for i, p in enumerate(layer.parameters()):
        scale = 0.05 if len(p.shape) > 1 else 0.01
        p.set_value((rng.standard_normal(p.shape) * scale).astype("float32"))
    return layer


def mlp():
    layers = []
    for i in range(len(MLP_SIZES) - 1):
        layers.append(paddle.nn.Linear(MLP_SIZES[i], MLP_SIZES[i + 1]))
        if i < len(MLP_SIZES) - 2:
            layers.append(paddle.nn.ReLU())
    return _seeded(paddle.nn.Sequential(*layers), 1)


class LeNet(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.features = paddle.nn.Sequential(
            paddle.nn.Conv2D(1, 6, 3, padding=1), paddle.nn.ReLU(), paddle.nn.MaxPool2D(2, 2),
            paddle.nn.Conv2D(6, 16, 5), paddle.nn.ReLU(), paddle.nn.MaxPool2D(2, 2))
        self.head = paddle.nn.Sequential(
            paddle.nn.Linear(400, 120), paddle.nn.Linear(120, 84), paddle.nn.Linear(84, 10))

    def forward(self, x):
        return self.head(paddle.flatten(self.features(x), 1))


def lenet():
    return _seeded(LeNet(), 2)


MODELS = {"mlp": (mlp, (784,), 128), "lenet": (lenet, (1, 28, 28), 32)}


def batches(name):
    """STEPS global batches (inputs, labels) for model `name`."""
    _, shape, size = MODELS[name]
    rng = np.random.default_rng(7)
    for _ in range(STEPS):
        x = rng.standard_normal((size,) + shape).astype("float32")
        y = rng.integers(0, 10, size=(size, 1)).astype("int64")
        yield x, y


def train(name, model, rank=0, nranks=1, on_step=None, set_to_zero=True):
    """Losses of STEPS Adam steps, each on this rank's contiguous share of the global batch
    (gradients zeroed between steps, or dropped with set_to_zero=False)."""
    opt = paddle.optimizer.Adam(1e-3, parameters=model.parameters())
    loss_fn = paddle.nn.CrossEntropyLoss()
    losses = []
    for x, y in batches(name):
        share = len(x) // nranks
        part = slice(rank * share, (rank + 1) * share)
        loss = loss_fn(model(paddle.to_tensor(x[part])), paddle.to_tensor(y[part]))
        loss.backward()
        opt.step()
        opt.clear_grad(set_to_zero)
        losses.append(loss if on_step is None else on_step(loss))
    return [float(v) for v in losses]


class Branchy(paddle.nn.Layer):
    """`extra` takes part only when asked; `never` never does."""

    def __init__(self):
        super().__init__()
        self.trunk = paddle.nn.Linear(3, 3)
        self.extra = paddle.nn.Linear(3, 3)
        self.never = paddle.nn.Linear(3, 3)

    def forward(self, x, use_extra):
        h = self.trunk(x)
        return self.extra(h) if use_extra else h


def branchy():
    return _seeded(Branchy(), 5)


def hapi_network():
    net = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(), paddle.nn.Linear(8, 2))
    return _seeded(net, 3)


def hapi_fit(net, batch_size):
    """paddle.Model.fit for 2 epochs on 64 fixed samples; the network's weights after it."""
    rng = np.random.default_rng(3)
    x = rng.standard_normal((64, 4)).astype("float32")
    y = (x.sum(1, keepdims=True) > 0).astype("int64")
    data = paddle.io.TensorDataset([paddle.to_tensor(x), paddle.to_tensor(y)])
    model = paddle.Model(net)
    model.prepare(paddle.optimizer.SGD(0.1, parameters=model.parameters()),
                  paddle.nn.CrossEntropyLoss())
    model.fit(data, batch_size=batch_size, epochs=2, verbose=0, shuffle=False)
    return [p.numpy().tolist() for p in net.parameters()]
