"""Optimizer state saved by real Paddle 3.3 (`paddle.save(opt.state_dict(), 'x.pdopt')`, a
pickle of NumPy arrays; see data/make_pdopt.py) loads into our optimizer, and training resumes
exactly where real Paddle's did."""
import os
import pickle

import numpy as np
import pytest

import paddle

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


def _data(step):
    rng = np.random.default_rng(step)
    return (rng.standard_normal((5, 4)).astype("float32"),
            rng.standard_normal((5, 3)).astype("float32"))


def _build(name):
    with paddle.utils.unique_name.guard():
        layer = paddle.nn.Linear(4, 3)
    if name == "adam":
        sched = paddle.optimizer.lr.StepDecay(0.05, step_size=2, gamma=0.5)
        opt = paddle.optimizer.Adam(sched, parameters=layer.parameters())
    else:
        sched = None
        opt = paddle.optimizer.Momentum(0.05, parameters=layer.parameters(), weight_decay=0.01)
    return layer, opt, sched


def _read(path, loader):
    if loader == "paddle.load":
        return paddle.load(path)
    with open(path, "rb") as f:
        return pickle.load(f)


@pytest.mark.parametrize("loader", ["pickle", "paddle.load"])
@pytest.mark.parametrize("name", ["adam", "momentum"])
def test_resume_from_real_paddle_pdopt(name, loader):
    state = _read(os.path.join(DATA, f"{name}.pdopt"), loader)
    expected = np.load(os.path.join(DATA, f"{name}_expected.npz"))
    layer, opt, sched = _build(name)
    for p in layer.parameters():
        p.set_value(expected[f"saved::{p.name}"])
    opt.set_state_dict(state)
    if sched is not None:
        assert sched.last_epoch == 3 and opt.get_lr() == 0.025
    with paddle.utils.unique_name.guard():
        for step in range(3, 6):
            x, y = _data(step)
            loss = ((layer(paddle.to_tensor(x)) - paddle.to_tensor(y)) ** 2).mean()
            loss.backward()
            opt.step()
            opt.clear_grad()
            if sched is not None:
                sched.step()
    for p in layer.parameters():
        np.testing.assert_allclose(p.numpy(), expected[f"final::{p.name}"], rtol=1e-6,
                                   atol=1e-7)


def test_save_load_round_trip_with_master_weights(tmp_path):
    with paddle.utils.unique_name.guard():
        layer = paddle.nn.Linear(3, 2)
        half = paddle.create_parameter([3], "float16")
        params = [*layer.parameters(), half]
        opt = paddle.optimizer.AdamW(paddle.optimizer.lr.StepDecay(0.1, 2), parameters=params,
                                     multi_precision=True)
        (layer(paddle.ones([2, 3])).sum() + half.astype("float32").sum()).backward()
        opt.step()
    paddle.save(opt.state_dict(), str(tmp_path / "opt.pdopt"))
    loaded = paddle.load(str(tmp_path / "opt.pdopt"))
    assert sorted(loaded) == sorted(opt.state_dict())
    assert set(loaded["master_weights"]) == {half.name}
    before = {k: v.numpy().copy() for k, v in opt.state_dict().items() if hasattr(v, "numpy")}
    opt.set_state_dict(loaded)
    for key, value in before.items():
        np.testing.assert_array_equal(opt.state_dict()[key].numpy(), value)


def test_state_dict_layout_matches_pdopt():
    with open(os.path.join(DATA, "adam.pdopt"), "rb") as f:
        saved = pickle.load(f)
    layer, opt, _sched = _build("adam")
    with paddle.utils.unique_name.guard():
        layer(paddle.ones([2, 4])).sum().backward()
        opt.step()
    ours = opt.state_dict()
    tensors = {k for k, v in saved.items() if isinstance(v, np.ndarray)}
    assert tensors == {k for k in ours if k != "LR_Scheduler"}
    for key in tensors:
        assert list(ours[key].shape) == list(saved[key].shape)
        assert ours[key].numpy().dtype == saved[key].dtype
    assert set(ours["LR_Scheduler"]) == set(saved["LR_Scheduler"])
