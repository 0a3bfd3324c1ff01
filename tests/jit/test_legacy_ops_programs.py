"""The ops that real inference models use, in every attribute form Paddle's exporters write,
give real Paddle's outputs: small programs written by real Paddle as legacy ProgramDescs (ops
appended by type, explicit attributes and tensor slots) and as PIR programs (the public API),
with Paddle's outputs (tools/make_legacy_op_fixtures.py)."""
import functools
import os

import numpy as np
import pytest

import paddle

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "fixtures", "legacy_ops")
FAMILIES = ("interp", "sample", "search", "manip", "math", "forms", "extra")
FORMS = {"legacy": ".pdmodel", "pir": ".json"}


@functools.lru_cache(maxsize=1)
def _io() -> dict:
    with np.load(os.path.join(FIXTURES, "io.npz")) as data:
        return dict(data)


def _cases():
    io = _io()
    return [(family, form, i, str(name)) for family in FAMILIES for form in FORMS
            for i, name in enumerate(io[f"{family}.{form}_names"])]


@functools.cache
def _outputs(family: str, form: str) -> list:
    if form == "legacy":
        pytest.importorskip("google.protobuf")
    layer = paddle.jit.load(FIXTURES, model_filename=family + FORMS[form])
    feeds = [_io()[f"{family}.{spec.name}"] for spec in layer._input_spec()]
    outputs = layer(*feeds)
    return [o.numpy() for o in (outputs if isinstance(outputs, list) else [outputs])]


@pytest.mark.parametrize("family, form, index, case", _cases(),
                         ids=[f"{f}-{m}-{c}" for f, m, _, c in _cases()])
def test_op_gives_paddles_output(family, form, index, case):
    expected = _io()[f"{family}.{form}.{index}"]
    out = _outputs(family, form)[index]
    assert out.shape == expected.shape, case
    assert out.dtype == expected.dtype, case
    if expected.dtype.kind == "f":
        np.testing.assert_allclose(out, expected, rtol=1e-5, atol=1e-6, err_msg=case)
    else:
        np.testing.assert_array_equal(out, expected, err_msg=case)


def test_in_place_ops_update_the_value_later_ops_read():
    """relu_(x) overwrites x, so an op that reads x after it (by its old value id, as static
    programs built with x[...] = v do) sees relu(x): x + relu_(x) is 2 * relu(x)."""
    from paddle.jit.serialization.builder import ForeignRunner
    from paddle.jit.serialization.foreign import ForeignFeed, ForeignOp, ForeignProgram
    from paddle.jit.serialization.op_map import PIR_OPS
    program = ForeignProgram(ops=[ForeignOp("pd_op.relu_", [1], {}, [2]),
                                  ForeignOp("pd_op.add", [1, 2], {}, [3])],
                             metas={}, parameters=[], feeds=[ForeignFeed("x", 1, None)],
                             fetches=[3])
    x = np.asarray([-1.5, 0.5, 2.0], "float32")
    (out,) = ForeignRunner(program, PIR_OPS).run([paddle.to_tensor(x)], {})
    np.testing.assert_array_equal(out.numpy(), 2 * np.maximum(x, 0))
