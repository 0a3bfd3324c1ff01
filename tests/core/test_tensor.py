"""Tensor attributes, conversions and Python protocol behaviour."""
import copy
import pickle

import numpy as np
import pytest

import paddle


def test_shape_is_a_size_equal_to_lists_and_tuples():
    x = paddle.ones([2, 3])
    assert x.shape == [2, 3] and x.shape == (2, 3)
    assert repr(x.shape) == "paddle.Size([2, 3])"
    assert isinstance(x.shape, list)


def test_basic_attributes():
    x = paddle.to_tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    assert x.ndim == 2 and x.dim() == 2 and x.size == 6
    assert x.dtype == paddle.float32 and str(x.place) == "Place(cpu)"
    assert x.stop_gradient and x.is_leaf and x.grad is None
    assert not x.persistable
    assert x.name.startswith("generated_tensor_")
    assert (paddle.to_tensor([1.0], stop_gradient=False) * 2).name.startswith("eager_tmp_")
    assert int(x.numel()) == 6 and x.numel().dtype == paddle.int64


def test_numpy_returns_a_copy():
    x = paddle.to_tensor([1.0, 2.0])
    arr = x.numpy()
    arr[0] = 100
    assert x.numpy()[0] == 1.0


def test_item_tolist_and_scalar_conversions():
    assert paddle.to_tensor(2.5).item() == 2.5
    assert isinstance(paddle.to_tensor(3).item(), int)
    assert paddle.to_tensor([[1, 2]]).tolist() == [[1, 2]]
    assert float(paddle.to_tensor(3.0)) == 3.0 and int(paddle.to_tensor(3.7)) == 3
    assert bool(paddle.to_tensor([1.0]))
    with pytest.raises(ValueError, match="one element"):
        paddle.to_tensor([1.0, 2.0]).item()
    with pytest.raises(ValueError, match="one element"):
        bool(paddle.to_tensor([1.0, 2.0]))


def test_bfloat16_item_and_tolist():
    x = paddle.to_tensor([1.5, 2.0]).astype("bfloat16")
    assert x.tolist() == [1.5, 2.0]
    assert x[0].item() == 1.5


def test_len_iter_index():
    x = paddle.to_tensor([[1, 2], [3, 4], [5, 6]])
    assert len(x) == 3
    assert [row.tolist() for row in x] == [[1, 2], [3, 4], [5, 6]]
    assert [10, 20, 30][paddle.to_tensor(1)] == 20
    with pytest.raises(TypeError):
        len(paddle.to_tensor(1.0))
    with pytest.raises(TypeError):
        [1, 2][paddle.to_tensor(1.0)]


def test_array_protocol():
    x = paddle.to_tensor([1.0, 2.0])
    assert np.asarray(x).dtype == np.float32
    np.testing.assert_array_equal(np.array(x, dtype="float64"), [1.0, 2.0])
    assert isinstance(np.ones(2, "float32") + x, paddle.Tensor)


def test_set_value_keeps_identity_and_checks_shape():
    x = paddle.to_tensor([1.0, 2.0])
    x.set_value(np.array([5.0, 6.0], "float32"))
    assert x.tolist() == [5.0, 6.0]
    with pytest.raises(ValueError, match="shape"):
        x.set_value(np.zeros(3, "float32"))


def test_clone_stays_in_graph_detach_does_not():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    c, d = x.clone(), x.detach()
    assert not c.stop_gradient and d.stop_gradient
    (c * 3).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [3.0, 3.0])


def test_clear_grad_zero_or_none():
    x = paddle.to_tensor([1.0], stop_gradient=False)
    (x * 2).sum().backward()
    x.clear_grad()
    assert x.grad.tolist() == [0.0]
    x.clear_gradient(False)
    assert x.grad is None


def test_deepcopy_and_pickle():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y = copy.deepcopy(x)
    assert y is not x and y.tolist() == [1.0, 2.0] and not y.stop_gradient
    z = pickle.loads(pickle.dumps(x))
    assert z.tolist() == [1.0, 2.0]


def test_operators_with_numbers_and_reflection():
    x = paddle.to_tensor([1.0, 2.0])
    assert (2 - x).tolist() == [1.0, 0.0]
    assert (2 / x).tolist() == [2.0, 1.0]
    assert (2 ** x).tolist() == [2.0, 4.0]
    assert (x ** 2).tolist() == [1.0, 4.0]
    assert (-x).tolist() == [-1.0, -2.0] and abs(-x).tolist() == [1.0, 2.0]
    assert (x == 1.0).tolist() == [True, False]
    assert (x @ x).item() == 5.0


def test_bool_operators_are_logical():
    a = paddle.to_tensor([True, False])
    b = paddle.to_tensor([True, True])
    assert (a & b).tolist() == [True, False]
    assert (a | b).tolist() == [True, True]
    assert (~a).tolist() == [False, True]
    i = paddle.to_tensor([6, 3])
    assert (i & paddle.to_tensor([3, 1])).tolist() == [2, 1]


def test_tensor_hashable_and_usable_as_dict_key():
    x = paddle.to_tensor([1.0])
    assert {x: 1}[x] == 1


def test_T_reverses_axes():
    assert paddle.ones([2, 3, 4]).T.shape == [4, 3, 2]


def test_astype_forms():
    x = paddle.to_tensor([1, 2])
    for dtype in ("float32", np.float32, paddle.float32):
        assert x.astype(dtype).dtype == paddle.float32


def test_format_of_0d_tensor():
    assert f"{paddle.to_tensor(1.23456):.2f}" == "1.23"
