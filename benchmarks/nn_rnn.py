"""Recurrent and attention layers: milliseconds per call of an LSTM (forward, and forward +
backward) and of a MultiHeadAttention forward + backward.

    python benchmarks/nn_rnn.py                                   # ours
    python benchmarks/nn_rnn.py --ref .venv-ref/bin/python        # also real Paddle + ratio

The reference run executes this same file under the other interpreter from a temporary
directory, so it imports that interpreter's paddle, never ours. Both run single-threaded."""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

LSTM = {"batch": 16, "steps": 50, "input": 64, "hidden": 128}
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

    attn = paddle.nn.MultiHeadAttention(MHA["embed"], MHA["heads"])
    q = paddle.randn([MHA["batch"], MHA["seq"], MHA["embed"]])
    q.stop_gradient = False

    def attention_train_step():
        attn(q).sum().backward()
        attn.clear_gradients()
        q.clear_gradient()

    return {"lstm_fwd_ms": _best_ms(lstm_forward), "lstm_fwd_bwd_ms": _best_ms(lstm_train_step),
            "mha_fwd_bwd_ms": _best_ms(attention_train_step), "paddle": paddle.__version__}


def run_reference(python: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        script = shutil.copy(__file__, os.path.join(tmp, "bench.py"))
        env = dict(os.environ, OMP_NUM_THREADS="1", GLOG_minloglevel="3")
        env.pop("PYTHONPATH", None)
        out = subprocess.run([python, script, "--json"], cwd=tmp, env=env, check=True,
                             capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


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
    rows = [(f"LSTM forward {LSTM}", "lstm_fwd_ms"), ("LSTM forward + backward", "lstm_fwd_bwd_ms"),
            (f"MHA forward + backward {MHA}", "mha_fwd_bwd_ms")]
    header = f"{'ms per call':<72}{'feijiang':>10}"
    if ref:
        header += f"{'paddle ' + ref['paddle']:>16}{'ratio':>8}"
    print(header)
    for label, key in rows:
        line = f"{label:<72}{ours[key]:>10.2f}"
        if ref:
            line += f"{ref[key]:>16.2f}{ours[key] / ref[key]:>8.2f}"
        print(line)


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    sys.exit(main())
