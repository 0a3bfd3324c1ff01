"""Saved programs using the detection ops load and run: a small detector that real Paddle
saved both as a PIR .json program and as a legacy .pdmodel (roi_align, prior_box, box_coder,
yolo_box, matrix_nms; tools/make_detection_program_fixtures.py) gives Paddle's outputs, and so
does a YOLOv3 head with its training loss (yolo_loss / yolov3_loss;
tools/make_vision_ops_fixtures.py)."""
import os

import numpy as np
import pytest

import paddle

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "fixtures", "vision_ops")
FOLDER = os.path.join(FIXTURES, "detection_program")


def _saved(folder, kind):
    if kind == "legacy":
        pytest.importorskip("google.protobuf")
    io = np.load(os.path.join(folder, f"io_{kind}.npz"))
    return paddle.jit.load(os.path.join(folder, kind, "model")), \
        [io[f"arr_{i}"] for i in range(len(io.files))]


@pytest.mark.parametrize("kind", ["pir", "legacy"])
def test_saved_detection_program_matches_paddle(kind):
    layer, arrays = _saved(FOLDER, kind)
    outs = layer(*arrays[:4])
    assert len(outs) == len(arrays) - 4
    for got, expected in zip(outs, arrays[4:]):
        assert got.numpy().dtype == expected.dtype
        np.testing.assert_allclose(got.numpy(), expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("kind", ["pir", "legacy"])
def test_saved_yolo_loss_program_matches_paddle(kind):
    layer, arrays = _saved(os.path.join(FIXTURES, "yolo_loss_program"), kind)
    loss = layer(*[paddle.to_tensor(a) for a in arrays[:4]])
    np.testing.assert_allclose(loss.numpy(), arrays[4], rtol=1e-5)
