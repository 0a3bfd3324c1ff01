"""paddle.vision.ops (and the multiclass_nms3 op) replay real Paddle's goldens: outputs, their
dtypes and shapes, and the gradients of the differentiable ones
(tools/make_vision_ops_fixtures.py writes tests/fixtures/vision_ops/vision_ops.npz)."""
import json
import os

import numpy as np
import pytest

import paddle
from paddle._core.ops import REGISTRY

FIXTURE = os.path.join(os.path.dirname(__file__), "..", "fixtures", "vision_ops",
                       "vision_ops.npz")
GOLDENS = np.load(FIXTURE)
CASES = sorted({key.split("/")[0] for key in GOLDENS.files})


def _function(fn):
    if fn.startswith("_C_ops."):
        return REGISTRY[fn.split(".")[1]]
    return getattr(paddle.vision.ops, fn)


def _run(name):
    spec = json.loads(str(GOLDENS[f"{name}/args"]))
    grads = [k.split("/")[-1] for k in GOLDENS.files if k.startswith(f"{name}/grad/")]

    def tensor(key):
        path = f"{name}/in/{key}"
        if path not in GOLDENS.files:
            return None
        t = paddle.to_tensor(GOLDENS[path])
        t.stop_gradient = key not in grads
        return t
    inputs = {k: tensor(k) for k in spec["tensors"] + spec["kw_tensors"]}
    # JSON turned the cases' tuples into lists; Paddle takes tuples wherever it takes lists
    kwargs = {k: tuple(v) if isinstance(v, list) else v for k, v in spec["kwargs"].items()}
    outs = _function(str(GOLDENS[f"{name}/fn"]))(
        *[inputs[k] for k in spec["tensors"]], *spec["positional"],
        **{k: inputs[k] for k in spec["kw_tensors"]}, **kwargs)
    return inputs, grads, list(outs) if isinstance(outs, (list, tuple)) else [outs]


def _flat_outputs(outs):
    """{'i' or 'i.j': Tensor} like the fixture's keys; None outputs are left out."""
    flat = {}
    for i, out in enumerate(outs):
        if isinstance(out, (list, tuple)):
            flat.update({f"{i}.{j}": part for j, part in enumerate(out)})
        elif out is not None:
            flat[str(i)] = out
    return flat


def _assert_close(got, expected, what):
    assert got.dtype == expected.dtype, f"{what}: dtype {got.dtype} != {expected.dtype}"
    assert got.shape == expected.shape, f"{what}: shape {got.shape} != {expected.shape}"
    if expected.dtype.kind in "iub":
        np.testing.assert_array_equal(got, expected, err_msg=what)
    else:
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=2e-5, err_msg=what)


@pytest.mark.parametrize("name", CASES)
def test_outputs_match_paddle(name):
    _, _, outs = _run(name)
    flat = _flat_outputs(outs)
    expected = sorted(k.split("/")[-1] for k in GOLDENS.files if k.startswith(f"{name}/out/"))
    assert sorted(flat) == expected, f"{name}: outputs {sorted(flat)} != Paddle's {expected}"
    for key in expected:
        _assert_close(flat[key].numpy(), GOLDENS[f"{name}/out/{key}"], f"{name} output {key}")


@pytest.mark.parametrize("name", [c for c in CASES if f"{c}/seed" in GOLDENS.files])
def test_gradients_match_paddle(name):
    inputs, grads, outs = _run(name)
    (outs[0] * paddle.to_tensor(GOLDENS[f"{name}/seed"])).sum().backward()
    for key in grads:
        _assert_close(inputs[key].grad.numpy(), GOLDENS[f"{name}/grad/{key}"],
                      f"{name} d/d{key}")
