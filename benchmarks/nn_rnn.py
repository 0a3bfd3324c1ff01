"""Recurrent and attention layers: milliseconds per call of an LSTM over a sequence (forward,
and forward + backward), of one LSTMCell step (forward, and forward + backward) and of a
MultiHeadAttention forward + backward (benchmarks/nn_attention.py covers attention in depth).

    python benchmarks/nn_rnn.py                                   # ours
    python benchmarks/nn_rnn.py --ref .venv-ref/bin/python        # also real Paddle + ratio

The reference run executes this same file under the other interpreter from a temporary
directory, so it imports that interpreter's paddle, never ours. Both run single-threaded."""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

from _reference import print_ratios
from _reference import run_reference as shared_reference

LSTM = {"batch": 16, "steps": 50, "input": 64, "hidden": 128}
CELL = {"batch": 16, "input": 64, "hidden": 128}
MHA = {"batch": 8, "seq": 64, "embed": 128, "heads": 8}


def _best_ms(fn, rounds=5, repeat=3):
    fn()
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best * 1e3


def measure() -> dict:
    import paddle
    paddle.seed(0)
    lstm = paddle.nn.LSTM(LSTM["input"], LSTM["hidden"])
    x = paddle.randn([LSTM["batch"], LSTM["steps"], LSTM["input"]])

    def lstm_forward():
        with paddle.no_grad():
            lstm(x)

    def lstm_train_step():
        out, _ = lstm(x)
        out.sum().backward()
        lstm.clear_gradients()

    cell_fwd, cell_step = _cell_cases(paddle)
    attn = paddle.nn.MultiHeadAttention(MHA["embed"], MHA["heads"])
    q = paddle.randn([MHA["batch"], MHA["seq"], MHA["embed"]])
    q.stop_gradient = False

    def attention_train_step():
        attn(q).sum().backward()
        attn.clear_gradients()
        q.clear_gradient()

    return {"lstm_fwd_ms": _best_ms(lstm_forward), "lstm_fwd_bwd_ms": _best_ms(lstm_train_step),
            "cell_fwd_ms": _best_ms(cell_fwd, repeat=50),
            "cell_fwd_bwd_ms": _best_ms(cell_step, repeat=50),
            "mha_fwd_bwd_ms": _best_ms(attention_train_step), "paddle": paddle.__version__}


def _cell_cases(paddle):
    cell = paddle.nn.LSTMCell(CELL["input"], CELL["hidden"])
    x = paddle.randn([CELL["batch"], CELL["input"]])
    h, c = (paddle.randn([CELL["batch"], CELL["hidden"]]) for _ in range(2))

    def forward():
        with paddle.no_grad():
            cell(x, (h, c))

    def train_step():
        out, (_, c_new) = cell(x, (h, c))
        (out.sum() + c_new.sum()).backward()
        cell.clear_gradients()
    return forward, train_step


def run_reference(python: str) -> dict:
    return shared_reference(__file__, python, single_thread=True)


def _best_of(a, b):
    if a is None:
        return b
    return {k: min(v, b[k]) if isinstance(v, float) else v for k, v in a.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ref", help="interpreter with real paddlepaddle installed")
    parser.add_argument("--json", action="store_true", help="print raw JSON (used for --ref)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="alternate ours and the reference this many times; keep each best")
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure()))
        return
    ours, ref = measure(), None
    for _ in range(args.rounds):
        # alternating spreads a shared machine's load over both sides
        ours = _best_of(ours, measure())
        if args.ref:
            ref = _best_of(ref, run_reference(args.ref))
    rows = [(f"LSTM forward {LSTM}", "lstm_fwd_ms"), ("LSTM forward + backward", "lstm_fwd_bwd_ms"),
            (f"LSTMCell step forward {CELL}", "cell_fwd_ms"),
            ("LSTMCell step forward + backward", "cell_fwd_bwd_ms"),
            (f"MHA forward + backward {MHA}", "mha_fwd_bwd_ms")]
    print_ratios("ms per call", rows, ours, ref, ref and ref["paddle"])


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    sys.exit(main())
