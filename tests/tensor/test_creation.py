"""Tensor creation: to_tensor conversions, fills and their dtype rules, ranges computed in the
output precision, storage methods, and tracing of creation ops."""
from __future__ import annotations

import warnings

import ml_dtypes
import numpy as np
import pytest

import paddle
from paddle._core.tracing import Tracer


def test_to_tensor_dtype_rules():
    assert paddle.to_tensor(1.0).dtype == paddle.float32 and paddle.to_tensor(1.0).shape == []
    assert paddle.to_tensor(1).dtype == paddle.int64
    assert paddle.to_tensor([1, 2.5, True]).dtype == paddle.float32
    assert paddle.to_tensor(np.float64(1.5)).dtype == paddle.float64
    assert paddle.to_tensor([np.float64(1.5)]).dtype == paddle.float32
    assert paddle.to_tensor(np.array([1, 2], "int32")).dtype == paddle.int32
    assert paddle.to_tensor([1j]).dtype == paddle.complex64
    # with Tensors inside a list, NumPy's promotion decides (no default-dtype mapping)
    assert paddle.to_tensor([paddle.to_tensor(1.0, "float64")]).dtype == paddle.float64
    assert paddle.to_tensor([paddle.to_tensor(1.0), 2.0]).dtype == paddle.float64
    assert paddle.to_tensor([paddle.to_tensor(1.0), paddle.to_tensor(2.0)]).dtype == \
        paddle.float32


def test_to_tensor_copies_and_sets_stop_gradient():
    source = np.array([1.0, 2.0])
    t = paddle.to_tensor(source)
    source[0] = 9
    assert t.numpy().tolist() == [1.0, 2.0]
    leaf = paddle.to_tensor([1.0], stop_gradient=False)
    assert not leaf.stop_gradient and paddle.to_tensor(leaf).stop_gradient
    again = paddle.to_tensor(leaf, stop_gradient=False)
    with paddle.no_grad():  # a leaf that needs grad takes no in-place write otherwise
        again.fill_(5.0)
    assert leaf.item() == 1.0


def test_uint16_arrays_are_bfloat16_storage():
    bits = np.array([16256, 16448], "uint16")  # 1.0 and 3.0 in bfloat16
    t = paddle.to_tensor(bits)
    assert t.dtype == paddle.bfloat16
    np.testing.assert_array_equal(t.numpy().astype(np.float32), [1.0, 3.0])
    assert paddle.from_numpy(bits).dtype == paddle.bfloat16
    assert paddle.to_tensor(np.ones(2, ml_dtypes.bfloat16)).dtype == paddle.bfloat16
    # real Paddle reads these Tensors' raw bits as values; Feijiang keeps the values
    pair = paddle.to_tensor([paddle.to_tensor(1.0, "bfloat16"), paddle.to_tensor(2.0, "bfloat16")])
    assert pair.dtype == paddle.bfloat16 and pair.astype("float32").tolist() == [1.0, 2.0]


@pytest.mark.parametrize("data, error", [
    ([[1, 2], [3]], ValueError), ("abc", TypeError), (["a"], ValueError), (None, TypeError),
    ({1: 2}, TypeError), (2**70, ValueError), (np.array([1, "a"], dtype=object), ValueError),
    (range(3), TypeError),
])
def test_to_tensor_errors(data, error):
    with pytest.raises(error, match=r"^\(to_tensor\)"):
        paddle.to_tensor(data)


def test_asarray_as_tensor_from_numpy():
    assert paddle.asarray([1.0, 2]).dtype == paddle.float32
    assert not paddle.asarray([1.0], requires_grad=True).stop_gradient
    x = paddle.to_tensor([1.0])
    assert paddle.as_tensor(x) is not x
    assert paddle.as_tensor(x, dtype="float64").dtype == paddle.float64
    with pytest.raises(TypeError, match="from_numpy"):
        paddle.from_numpy([1.0])


