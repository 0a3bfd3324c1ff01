import numpy as np
import pytest

import paddle
from paddle.static import InputSpec


class PairDataset(paddle.io.Dataset):
    """Deterministic 4-feature samples with 3-class labels."""

    def __init__(self, n=20, seed=1):
        super().__init__()
        rng = np.random.default_rng(seed)
        self.x = rng.normal(size=(n, 4)).astype("float32")
        self.y = (np.abs(self.x[:, :1] + self.x[:, 1:2]) * 1.2).astype("int64").clip(0, 2)

    def __getitem__(self, i):
        return self.x[i], self.y[i]

    def __len__(self):
        return len(self.x)


def make_net(seed=0):
    net = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(), paddle.nn.Linear(8, 3))
    rng = np.random.default_rng(seed)
    for p in net.parameters():
        p.set_value(rng.normal(0, 0.5, p.shape).astype("float32"))
    return net


def make_model(optimizer="Adam", lr=0.05, metrics=True, inputs=True):
    net = make_net()
    specs = (InputSpec([None, 4], "float32", "x"), InputSpec([None, 1], "int64", "label")) \
        if inputs else (None, None)
    model = paddle.Model(net, *specs)
    opt = getattr(paddle.optimizer, optimizer)(learning_rate=lr, parameters=model.parameters())
    model.prepare(opt, paddle.nn.CrossEntropyLoss(),
                  paddle.metric.Accuracy() if metrics else None)
    return model


@pytest.fixture
def dataset():
    return PairDataset()


@pytest.fixture
def model():
    return make_model()
