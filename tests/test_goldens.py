"""Every golden case (tests/goldens/cases) run under Feijiang must reproduce what real Paddle
3.3.1 produced (tests/goldens/data, written by tools/make_goldens.py): values, dtypes,
stop_gradient flags and error types."""
from __future__ import annotations

import json
import os

import numpy as np
import pytest

import paddle
from goldens.runner import DATA_DIR, families, load_cases, run_case


def _params():
    for family in families():
        meta_path = os.path.join(DATA_DIR, f"{family}.json")
        if not os.path.exists(meta_path):
            continue
        for name in load_cases(family):
            yield pytest.param(family, name, id=f"{family}::{name}")


_LOADED = {}


def _golden(family):
    if family not in _LOADED:
        with open(os.path.join(DATA_DIR, f"{family}.json")) as f:
            meta = json.load(f)["cases"]
        arrays = dict(np.load(os.path.join(DATA_DIR, f"{family}.npz")))
        _LOADED[family] = (meta, arrays)
    return _LOADED[family]


@pytest.mark.parametrize("family,name", list(_params()))
def test_matches_real_paddle(family, name):
    meta, arrays = _golden(family)
    assert name in meta, f"{family}::{name} has no golden; rerun tools/make_goldens.py"
    expected = meta[name]
    fn = load_cases(family)[name]
    rtol = getattr(fn, "rtol", 1e-5)
    atol = getattr(fn, "atol", 1e-6)
    got = run_case(fn, paddle)
    if expected["error"] == "Unsupported":
        pytest.skip(f"real Paddle has no CPU kernel here: {expected['message']}")
    if expected["error"]:
        assert got["error"] == expected["error"], \
            f"real Paddle raised {expected['error']}, we gave {got['error'] or 'no error'}"
        return
    assert got["error"] is None, f"we raised {got['error']}, real Paddle did not"
    assert got["dtypes"] == expected["dtypes"], "result dtypes differ"
    if not getattr(fn, "ignore_stop_gradient", False):
        assert got["stop_gradient"] == expected["stop_gradient"], "stop_gradient differs"
    for i, value in enumerate(got["values"]):
        want = arrays[f"{name}::{i}"]
        assert value.shape == want.shape, f"output {i}: shape {value.shape} vs {want.shape}"
        if want.dtype.kind in "fc":
            np.testing.assert_allclose(value, want, rtol=rtol, atol=atol, equal_nan=True,
                                       err_msg=f"output {i}")
        else:
            np.testing.assert_array_equal(value, want, err_msg=f"output {i}")
