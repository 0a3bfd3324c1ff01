"""Training runs shared by the AMP tests and tools/make_amp_fixtures.py: `train` takes the
paddle module, so the same run executes under real Paddle (to write the goldens) and under
Feijiang. Parameters are set from NumPy so both start from the same weights."""
from __future__ import annotations

import os
import sys
import warnings

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
VOCAB = 50


def _print_models():
    sys.path.insert(0, os.path.join(HERE, "..", "jit"))
    try:
        import _print_models
    finally:
        sys.path.pop(0)
    return _print_models


def build(paddle, name: str):
    """The MLP (784-64-10 style, small) or the 2-layer GPT of tests/jit/_print_models.py, with
    parameters drawn from a fixed NumPy stream."""
    if name == "gpt":
        model = _print_models().build(paddle, "gpt")[0]
    else:
        model = paddle.nn.Sequential(paddle.nn.Linear(20, 32), paddle.nn.ReLU(),
                                     paddle.nn.Linear(32, 32), paddle.nn.ReLU(),
                                     paddle.nn.Linear(32, 10))
    rng = np.random.default_rng(11)
    for param in model.parameters():
        scale = 0.02 if name == "gpt" else 0.2
        value = rng.standard_normal(param.shape).astype("float32") * scale
        if len(param.shape) == 1 and "norm" in param.name and param.name.endswith("w_0"):
            value = value + 1.0
        param.set_value(value)
    return model


def _markov_chain(rng) -> np.ndarray:
    """A fixed next-token distribution: each token has three likely successors, so a trained
    model's loss settles near ln 3 instead of going to zero."""
    probs = np.full((VOCAB, VOCAB), 0.01 / VOCAB)
    for token in range(VOCAB):
        probs[token, rng.choice(VOCAB, 3, replace=False)] += 0.33
    return probs / probs.sum(axis=1, keepdims=True)


def batches(name: str, steps: int):
    """(input, label) batches: for the GPT next-token prediction on sequences of a Markov
    chain, for the MLP random features and classes."""
    rng = np.random.default_rng(5)
    chain = _markov_chain(rng)
    for _ in range(steps):
        if name == "gpt":
            seq = np.empty((16, 9), "int64")
            seq[:, 0] = rng.integers(0, VOCAB, 16)
            for t in range(1, 9):
                seq[:, t] = [rng.choice(VOCAB, p=chain[prev]) for prev in seq[:, t - 1]]
            yield seq[:, :-1], seq[:, 1:]
        else:
            yield (rng.standard_normal((16, 20)).astype("float32"),
                   rng.integers(0, 10, (16,)).astype("int64"))


def loss_of(paddle, name, model, x, y):
    logits = model(paddle.to_tensor(x))
    if name == "gpt":
        logits = logits.reshape([-1, VOCAB])
        y = y.reshape([-1])
    return paddle.nn.functional.cross_entropy(logits, paddle.to_tensor(y))


def train(paddle, name: str, steps: int = 5, level: str = "O1", dtype: str = "float16",
          amp: bool = True, optimizer: str = "adam"):
    """(losses as float32 bit patterns, the warnings raised) of `steps` steps under auto_cast
    and GradScaler (scale, backward, step, update); amp=False is the plain float32 run."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model = build(paddle, name)
        make = paddle.optimizer.Adam if optimizer == "adam" else paddle.optimizer.SGD
        opt = make(learning_rate=1e-2, parameters=model.parameters())
        scaler = paddle.amp.GradScaler(init_loss_scaling=1024) if amp else None
        if amp and level == "O2":
            model, opt = paddle.amp.decorate(model, opt, level="O2", dtype=dtype)
        losses = []
        for x, y in batches(name, steps):
            if amp:
                with paddle.amp.auto_cast(level=level, dtype=dtype):
                    loss = loss_of(paddle, name, model, x, y)
                scaler.scale(loss).backward()
                scaler.step(opt)
                scaler.update()
            else:
                loss = loss_of(paddle, name, model, x, y)
                loss.backward()
                opt.step()
            opt.clear_grad()
            losses.append(float(loss.astype("float32")))
    messages = sorted({f"{w.category.__name__}: {w.message}" for w in caught
                       if "amp" in str(w.message).lower() or "scal" in str(w.message).lower()})
    return losses, messages
