"""Files written here load in real Paddle 3.3 (run in a subprocess; skipped without .venv-ref)."""
import os
import subprocess
import textwrap

import numpy as np
import pytest

import paddle

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REF_PYTHON = os.path.join(ROOT, ".venv-ref", "bin", "python")

pytestmark = pytest.mark.skipif(not os.path.exists(REF_PYTHON),
                                reason="real Paddle (.venv-ref) is not installed")

READER = textwrap.dedent("""
    import sys, numpy as np, paddle
    folder = sys.argv[1]
    state = paddle.load(folder + "/model.pdparams")
    model = paddle.nn.Sequential(paddle.nn.Linear(3, 4), paddle.nn.ReLU(), paddle.nn.Linear(4, 2))
    model.set_state_dict(state)
    out = model(paddle.to_tensor(np.load(folder + "/input.npy"))).numpy()
    np.save(folder + "/ref_out.npy", out)
    opt = paddle.load(folder + "/adam.pdopt")
    nested = paddle.load(folder + "/nested.pd")
    low = paddle.load(folder + "/low.pdparams")
    assert str(low["bf16"].dtype) == "paddle.bfloat16", low["bf16"].dtype
    assert str(low["fp16"].dtype) == "paddle.float16"
    assert nested["items"][1] == "text" and nested["items"][0].name == "kept_name"
    assert opt["LR_Scheduler"]["last_epoch"] == 1
    np.save(folder + "/ref_bf16.npy", low["bf16"].astype("float32").numpy())
    print("OK", sorted(opt)[:2])
""")


def test_real_paddle_loads_our_checkpoints(tmp_path):
    paddle.seed(3)
    model = paddle.nn.Sequential(paddle.nn.Linear(3, 4), paddle.nn.ReLU(), paddle.nn.Linear(4, 2))
    scheduler = paddle.optimizer.lr.StepDecay(0.1, step_size=2)
    opt = paddle.optimizer.Adam(parameters=model.parameters(), learning_rate=scheduler)
    x = np.linspace(-1, 1, 6, dtype="float32").reshape(2, 3)
    model(paddle.to_tensor(x)).sum().backward()
    opt.step()
    scheduler.step()
    np.save(tmp_path / "input.npy", x)
    paddle.save(model.state_dict(), str(tmp_path / "model.pdparams"))
    paddle.save(opt.state_dict(), str(tmp_path / "adam.pdopt"))
    named = paddle.to_tensor([1.0, 2.0])
    named.name = "kept_name"
    paddle.save({"items": [named, "text"]}, str(tmp_path / "nested.pd"))
    bf16 = paddle.to_tensor([1.5, -3.0, 0.0078125]).astype("bfloat16")
    paddle.save({"bf16": bf16, "fp16": paddle.ones([2], dtype="float16")},
                str(tmp_path / "low.pdparams"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([REF_PYTHON, "-c", READER, str(tmp_path)], cwd="/tmp", env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    expected = model(paddle.to_tensor(x)).numpy()
    np.testing.assert_allclose(np.load(tmp_path / "ref_out.npy"), expected, rtol=1e-6, atol=1e-6)
    np.testing.assert_array_equal(np.load(tmp_path / "ref_bf16.npy"), [1.5, -3.0, 0.0078125])
