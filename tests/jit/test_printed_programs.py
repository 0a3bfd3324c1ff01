"""Printed programs equal real Paddle's line for line, and the program files paddle.jit.save
writes equal Paddle's byte for byte (fixtures from tools/make_pir_print_fixtures.py): parameters
newest first, op names, IntArray/Scalar operands as
full_int_array / full ops, arithmetic with Python numbers as scale ops, attribute names and types
(floats to 6 digits), layer paths (struct_name), the running statistics batch_norm_ writes in
place, value numbering and result types."""
import os
import tempfile

import pytest

import paddle
from paddle.static.name_struct import fresh_scopes

from ._print_models import NAMES, build

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "fixtures", "jit")


def _converted(name: str):
    # as in a fresh process: parameter names and layer paths count from zero
    with paddle.utils.unique_name.guard(), fresh_scopes():
        net, spec = build(paddle, name)
        static = paddle.jit.to_static(net, input_spec=spec)
        static.forward.concrete_program  # noqa: B018 - traced here, inside the guards
        return static


def _printed(name: str) -> list:
    static = _converted(name)
    return str(static.forward.concrete_program.main_program).strip().splitlines()


@pytest.mark.parametrize("name", NAMES)
def test_program_prints_like_paddles(name):
    with open(os.path.join(FIXTURES, f"{name}_pir_paddle.txt")) as f:
        paddles = f.read().strip().splitlines()
    assert _printed(name) == paddles


@pytest.mark.parametrize("name", NAMES)
def test_saved_program_file_equals_paddles(name):
    """jit.save writes the program to_static made (not a new trace), in inference form
    (is_test set), with float32 attributes as float32 values, numbers as full / scale ops,
    each result's stop_gradient and the layer paths."""
    static = _converted(name)
    with tempfile.TemporaryDirectory() as tmp:
        paddle.jit.save(static, os.path.join(tmp, "model"))
        with open(os.path.join(tmp, "model.json")) as f:
            ours = f.read()
    with open(os.path.join(FIXTURES, f"{name}_save_paddle.json")) as f:
        assert ours == f.read()


def test_layer_paths_count_repeated_layers_and_skip_the_top_layer():
    lines = _printed("lenet")
    paths = [line.split('struct_name:"')[1].split('"')[0] for line in lines
             if "struct_name" in line]
    assert paths[0] == "/Sequential/Conv2D/" and "/Sequential/Conv2D_1/" in paths
    assert "/Sequential_1/Linear_2/" in paths
    flatten = next(line for line in lines if '"pd_op.flatten"' in line)
    assert "struct_name" not in flatten  # called in LeNet.forward itself
    assert not any("struct_name" in line for line in lines if "builtin.parameter" in line)
