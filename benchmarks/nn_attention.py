"""Attention speed: milliseconds per call of scaled_dot_product_attention (forward, and
forward + backward, with and without a causal mask or an additive mask) and of a
MultiHeadAttention forward + backward, at a small-transformer size.

    python benchmarks/nn_attention.py                                   # ours
    python benchmarks/nn_attention.py --ref .venv-ref/bin/python        # also real Paddle + ratio

The reference run executes this same file under the other interpreter from a temporary
directory, so it imports that interpreter's paddle, never ours. Both run single-threaded; each
figure is the best of --rounds rounds."""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

from _reference import print_ratios
from _reference import run_reference as shared_reference

# scaled_dot_product_attention takes [batch, seq, heads, head_dim]
SDPA = {"batch": 8, "seq": 128, "heads": 8, "head_dim": 32}
MHA = {"batch": 8, "seq": 64, "embed": 256, "heads": 8}


def _best_ms(fn, rounds, repeat=3):
    fn()
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best * 1e3


def _leaf(paddle, shape):
    t = paddle.randn(shape)
    t.stop_gradient = False
    return t


def _sdpa_cases(paddle):
    F = paddle.nn.functional
    shape = [SDPA["batch"], SDPA["seq"], SDPA["heads"], SDPA["head_dim"]]
    q, k, v = (_leaf(paddle, shape) for _ in range(3))
    mask = paddle.randn([SDPA["batch"], 1, SDPA["seq"], SDPA["seq"]])

    def forward():
        with paddle.no_grad():
            F.scaled_dot_product_attention(q, k, v)

    def train(**kwargs):
        def step():
            F.scaled_dot_product_attention(q, k, v, **kwargs).sum().backward()
            for t in (q, k, v):
                t.clear_gradient()
        return step
    return {"sdpa_fwd": forward, "sdpa_fwd_bwd": train(), "sdpa_causal_fwd_bwd":
            train(is_causal=True), "sdpa_mask_fwd_bwd": train(attn_mask=mask)}


def _mha_case(paddle):
    attn = paddle.nn.MultiHeadAttention(MHA["embed"], MHA["heads"])
    x = _leaf(paddle, [MHA["batch"], MHA["seq"], MHA["embed"]])

    def step():
        attn(x).sum().backward()
        attn.clear_gradients()
        x.clear_gradient()
    return {"mha_fwd_bwd": step}


def measure(rounds: int) -> dict:
    import paddle
    paddle.seed(0)
    cases = {**_sdpa_cases(paddle), **_mha_case(paddle)}
    return {"ms": {name: _best_ms(fn, rounds) for name, fn in cases.items()},
            "paddle": paddle.__version__}


def run_reference(python: str, rounds: int) -> dict:
    return shared_reference(__file__, python, ["--rounds", rounds], single_thread=True)


def _best_of(a, b):
    if a is None:
        return b
    return dict(a, ms={k: min(v, b["ms"][k]) for k, v in a["ms"].items()})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ref", help="interpreter with real paddlepaddle installed")
    parser.add_argument("--json", action="store_true", help="print raw JSON (used for --ref)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--alternate", type=int, default=3,
                        help="alternate ours and the reference this many times; keep each best")
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure(args.rounds)))
        return
    ours, ref = None, None
    for _ in range(args.alternate):
        # alternating spreads a shared machine's load over both sides
        ours = _best_of(ours, measure(args.rounds))
        if args.ref:
            ref = _best_of(ref, run_reference(args.ref, args.rounds))
    print(f"attention, ms per call (sdpa {SDPA}, MHA {MHA}, float32)")
    print_ratios("case", [(name, name) for name in ours["ms"]], ours["ms"], ref and ref["ms"],
                 ref and ref["paddle"])


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    sys.exit(main())
