"""PP-OCRv4 det / rec / cls in onnxruntime: Feijiang's ONNX (paddle.onnx.convert) beside
paddle2onnx's conversions of the same Paddle files, on the same inputs.

    python benchmarks/onnx_ocr.py [--rounds 7] [--runs 10] [--opset 13]

"paddle2onnx (rapidocr)" is the ONNX that rapidocr-onnxruntime 1.4.4 ships (paddle2onnx's
conversion of these networks); "paddle2onnx 2.1" is a conversion made here with the registry's
paddle2onnx 2.1 in the reference venv, when it succeeds (2.1 fails on det's nearest_interp_v2).
Each round times every model once per runtime in turn (other processes on the machine slow
whole rounds, so best-of-rounds is what compares); one thread each, as Paddle Inference's
reference figures use. Prints best latencies, the ratio ours / theirs and the largest output
difference."""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
CASES = {  # name: (Paddle model dir, rapidocr's ONNX file, input shape, shapes to convert with)
    "det": ("ch_PP-OCRv4_det_infer", "ch_PP-OCRv4_det_infer.onnx", [1, 3, 160, 640],
            {"x": [-1, 3, 160, 640]}),
    "rec": ("ch_PP-OCRv4_rec_infer", "ch_PP-OCRv4_rec_infer.onnx", [2, 3, 48, 320],
            {"x": [-1, 3, 48, -1]}),
    "cls": ("ch_ppocr_mobile_v2_cls_infer", "ch_ppocr_mobile_v2.0_cls_infer.onnx",
            [3, 3, 48, 192], {"x": [-1, 3, 48, 192]}),
}


def _session(path):
    import onnxruntime as ort
    options = ort.SessionOptions()
    options.intra_op_num_threads = options.inter_op_num_threads = 1
    return ort.InferenceSession(path, options, providers=["CPUExecutionProvider"])


def _time(session, feed, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        session.run(None, feed)
        best = min(best, time.perf_counter() - start)
    return best * 1e3


def _rapidocr_models() -> str:
    from published_models import wheel_dir
    return os.path.join(wheel_dir("rapidocr-onnxruntime==1.4.4"), "rapidocr_onnxruntime",
                        "models")


def _paddle2onnx(model_dir: str, out: str, opset: int) -> str | None:
    tool = os.path.join(ROOT, ".venv-ref", "bin", "paddle2onnx")
    if not os.path.exists(tool):
        return None
    subprocess.run([tool, "--model_dir", model_dir, "--model_filename", "inference.pdmodel",
                    "--params_filename", "inference.pdiparams", "--save_file", out,
                    "--opset_version", str(opset)], capture_output=True, check=False)
    try:
        _session(out)
    except Exception:  # noqa: BLE001 - a file its own runtime cannot load does not compare
        return None
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--opset", type=int, default=13)
    args = parser.parse_args()
    from published_models import ocr_models_dir

    import paddle
    models = ocr_models_dir()
    work = tempfile.mkdtemp(prefix="onnx_ocr_")
    theirs_dir = _rapidocr_models()
    rows = []
    for name, (folder, theirs, shape, convert_shapes) in CASES.items():
        ours = os.path.join(work, f"{name}.onnx")
        paddle.onnx.convert(os.path.join(models, folder, "inference"), ours, convert_shapes,
                            opset_version=args.opset)
        sessions = {"feijiang": _session(ours),
                    "paddle2onnx (rapidocr)": _session(os.path.join(theirs_dir, theirs))}
        p2o = _paddle2onnx(os.path.join(models, folder), os.path.join(work, f"p2o_{name}.onnx"),
                           args.opset)
        if p2o:
            sessions["paddle2onnx 2.1"] = _session(p2o)
        x = np.random.default_rng(0).uniform(-1, 1, shape).astype(np.float32)
        feeds = {k: {s.get_inputs()[0].name: x} for k, s in sessions.items()}
        outs = {k: s.run(None, feeds[k])[0] for k, s in sessions.items()}
        best = dict.fromkeys(sessions, float("inf"))
        for _ in range(args.rounds):
            for k, s in sessions.items():
                best[k] = min(best[k], _time(s, feeds[k], args.runs))
        rows.append((name, shape, best, {k: float(np.max(np.abs(o - outs["feijiang"])))
                                         for k, o in outs.items()}))
    print(f"onnxruntime, 1 thread, best of {args.rounds} rounds x {args.runs} runs (ms); "
          f"opset {args.opset} for ours")
    for name, shape, best, diffs in rows:
        print(f"{name} {shape}:")
        for k, ms in best.items():
            ratio = "" if k == "feijiang" else f"  ours/theirs {best['feijiang'] / ms:.2f}"
            diff = "" if k == "feijiang" else f"  max |ours - theirs| {diffs[k]:.2e}"
            print(f"  {k:24s} {ms:8.2f}{ratio}{diff}")


if __name__ == "__main__":
    main()
