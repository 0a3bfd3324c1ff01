"""Memory of one GPT training step: float32, O2 bfloat16 (FLAGS_feijiang_amp_on_cpu) and
float32 with every block recomputed.

    python benchmarks/amp_memory.py

The model is the bench GPT of tests/jit/_print_models.py made larger (vocab 4000, dim 256,
4 heads, 2 blocks, 128 tokens, batch 8). Each mode runs in a fresh process and reports:
  parameters   bytes of the model's parameters
  activations  bytes the autograd graph keeps for backward after the forward (every saved
               array once: a tensor-bytes counter)
  optimizer    bytes of Adam's state (O2 adds float32 master weights), made by a first step
               before the measured one
  peak alloc   the largest memory the step's new arrays and objects held at once (tracemalloc,
               which sees NumPy's allocations): what the step needs beyond the model
  peak RSS     the process's peak resident memory during the step, above what it held before
               (the allocator keeps freed pages, so this also counts released temporaries)
  step ms      forward + backward + Adam step (best of 3)
and the ratios against float32. The recompute mode also checks that its gradients equal the
float32 run's (max relative difference)."""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
import tracemalloc

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SIZES = {"vocab": 4000, "dim": 256, "heads": 4, "blocks": 2, "max_len": 128}
BATCH, LENGTH = 8, 128


def _gpt(paddle, recomputed: bool):
    sys.path.insert(0, os.path.join(ROOT, "tests", "jit"))
    import numpy as np
    from _print_models import build
    model = type(build(paddle, "gpt")[0])(**SIZES)
    rng = np.random.default_rng(0)
    for param in model.parameters():
        param.set_value((rng.standard_normal(param.shape) * 0.02).astype("float32"))
    if recomputed:
        from paddle.distributed.fleet.utils import recompute

        class Recomputed(paddle.nn.Layer):
            def __init__(self, block):
                super().__init__()
                self.block = block

            def forward(self, h, mask):
                return recompute(self.block, h, mask)

        for i, block in enumerate(model.blocks):
            model.blocks[i] = Recomputed(block)
    return model


def _rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def measure(mode: str) -> dict:
    import numpy as np

    import paddle
    from paddle._core.autograd.memory import saved_bytes
    if mode == "o2_bf16":
        paddle.set_flags({"FLAGS_feijiang_amp_on_cpu": True})
    model = _gpt(paddle, recomputed=mode == "recompute")
    opt = paddle.optimizer.Adam(1e-3, parameters=model.parameters())
    if mode == "o2_bf16":
        model, opt = paddle.amp.decorate(model, opt, level="O2", dtype="bfloat16")
    rng = np.random.default_rng(1)
    ids = paddle.to_tensor(rng.integers(0, SIZES["vocab"], (BATCH, LENGTH)))
    labels = paddle.to_tensor(rng.integers(0, SIZES["vocab"], (BATCH * LENGTH,)))

    def forward():
        with paddle.amp.auto_cast(enable=mode == "o2_bf16", level="O2", dtype="bfloat16"):
            logits = model(ids).reshape([-1, SIZES["vocab"]])
            return paddle.nn.functional.cross_entropy(logits, labels)

    forward().backward()  # a first step creates the optimizer's state (and master weights)
    opt.step()
    opt.clear_grad()
    before = _rss_bytes()
    tracemalloc.start()
    loss = forward()
    activations = saved_bytes(loss)  # the tensor-bytes counter
    loss.backward()
    opt.step()
    traced_peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    grads = [p.grad.astype("float32").numpy() for p in model.parameters()]
    opt.clear_grad()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - before
    times = []
    for _ in range(3):
        start = time.perf_counter()
        forward().backward()
        opt.step()
        opt.clear_grad()
        times.append(time.perf_counter() - start)
    optimizer = sum(t._data.nbytes for t in _tensors(opt.state_dict()))
    if "AMP_MEMORY_GRADS" in os.environ:
        np.savez(os.environ["AMP_MEMORY_GRADS"], *grads)
    return {"parameters": sum(p._data.nbytes for p in model.parameters()),
            "activations": activations, "optimizer": optimizer, "peak_rss": max(peak, 0),
            "peak_traced": traced_peak,
            "step_ms": min(times) * 1e3, "loss": float(loss)}


def _tensors(state):
    from paddle import Tensor
    for value in state.values():
        if isinstance(value, dict):
            yield from _tensors(value)
        elif isinstance(value, Tensor):
            yield value


def _run(mode: str, grads_file: str) -> dict:
    env = dict(os.environ, AMP_MEMORY_GRADS=grads_file, OMP_NUM_THREADS="1")
    env["PYTHONPATH"] = os.path.join(ROOT, "src")
    out = subprocess.run([sys.executable, __file__, "--json", mode], env=env, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", metavar="MODE", help="measure one mode and print JSON")
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure(args.json)))
        return
    import tempfile

    import numpy as np
    with tempfile.TemporaryDirectory() as tmp:
        results, grads = {}, {}
        for mode in ("fp32", "o2_bf16", "recompute"):
            path = os.path.join(tmp, f"{mode}.npz")
            results[mode] = _run(mode, path)
            with np.load(path) as archive:
                grads[mode] = [archive[k] for k in archive.files]
    base = results["fp32"]
    print(f"GPT step memory (vocab {SIZES['vocab']}, dim {SIZES['dim']}, {SIZES['blocks']} "
          f"blocks, batch {BATCH} x {LENGTH} tokens), MB and ratio to float32")
    print(f"{'mode':<12}{'params':>8}{'activ.':>8}{'p+a':>8}{'ratio':>7}{'optim.':>8}"
          f"{'peak alloc':>11}{'ratio':>7}{'peak RSS':>10}{'ratio':>7}{'step ms':>9}"
          f"{'ratio':>7}")
    for mode, r in results.items():
        both = r["parameters"] + r["activations"]
        print(f"{mode:<12}{r['parameters'] / 1e6:>8.1f}{r['activations'] / 1e6:>8.1f}"
              f"{both / 1e6:>8.1f}{both / (base['parameters'] + base['activations']):>7.2f}"
              f"{r['optimizer'] / 1e6:>8.1f}{r['peak_traced'] / 1e6:>11.1f}"
              f"{r['peak_traced'] / base['peak_traced']:>7.2f}{r['peak_rss'] / 1e6:>10.1f}"
              f"{r['peak_rss'] / max(base['peak_rss'], 1):>7.2f}{r['step_ms']:>9.1f}"
              f"{r['step_ms'] / base['step_ms']:>7.2f}")
    worst = max(float(np.max(np.abs(a - b) / (np.abs(b) + 1e-6)))
                for a, b in zip(grads["recompute"], grads["fp32"]))
    print(f"recompute: activations {results['recompute']['activations'] / base['activations']:.2f}"
          f"x float32's, gradients within {worst:.1e} (relative) of float32's")


if __name__ == "__main__":
    sys.exit(main())
