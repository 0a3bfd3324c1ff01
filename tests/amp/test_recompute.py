"""Recompute (paddle.distributed.fleet.utils.recompute) and gradient accumulation: the same
outputs and gradients as the plain run — through dropout (the recomputation draws the same
mask), auto_cast, kwargs, tuples, Sequential chunks and to_static — with fewer tensors kept
for backward."""
import contextlib
import logging

import numpy as np
import pytest

import paddle
from paddle._core.autograd.memory import saved_bytes
from paddle.distributed.fleet.recompute import recompute_sequential
from paddle.distributed.fleet.utils import recompute

from . import _train_models as T


class Recomputed(paddle.nn.Layer):
    """A GPT block whose activations are recomputed in backward."""

    def __init__(self, block, use_reentrant=True):
        super().__init__()
        self.block = block
        self.use_reentrant = use_reentrant

    def forward(self, h, mask):
        return recompute(self.block, h, mask, use_reentrant=self.use_reentrant)


def _gpt(recomputed=None, dropout=0.0):
    model = T.build(paddle, "gpt")
    for block in model.blocks:
        block.attn.dropout = dropout  # on the attention weights, as MultiHeadAttention has it
    if recomputed is not None:
        for i, block in enumerate(model.blocks):
            model.blocks[i] = Recomputed(block, use_reentrant=recomputed)
    return model


def _step(model, seed=7):
    paddle.seed(seed)
    x, y = next(T.batches("gpt", 1))
    loss = T.loss_of(paddle, "gpt", model, x, y)
    loss.backward()
    return float(loss), [p.grad.numpy().copy() for p in model.parameters()]


@pytest.mark.parametrize("use_reentrant", [True, False])
def test_recomputed_gpt_blocks_give_the_plain_gradients(use_reentrant):
    # both models draw their weights from the same stream (_train_models.build)
    loss, grads = _step(_gpt(dropout=0.1))
    twin_loss, twin_grads = _step(_gpt(recomputed=use_reentrant, dropout=0.1))
    assert twin_loss == loss
    assert len(grads) == len(twin_grads)
    for i, (got, want) in enumerate(zip(twin_grads, grads)):
        np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-7, err_msg=f"parameter {i}")


def test_without_preserved_rng_the_dropout_mask_changes():
    layer = paddle.nn.Sequential(paddle.nn.Linear(8, 8), paddle.nn.Dropout(0.5))
    x = paddle.rand([4, 8])
    x.stop_gradient = False
    grads = []
    for preserve in (True, False):
        paddle.seed(3)
        recompute(layer, x, preserve_rng_state=preserve).sum().backward()
        grads.append(x.grad.numpy().copy())
        x.clear_grad()
    paddle.seed(3)
    layer(x).sum().backward()
    np.testing.assert_array_equal(grads[0], x.grad.numpy())
    assert not np.array_equal(grads[1], x.grad.numpy())


def test_recompute_keeps_far_fewer_tensors_for_backward():
    plain, twin = _gpt(), _gpt(recomputed=True)
    x, y = next(T.batches("gpt", 1))
    plain_loss = T.loss_of(paddle, "gpt", plain, x, y)
    twin_loss = T.loss_of(paddle, "gpt", twin, x, y)
    assert saved_bytes(twin_loss) < 0.6 * saved_bytes(plain_loss)


@pytest.mark.usefixtures("amp_on_cpu")
def test_recompute_reruns_under_the_forwards_auto_cast():
    layer = paddle.nn.Linear(4, 4)
    x = paddle.rand([2, 4])
    x.stop_gradient = False
    results = []
    for wrap in (False, True):
        with paddle.amp.auto_cast(dtype="bfloat16"):
            out = recompute(layer, x) if wrap else layer(x)
        assert out.dtype == paddle.bfloat16
        out.astype("float32").sum().backward()
        results.append((x.grad.numpy().copy(), layer.weight.grad.numpy().copy()))
        x.clear_grad()
        layer.clear_gradients()
    for plain, again in zip(*results):
        np.testing.assert_array_equal(plain, again)


