"""Every tier-1 and tier-2 class and function of paddle.nn, nn.functional, nn.initializer and
nn.utils is exercised by some golden case compared with real Paddle (tests/goldens/cases/nn_*):
the nn golden cases run under a profiler that records which code objects they enter, and each
API name maps to its code (a function's own, a class's __init__ / forward)."""
from __future__ import annotations

import csv
import inspect
import os
import sys

import pytest
from goldens.runner import families, load_cases, run_case

import paddle

API_TSV = "/work/shared/api/paddle-3.3-api.tsv"
MODULES = ("paddle.nn", "paddle.nn.functional", "paddle.nn.initializer", "paddle.nn.utils")


def _api_names(tiers):
    with open(API_TSV) as f:
        return [row["qualified_name"] for row in csv.DictReader(f, delimiter="\t")
                if row["module"] in MODULES and row["kind"] in ("class", "function")
                and row["tier"] in tiers]


def _resolve(qualified_name):
    obj = paddle
    for part in qualified_name.split(".")[1:]:
        obj = getattr(obj, part)
    return obj


def _codes(obj) -> set:
    if not inspect.isclass(obj):
        target = inspect.unwrap(obj)
        return {target.__code__} if hasattr(target, "__code__") else set()
    for klass in obj.__mro__:
        own = {klass.__dict__[a].__code__ for a in ("__init__", "forward", "_values")
               if hasattr(klass.__dict__.get(a), "__code__")}
        if own:
            return own
    return set()


def _entered_by_nn_goldens() -> set:
    entered = set()

    def profile(frame, event, arg):
        if event == "call":
            entered.add(frame.f_code)
    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        for family in families():
            if family.startswith("nn_"):
                for fn in load_cases(family).values():
                    paddle.seed(0)
                    run_case(fn, paddle)
    finally:
        sys.setprofile(previous)
    return entered


@pytest.mark.skipif(not os.path.exists(API_TSV), reason="the API inventory is not available")
def test_every_nn_name_has_golden_cases():
    names = _api_names(("1", "2"))
    entered = _entered_by_nn_goldens()
    missing = [name for name in names if not _codes(_resolve(name)) & entered]
    assert not missing, f"no golden case exercises {missing}"
