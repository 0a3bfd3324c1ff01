"""Write the printed programs of tests/jit/_print_models.py from real Paddle. Run with the
reference interpreter:

    .venv-ref/bin/python tools/make_pir_print_fixtures.py

Each model is converted by paddle.jit.to_static (full_graph=True, its InputSpec) in a fresh
process, because Paddle numbers layer paths (struct_name) per process:
`print(static.forward.concrete_program.main_program)` goes to
tests/fixtures/jit/<name>_pir_paddle.txt and the program file paddle.jit.save writes for the same
conversion to <name>_save_paddle.json. The script refuses to run against Feijiang."""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(ROOT, "tests", "fixtures", "jit")
MODELS = os.path.join(ROOT, "tests", "jit", "_print_models.py")


def _models():
    spec = importlib.util.spec_from_file_location("_print_models", MODELS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def print_one(name: str) -> None:
    sys.path = [p for p in sys.path if os.path.abspath(p or ".") not in
                (ROOT, os.path.join(ROOT, "src"))]
    os.environ.setdefault("GLOG_minloglevel", "3")
    import paddle
    if hasattr(paddle, "_core"):
        raise SystemExit("make_pir_print_fixtures.py must run under real paddlepaddle, not "
                         "Feijiang")
    with paddle.utils.unique_name.guard():
        net, spec = _models().build(paddle, name)
        static = paddle.jit.to_static(net, input_spec=spec, full_graph=True)
        text = str(static.forward.concrete_program.main_program)
        with tempfile.TemporaryDirectory() as tmp:
            paddle.jit.save(static, os.path.join(tmp, "model"))
            with open(os.path.join(tmp, "model.json")) as f:
                saved = f.read()
    with open(os.path.join(OUT, f"{name}_pir_paddle.txt"), "w") as f:
        f.write(text)
    with open(os.path.join(OUT, f"{name}_save_paddle.json"), "w") as f:
        f.write(saved)


def main(argv) -> None:
    if len(argv) == 2:
        print_one(argv[1])
        return
    for name in _models().NAMES:
        subprocess.run([sys.executable, os.path.abspath(__file__), name], check=True,
                       cwd="/tmp")
        print("wrote", name)


if __name__ == "__main__":
    main(sys.argv)
