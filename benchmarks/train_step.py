"""Training-step time: a 784-512-512-10 MLP, batch 128, Adam — forward, backward, optimizer
step and clear_grad — plus the optimizer step alone.

    python benchmarks/train_step.py                              # ours
    python benchmarks/train_step.py --ref .venv-ref/bin/python   # also real Paddle + ratio

The reference run executes this same file under the other interpreter from a temporary
directory, so it imports that interpreter's paddle, never ours. Both run single-threaded (BLAS
and OpenMP) and report process CPU time as well as wall time, which stays comparable on a busy
machine."""
from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import time

from _reference import print_ratios
from _reference import run_reference as shared_reference

for _var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

SIZES = (784, 512, 512, 10)
BATCH = 128
REPEAT = 20


def _model(paddle, np):
    layers = []
    for i, (fan_in, fan_out) in enumerate(itertools.pairwise(SIZES)):
        linear = paddle.nn.Linear(fan_in, fan_out)
        rng = np.random.default_rng(i)
        linear.weight.set_value((rng.standard_normal((fan_in, fan_out)) * 0.05)
                                .astype("float32"))
        layers.append(linear)
        if i < len(SIZES) - 2:
            layers.append(paddle.nn.ReLU())
    return paddle.nn.Sequential(*layers)


def _best_of(fn, clock, rounds=5) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = clock()
        for _ in range(REPEAT):
            fn()
        best = min(best, clock() - start)
    return best / REPEAT * 1e3


def measure() -> dict:
    import numpy as np

    import paddle
    model = _model(paddle, np)
    opt = paddle.optimizer.Adam(1e-3, parameters=model.parameters())
    rng = np.random.default_rng(0)
    x = paddle.to_tensor(rng.standard_normal((BATCH, SIZES[0])).astype("float32"))
    labels = paddle.to_tensor(rng.integers(0, SIZES[-1], (BATCH,)).astype("int64"))

    def train_step():
        loss = paddle.nn.functional.cross_entropy(model(x), labels)
        loss.backward()
        opt.step()
        opt.clear_grad()

    def forward_backward():
        loss = paddle.nn.functional.cross_entropy(model(x), labels)
        loss.backward()

    train_step()
    result = {"train_step_ms": _best_of(train_step, time.perf_counter),
              "train_step_cpu_ms": _best_of(train_step, time.process_time)}
    opt.clear_grad(set_to_zero=False)
    forward_backward()
    result["optimizer_step_ms"] = _best_of(opt.step, time.perf_counter)
    result["optimizer_step_cpu_ms"] = _best_of(opt.step, time.process_time)
    return {**result, "paddle": paddle.__version__,
            "impl": "feijiang" if hasattr(paddle, "_core") else "paddle"}


def run_reference(python: str) -> dict:
    return shared_reference(__file__, python)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ref", help="interpreter with real paddlepaddle installed")
    parser.add_argument("--json", action="store_true", help="print raw JSON (used for --ref)")
    args = parser.parse_args()
    ours = measure()
    if args.json:
        print(json.dumps(ours))
        return
    ref = run_reference(args.ref) if args.ref else None
    sizes = "-".join(str(s) for s in SIZES)
    print(f"MLP {sizes}, batch {BATCH}, Adam: ms per call (best of 5 x {REPEAT})")
    rows = (("training step (wall)", "train_step_ms"), ("training step (cpu)", "train_step_cpu_ms"),
            ("optimizer.step() (wall)", "optimizer_step_ms"),
            ("optimizer.step() (cpu)", "optimizer_step_cpu_ms"))
    print_ratios("case", rows, ours, ref, ref and ref["paddle"])


if __name__ == "__main__":
    sys.exit(main())
