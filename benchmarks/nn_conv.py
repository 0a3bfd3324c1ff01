"""Convolution speed: milliseconds per conv2d forward + backward (input, weight and bias
gradients) on LeNet and ResNet-18 layer shapes, plus a max-pool and an avg-pool case.

    python benchmarks/nn_conv.py                                   # ours
    python benchmarks/nn_conv.py --ref .venv-ref/bin/python        # also real Paddle + ratio
    python benchmarks/nn_conv.py --batch 16 --only r18             # a subset

The reference run executes this same file under the other interpreter from a temporary
directory, so it imports that interpreter's paddle, never ours."""
from __future__ import annotations

import argparse
import json
import sys
import time

from _reference import print_ratios
from _reference import run_reference as shared_reference

# name: (in_channels, image size, out_channels, kernel, stride, padding)
CONVS = {
    "lenet_c1": (1, 28, 6, 5, 1, 2),
    "lenet_c3": (6, 14, 16, 5, 1, 0),
    "r18_conv1": (3, 224, 64, 7, 2, 3),
    "r18_layer1": (64, 56, 64, 3, 1, 1),
    "r18_layer2": (128, 28, 128, 3, 1, 1),
    "r18_layer3": (256, 14, 256, 3, 1, 1),
    "r18_layer4": (512, 7, 512, 3, 1, 1),
    "r18_down2": (64, 56, 128, 1, 2, 0),
    "r18_dw": (128, 28, 128, 3, 1, 1),  # depthwise (groups = channels)
}


def measure(batch: int, only: str, repeat: int) -> dict:
    import numpy as np

    import paddle
    import paddle.nn.functional as F
    rng = np.random.default_rng(0)
    results = {}
    for name, (c, size, o, k, s, p) in CONVS.items():
        if only and only not in name:
            continue
        groups = c if name.endswith("_dw") else 1
        x = paddle.to_tensor(rng.standard_normal((batch, c, size, size)).astype("float32"))
        w = paddle.to_tensor(rng.standard_normal((o, c // groups, k, k)).astype("float32"))
        b = paddle.to_tensor(np.zeros(o, "float32"))
        for t in (x, w, b):
            t.stop_gradient = False
        results[name] = _best_ms(_conv_step(F, x, w, b, s, p, groups), repeat)
    if not only or "pool" in only:
        x = paddle.to_tensor(rng.standard_normal((batch, 64, 112, 112)).astype("float32"))
        x.stop_gradient = False
        results["max_pool_3x3s2"] = _best_ms(
            lambda: F.max_pool2d(x, 3, 2, 1).sum().backward(), repeat)
        results["avg_pool_2x2"] = _best_ms(lambda: F.avg_pool2d(x, 2).sum().backward(), repeat)
    return {"ms": results, "paddle": paddle.__version__,
            "impl": "feijiang" if hasattr(paddle, "_core") else "paddle"}


def _conv_step(F, x, w, b, stride, padding, groups):
    def step():
        F.conv2d(x, w, b, stride=stride, padding=padding, groups=groups).sum().backward()
    return step


def _best_ms(step, repeat: int) -> float:
    """Best time of at least `repeat` runs, repeating fast cases for half a second."""
    step()  # warm up
    best, runs, began = float("inf"), 0, time.perf_counter()
    while runs < repeat or (time.perf_counter() - began < 0.5 and runs < 100):
        start = time.perf_counter()
        step()
        best = min(best, time.perf_counter() - start)
        runs += 1
    return best * 1e3


def run_reference(python: str, argv: list) -> dict:
    return shared_reference(__file__, python, argv)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ref", help="interpreter with real paddlepaddle installed")
    parser.add_argument("--json", action="store_true", help="print raw JSON (used for --ref)")
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--only", default="", help="run the cases whose name contains this")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    ours = measure(args.batch, args.only, args.repeat)
    if args.json:
        print(json.dumps(ours))
        return
    argv = ["--batch", str(args.batch), "--only", args.only, "--repeat", str(args.repeat)]
    ref = run_reference(args.ref, argv) if args.ref else None
    print(f"conv2d / pooling forward + backward, ms (batch {args.batch}, float32)")
    print_ratios("case", [(name, name) for name in ours["ms"]], ours["ms"], ref and ref["ms"],
                 ref and ref["paddle"], digits=1)


if __name__ == "__main__":
    sys.exit(main())
