"""paddle.static.save / load with optimizer state (`.pdopt`; parity with real Paddle in
tests/goldens/cases/static_checkpoint.py)."""
import json
import pickle
import warnings

import numpy as np
import pytest

import paddle

RNG = np.random.RandomState(4)
FEED = {"x": RNG.rand(6, 3).astype("float32"), "y": RNG.rand(6, 1).astype("float32")}


def _build(make_opt):
    main = paddle.static.Program()
    with paddle.utils.unique_name.guard(), paddle.static.program_guard(main):
        x = paddle.static.data("x", [None, 3], "float32")
        y = paddle.static.data("y", [None, 1], "float32")
        w = paddle.ParamAttr(initializer=paddle.nn.initializer.Constant(0.3))
        loss = paddle.mean((paddle.static.nn.fc(x, 1, weight_attr=w) - y) ** 2)
        make_opt().minimize(loss)
    return main, loss


def _steps(exe, main, loss, n):
    return [float(exe.run(main, feed=FEED, fetch_list=[loss])[0]) for _ in range(n)]


def test_a_fresh_program_resumes_from_the_checkpoint(static_mode, tmp_path):
    make_opt = lambda: paddle.optimizer.Adam(0.1)  # noqa: E731
    main, loss = _build(make_opt)
    exe = paddle.static.Executor()
    _steps(exe, main, loss, 3)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        paddle.static.save(main, str(tmp_path / "ckpt"))
    expected = _steps(exe, main, loss, 2)
    fresh, fresh_loss = _build(make_opt)
    paddle.static.load(fresh, str(tmp_path / "ckpt"))
    assert _steps(exe, fresh, fresh_loss, 2) == expected


def test_pdopt_names_and_forward_program_file(static_mode, tmp_path):
    main, loss = _build(lambda: paddle.optimizer.Momentum(0.1, momentum=0.9))
    _steps(paddle.static.Executor(), main, loss, 1)
    paddle.static.save(main, str(tmp_path / "ckpt"))
    with open(tmp_path / "ckpt.pdopt", "rb") as f:
        saved = pickle.load(f)
    assert sorted(saved) == ["fc_0.b_0_velocity_0", "fc_0.w_0_velocity_0", "learning_rate_0"]
    assert saved["learning_rate_0"].shape == () and saved["learning_rate_0"] == np.float32(0.1)
    text = (tmp_path / "ckpt.json").read_text()
    json.loads(text)
    assert "\"1.mean\"" in text and "\"1.momentum" not in text  # op names in PIR JSON


def test_load_refuses_a_checkpoint_without_the_optimizer_state(static_mode, tmp_path):
    main, loss = _build(lambda: paddle.optimizer.Adam(0.1))
    _steps(paddle.static.Executor(), main, loss, 1)
    paddle.static.save(main, str(tmp_path / "ckpt"))
    with open(tmp_path / "ckpt.pdopt", "wb") as f:
        pickle.dump({}, f)
    with pytest.raises(RuntimeError, match="moment1"):
        paddle.static.load(main, str(tmp_path / "ckpt"))
