"""MLP (784-512-512-10) inference at batch 1: eager ms per call, paddle.jit.to_static ms per
call and the first call's conversion time (conversion + tracing + first run).

    python benchmarks/to_static_mlp.py                             # ours
    python benchmarks/to_static_mlp.py --ref .venv-ref/bin/python  # also real Paddle + ratios

The reference run executes this same file under the other interpreter from a temporary
directory, so it imports that interpreter's paddle, never ours. Times are the best of several
rounds (the machine is shared; the best round is the least disturbed)."""
from __future__ import annotations

import argparse
import json
import sys
import time

from _reference import print_ratios
from _reference import run_reference as shared_reference

CALLS = 200
ROUNDS = 15


def _model(paddle):
    paddle.seed(0)
    net = paddle.nn.Sequential(paddle.nn.Linear(784, 512), paddle.nn.ReLU(),
                               paddle.nn.Linear(512, 512), paddle.nn.ReLU(),
                               paddle.nn.Linear(512, 10))
    net.eval()
    return net


def _best_ms(*fns) -> list:
    """Best time per call of each function; rounds alternate between them so that load on the
    machine hits all of them alike."""
    best = [float("inf")] * len(fns)
    for _ in range(ROUNDS):
        for i, fn in enumerate(fns):
            start = time.perf_counter()
            for _ in range(CALLS):
                fn()
            best[i] = min(best[i], time.perf_counter() - start)
    return [b / CALLS * 1e3 for b in best]


def measure() -> dict:
    import numpy as np

    import paddle
    from paddle.static import InputSpec
    x = paddle.to_tensor(np.random.default_rng(0).random((1, 784)).astype("float32"))
    eager = _model(paddle)
    static = paddle.jit.to_static(_model(paddle),
                                  input_spec=[InputSpec([None, 784], "float32", "x")],
                                  full_graph=True)
    with paddle.no_grad():
        start = time.perf_counter()
        first = static(x)
        conversion = (time.perf_counter() - start) * 1e3
        if not np.allclose(first.numpy(), eager(x).numpy(), rtol=1e-5, atol=1e-6):
            raise SystemExit("to_static and eager outputs differ")
        eager_ms, static_ms = _best_ms(lambda: eager(x), lambda: static(x))
    return {"eager_ms": eager_ms, "static_ms": static_ms, "conversion_ms": conversion,
            "paddle": paddle.__version__,
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
    rows = [("eager, ms per call", "eager_ms"), ("to_static, ms per call", "static_ms"),
            ("first call (conversion), ms", "conversion_ms")]
    print("MLP 784-512-512-10, batch 1, inference (no_grad, eval)")
    print_ratios("case", rows, ours, ref, ref and ref["paddle"], digits=3)
    print(f"to_static / eager here: {ours['static_ms'] / ours['eager_ms']:.2f}")


if __name__ == "__main__":
    sys.exit(main())
