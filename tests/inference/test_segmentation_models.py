"""Published segmentation and classification models, exported by real Paddle, give real Paddle
Inference's outputs. Slow: the models come from the paddlelabel-ml 1.0.0 wheel (downloaded once
by tests/published_models.py): EISeg's interactive segmentation network (HRNet-18 + OCR head,
exported by PaddleSeg's EISeg) and PaddleClas' PP-LCNetV2 ImageNet classifier, both legacy
.pdmodel programs. The reference numbers come from real Paddle Inference with IR optimisation off
(.venv-ref)."""
import os

import numpy as np
import pytest
from published_models import paddle_inference_outputs, wheel_dir

import paddle

WHEEL = "paddlelabel-ml==1.0.0"
EISEG = "eiseg/ckpt/static_hrnet18_ocr64_cocolvis"
LCNET = "PPLCNetV2/ckpt/inference"

def _model_prefix(relative: str) -> str:
    pytest.importorskip("google.protobuf")
    return os.path.join(wheel_dir(WHEEL), "paddlelabel_ml", "model", relative)


def _our_outputs(prefix: str, inputs: dict) -> list:
    layer = paddle.jit.load(prefix)
    feeds = [spec.name for spec in layer._input_spec()]
    outputs = layer(*[inputs[name] for name in feeds])
    return [o.numpy() for o in (outputs if isinstance(outputs, list) else [outputs])]


def _click_maps(height: int, width: int, clicks) -> np.ndarray:
    """EISeg's coordinate features: the previous mask, then positive and negative click disks
    (radius 5), as its predictor builds them."""
    rows, cols = np.mgrid[:height, :width]
    maps = np.zeros([1, 3, height, width], np.float32)
    for row, col, positive in clicks:
        disk = (rows - row) ** 2 + (cols - col) ** 2 <= 25
        maps[0, 1 if positive else 2][disk] = 1.0
    return maps


@pytest.mark.slow
def test_eiseg_hrnet_segmentation_matches_paddle_inference(tmp_path):
    prefix = _model_prefix(EISEG)
    rng = np.random.default_rng(0)
    height, width = 160, 224
    image = rng.random([1, 3, height, width], dtype=np.float32)
    image[:, :, 40:120, 60:170] += 1.5  # a bright object for the clicks to select
    inputs = {"image": image,
              "coord_features": _click_maps(height, width, [(80, 110, True), (10, 10, False)])}
    ours = _our_outputs(prefix, inputs)
    theirs = paddle_inference_outputs(prefix, inputs, tmp_path)
    assert [o.shape for o in ours] == [(1, 1, height, width)] * 2
    for mine, paddles in zip(ours, theirs):
        # one logit channel: the label map is the sign of the logit
        np.testing.assert_array_equal(mine > 0, paddles > 0)
        np.testing.assert_allclose(mine, paddles, rtol=1e-4, atol=1e-4)
    assert 0.05 < (ours[0] > 0).mean() < 0.95  # the mask selects something, not everything


@pytest.mark.slow
def test_pp_lcnet_v2_classifier_matches_paddle_inference(tmp_path):
    prefix = _model_prefix(LCNET)
    x = np.random.default_rng(1).standard_normal([2, 3, 224, 224], dtype=np.float32)
    (ours,) = _our_outputs(prefix, {"x": x})
    (theirs,) = paddle_inference_outputs(prefix, {"x": x}, tmp_path)
    assert ours.shape == (2, 1000)
    np.testing.assert_array_equal(ours.argmax(1), theirs.argmax(1))
    np.testing.assert_allclose(ours, theirs, rtol=1e-4, atol=1e-5)
