"""State dicts saved by real Paddle 3.3.1 load into the same models here (every name and shape
lines up, nothing missing or unexpected) and reproduce Paddle's eval-mode outputs: an LSTM and a
TransformerEncoder from committed fixtures, and a ResNet-18 written on the spot by real Paddle
(45 MB, so not committed; skipped without .venv-ref). Fixtures: tests/fixtures/nn."""
from __future__ import annotations

import importlib.util
import os
import subprocess

import numpy as np
import pytest

import paddle

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "tests", "fixtures", "nn")
GENERATOR = os.path.join(FIXTURES, "make_state_dicts.py")
REF_PYTHON = os.path.join(ROOT, ".venv-ref", "bin", "python")


def _generator():
    spec = importlib.util.spec_from_file_location("make_state_dicts", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _check_round_trip(name: str, folder: str, rtol: float) -> None:
    gen = _generator()
    paddle.seed(123)  # different initial weights: every value must come from the file
    model, _ = gen.MODELS[name](paddle)
    state = paddle.load(os.path.join(folder, f"{name}.pdparams"))
    own = model.state_dict()
    assert list(state.keys()) == list(own.keys())
    assert [list(v.shape) for v in state.values()] == [list(v.shape) for v in own.values()]
    missing, unexpected = model.set_state_dict(state)
    assert not missing and not unexpected
    model.eval()
    data = np.load(os.path.join(folder, f"{name}.npz"))
    with paddle.no_grad():
        out = gen.first_output(model(paddle.to_tensor(data["input"]))).numpy()
    scale = float(np.abs(data["output"]).max())
    np.testing.assert_allclose(out, data["output"], rtol=rtol, atol=rtol * scale)


@pytest.mark.parametrize("name", ["lstm", "transformer_encoder"])
def test_committed_state_dicts_reproduce_paddle(name):
    _check_round_trip(name, FIXTURES, rtol=1e-5)


@pytest.mark.skipif(not os.path.exists(REF_PYTHON), reason="real Paddle (.venv-ref) missing")
def test_resnet18_state_dict_written_by_real_paddle(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([REF_PYTHON, GENERATOR, "resnet18", "--out", str(tmp_path)],
                          cwd="/tmp", env=env, capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    _check_round_trip("resnet18", str(tmp_path), rtol=1e-5)
