"""Shared by the golden generator (run under real Paddle) and the golden tests (run under ours).

A case module (tests/goldens/cases/<family>.py) defines CASES: name -> fn(paddle, np). A case
returns a Tensor, a number, or a (nested) list/tuple of them; or raises. `run_case` turns the
result into a flat record {"values": [...arrays], "dtypes": [...], "error": ...} that both sides
compare. Case functions must build their inputs deterministically (NumPy with a fixed seed)."""
from __future__ import annotations

import functools
import importlib.util
import os

import numpy as np

CASES_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases")
DATA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


@functools.lru_cache(maxsize=None)
def load_cases(family: str) -> dict:
    path = os.path.join(CASES_DIR, f"{family}.py")
    spec = importlib.util.spec_from_file_location(f"golden_cases_{family}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.CASES


def families() -> list:
    return sorted(f[:-3] for f in os.listdir(CASES_DIR) if f.endswith(".py")
                  and not f.startswith("_"))


def _flatten(result, paddle, out):
    if isinstance(result, (list, tuple)):
        for item in result:
            _flatten(item, paddle, out)
    elif isinstance(result, paddle.Tensor):
        dtype = str(result.dtype).replace("paddle.", "")
        arr = result.numpy() if dtype != "bfloat16" else result.astype("float32").numpy()
        out.append((arr, dtype, bool(result.stop_gradient)))
    elif result is None:
        out.append((np.asarray(np.nan), "None", True))
    elif isinstance(result, str):
        out.append((np.asarray(0), "str:" + result, True))
    else:
        out.append((np.asarray(result), "py:" + type(result).__name__, True))


def run_case(fn, paddle) -> dict:
    try:
        result = fn(paddle, np)
    except Exception as exc:  # noqa: BLE001 - the error type is part of the golden
        message = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        # Real Paddle lacks some CPU kernels (e.g. float16 add); Feijiang may support more.
        kind = "Unsupported" if "is not registered" in str(exc) else type(exc).__name__
        return {"error": kind, "message": message[:300], "values": [], "dtypes": [],
                "stop_gradient": []}
    flat = []
    _flatten(result, paddle, flat)
    return {"error": None, "values": [f[0] for f in flat], "dtypes": [f[1] for f in flat],
            "stop_gradient": [f[2] for f in flat]}
