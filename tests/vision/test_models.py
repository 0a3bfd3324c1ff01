"""paddle.vision.models against real Paddle 3.3.1 (fixtures from tools/make_vision_fixtures.py):
the same state_dict names, shapes and order, the parameter counts paddle.summary reports, and
the same outputs for the same weights — including .pdparams files real Paddle saved."""
from __future__ import annotations

import gzip
import json
import os

import model_zoo as zoo
import numpy as np
import pytest

import paddle

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")

with gzip.open(os.path.join(DATA, "models.json.gz"), "rt") as _f:
    FIXTURES = json.load(_f)["configs"]
OUTPUTS = dict(np.load(os.path.join(DATA, "models.npz")))


def _params():
    for cid, (_, _, _, slow) in zoo.CONFIGS.items():
        marks = [pytest.mark.slow] if slow else []
        yield pytest.param(cid, marks=marks, id=cid)


def _assert_close(got, want, label):
    # relative to the output's scale: deep random networks have outputs near zero too
    scale = float(np.abs(want).max()) if want.size else 1.0
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4 * scale, err_msg=label)


@pytest.mark.parametrize("cid", list(_params()))
def test_matches_real_paddle(cid):
    ctor, kwargs, shape, _ = zoo.CONFIGS[cid]
    fixture = FIXTURES[cid]
    model = zoo.build(paddle, ctor, kwargs)
    assert zoo.structure(model) == fixture["structure"]
    assert list(zoo.param_counts(model)) == fixture["params"]
    if "summary" in fixture:
        assert fixture["params"] == fixture["summary"]
    if shape is None:
        return
    model.set_state_dict(zoo.deterministic_state(np, model))
    outs = zoo.outputs(paddle, np, model, shape)
    expected = sorted(k for k in OUTPUTS if k.startswith(f"{cid}::"))
    assert len(outs) == len(expected)
    for i, out in enumerate(outs):
        _assert_close(out, OUTPUTS[f"{cid}::{i}"], f"{cid} output {i}")


@pytest.mark.parametrize("name", list(zoo.PDPARAMS))
def test_loads_pdparams_saved_by_real_paddle(name):
    ctor, kwargs, shape = zoo.PDPARAMS[name]
    model = zoo.build(paddle, ctor, kwargs)
    missing, unexpected = model.set_state_dict(
        paddle.load(os.path.join(DATA, f"{name}.pdparams")))
    assert not missing and not unexpected
    want = np.load(os.path.join(DATA, "pdparams.npz"))
    for i, out in enumerate(zoo.outputs(paddle, np, model, shape)):
        _assert_close(out, want[f"{name}::{i}"], f"{name} output {i}")
