"""Behaviour of the elementwise math API beyond the goldens: error types and messages, in-place
semantics, out=, tracing of composite functions, and the SciPy-free special functions."""
import numpy as np
import pytest

import paddle
from paddle._core.ops import math_special
from paddle._core.tracing import Tracer


def t(values, dtype=None):
    return paddle.to_tensor(np.asarray(values, dtype=dtype))


# ---- errors ------------------------------------------------------------------------------

@pytest.mark.parametrize("api", ["add", "subtract", "multiply", "divide", "maximum", "minimum",
                                 "fmax", "fmin", "logical_and", "bitwise_and", "heaviside",
                                 "nextafter", "isclose", "equal_all"])
def test_functional_forms_reject_numbers(api):
    with pytest.raises(ValueError, match=r"argument 'y' \(position 1\) must be Tensor"):
        getattr(paddle, api)(t([1, 2]), 2)
    with pytest.raises(ValueError, match=r"argument 'x' \(position 0\) must be Tensor"):
        getattr(paddle, api)(2, t([1, 2]))


@pytest.mark.parametrize("api", ["atan2", "gcd", "lcm", "hypot", "ldexp"])
def test_python_side_apis_raise_type_error_for_numbers(api):
    with pytest.raises(TypeError, match=f"\\({api}\\) y must be a Tensor"):
        getattr(paddle, api)(t([1, 2]), 2)