def test_full_default_dtypes_and_conversions():
    assert paddle.full([2], 1).dtype == paddle.float32
    assert paddle.full([2], True).dtype == paddle.bool
    assert paddle.full([2], 1j).dtype == paddle.complex128
    assert paddle.full([2], paddle.to_tensor(3, "int32")).dtype == paddle.float32
    assert paddle.full([2], 1.7, "int32").tolist() == [1, 1]
    assert paddle.full([2], 300, "uint8").tolist() == [44, 44]
    assert paddle.full([2], 200, "int8").tolist() == [-56, -56]
    assert paddle.full([1], float("-inf"), "int32").tolist() == [np.iinfo(np.int32).min]
    assert paddle.full([1], float("nan"), "bool").tolist() == [True]
    assert paddle.full([1], "2.5").tolist() == [2.5]
    assert paddle.full(3, 0).shape == [3] and paddle.full([], 5).shape == []
    assert paddle.full([paddle.to_tensor(2), 3], 0).shape == [2, 3]
    with pytest.raises(TypeError):
        paddle.full([2], None)
    with pytest.raises(ValueError, match="one element"):
        paddle.full([2], paddle.to_tensor([1.0, 2.0]))


def test_like_and_new_forms():
    ints = paddle.to_tensor([1, 2])
    assert paddle.full_like(ints, 2.7).tolist() == [2, 2]
    assert paddle.zeros_like(ints, "float32").dtype == paddle.float32
    assert paddle.ones_like(input=paddle.to_tensor([True])).tolist() == [True]
    with pytest.raises(ValueError, match="out of range"):
        paddle.full_like(paddle.to_tensor([True]), 2)
    assert paddle.full_like(ints, float("inf")).tolist() == [np.iinfo(np.int64).min] * 2
    assert ints.new_full([3], 2.5).tolist() == [2, 2, 2]
    assert ints.new_zeros(2, 3).shape == [2, 3]
    assert ints.new_ones([1], dtype="float64").dtype == paddle.float64
    assert not paddle.to_tensor([1.0]).new_empty([2], requires_grad=True).stop_gradient


def test_zeros_ones_empty_forms():
    assert paddle.zeros(2, 3).shape == [2, 3]
    assert paddle.ones(size=[2]).tolist() == [1.0, 1.0]
    assert paddle.zeros(None).shape == []
    assert paddle.empty([2, 2], "int32").tolist() == [[0, 0], [0, 0]]
    out = paddle.zeros([3])
    result = paddle.ones([2], out=out)
    assert result is out and out.tolist() == [1.0, 1.0]
    with pytest.raises(TypeError, match="out.dtype"):
        paddle.ones([2], out=paddle.zeros([2], "int32"))


def test_arange_accumulates_in_output_precision():
    assert paddle.arange(1, 1.3, 0.1).shape == [3]
    assert paddle.arange(1, 1.3, 0.1, "float64").shape == [4]
    expected = np.cumsum(np.r_[np.float32(0), np.full(999, np.float32(0.1))], dtype=np.float32)
    np.testing.assert_array_equal(paddle.arange(0, 100, 0.1).numpy(), expected)
    assert paddle.arange(0.5, 3.7, 1, "int64").tolist() == [0, 1, 2]
    assert paddle.arange(paddle.to_tensor(3, "int32")).dtype == paddle.int64
    assert paddle.arange(0, 5, -1).shape == [0]
    with pytest.raises(ValueError, match="step"):
        paddle.arange(0, 2.5, 0.5, dtype="int64")
    with pytest.raises(ValueError, match="finite"):
        paddle.arange(0, float("inf"))
    with pytest.raises(TypeError):
        paddle.arange(3, dtype="bool")


