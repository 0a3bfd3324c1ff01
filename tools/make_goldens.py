"""Write golden fixtures from real Paddle. Run with the reference interpreter:

    .venv-ref/bin/python tools/make_goldens.py            # every family
    .venv-ref/bin/python tools/make_goldens.py math       # one family

Each family's cases live in tests/goldens/cases/<family>.py; results go to
tests/goldens/data/<family>.npz (arrays) and <family>.json (dtypes, stop_gradient, errors).
The script refuses to run against Feijiang: goldens must come from real Paddle."""
from __future__ import annotations

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def main(argv) -> None:
    sys.path = [p for p in sys.path if os.path.abspath(p or ".") not in
                (ROOT, os.path.join(ROOT, "src"))]
    os.environ.setdefault("GLOG_minloglevel", "3")
    import numpy as np
    import paddle
    if hasattr(paddle, "_core"):
        raise SystemExit("make_goldens.py must run under real paddlepaddle, not Feijiang")
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    from goldens.runner import DATA_DIR, families, load_cases, run_case

    for family in argv or families():
        arrays, meta = {}, {}
        for name, fn in load_cases(family).items():
            paddle.seed(0)
            record = run_case(fn, paddle)
            meta[name] = {"error": record["error"], "message": record.get("message"),
                          "dtypes": record["dtypes"],
                          "stop_gradient": record["stop_gradient"]}
            for i, value in enumerate(record["values"]):
                arrays[f"{name}::{i}"] = value
        np.savez_compressed(os.path.join(DATA_DIR, f"{family}.npz"), **arrays)
        with open(os.path.join(DATA_DIR, f"{family}.json"), "w") as f:
            json.dump({"paddle": paddle.__version__, "cases": meta}, f, indent=1, sort_keys=True)
        print(f"{family}: {len(meta)} cases")


if __name__ == "__main__":
    main(sys.argv[1:])
