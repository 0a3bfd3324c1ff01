"""A small detection program saved by real Paddle in both formats, for jit.load's converters
of roi_align, prior_box, box_coder, yolo_box and matrix_nms.

    cd /tmp && env -u PYTHONPATH /work/main/.venv-ref/bin/python \
        /work/main/tools/make_detection_program_fixtures.py

writes tests/fixtures/vision_ops/detection_program/{pir/model.json, legacy/model.pdmodel,
...pdiparams} and io_{pir,legacy}.npz (inputs arr_0..3, then Paddle's outputs). The legacy
half runs in a child process with FLAGS_enable_pir_api=0, which must be set before import.
"""
from __future__ import annotations

import os
import subprocess
import sys

import numpy as np

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures",
                   "vision_ops", "detection_program")


def save(kind: str) -> None:
    import paddle
    ops = paddle.vision.ops

    class Detector(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.conv = paddle.nn.Conv2D(3, 14, 1)

        def forward(self, x, boxes, boxes_num, img_size):
            f = self.conv(x)
            pooled = ops.roi_align(f, boxes, boxes_num, 2, 0.5)
            priors, variances = ops.prior_box(f, x, [4.0], flip=True, aspect_ratios=[2.0])
            deltas = f[:, :12].transpose([0, 2, 3, 1]).reshape([1, -1, 4]) * 0.1
            decoded = ops.box_coder(priors.reshape([-1, 4]), variances.reshape([-1, 4]),
                                    deltas, "decode_center_size")
            boxes_out, scores = ops.yolo_box(f, img_size, [10, 13, 16, 30], 2, 0.01, 8)
            dets, num, _ = ops.matrix_nms(boxes_out, scores.transpose([0, 2, 1]), 0.05, 0.01,
                                          20, 10, normalized=False)
            return pooled, decoded, dets, num

    paddle.seed(0)
    layer = Detector()
    layer.eval()
    rng = np.random.default_rng(0)
    inputs = [rng.uniform(-1, 1, (1, 3, 8, 8)).astype("float32"),
              np.array([[0.5, 1.0, 12.0, 10.0], [2.0, 2.0, 6.0, 9.0]], "float32"),
              np.array([2], "int32"), np.array([[64, 64]], "int32")]
    specs = [paddle.static.InputSpec([1, 3, 8, 8], "float32"),
             paddle.static.InputSpec([None, 4], "float32"),
             paddle.static.InputSpec([1], "int32"), paddle.static.InputSpec([1, 2], "int32")]
    outs = layer(*[paddle.to_tensor(a) for a in inputs])
    paddle.jit.save(layer, os.path.join(OUT, kind, "model"), input_spec=specs)
    np.savez(os.path.join(OUT, f"io_{kind}.npz"), *inputs, *[o.numpy() for o in outs])
    print(f"saved the {kind} program and {len(outs)} outputs")


if __name__ == "__main__":
    if sys.argv[1:] == ["--legacy"]:
        save("legacy")
    else:
        save("pir")
        env = {**os.environ, "FLAGS_enable_pir_api": "0"}
        subprocess.run([sys.executable, os.path.abspath(__file__), "--legacy"], env=env,
                       check=True)
