"""Data types, default dtype, finfo/iinfo and places."""
import numpy as np
import pytest

import paddle


def test_dtype_objects_print_like_paddle():
    assert str(paddle.float32) == "paddle.float32"
    assert repr(paddle.float32) == "<DataType.FLOAT32: 10>"
    assert paddle.to_tensor([1.0]).dtype is paddle.float32
    assert isinstance(paddle.float32, paddle.dtype)
    assert paddle.bool.name == "bool" and paddle.bfloat16.name == "bfloat16"


@pytest.mark.parametrize("spec", ["float64", np.float64, paddle.float64, "paddle.float64"])
def test_dtype_argument_forms(spec):
    assert paddle.zeros([1], dtype=spec).dtype == paddle.float64


def test_unknown_dtype_is_a_type_error():
    with pytest.raises(TypeError, match="Unsupported data type"):
        paddle.zeros([1], dtype="float7")


def test_default_dtype_round_trip():
    assert paddle.get_default_dtype() == "float32"
    paddle.set_default_dtype("float64")
    try:
        assert paddle.to_tensor(1.5).dtype == paddle.float64
        assert paddle.ones([1]).dtype == paddle.float64
    finally:
        paddle.set_default_dtype("float32")
    with pytest.raises(TypeError):
        paddle.set_default_dtype("int32")


def test_finfo_iinfo():
    f = paddle.finfo(paddle.float32)
    assert f.bits == 32 and f.eps == np.finfo(np.float32).eps
    assert paddle.finfo(paddle.bfloat16).bits == 16
    assert paddle.iinfo(paddle.int32).max == 2 ** 31 - 1


def test_places_and_devices():
    assert paddle.get_device() == "cpu"
    assert str(paddle.CPUPlace()) == "Place(cpu)"
    assert paddle.set_device("cpu") == paddle.CPUPlace()
    if not paddle.is_compiled_with_cuda():
        with pytest.raises(ValueError, match="gpu"):
            paddle.set_device("gpu")
        with pytest.raises(ValueError):
            paddle.CUDAPlace(0)
    with pytest.raises(ValueError):
        paddle.set_device("tpu")
