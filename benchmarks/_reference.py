"""Running a benchmark under real Paddle's interpreter: the script is copied into a temporary
folder (with this module) and run there with PYTHONPATH removed, so that interpreter imports its
own paddle, never ours; the script prints its figures as JSON on its last line."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile


def run_reference(script_file: str, python: str, args=(), single_thread: bool = False) -> dict:
    """The JSON figures `script_file --json *args` prints under `python` (a path, relative
    path or a name on PATH)."""
    interpreter = os.path.abspath(python) if os.sep in python else shutil.which(python)
    if interpreter is None:
        raise SystemExit(f"--ref: no interpreter {python!r} found")
    with tempfile.TemporaryDirectory() as tmp:
        script = shutil.copy(script_file, os.path.join(tmp, "bench.py"))
        shutil.copy(__file__, os.path.join(tmp, "_reference.py"))
        env = dict(os.environ, GLOG_minloglevel="3")
        if single_thread:
            env["OMP_NUM_THREADS"] = "1"
        env.pop("PYTHONPATH", None)
        out = subprocess.run([interpreter, script, "--json", *map(str, args)], cwd=tmp, env=env,
                             check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def print_ratios(first_column: str, rows, ours: dict, ref: dict | None, paddle_version: str = "",
                 digits: int = 2) -> None:
    """A table of each (label, key) row: our figure, and with a reference run real Paddle's
    figure and ours / Paddle's."""
    width = max(len(first_column), *(len(label) for label, _ in rows)) + 2
    header = f"{first_column:<{width}}{'feijiang':>10}"
    if ref:
        header += f"{'paddle ' + paddle_version:>16}{'ratio':>8}"
    print(header)
    for label, key in rows:
        line = f"{label:<{width}}{ours[key]:>10.{digits}f}"
        if ref:
            line += f"{ref[key]:>16.{digits}f}{ours[key] / ref[key]:>8.2f}"
        print(line)