def test_operators_accept_numbers_on_both_sides():
    x = t([3, 1], "int32")
    assert (x + 2).dtype == paddle.int32 and (2 - x).dtype == paddle.int32
    assert (x / 2).dtype == paddle.float32 and (x // 2).dtype == paddle.int32
    assert (x * 2.5).dtype == paddle.float32 and (x ** 2).dtype == paddle.int32
    assert (x < 2).numpy().tolist() == [False, True]


def test_promotion_errors_name_the_dtypes():
    with pytest.raises(TypeError, match="int32.*int64|int64.*int32"):
        paddle.add(t([1], "int32"), t([1], "int64"))
    with pytest.raises(ValueError, match=r"\(bitwise_and\) x and y must have the same dtype"):
        paddle.bitwise_and(t([1], "int32"), t([1], "int64"))


def test_integer_division_by_zero_is_a_value_error():
    with pytest.raises(ValueError, match=r"\(floor_divide\) Integer division by zero"):
        paddle.floor_divide(t([1, 2]), t([1, 0]))
    with pytest.raises(ValueError, match=r"\(remainder\) Integer division by zero"):
        t([1]) % t([0])
    assert np.isinf(paddle.divide(t([1]), t([0])).numpy()).all()


def test_type_errors_for_unsupported_dtypes():
    with pytest.raises(TypeError, match=r"\(nan_to_num\) x must be a float32 or float64"):
        paddle.nan_to_num(t([1, 2]))
    with pytest.raises(TypeError, match="float32', 'float64'"):
        paddle.frexp(t([1, 2]))
    with pytest.raises(TypeError, match=r"\(sinc\)"):
        paddle.sinc(t([1, 2]))
    with pytest.raises(TypeError, match="bool tensor is not supported"):
        paddle.negative(t([True]))
    with pytest.raises(TypeError, match=r"\(sgn\)"):
        paddle.sgn(t([1, 2]))


def test_argument_errors():
    with pytest.raises(ValueError, match=r"\(multigammaln\) The p must be"):
        paddle.multigammaln(t([3.0]), 0)
    with pytest.raises(TypeError, match="n must be int"):
        paddle.polygamma(t([1.0]), 1.5)
    with pytest.raises(ValueError, match="max should be greater than or equal to min"):
        paddle.clip(t([1.0]), 2.0, 1.0)
    with pytest.raises(ValueError, match="rounding_mode"):
        paddle.divide(t([1.0]), t([2.0]), rounding_mode="round")
    with pytest.raises(ValueError, match="x must be greater than or equal to 0"):
        paddle.gammaincc(t([-1.0]), t([1.0]))
    with pytest.raises(RuntimeError, match="index exceeds"):
        paddle.multiplex([t([[1.0]]), t([[2.0]])], t([[2]], "int32"))
    with pytest.raises(ValueError, match=r"\(add_n\) The input tensor X of AddNOp"):
        paddle.add_n([t([1.0, 2.0]), t([1.0])])


def test_broadcast_error_names_the_shapes():
    with pytest.raises(ValueError, match=r"X = \[2, 3\] and the shape of Y = \[4\]"):
        paddle.add(paddle.ones([2, 3]), paddle.ones([4]))


# ---- in-place --------------------------------------------------------------------------------

def test_inplace_keeps_identity_and_bumps_version():
    x = t([1.0, 2.0])
    before = x._version
    assert x.add_(t([1.0, 1.0])) is x
    assert x._version == before + 1
    assert x.numpy().tolist() == [2.0, 3.0]


def test_inplace_takes_the_promoted_dtype():
    x = t([7, 9])
    x.divide_(t([2, 3]))
    assert x.dtype == paddle.float32 and x.numpy().tolist() == [3.5, 3.0]
    y = t([1.0], "float32")
    y.add_(t([1.0], "float64"))
    assert y.dtype == paddle.float64


def test_inplace_on_leaf_that_needs_grad_is_rejected():
    x = paddle.to_tensor([1.0], stop_gradient=False)
    with pytest.raises(ValueError, match="can't use inplace strategy"):
        x.clip_(0.0, 0.5)


def test_inplace_inside_graph_backpropagates_through_the_old_value():
    w = paddle.to_tensor([2.0, 3.0], stop_gradient=False)
    h = w * 1.0
    h.multiply_(h)
    h.sum().backward()
    np.testing.assert_allclose(w.grad.numpy(), [4.0, 6.0])


def test_inplace_broadcast_may_not_grow_the_target():
    with pytest.raises(ValueError, match=r"\(add_\) The shape of"):
        t([1.0, 2.0]).add_(t([[1.0, 2.0]]))


def test_increment_is_in_place_and_checks_the_size():
    x = t([1.0])
    assert paddle.increment(x, 2.5) is x and x.numpy().tolist() == [3.5]
    with pytest.raises(ValueError, match="should be 1"):
        paddle.increment(t([1.0, 2.0]))


def test_out_argument_receives_the_result():
    out = t([0.0, 0.0])
    result = paddle.add(t([1.0, 2.0]), t([3.0, 4.0]), out=out)
    assert result is out and out.numpy().tolist() == [4.0, 6.0]


# ---- values --------------------------------------------------------------------------------

def test_remainder_follows_the_divisor_sign_and_keeps_signed_zero():
    out = paddle.remainder(t([7.5, -7.5, -0.0, 5.0]), t([-2.0, 2.0, 3.0, -np.inf]))
    assert out.numpy().tolist() == [-0.5, 0.5, -0.0, -np.inf]
    assert np.signbit(out.numpy()[2])


def test_integer_power_of_negative_exponent():
    out = paddle.pow(t([2, 1, -1, -1, 0]), t([-1, -3, -3, -2, -1]))
    assert out.numpy().tolist() == [0, 1, -1, 1, 0]


def test_maximum_ties_split_the_gradient():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y = paddle.to_tensor([1.0, 0.0], stop_gradient=False)
    gx, gy = paddle.grad([paddle.maximum(x, y)], [x, y])
    assert gx.numpy().tolist() == [0.5, 1.0] and gy.numpy().tolist() == [0.5, 0.0]


def test_float_gcd_and_lcm():
    assert paddle.gcd(t([12.0, 7.5]), t([18.0, 2.5])).numpy().tolist() == [6.0, 2.5]
    assert paddle.lcm(t([4, -6, 0]), t([6, 4, 5])).numpy().tolist() == [12, 12, 0]


def test_logical_right_shift_fills_with_zeros():
    out = paddle.bitwise_right_shift(t([-8], "int8"), t([1], "int8"), is_arithmetic=False)
    assert out.numpy().tolist() == [124]


# ---- tracing ---------------------------------------------------------------------------------

@pytest.mark.parametrize("fn", [lambda x: paddle.hypot(x, x), lambda x: paddle.logaddexp(x, x),
                                lambda x: paddle.stanh(x), lambda x: paddle.clip(x, 0.0, 1.0),
                                lambda x: paddle.multigammaln(x + 3, 2),
                                lambda x: paddle.lerp(x, x * 2, 0.5)])
def test_composites_trace_with_the_eager_shapes_and_dtypes(fn):
    x = paddle.ones([2, 3])
    eager = fn(x)
    with Tracer() as tracer:
        traced = fn(tracer.input([2, 3], "float32"))
    assert tuple(traced.meta.shape) == tuple(eager.shape)
    assert traced.meta.dtype is eager.dtype


# ---- special functions without SciPy -----------------------------------------------------

def test_polygamma_fallback_matches_scipy():
    special = pytest.importorskip("scipy.special")
    x = np.array([0.3, 1.0, 2.5, 7.0, 30.0, -0.5, -2.5])
    for n in (1, 2, 3):
        np.testing.assert_allclose(math_special._polygamma_fallback(n, x),
                                   special.polygamma(n, x), rtol=1e-10)


def test_gammaincc_fallback_matches_scipy():
    special = pytest.importorskip("scipy.special")
    a = np.array([0.5, 1.0, 3.0, 10.0, 2.0, 0.1])
    x = np.array([0.5, 2.0, 0.1, 12.0, 0.0, 5.0])
    np.testing.assert_allclose(math_special._gammaincc_ufunc(a, x).astype(float),
                               special.gammaincc(a, x), rtol=1e-10, atol=1e-14)
