"""Eager dispatch overhead: µs per small op, forward with autograd recording and fwd+bwd, and
the fixed cost of a backward() call (a bare sum and its backward).

    python benchmarks/eager_overhead.py                       # ours
    python benchmarks/eager_overhead.py --ref .venv-ref/bin/python   # also real Paddle + ratio

Two figures per case: the best of five blocks of chains (what a quiet machine shows) and the
fastest single chain (what the code costs when the process is not pushed off a busy CPU; the
comparable figure on a shared machine). The reference run executes this same file under the
other interpreter from a temporary directory, so it imports that interpreter's paddle, never
ours."""
from __future__ import annotations

import argparse
import json
import sys
import time

from _reference import print_ratios
from _reference import run_reference as shared_reference

CHAIN = 50  # ops per timed chain
REPEAT = 200


def measure() -> dict:
    import paddle
    x = paddle.rand([4, 4])
    w = paddle.rand([4, 4])
    w.stop_gradient = False

    def chain(a):
        for _ in range(CHAIN // 5):
            a = a * w
            a = a + w
            a = paddle.tanh(a)
            a = a - w
            a = paddle.exp(a * 0.01)
        return a

    def best_of(fn, rounds=5):
        best = float("inf")
        for _ in range(rounds):
            start = time.perf_counter()
            for _ in range(REPEAT):
                fn()
            best = min(best, time.perf_counter() - start)
        return best / (REPEAT * CHAIN) * 1e6

    def fastest_chain(fn, repeats=3 * REPEAT):
        """The quickest single chain: on a shared machine a block of chains is often pushed
        off the CPU, one short chain mostly is not, so this reads the code's own cost."""
        best = float("inf")
        for _ in range(repeats):
            start = time.perf_counter()
            fn()
            best = min(best, time.perf_counter() - start)
        return best / CHAIN * 1e6

    def forward():
        chain(x)

    def forward_backward():
        y = chain(x).sum()
        y.backward()
        w.clear_grad()

    def no_grad():
        with paddle.no_grad():
            chain(x)

    def sum_backward():
        """One reduction and its backward: the fixed cost of every backward() call."""
        for _ in range(CHAIN):
            w.sum().backward()
        w.clear_grad()

    forward()
    forward_backward()
    return {"forward_us": best_of(forward), "fwd_bwd_us": best_of(forward_backward),
            "no_grad_us": best_of(no_grad), "forward_min_us": fastest_chain(forward),
            "fwd_bwd_min_us": fastest_chain(forward_backward),
            "no_grad_min_us": fastest_chain(no_grad),
            "sum_backward_us": best_of(sum_backward, rounds=3),
            "paddle": paddle.__version__,
            "impl": "feijiang" if hasattr(paddle, "_core") else "paddle"}


def run_reference(python: str) -> dict:
    return shared_reference(__file__, python, single_thread=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ref", help="interpreter with real paddlepaddle installed")
    parser.add_argument("--json", action="store_true", help="print raw JSON (used for --ref)")
    args = parser.parse_args()
    ours = measure()
    if args.json:
        print(json.dumps(ours))
        return
    rows = [("forward with autograd", "forward_us"), ("forward + backward", "fwd_bwd_us"),
            ("forward under no_grad", "no_grad_us"),
            ("forward, fastest chain", "forward_min_us"),
            ("fwd + bwd, fastest chain", "fwd_bwd_min_us"),
            ("no_grad, fastest chain", "no_grad_min_us"),
            ("w.sum().backward(), per call", "sum_backward_us")]
    ref = run_reference(args.ref) if args.ref else None
    print(f"eager overhead, µs per op (chain of {CHAIN} ops on 4x4 float32)")
    print_ratios("case", rows, ours, ref, ref and ref["paddle"])


if __name__ == "__main__":
    sys.exit(main())
