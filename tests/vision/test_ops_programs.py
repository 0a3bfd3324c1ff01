"""Saved programs using the detection ops load and run: a small detector that real Paddle
saved both as a PIR .json program and as a legacy .pdmodel (roi_align, prior_box, box_coder,
yolo_box, matrix_nms; tools/make_detection_program_fixtures.py) gives Paddle's outputs."""
import os

import numpy as np
import pytest

import paddle

FOLDER = os.path.join(os.path.dirname(__file__), "..", "fixtures", "vision_ops",
                      "detection_program")


@pytest.mark.parametrize("kind", ["pir", "legacy"])
def test_saved_detection_program_matches_paddle(kind):
    if kind == "legacy":
        pytest.importorskip("google.protobuf")
    io = np.load(os.path.join(FOLDER, f"io_{kind}.npz"))
    arrays = [io[f"arr_{i}"] for i in range(len(io.files))]
    layer = paddle.jit.load(os.path.join(FOLDER, kind, "model"))
    outs = layer(*arrays[:4])
    assert len(outs) == len(arrays) - 4
    for got, expected in zip(outs, arrays[4:]):
        assert got.numpy().dtype == expected.dtype
        np.testing.assert_allclose(got.numpy(), expected, rtol=1e-5, atol=1e-5)
