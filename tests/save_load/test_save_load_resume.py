"""Resuming from a checkpoint: model, optimizer and random state continue the same run."""
import numpy as np

import paddle


def _train_steps(model, opt, steps):
    losses = []
    for _ in range(steps):
        x = paddle.rand([4, 3])
        loss = paddle.nn.functional.dropout(model(x), p=0.5).pow(2).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))
    return losses


def _fresh():
    model = paddle.nn.Linear(3, 2)
    opt = paddle.optimizer.Adam(learning_rate=0.01, parameters=model.parameters())
    return model, opt


def test_rng_state_roundtrip_continues_stream(tmp_path):
    paddle.seed(11)
    paddle.rand([3])
    path = str(tmp_path / "rng.pd")
    paddle.save({"rng": paddle.get_rng_state()}, path)
    expected = paddle.rand([5]).numpy()
    paddle.seed(999)
    paddle.set_rng_state(paddle.load(path)["rng"])
    np.testing.assert_array_equal(paddle.rand([5]).numpy(), expected)


def test_resume_matches_uninterrupted_training(tmp_path):
    # Each run names its parameters and optimizer state afresh, as a new process would
    # (optimizer state is keyed by those names, as in Paddle).
    with paddle.utils.unique_name.guard():
        paddle.seed(5)
        model, opt = _fresh()
        _train_steps(model, opt, 2)
        paddle.save(model.state_dict(), str(tmp_path / "m.pdparams"))
        paddle.save(opt.state_dict(), str(tmp_path / "o.pdopt"))
        paddle.save(paddle.get_rng_state(), str(tmp_path / "rng.pd"))
        uninterrupted = _train_steps(model, opt, 3)

    with paddle.utils.unique_name.guard():
        paddle.seed(12345)
        paddle.rand([7])  # the restarted process has drawn other numbers meanwhile
        resumed_model, resumed_opt = _fresh()
        resumed_model.set_state_dict(paddle.load(str(tmp_path / "m.pdparams")))
        resumed_opt.set_state_dict(paddle.load(str(tmp_path / "o.pdopt")))
        paddle.set_rng_state(paddle.load(str(tmp_path / "rng.pd")))
        assert _train_steps(resumed_model, resumed_opt, 3) == uninterrupted
    np.testing.assert_array_equal(resumed_model.weight.numpy(), model.weight.numpy())
