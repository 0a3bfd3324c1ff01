"""all_reduce across 2 ranks of this machine, 4 KB to 64 MB of float32: time per call and bus
bandwidth (bytes × 2(n-1)/n / time, the figure NCCL's and gloo's benchmarks print), for
paddle.distributed (metadata check on, as by default, and off), mpi4py on the same buffers
(the MPI floor), torch.distributed with gloo when a PyTorch interpreter is given, and the
machine's memcpy bandwidth (what a shared-memory transfer cannot beat).

    python benchmarks/collectives.py                                  # ours + MPI + memcpy
    python benchmarks/collectives.py --torch .venv-torch/bin/python   # and gloo beside them

Each job runs in its own network namespace (loopback only) when `unshare -n` is allowed.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

SIZES = [4 << 10, 64 << 10, 1 << 20, 4 << 20, 16 << 20, 64 << 20]
ROUNDS = 3
MIN_ROUND_S = 0.15
HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(os.path.dirname(HERE), "src")


def _iterations(size: int) -> int:
    return max(5, min(2000, (8 << 20) // size))


def _best(run_once, barrier, size: int) -> float:
    """Best mean seconds per call over ROUNDS rounds (every rank starts each round together)."""
    count = _iterations(size)
    for _ in range(3):
        run_once()
    best = float("inf")
    for _ in range(ROUNDS):
        barrier()
        start = time.perf_counter()
        for _ in range(count):
            run_once()
        best = min(best, (time.perf_counter() - start) / count)
    return best


# ---- inside the ranks ---------------------------------------------------------------------------
def paddle_worker(out: str) -> None:
    import paddle
    import paddle.distributed as dist
    dist.init_parallel_env()
    group = dist.get_group(0)
    backend = group.process_group
    figures = {"paddle": {}, "mpi": {}}
    for size in SIZES:
        tensor = paddle.ones([size // 4], "float32")
        figures["paddle"][size] = _best(lambda t=tensor: dist.all_reduce(t), dist.barrier, size)
        array = np.ones(size // 4, np.float32)
        figures["mpi"][size] = _best(lambda a=array: backend.comm.Allreduce(
            __import__("mpi4py.MPI").MPI.IN_PLACE, a), backend.comm.Barrier, size)
    if dist.get_rank() == 0:
        with open(out, "w") as f:
            json.dump(figures, f)


def torch_worker(out: str) -> None:
    import torch
    import torch.distributed as tdist
    tdist.init_process_group("gloo")
    figures = {"gloo": {}}
    for size in SIZES:
        tensor = torch.ones(size // 4, dtype=torch.float32)
        figures["gloo"][size] = _best(lambda t=tensor: tdist.all_reduce(t), tdist.barrier, size)
    if tdist.get_rank() == 0:
        with open(out, "w") as f:
            json.dump(figures, f)
    tdist.destroy_process_group()


# ---- the driver ---------------------------------------------------------------------------------
def _isolated() -> list:
    if shutil.which("unshare") and shutil.which("ip") and subprocess.run(
            ["unshare", "-n", "true"], capture_output=True, check=False).returncode == 0:
        return ["unshare", "-n", "sh", "-c", 'ip link set lo up && exec "$@"', "job"]
    return []


def _run(command: list, env: dict, out: str) -> dict:
    subprocess.run(_isolated() + command, env=env, check=True, timeout=600,
                   stdout=subprocess.DEVNULL)
    with open(out) as f:
        return {name: {int(k): v for k, v in table.items()} for name, table in json.load(f).items()}


def measure_paddle(folder: str, check: bool) -> dict:
    out = os.path.join(folder, f"paddle_{int(check)}.json")
    env = dict(os.environ, PYTHONPATH=SRC, OMP_NUM_THREADS="1",
               PADDLE_DISTRI_CHECK_META="1" if check else "0")
    figures = _run([sys.executable, "-m", "paddle.distributed.launch", "--nproc_per_node", "2",
                    "--log_dir", os.path.join(folder, "log"), __file__, "--worker", "paddle",
                    out], env, out)
    if not check:
        return {"paddle (check off)": figures["paddle"], "mpi4py": figures["mpi"]}
    return {"paddle": figures["paddle"]}


def measure_gloo(folder: str, python: str) -> dict:
    out = os.path.join(folder, "gloo.json")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(OMP_NUM_THREADS="1", GLOO_SOCKET_IFNAME="lo", MASTER_ADDR="127.0.0.1")
    return _run([python, "-m", "torch.distributed.run", "--nproc_per_node", "2",
                 "--master_addr", "127.0.0.1", "--master_port", "29517", __file__,
                 "--worker", "torch", out], env, out)


def memcpy_seconds(size: int) -> float:
    source = np.ones(size // 4, np.float32)
    target = np.empty_like(source)
    return _best(lambda: np.copyto(target, source), lambda: None, size)


def bus_gbps(size: int, seconds: float, nranks: int = 2) -> float:
    return size * 2 * (nranks - 1) / nranks / seconds / 1e9


def _label(size: int) -> str:
    return f"{size >> 20} MB" if size >= 1 << 20 else f"{size >> 10} KB"


def report(results: dict) -> None:
    names = list(results)
    print(f"{'size':>7}" + "".join(f"{n + ' µs':>22}{'GB/s':>7}" for n in names)
          + f"{'memcpy GB/s':>13}" + (f"{'paddle/gloo time':>18}" if "gloo" in results else ""))
    for size in SIZES:
        line = f"{_label(size):>7}"
        for name in names:
            seconds = results[name][size]
            line += f"{seconds * 1e6:>22.1f}{bus_gbps(size, seconds):>7.2f}"
        line += f"{size / memcpy_seconds(size) / 1e9:>13.2f}"
        if "gloo" in results:
            line += f"{results['paddle'][size] / results['gloo'][size]:>18.3f}"
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--torch", default=None, help="a Python with PyTorch, for gloo")
    parser.add_argument("--worker", nargs=2, metavar=("KIND", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        kind, out = args.worker
        paddle_worker(out) if kind == "paddle" else torch_worker(out)
        return
    with tempfile.TemporaryDirectory() as folder:
        results = measure_paddle(folder, check=True)
        results.update(measure_paddle(folder, check=False))
        if args.torch:
            results.update(measure_gloo(folder, args.torch))
    report(results)


if __name__ == "__main__":
    main()
