"""Behaviour of comparisons, logical and bitwise ops, where and the closeness tests beyond the
goldens: errors, in-place forms, tracing and the operators bound to these functions."""
import numpy as np
import pytest

import paddle
from paddle._core.tracing import Tracer


def t(values, dtype=None):
    return paddle.to_tensor(np.asarray(values, dtype=dtype))


def test_comparison_operators_take_numbers_and_promote_weakly():
    x = t([2, 3], "int32")
    assert (x == 2.5).numpy().tolist() == [False, False]
    assert (x < 2.5).numpy().tolist() == [True, False]
    assert (2.5 > x).numpy().tolist() == [True, False]


def test_equality_operators_with_none_and_sequences_give_python_bools():
    x = t([1.0, 2.0])
    assert (x == None) is False and (x != None) is True  # noqa: E711 - the operator under test
    assert (x == [1.0, 2.0]) is False
    assert (x == np.array([1.0, 3.0])).numpy().tolist() == [True, False]
    with pytest.raises(TypeError, match="Type of input args"):
        x < None  # noqa: B015


def test_comparisons_need_a_tensor_first():
    with pytest.raises(ValueError, match=r"argument 'x' \(position 0\) must be Tensor"):
        paddle.less_than(1.0, t([1.0]))
    with pytest.raises(TypeError, match="Type of input args must be"):
        paddle.equal(t([1.0]), "a")


def test_logical_ops_are_strict_about_dtypes():
    with pytest.raises(TypeError):
        paddle.logical_and(t([1], "int32"), t([1], "int64"))
    assert paddle.logical_or(t([0.0, 2.0]), t([0.0, 0.0], "float64")).numpy().tolist() == [
        False, True]


def test_bitwise_ops_need_one_integer_dtype():
    with pytest.raises(ValueError, match=r"\(bitwise_or\) x and y must have the same dtype"):
        paddle.bitwise_or(t([1], "int32"), t([1], "int64"))
    with pytest.raises(TypeError, match=r"\(bitwise_xor\) x and y must be bool or integer"):
        paddle.bitwise_xor(t([1.0]), t([1.0]))
    with pytest.raises(TypeError, match=r"\(bitwise_left_shift\) x and y must be integer"):
        paddle.bitwise_left_shift(t([True]), t([True]))


def test_shift_operators_take_python_ints():
    x = t([1, 8], "int32")
    assert (x << 2).numpy().tolist() == [4, 32] and (x << 2).dtype == paddle.int32
    assert (x >> 1).numpy().tolist() == [0, 4]
    assert (2 << x).numpy().tolist() == [4, 512] and (2 << x).dtype == paddle.int32
    with pytest.raises(TypeError, match="unsupported operand"):
        x << 1.5


def test_where_requires_a_bool_condition_and_both_branches():
    with pytest.raises(ValueError, match="boolean Tensor"):
        paddle.where(t([1, 0]), t([1.0, 2.0]), t([3.0, 4.0]))
    with pytest.raises(ValueError, match="either both or neither"):
        paddle.where(t([True]), t([1.0]))


def test_where_takes_numbers_as_paddle_to_tensor_makes_them():
    out = paddle.where(t([True, False]), 1.5, 2.5)
    assert out.dtype == paddle.float32 and out.numpy().tolist() == [1.5, 2.5]
    with pytest.raises(TypeError):
        paddle.where(t([True, False]), t([1, 2], "int32"), 2)


def test_where_gradient_reaches_both_branches():
    x = paddle.to_tensor([1.0, 2.0, 3.0], stop_gradient=False)
    y = paddle.to_tensor([4.0], stop_gradient=False)
    gx, gy = paddle.grad([paddle.where(t([True, False, True]), x, y).sum()], [x, y])
    assert gx.numpy().tolist() == [1.0, 0.0, 1.0] and gy.numpy().tolist() == [1.0]


def test_inplace_comparison_turns_x_into_bool():
    x = t([1.0, 2.0, 3.0])
    assert x.less_than_(t([2.0, 2.0, 2.0])) is x
    assert x.dtype == paddle.bool and x.numpy().tolist() == [True, False, False]


def test_where_inplace_overwrites_x():
    x = t([1.0, 2.0])
    assert paddle.where_(t([True, False]), x, t([9.0, 9.0])) is x
    assert x.numpy().tolist() == [1.0, 9.0]


def test_isclose_needs_equal_shapes_and_dtypes():
    with pytest.raises(RuntimeError, match="same dimension size"):
        paddle.isclose(t([1.0, 2.0]), t(1.0))
    with pytest.raises(RuntimeError, match="is not equal to the Input"):
        paddle.isclose(t([[1.0, 2.0], [3.0, 4.0]]), t([[1.0, 2.0]]))
    with pytest.raises(ValueError, match=r"\(isclose\) x and y must have the same dtype"):
        paddle.isclose(t([1.0], "float32"), t([1.0], "float64"))
    with pytest.raises(ValueError, match="Rtol"):
        paddle.allclose(t([1.0]), t([1.0]), rtol=1)


def test_isclose_treats_infinite_tolerance_literally():
    out = paddle.isclose(t([np.inf, -np.inf]), t([np.inf, np.inf]))
    assert out.numpy().tolist() == [True, True]


def test_equal_all_of_different_shapes_is_false():
    assert not bool(paddle.equal_all(t([1, 2]), t([1, 2, 3])))
    with pytest.raises(ValueError, match=r"\(equal_all\)"):
        paddle.equal_all(t([1]), t([1.0]))


def test_type_predicates():
    assert paddle.is_complex(t([1j])) and not paddle.is_complex(t([1.0]))
    assert paddle.is_floating_point(t([1.0]).astype("bfloat16"))
    assert paddle.is_integer(t([1], "uint8")) and not paddle.is_integer(t([True]))
    with pytest.raises(TypeError, match=r"\(is_integer\)"):
        paddle.is_integer([1])


def test_isin_and_is_empty():
    assert paddle.isin(t([1, 5, 3]), t([3, 1])).numpy().tolist() == [True, False, True]
    assert bool(paddle.is_empty(t(np.zeros((0, 2), "float32"))))
    with pytest.raises(TypeError, match=r"\(isin\) x must be a Tensor"):
        paddle.isin([1], t([1]))


def test_comparisons_trace_to_bool():
    with Tracer() as tracer:
        x = tracer.input([2, -1], "float32")
        out = paddle.logical_and(x > 0, paddle.isclose(x, x))
    assert out.meta.dtype is paddle.bool and tuple(out.meta.shape) == (2, -1)
