"""DataLoader throughput: batches per second with a CPU-bound per-sample transform, in the main
process (num_workers=0) and with worker processes; the ratio is what workers buy.

    python benchmarks/dataloader.py                  # 0 vs 2 workers, best of 3 each
    python benchmarks/dataloader.py --workers 4 --samples 512 --repeat 5

The transform is pure-Python-heavy augmentation (so it holds the GIL, as real decoding and
augmentation code does); the target is a speedup of at least 1.6x with 2 workers on 2 cores.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from paddle.io import DataLoader, Dataset


class AugmentedImages(Dataset):
    """Deterministic 3x32x32 images with a per-sample transform that costs ~`work` units of
    Python and NumPy work (random crops, flips and a normalisation, repeated)."""

    def __init__(self, samples: int, work: int):
        self.samples = samples
        self.work = work

    def __len__(self):
        return self.samples

    def __getitem__(self, index):
        rng = np.random.default_rng(index)
        image = rng.random((3, 40, 40), dtype=np.float32)
        for _ in range(self.work):
            top, left = rng.integers(0, 8, size=2)
            crop = image[:, top:top + 32, left:left + 32]
            if rng.random() < 0.5:
                crop = crop[:, :, ::-1]
            crop = (crop - crop.mean()) / (crop.std() + 1e-6)
        checksum = sum(float(v) for v in crop[0, 0])  # a little pure-Python work per pass
        return crop.astype(np.float32), np.int64(index % 10), np.float32(checksum)


def throughput(num_workers: int, samples: int, work: int, batch_size: int) -> tuple:
    """(batches per second, CPU seconds of this process, CPU seconds of its workers)."""
    loader = DataLoader(AugmentedImages(samples, work), batch_size=batch_size,
                        num_workers=num_workers)
    before, start = os.times(), time.perf_counter()
    batches = sum(1 for _ in loader)
    elapsed, after = time.perf_counter() - start, os.times()
    own = after.user + after.system - before.user - before.system
    workers = (after.children_user + after.children_system
               - before.children_user - before.children_system)
    return batches / elapsed, own, workers


def _transform_share(dataset, indices) -> None:
    for i in indices:
        dataset[i]


def plain_processes_speedup(workers: int, samples: int, work: int) -> float:
    """How much `workers` plain forked processes speed the same transforms up right now, with
    no DataLoader involved: the most the machine can give at its current load."""
    import multiprocessing
    dataset = AugmentedImages(samples, work)
    start = time.perf_counter()
    _transform_share(dataset, range(samples))
    serial = time.perf_counter() - start
    ctx = multiprocessing.get_context("fork")
    start = time.perf_counter()
    procs = [ctx.Process(target=_transform_share, args=(dataset, range(w, samples, workers)))
             for w in range(workers)]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join()
    return serial / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    # 64 batches an epoch: long enough that starting the worker processes (a one-off cost per
    # epoch without persistent_workers) does not dominate the throughput figure
    parser.add_argument("--samples", type=int, default=1024)
    parser.add_argument("--work", type=int, default=40)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--repeat", type=int, default=3,
                        help="rounds, alternating the two settings; the best of each counts")
    args = parser.parse_args()
    throughput(args.workers, args.batch_size * 2, args.work, args.batch_size)  # warm up
    serial_runs, parallel_runs = [], []
    for _ in range(args.repeat):  # alternate, so a burst of load hits both settings alike
        serial_runs.append(throughput(0, args.samples, args.work, args.batch_size))
        parallel_runs.append(throughput(args.workers, args.samples, args.work, args.batch_size))
    serial, serial_cpu, _ = max(serial_runs)
    parallel, main_cpu, worker_cpu = max(parallel_runs)
    print(f"num_workers=0: {serial:8.1f} batches/s  (CPU: {serial_cpu:.2f}s)")
    print(f"num_workers={args.workers}: {parallel:8.1f} batches/s  (CPU: main {main_cpu:.2f}s, "
          f"workers {worker_cpu:.2f}s)")
    print(f"speedup: {parallel / serial:.2f}x, best of {args.repeat} each (target >= 1.6x with 2 "
          "workers on 2 idle cores; on a loaded machine compare the CPU seconds instead)")
    # With idle cores the slowest process bounds the wall time: the main process, or a worker
    # doing its share of the transform work.
    bound = max(main_cpu, worker_cpu / args.workers)
    print(f"CPU-time bound on {args.workers} idle cores: {serial_cpu / bound:.2f}x "
          f"({serial_cpu:.2f}s in-process vs {bound:.2f}s per busiest process)")
    if "fork" in __import__("multiprocessing").get_all_start_methods():
        ceiling = max(plain_processes_speedup(args.workers, args.samples, args.work)
                      for _ in range(args.repeat))
        print(f"{args.workers} plain processes on the same work now: {ceiling:.2f}x "
              "(the machine's ceiling at this load)")


if __name__ == "__main__":
    main()