def test_range_is_inclusive_and_deprecated():
    with pytest.warns(DeprecationWarning):
        values = paddle.range(0, 1, 0.25)
    assert values.tolist() == [0.0, 0.25, 0.5, 0.75, 1.0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert paddle.range(0, 0.9, 0.3).shape == [3]
        assert paddle.range(0, 3, 1, "int64").tolist() == [0, 1, 2, 3]


def test_linspace_and_logspace():
    np.testing.assert_array_equal(
        paddle.linspace(0, 1, 7).numpy(),
        np.float32([0.0, 0.16666667, 0.33333334, 0.5, 0.6666666, 0.8333333, 1.0]))
    assert paddle.linspace(0, 10, 4, "int32").tolist() == [0, 3, 6, 10]
    assert paddle.linspace(2, 5, 1).tolist() == [2.0]
    assert paddle.linspace(0, end=1, steps=3).tolist() == [0.0, 0.5, 1.0]
    assert paddle.logspace(0, 2, 5, 10, "int64").tolist() == [1, 3, 10, 31, 100]
    assert paddle.logspace(0, 2, 3, -2).tolist() == [1.0, -2.0, 4.0]
    with pytest.raises(ValueError):
        paddle.linspace(0, 1, -1)
    with pytest.raises(ValueError):
        paddle.logspace(0, 1, 0)


def test_eye_and_triangle_indices():
    assert paddle.eye(2, 3).tolist() == [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
    assert paddle.eye(n=1, m=2, dtype="int32").tolist() == [[1, 0]]
    with pytest.raises(TypeError, match="non-negative int"):
        paddle.eye(2.0)
    rows, cols = paddle.tril_indices(4, 3, -1).numpy()
    expected = np.tril_indices(4, -1, 3)
    np.testing.assert_array_equal(rows, expected[0])
    np.testing.assert_array_equal(cols, expected[1])
    assert paddle.triu_indices(3, 4, 1, "int32").dtype == paddle.int32
    assert paddle.triu_indices(2, 2, 5).shape == [2, 0]
    with pytest.raises(TypeError):
        paddle.tril_indices(3, 3, 0, "float32")


def test_assign_dtype_rules_and_output():
    assert paddle.assign(1.5).dtype == paddle.float64 and paddle.assign(1.5).shape == [1]
    assert paddle.assign([1.0, 2.0]).dtype == paddle.float64
    assert paddle.assign(np.array(1.0, "float32")).shape == []
    out = paddle.zeros([2])
    assert paddle.assign(paddle.to_tensor([5, 6]), out) is out
    assert out.dtype == paddle.int64 and out.tolist() == [5, 6]
    a = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    paddle.assign(a * 3).sum().backward()
    assert a.grad.tolist() == [3.0, 3.0]


def test_set_and_resize_in_place():
    x = paddle.to_tensor([1.0, 2.0, 3.0])
    source = paddle.to_tensor([11.0, 22.0, 33.0, 44.0, 55.0, 66.0])
    assert x.set_(source, shape=[3], stride=[2]).tolist() == [11.0, 33.0, 55.0]
    assert x.set_(source, shape=[5], offset=4).tolist() == [22.0, 33.0, 44.0, 55.0, 66.0]
    assert x.set_(source, shape=[2, 2]).tolist() == [[11.0, 22.0], [33.0, 44.0]]
    assert x._is_shared_buffer_with(source) and not x._is_shared_buffer_with(paddle.ones([1]))
    assert x.set_().shape == [0]
    with pytest.raises(ValueError, match="reaches past"):
        x.set_(source, shape=[7])
    y = paddle.to_tensor([1, 2, 3])
    version = y.inplace_version
    assert y.resize_([2, 2]).tolist() == [[1, 2], [3, 0]]
    assert y.resize_([1]).tolist() == [1] and y.inplace_version == version + 2


def test_creation_ops_trace_with_their_metas():
    with Tracer() as tracer:
        full = paddle.full([2, 3], 1.5)
        rng = paddle.arange(0, 1, 0.1)
        lin = paddle.linspace(0, 1, 4, "float64")
        idx = paddle.tril_indices(3, 3)
    assert [op.opdef.name for op in tracer.ops if op.opdef is not None] == ["full", "arange", "linspace", "tril_indices"]
    assert list(full._data.shape) == [2, 3] and full.dtype == paddle.float32
    assert list(rng._data.shape) == [10]
    assert lin.dtype == paddle.float64 and list(idx._data.shape) == [2, 6]


def test_like_forms_keep_dynamic_dims_when_traced():
    with Tracer() as tracer:
        x = tracer.input([-1, 4], paddle.float32)
        zeros = paddle.zeros_like(x)
        filled = paddle.full_like(x, 2, dtype="int32")
    assert list(zeros._data.shape) == [-1, 4] and zeros.dtype == paddle.float32
    assert list(filled._data.shape) == [-1, 4] and filled.dtype == paddle.int32
