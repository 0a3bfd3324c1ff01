"""Checkpoints written by real Paddle 3.3.1 (tests/fixtures/io, made by tools/make_io_fixtures.py)
load here with the right values, dtypes and names; and what we write is byte-identical to them,
so real Paddle reads our files."""
import io
import json
import os

import ml_dtypes
import numpy as np
import pytest

import paddle

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "fixtures", "io")
EXPECTED = np.load(os.path.join(FIXTURES, "expected.npz"))
with open(os.path.join(FIXTURES, "expected.json")) as _handle:
    NAMES = json.load(_handle)["names"]


def fixture(name):
    return os.path.join(FIXTURES, name)


@pytest.mark.parametrize("name", ["mlp.pdparams", "mlp_protocol2.pdparams"])
def test_layer_state_dict_loads_with_values_and_names(name):
    state = paddle.load(fixture(name))
    assert list(state) == ["0.weight", "0.bias", "2.weight", "2.bias"]
    for key, tensor in state.items():
        assert isinstance(tensor, paddle.Tensor) and tensor.stop_gradient
        assert tensor.dtype == paddle.float32
        np.testing.assert_array_equal(tensor.numpy(), EXPECTED[f"mlp/{key}"])
        assert tensor.name == NAMES[f"mlp/{key}"]


def test_loaded_state_dict_reproduces_real_paddle_output():
    model = paddle.nn.Sequential(paddle.nn.Linear(3, 4), paddle.nn.ReLU(), paddle.nn.Linear(4, 2))
    missing, unexpected = model.set_state_dict(paddle.load(fixture("mlp.pdparams")))
    assert missing == [] and unexpected == []
    out = model(paddle.to_tensor(EXPECTED["input"]))
    np.testing.assert_allclose(out.numpy(), EXPECTED["mlp_output"], rtol=1e-6, atol=1e-6)


def test_keep_name_table_and_return_numpy():
    state = paddle.load(fixture("mlp.pdparams"), keep_name_table=True)
    assert state["StructuredToParameterName@@"]["2.weight"] == "linear_1.w_0"
    arrays = paddle.load(fixture("mlp.pdparams"), return_numpy=True)
    assert all(isinstance(v, np.ndarray) for v in arrays.values())
    np.testing.assert_array_equal(arrays["0.weight"], EXPECTED["mlp/0.weight"])


def test_adam_state_loads_and_feeds_our_optimizer():
    state = paddle.load(fixture("adam.pdopt"))
    assert state["LR_Scheduler"] == NAMES["adam/LR_Scheduler"]
    moment = state["linear_0.w_0_moment1_0"]
    assert moment.name == "linear_0.w_0_moment1_0"
    np.testing.assert_array_equal(moment.numpy(), EXPECTED["adam/linear_0.w_0_moment1_0"])
    assert state["linear_1.b_0_beta1_pow_acc_0"].shape == [1]


def test_nested_container_of_tensors():
    obj = paddle.load(fixture("nested.pd"))
    a, (b, label, seven) = obj["tensors"]
    assert (label, seven, obj["name"], obj["meta"]["epoch"]) == ("label", 7, "ckpt", 3)
    assert isinstance(obj["tensors"][1], tuple)
    np.testing.assert_array_equal(a.numpy(), EXPECTED["nested/a"])
    assert b.dtype == paddle.int32 and b.tolist() == [1, 2, 3]
    scalar = obj["meta"]["scalar"]
    assert scalar.shape == [] and scalar.dtype == paddle.float64 and scalar.item() == 3.0
    numpy_obj = paddle.load(fixture("nested.pd"), return_numpy=True)
    assert isinstance(numpy_obj["tensors"][0], np.ndarray)


def test_bfloat16_and_float16_restore_their_dtypes():
    state = paddle.load(fixture("low_precision.pdparams"))
    assert state["bf16"].dtype == paddle.bfloat16
    np.testing.assert_array_equal(state["bf16"].astype("float32").numpy(),
                                  EXPECTED["low/bf16_as_float32"])
    assert state["fp16"].dtype == paddle.float16
    np.testing.assert_array_equal(state["fp16"].numpy(), EXPECTED["low/fp16"])
    assert state["fp32"].dtype == paddle.float32
    alone = paddle.load(fixture("bf16_tensor.pd"))
    assert alone.dtype == paddle.bfloat16
    raw = paddle.load(fixture("bf16_tensor.pd"), return_numpy=True)
    assert raw.dtype == np.uint16  # Paddle's numpy form of bfloat16 is its bit pattern


def test_single_tensor_pickle_and_binary_format():
    tensor = paddle.load(fixture("tensor.pd"))
    np.testing.assert_array_equal(tensor.numpy(), EXPECTED["nested/a"])
    binary = paddle.load(fixture("tensor_binary.pd"))
    np.testing.assert_array_equal(binary.numpy(), EXPECTED["nested/a"])


@pytest.mark.parametrize("name,protocol", [
    ("mlp.pdparams", 4), ("mlp_protocol2.pdparams", 2), ("adam.pdopt", 4),
    ("low_precision.pdparams", 4), ("nested.pd", 4), ("tensor.pd", 4), ("bf16_tensor.pd", 4),
])
def test_our_save_is_byte_identical_to_real_paddle(name, protocol):
    loaded = paddle.load(fixture(name))
    buffer = io.BytesIO()
    paddle.save(loaded, buffer, protocol=protocol)
    with open(fixture(name), "rb") as handle:
        assert buffer.getvalue() == handle.read()


def test_binary_format_is_byte_identical():
    buffer = io.BytesIO()
    paddle.save(paddle.load(fixture("tensor_binary.pd")), buffer, use_binary_format=True)
    with open(fixture("tensor_binary.pd"), "rb") as handle:
        assert buffer.getvalue() == handle.read()


def test_bfloat16_pickled_as_uint16_bits():
    state = {"w": paddle.to_tensor([1.0, 2.0]).astype("bfloat16")}
    buffer = io.BytesIO()
    paddle.save(state, buffer)
    buffer.seek(0)
    raw = paddle.load(buffer, return_numpy=True)["w"]
    assert raw.dtype == np.uint16
    np.testing.assert_array_equal(raw.view(ml_dtypes.bfloat16).astype(np.float32), [1.0, 2.0])
