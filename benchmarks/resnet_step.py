"""ResNet-18 training-step time: paddle.vision.models.resnet18(num_classes=10) on 3x32x32
images, batch 16, Momentum, CrossEntropyLoss — forward, backward, optimizer step and
clear_grad — plus the forward pass alone.

    python benchmarks/resnet_step.py                              # ours
    python benchmarks/resnet_step.py --ref .venv-ref/bin/python   # also real Paddle + ratio

The reference run executes this same file under the other interpreter from a temporary
directory, so it imports that interpreter's paddle, never ours. Both run single-threaded (BLAS
and OpenMP) and report process CPU time as well as wall time, which stays comparable on a busy
machine."""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

from _reference import print_ratios
from _reference import run_reference as shared_reference

for _var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

BATCH = 16
IMAGE = (3, 32, 32)
CLASSES = 10


def _best_of(fn, clock, rounds: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = clock()
        for _ in range(repeat):
            fn()
        best = min(best, clock() - start)
    return best / repeat * 1e3


def measure(rounds: int, repeat: int) -> dict:
    import numpy as np

    import paddle
    paddle.seed(0)
    model = paddle.vision.models.resnet18(num_classes=CLASSES)
    model.train()
    opt = paddle.optimizer.Momentum(0.01, momentum=0.9, parameters=model.parameters())
    loss_fn = paddle.nn.CrossEntropyLoss()
    rng = np.random.default_rng(0)
    x = paddle.to_tensor(rng.standard_normal((BATCH,) + IMAGE).astype("float32"))
    labels = paddle.to_tensor(rng.integers(0, CLASSES, (BATCH, 1)).astype("int64"))

    def train_step():
        loss = loss_fn(model(x), labels)
        loss.backward()
        opt.step()
        opt.clear_grad()

    def forward():
        with paddle.no_grad():
            model(x)

    train_step()
    forward()
    return {"train_step_ms": _best_of(train_step, time.perf_counter, rounds, repeat),
            "train_step_cpu_ms": _best_of(train_step, time.process_time, rounds, repeat),
            "forward_ms": _best_of(forward, time.perf_counter, rounds, repeat),
            "paddle": paddle.__version__,
            "impl": "feijiang" if hasattr(paddle, "_core") else "paddle"}


def run_reference(python: str, rounds: int, repeat: int) -> dict:
    return shared_reference(__file__, python, ["--rounds", rounds, "--repeat", repeat])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ref", help="interpreter with real paddlepaddle installed")
    parser.add_argument("--json", action="store_true", help="print raw JSON (used for --ref)")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds; the best counts")
    parser.add_argument("--repeat", type=int, default=5, help="steps per timed round")
    args = parser.parse_args()
    ours = measure(args.rounds, args.repeat)
    if args.json:
        print(json.dumps(ours))
        return
    ref = run_reference(args.ref, args.rounds, args.repeat) if args.ref else None
    print(f"resnet18, batch {BATCH}x{'x'.join(map(str, IMAGE))}, Momentum: ms per call "
          f"(best of {args.rounds} x {args.repeat})")
    rows = (("training step (wall)", "train_step_ms"), ("training step (cpu)", "train_step_cpu_ms"),
            ("forward, no_grad (wall)", "forward_ms"))
    print_ratios("case", rows, ours, ref, ref and ref["paddle"])


if __name__ == "__main__":
    sys.exit(main())