def test_kwargs_tuples_and_non_tensor_arguments():
    weight = paddle.rand([3, 3])
    weight.stop_gradient = False

    def block(pair, scale, offset=0.0):
        a, b = pair
        return paddle.matmul(a * scale, weight) + b + offset

    a, b = paddle.rand([2, 3]), paddle.rand([2, 3])
    a.stop_gradient = b.stop_gradient = False
    recompute(block, (a, b), 2.0, offset=1.0).sum().backward()
    got = [a.grad.numpy().copy(), b.grad.numpy().copy(), weight.grad.numpy().copy()]
    for t in (a, b, weight):
        t.clear_grad()
    block((a, b), 2.0, offset=1.0).sum().backward()
    for value, t in zip(got, (a, b, weight)):
        np.testing.assert_allclose(value, t.grad.numpy(), rtol=1e-6)

    def keyword_only(x, *, k):
        return x * k

    with pytest.raises(ValueError, match="keyword-only arguments are not supported"):
        recompute(keyword_only, a, k=2)
    np.testing.assert_array_equal(recompute(keyword_only, a, k=2, use_reentrant=False).numpy(),
                                  (a * 2).numpy())


def test_a_block_without_gradients_warns(caplog):
    with caplog.at_level(logging.WARNING):
        recompute(paddle.nn.Linear(2, 2), paddle.ones([1, 2]))
    assert "None of the inputs to current recompute block need grad" in caplog.text


def test_recompute_sequential_in_segments():
    model = paddle.nn.Sequential(*[paddle.nn.Linear(4, 4) for _ in range(4)])
    x = paddle.rand([3, 4])
    x.stop_gradient = False
    recompute_sequential({"segments": 2, "preserve_rng_state": True}, model, x).sum().backward()
    got = x.grad.numpy().copy()
    x.clear_grad()
    model(x).sum().backward()
    np.testing.assert_allclose(got, x.grad.numpy(), rtol=1e-6)


def test_recompute_inside_to_static_trains_as_eager():
    loss, grads = _step(_gpt())
    static_loss, static_grads = _step(paddle.jit.to_static(_gpt(recomputed=True),
                                                           full_graph=True))
    np.testing.assert_allclose(static_loss, loss, rtol=1e-6)
    for i, (got, want) in enumerate(zip(static_grads, grads)):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6, err_msg=f"parameter {i}")


def _accumulated(model, opt, x, y, micro, sync_free=False):
    parts = np.array_split(np.arange(len(x)), micro)
    for i, index in enumerate(parts):
        last = i == len(parts) - 1
        context = model.no_sync() if sync_free and not last else contextlib.nullcontext()
        with context:
            out = model(paddle.to_tensor(x[index]))
            loss = paddle.nn.functional.cross_entropy(out, paddle.to_tensor(y[index]))
            (loss * (len(index) / len(x))).backward()
    grads = [p.grad.numpy().copy() for p in model.parameters()]
    opt.step()
    opt.clear_grad()
    return grads


@pytest.mark.filterwarnings("ignore:Currently not a parallel execution environment")
@pytest.mark.parametrize("data_parallel", [False, True])
def test_gradient_accumulation_equals_the_big_batch(data_parallel):
    rng = np.random.default_rng(0)
    x = rng.standard_normal((12, 6)).astype("float32")
    y = rng.integers(0, 3, 12)
    model = paddle.nn.Linear(6, 3)
    twin = paddle.nn.Linear(6, 3)
    twin.set_state_dict(model.state_dict())
    wrapped = paddle.DataParallel(twin) if data_parallel else twin
    sgd = paddle.optimizer.SGD(0.1, parameters=model.parameters())
    twin_sgd = paddle.optimizer.SGD(0.1, parameters=twin.parameters())
    big = _accumulated(model, sgd, x, y, micro=1)
    small = _accumulated(wrapped, twin_sgd, x, y, micro=3, sync_free=data_parallel)
    for a, b in zip(big, small):
        np.testing.assert_allclose(b, a, rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(twin.weight.numpy(), model.weight.numpy(), rtol=1e-6)
