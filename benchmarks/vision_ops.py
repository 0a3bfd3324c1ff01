"""Detection op speed: milliseconds per call (best of several, float32, 1 thread) of
paddle.vision.ops on detector-sized inputs.

    python benchmarks/vision_ops.py                               # ours
    python benchmarks/vision_ops.py --ref .venv-ref/bin/python    # also real Paddle + ratio
    python benchmarks/vision_ops.py --only roi                    # a subset

Cases: nms of 1000 boxes with scores; multiclass_nms3 on a PicoDet head (3549 boxes x 80
classes, PicoDet's thresholds); roi_align and roi_pool of 512 rois into 7x7 bins of a
1x256x64x64 feature map; deform_conv2d of 1x64x64x64 by 64 3x3 kernels. The reference run
executes this file under the other interpreter from a temporary directory."""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

from _reference import print_ratios
from _reference import run_reference as shared_reference


def _boxes(rng, count, extent, low, high):
    corner = rng.uniform(0, extent - high, (count, 2))
    size = rng.uniform(low, high, (count, 2))
    return (corner, corner + size)


def _cases(paddle, np):
    """{name: a call}: each builds its inputs once, outside the timing."""
    rng = np.random.default_rng(0)
    ops = paddle.vision.ops
    corner, end = _boxes(rng, 1000, 640, 20, 200)
    nms_boxes = paddle.to_tensor(np.concatenate([corner, end], 1).astype("float32"))
    nms_scores = paddle.to_tensor(rng.uniform(0, 1, 1000).astype("float32"))
    corner, end = _boxes(rng, 3549, 320, 8, 160)
    head_boxes = paddle.to_tensor(np.concatenate([corner, end], 1)[None].astype("float32"))
    # a trained head is confident about few classes: most scores stay under the threshold
    head_scores = paddle.to_tensor((rng.uniform(0, 1, (1, 80, 3549)) ** 8).astype("float32"))
    feature = paddle.to_tensor(rng.standard_normal((1, 256, 64, 64)).astype("float32"))
    corner, end = _boxes(rng, 512, 256, 16, 128)
    rois = paddle.to_tensor(np.concatenate([corner, end], 1).astype("float32"))
    rois_num = paddle.to_tensor(np.array([512], "int32"))
    x = paddle.to_tensor(rng.standard_normal((1, 64, 64, 64)).astype("float32"))
    offset = paddle.to_tensor(rng.uniform(-2, 2, (1, 18, 64, 64)).astype("float32"))
    weight = paddle.to_tensor(rng.standard_normal((64, 64, 3, 3)).astype("float32") * 0.05)
    return {
        "nms_1000": lambda: ops.nms(nms_boxes, 0.5, nms_scores),
        "multiclass_nms3_picodet": lambda: paddle._C_ops.multiclass_nms3(
            head_boxes, head_scores, None, 0.025, 1000, 100, 0.6, True, 1.0, -1),
        "roi_align_512x7x7": lambda: ops.roi_align(feature, rois, rois_num, 7, 0.25),
        "roi_pool_512x7x7": lambda: ops.roi_pool(feature, rois, rois_num, 7, 0.25),
        "deform_conv2d_64x64x64": lambda: ops.deform_conv2d(x, offset, weight, padding=1),
    }


def measure(only: str, repeat: int) -> dict:
    import numpy as np

    import paddle
    results = {}
    for name, call in _cases(paddle, np).items():
        if not only or only in name:
            results[name] = _best_ms(call, repeat)
    return {"ms": results, "paddle": paddle.__version__}


def _best_ms(call, repeat: int) -> float:
    """Best time of at least `repeat` calls, repeating fast cases for half a second."""
    call()  # warm up
    best, runs, began = float("inf"), 0, time.perf_counter()
    while runs < repeat or (time.perf_counter() - began < 0.5 and runs < 50):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
        runs += 1
    return best * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ref", help="interpreter with real paddlepaddle installed")
    parser.add_argument("--json", action="store_true", help="print raw JSON (used for --ref)")
    parser.add_argument("--only", default="", help="run the cases whose name contains this")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, "1")  # before NumPy loads its BLAS
    ours = measure(args.only, args.repeat)
    if args.json:
        print(json.dumps(ours))
        return
    argv = ["--only", args.only, "--repeat", str(args.repeat)]
    ref = shared_reference(__file__, args.ref, argv, single_thread=True) if args.ref else None
    print("paddle.vision.ops, ms per call (float32, 1 thread)")
    print_ratios("case", [(name, name) for name in ours["ms"]], ours["ms"], ref and ref["ms"],
                 ref and ref["paddle"], digits=2)


if __name__ == "__main__":
    sys.exit(main())
