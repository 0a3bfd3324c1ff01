"""DataParallel training throughput of the benchmark MLP (784-512-512-10, Adam, 128 samples
per rank per step): one rank, then 2 ranks with the gradient all-reduce overlapping backward
(Paddle's default buckets: 1 MB first, then 25 MB), with smaller buckets, and with one bucket
sent after backward (no overlap). Samples per second over the whole job, and the speed-up
over one rank (ideal: 2.0 on 2 cores).

    python benchmarks/data_parallel.py
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(os.path.dirname(HERE), "src")
SIZES = (784, 512, 512, 10)
BATCH = 128
WARMUP, STEPS, ROUNDS = 5, 20, 8
VARIANTS = {  # name: (comm_buffer_size MB, last_comm_buffer_size MB)
    "overlap, Paddle's buckets (25 MB, first 1 MB)": (25, 1),
    "overlap, small buckets (0.5 MB)": (0.5, 0.5),
    "no overlap (one bucket after backward)": (1024, 1024),
}


def _mlp(paddle):
    layers = []
    for i in range(len(SIZES) - 1):
        layers.append(paddle.nn.Linear(SIZES[i], SIZES[i + 1]))
        if i < len(SIZES) - 2:
            layers.append(paddle.nn.ReLU())
    return paddle.nn.Sequential(*layers)


def worker(out: str, buffers) -> None:
    import paddle
    import paddle.distributed as dist
    dist.init_parallel_env()
    paddle.seed(0)
    model = _mlp(paddle)
    if dist.get_world_size() > 1:
        model = paddle.DataParallel(model, comm_buffer_size=buffers[0],
                                    last_comm_buffer_size=buffers[1])
    opt = paddle.optimizer.Adam(1e-3, parameters=model.parameters())
    loss_fn = paddle.nn.CrossEntropyLoss()
    rng = np.random.default_rng(dist.get_rank())
    x = paddle.to_tensor(rng.standard_normal((BATCH, SIZES[0])).astype("float32"))
    y = paddle.to_tensor(rng.integers(0, 10, (BATCH, 1)).astype("int64"))

    def step():
        loss_fn(model(x), y).backward()
        opt.step()
        opt.clear_grad()

    sync = dist.barrier if dist.get_world_size() > 1 else (lambda: None)
    for _ in range(WARMUP):
        step()
    best = float("inf")
    for _ in range(ROUNDS):
        sync()
        start = time.perf_counter()
        for _ in range(STEPS):
            step()
        sync()
        best = min(best, (time.perf_counter() - start) / STEPS)
    if dist.get_rank() == 0:
        with open(out, "w") as f:
            json.dump({"step_s": best, "samples_s": BATCH * dist.get_world_size() / best}, f)


def run(folder: str, nprocs: int, buffers) -> dict:
    out = os.path.join(folder, "out.json")
    env = dict(os.environ, PYTHONPATH=SRC, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1",
               MKL_NUM_THREADS="1")
    subprocess.run([sys.executable, "-m", "paddle.distributed.launch", "--nproc_per_node",
                    str(nprocs), "--log_dir", os.path.join(folder, "log"), __file__,
                    "--worker", out, *map(str, buffers)], env=env, check=True, timeout=600,
                   stdout=subprocess.DEVNULL)
    with open(out) as f:
        return json.load(f)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker[0], (float(args.worker[1]), float(args.worker[2])))
        return
    with tempfile.TemporaryDirectory() as folder:
        one = run(folder, 1, (25, 1))
        rows = [("1 rank", one)] + [(f"2 ranks, {name}", run(folder, 2, buffers))
                                    for name, buffers in VARIANTS.items()]
    width = max(len(label) for label, _ in rows) + 2
    print(f"{'':<{width}}{'ms/step':>9}{'samples/s':>11}{'vs 1 rank':>11}")
    for label, figures in rows:
        print(f"{label:<{width}}{figures['step_s'] * 1e3:>9.2f}{figures['samples_s']:>11.0f}"
              f"{figures['samples_s'] / one['samples_s']:>11.2f}")


if __name__ == "__main__":
    main()
