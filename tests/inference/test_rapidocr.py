"""The real client: rapidocr-paddle 1.4.5, installed unchanged (without its `cpu` extra, so no
real paddlepaddle) into a venv beside Feijiang, reads the text that examples/ocr_demo.py renders
exactly as it does on real Paddle 3.3.1 (tests/fixtures/inference/rapidocr_paddle.json, from
tools/make_rapidocr_golden.py): the same texts, boxes and scores within 1e-3.

Slow: the first run builds `.paddle-tests/rapidocr-venv` (pip installs rapidocr-paddle and its
dependencies — OpenCV, Shapely, pyclipper — from the registry, and Feijiang in editable mode);
the test skips with the reason when the registry cannot be reached."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest
from published_models import ROOT

VENV = os.path.join(ROOT, ".paddle-tests", "rapidocr-venv")
PYTHON = os.path.join(VENV, "bin", "python")
GOLDEN = os.path.join(ROOT, "tests", "fixtures", "inference", "rapidocr_paddle.json")


def _client_venv() -> str:
    if os.path.exists(os.path.join(VENV, ".ready")):
        return PYTHON
    subprocess.run([sys.executable, "-m", "venv", VENV], check=True, timeout=300)
    install = subprocess.run([PYTHON, "-m", "pip", "install", "-q", "-e",
                              f"{ROOT}[inference]", "rapidocr-paddle==1.4.5"],
                             capture_output=True, text=True, timeout=1800, check=False)
    if install.returncode != 0:
        pytest.skip(f"cannot install rapidocr-paddle from the registry: "
                    f"{install.stderr.strip()[-400:]}")
    open(os.path.join(VENV, ".ready"), "w").close()
    return PYTHON


@pytest.mark.slow
def test_rapidocr_paddle_reads_the_text_unchanged(tmp_path):
    python = _client_venv()
    out = tmp_path / "ocr.json"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    run = subprocess.run([python, os.path.join(ROOT, "examples", "ocr_demo.py"), "--json",
                          str(out)], cwd=str(tmp_path), env=env, capture_output=True, text=True,
                         timeout=900, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    assert f"from {os.path.join(ROOT, 'src', 'paddle')}" in run.stdout  # Feijiang, not Paddle
    with open(out) as f:
        found = json.load(f)
    with open(GOLDEN) as f:
        expected = json.load(f)
    texts = [r["text"] for r in found]
    assert texts == [r["text"] for r in expected]
    assert " ".join(texts) == "Hello PaddleOCR 2024 numpy backend test"  # the two drawn lines
    for got, want in zip(found, expected):
        np.testing.assert_allclose(got["box"], want["box"], atol=1e-3)
        assert abs(got["score"] - want["score"]) <= 1e-3
