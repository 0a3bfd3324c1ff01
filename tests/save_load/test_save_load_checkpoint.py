"""A training checkpoint (model.pdparams + opt.pdopt) written by real Paddle 3.3.1 resumes here
with the next losses real Paddle saw, and real Paddle resumes ours the same way. The fixtures
and the training script come from tools/make_checkpoint_fixtures.py."""
import importlib.util
import io
import os
import subprocess
import textwrap

import numpy as np
import pytest

import paddle

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "save_load", "data")
TOOL = os.path.join(ROOT, "tools", "make_checkpoint_fixtures.py")
REF_PYTHON = os.path.join(ROOT, ".venv-ref", "bin", "python")
EXPECTED = np.load(os.path.join(DATA, "checkpoint_expected.npz"))


def _script():
    spec = importlib.util.spec_from_file_location("make_checkpoint_fixtures", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCRIPT = _script()


def _resume(model_path, opt_path):
    # a fresh name scope, as in the new process that resumes (accumulator names key the state)
    with paddle.utils.unique_name.guard():
        model, opt, scheduler = SCRIPT.build(paddle)
        missing, unexpected = model.set_state_dict(paddle.load(model_path))
        assert missing == [] and unexpected == []
        opt.set_state_dict(paddle.load(opt_path))
        losses = SCRIPT.train(paddle, model, opt, scheduler, SCRIPT.RESUMED_STEPS,
                              SCRIPT.SAVED_STEPS)
    return model, opt, losses


def test_real_paddle_checkpoint_resumes_with_its_losses():
    model, opt, losses = _resume(os.path.join(DATA, "model.pdparams"),
                                 os.path.join(DATA, "opt.pdopt"))
    np.testing.assert_allclose(losses, EXPECTED["losses"], rtol=1e-6)
    assert opt.get_lr() == pytest.approx(float(EXPECTED["lr"]), rel=1e-12)
    for key, value in model.state_dict().items():
        np.testing.assert_allclose(value.numpy(), EXPECTED[f"final/{key}"], rtol=1e-6, atol=1e-7)


def test_optimizer_state_keeps_paddle_names():
    state = paddle.load(os.path.join(DATA, "opt.pdopt"))
    assert "linear_0.w_0_moment1_0" in state and "linear_1.b_0_beta2_pow_acc_0" in state
    assert state["LR_Scheduler"]["last_epoch"] == SCRIPT.SAVED_STEPS


@pytest.mark.parametrize("name", ["model.pdparams", "opt.pdopt"])
def test_resaving_real_paddle_checkpoint_is_byte_identical(name):
    """What real Paddle wrote, loaded and saved again here, comes out byte for byte: our files
    are files real Paddle reads."""
    path = os.path.join(DATA, name)
    buffer = io.BytesIO()
    paddle.save(paddle.load(path), buffer)
    with open(path, "rb") as handle:
        assert buffer.getvalue() == handle.read()


RESUME_IN_REAL_PADDLE = textwrap.dedent("""
    import importlib.util, sys, numpy as np, paddle
    tool, folder = sys.argv[1], sys.argv[2]
    spec = importlib.util.spec_from_file_location("tool", tool)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    model, opt, scheduler = script.build(paddle)
    model.set_state_dict(paddle.load(folder + "/model.pdparams"))
    opt.set_state_dict(paddle.load(folder + "/opt.pdopt"))
    losses = script.train(paddle, model, opt, scheduler, script.RESUMED_STEPS, script.SAVED_STEPS)
    np.save(folder + "/losses.npy", np.array(losses))
""")


@pytest.mark.skipif(not os.path.exists(REF_PYTHON), reason="real Paddle (.venv-ref) is not installed")
def test_real_paddle_resumes_our_checkpoint(tmp_path):
    with paddle.utils.unique_name.guard():
        model, opt, scheduler = SCRIPT.build(paddle)
        SCRIPT.train(paddle, model, opt, scheduler, SCRIPT.SAVED_STEPS, 0)
        paddle.save(model.state_dict(), str(tmp_path / "model.pdparams"))
        paddle.save(opt.state_dict(), str(tmp_path / "opt.pdopt"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([REF_PYTHON, "-c", RESUME_IN_REAL_PADDLE, TOOL, str(tmp_path)],
                          cwd="/tmp", env=env, capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    np.testing.assert_allclose(np.load(tmp_path / "losses.npy"), EXPECTED["losses"], rtol=1e-6)
