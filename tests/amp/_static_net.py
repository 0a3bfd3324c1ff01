"""The static network of the program goldens, shared by tests/amp/test_static_amp.py and
tools/make_amp_fixtures.py (it takes the paddle module, so it builds under either)."""
from __future__ import annotations


def build(paddle, level: str, dtype: str):
    """(loss, logits) of a small classifier recorded into the current program under
    auto_cast(level, dtype): Linear, ReLU, Linear, softmax and cross-entropy, plus a branch
    whose low-precision inputs make unlisted and black-listed ops differ by level."""
    x = paddle.static.data("x", [8, 4], "float32")
    label = paddle.static.data("y", [8, 1], "int64")
    first, second = paddle.nn.Linear(4, 8), paddle.nn.Linear(8, 3)
    with paddle.amp.auto_cast(level=level, dtype=dtype):
        hidden = paddle.nn.functional.relu(first(x))
        logits = second(hidden)
        prob = paddle.nn.functional.softmax(logits)
        loss = paddle.nn.functional.cross_entropy(logits, label) + prob.mean()
        act = paddle.tanh(paddle.matmul(x, first.weight))
        loss = loss + paddle.sum(paddle.exp(act)) + (act * 2.0).mean()
    return loss, logits
