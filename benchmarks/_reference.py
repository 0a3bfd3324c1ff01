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
