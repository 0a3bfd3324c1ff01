"""PaddleOCR through rapidocr-paddle, unchanged, on Feijiang's paddle.inference.

Renders two lines of text with Pillow (DejaVu Sans), reads them back with
`RapidOCR()(image)` and prints each recognised line with its score. `make ocr-demo` sets up a
venv with Feijiang and `rapidocr-paddle==1.4.5` (without its `cpu` extra, which would pull in
real paddlepaddle) and runs this. With `--json PATH` the result is also written as JSON (boxes,
texts, scores), which the slow test compares with real Paddle's.
"""
from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np

LINES = ("Hello PaddleOCR 2024", "numpy backend test")
FONT_PLACES = ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",)


def _font_path() -> str:
    """DejaVu Sans from the system, else the copy matplotlib ships."""
    for path in FONT_PLACES:
        if os.path.exists(path):
            return path
    try:
        import matplotlib
    except ImportError:
        raise SystemExit("ocr_demo: DejaVu Sans not found (install fonts-dejavu or "
                         "matplotlib)") from None
    return os.path.join(os.path.dirname(matplotlib.__file__), "mpl-data", "fonts", "ttf",
                        "DejaVuSans.ttf")


def render_text_image() -> np.ndarray:
    """Black text on white, one line under the other, as an HxWx3 uint8 BGR array."""
    from PIL import Image, ImageDraw, ImageFont
    font = ImageFont.truetype(_font_path(), 36)
    image = Image.new("RGB", (520, 150), "white")
    draw = ImageDraw.Draw(image)
    for row, text in enumerate(LINES):
        draw.text((24, 24 + row * 60), text, fill="black", font=font)
    return np.ascontiguousarray(np.asarray(image)[:, :, ::-1])


def recognise(image: np.ndarray) -> list:
    from rapidocr_paddle import RapidOCR
    result, _ = RapidOCR()(image)
    return [{"box": np.asarray(box, dtype=float).tolist(), "text": text, "score": float(score)}
            for box, text, score in (result or [])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="also write the result to this file")
    args = parser.parse_args()
    image = render_text_image()
    start = time.perf_counter()
    found = recognise(image)
    elapsed = time.perf_counter() - start
    import paddle
    print(f"paddle {paddle.__version__} from {os.path.dirname(paddle.__file__)}")
    for item in found:
        print(f"{item['text']!r:28} score {item['score']:.4f}")
    print(f"{len(found)} text boxes in {elapsed:.2f} s")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(found, f, indent=1)


if __name__ == "__main__":
    main()
