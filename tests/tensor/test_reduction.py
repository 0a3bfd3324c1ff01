"""Reductions and scans beyond the goldens: our choices where Paddle returns garbage, errors,
in-place scans, gradients through zeros, and tracing."""
import numpy as np
import pytest

import paddle


def t(data, dtype=None, grad=False):
    x = paddle.to_tensor(np.asarray(data, dtype))
    x.stop_gradient = not grad
    return x


@pytest.mark.parametrize("api", ["max", "min", "amax", "amin"])
def test_extremum_of_empty_axis_raises(api):
    # Paddle returns uninitialised memory here; we refuse clearly instead.
    with pytest.raises(ValueError, match=rf"\({api}\).*size of 0"):
        getattr(paddle, api)(paddle.zeros([0, 3]), axis=0)
    assert getattr(paddle, api)(paddle.zeros([0, 3]), axis=1).shape == [0]


@pytest.mark.parametrize("api", ["argmax", "argmin"])
def test_arg_reduction_of_empty_raises(api):
    with pytest.raises(ValueError, match=api):
        getattr(paddle, api)(paddle.zeros([0, 3]))
    assert getattr(paddle, api)(paddle.zeros([0, 3]), axis=1).shape == [0]


def test_argmax_ignores_nan_unless_all_nan():
    nan = float("nan")
    assert paddle.argmax(t([nan, 1.0, 2.0])).item() == 2
    assert paddle.argmin(t([3.0, nan, 2.0])).item() == 2
    assert paddle.argmax(t([nan, nan])).item() == 0


def test_sum_dtype_rules():
    assert paddle.sum(t([1, 2], "int8")).dtype == paddle.int8
    assert paddle.sum(t([1, 2], "int32")).dtype == paddle.int64
    assert paddle.sum(t([True, True])).item() == 2
    assert paddle.sum(t([0.5, 0.7]), dtype="int64").item() == 0  # casts before summing


def test_integer_mean_truncates_toward_zero():
    assert paddle.mean(t([1, 2, 2, -7], "int64")).item() == 0
    np.testing.assert_array_equal(paddle.mean(t([[1, 2], [-2, -5]], "int32"), 1).numpy(),
                                  [1, -3])


def test_axis_errors():
    x = paddle.ones([2, 3])
    with pytest.raises(ValueError, match="duplicate"):
        paddle.sum(x, axis=[1, -1])
    with pytest.raises(ValueError, match="range"):
        paddle.mean(x, axis=2)
    with pytest.raises(TypeError, match="axis"):
        paddle.sum(x, axis=1.5)
    with pytest.raises(TypeError):
        paddle.amax(x, axis=paddle.to_tensor([0, 1]))
    with pytest.raises(ValueError, match="must be Tensor"):
        paddle.sum([1.0, 2.0])
    with pytest.raises(IndexError, match="out of range"):
        paddle.cumsum(x, axis=2)
    with pytest.raises(ValueError):
        paddle.cumprod(x, dim=-3)


def test_tensor_axis_and_zero_d_axis():
    x = paddle.ones([2, 3, 4])
    assert paddle.sum(x, axis=paddle.to_tensor([0, 2])).shape == [3]
    assert paddle.max(x, axis=paddle.to_tensor(1)).shape == [2, 4]
    assert paddle.sum(paddle.to_tensor(2.0), axis=0, keepdim=True).shape == []


def test_max_gradient_is_split_among_ties():
    x = t([[1.0, 3.0, 3.0], [2.0, 2.0, 2.0]], "float64", grad=True)
    paddle.max(x, axis=1).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [[0, 0.5, 0.5], [1 / 3, 1 / 3, 1 / 3]])


def test_prod_gradient_follows_paddle_out_over_x():
    x = t([[2.0, 3.0], [0.0, 4.0]], "float64", grad=True)
    paddle.prod(x, axis=1).sum().backward()
    np.testing.assert_allclose(x.grad.numpy()[0], [3.0, 2.0])
    assert np.isnan(x.grad.numpy()[1, 0])  # Paddle computes out / x


def test_cumprod_gradient_is_exact_with_zeros():
    x = t([1.0, 0.0, 2.0, 0.0, 3.0], "float64", grad=True)
    weights = t([1.0, 2.0, 3.0, 4.0, 5.0], "float64")
    (paddle.cumprod(x, 0) * weights).sum().backward()
    # y = [x0, x0x1, x0x1x2, ...]; only the terms up to the second zero reach x1
    np.testing.assert_allclose(x.grad.numpy(), [1.0, 2.0 + 3.0 * 2.0, 0.0, 0.0, 0.0])


def test_cumprod_double_gradient_through_zero():
    x = t([2.0, 0.0, 3.0], "float64", grad=True)
    (g,) = paddle.grad([paddle.cumprod(x, 0).sum()], [x], create_graph=True)
    (h,) = paddle.grad([g[2]], [x])
    # g2 = x0 * x1 ; d g2 / d x1 = x0 = 2
    np.testing.assert_allclose(h.numpy(), [0.0, 2.0, 0.0])


def test_inplace_scans_follow_paddle():
    x = t([[1.0, 2.0], [3.0, 4.0]])
    out = paddle.cumsum_(x)
    assert out is x and x.shape == [4]
    np.testing.assert_allclose(x.numpy(), [1, 3, 6, 10])
    y = t([[1, 2], [3, 4]], "int32")
    y.cumsum_(1)
    assert y.dtype == paddle.int32
    z = t([2.0, 3.0], grad=True)
    with pytest.raises(ValueError, match="inplace"):
        paddle.cumprod_(z, 0)


def test_inplace_cumprod_keeps_gradient_of_old_value():
    x = t([1.0, 2.0, 3.0], "float64", grad=True)
    y = x * 1
    paddle.cumprod_(y, 0)
    y.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [1 + 2 + 6, 1 + 3, 2])


def test_cummax_index_dtype_and_nan():
    _, indices = paddle.cummax(t([1.0, float("nan"), 3.0]), dtype="int32")
    assert indices.dtype == paddle.int32
    np.testing.assert_array_equal(indices.numpy(), [0, 1, 1])
    with pytest.raises(ValueError, match="INT32"):
        paddle.cummin(t([1.0]), dtype="float32")


def test_logcumsumexp_handles_minus_inf_and_grad():
    x = t([-np.inf, 0.0, 1.0], "float64", grad=True)
    out = paddle.logcumsumexp(x)
    np.testing.assert_allclose(out.numpy(), [-np.inf, 0.0, np.logaddexp(0, 1)])
    out.sum().backward()
    assert np.isfinite(x.grad.numpy()).all()


def test_nan_reductions():
    x = t([[1.0, float("nan")], [float("nan"), float("nan")]])
    np.testing.assert_allclose(paddle.nansum(x, 1).numpy(), [1.0, 0.0])
    np.testing.assert_allclose(paddle.nanmean(x, 1).numpy(), [1.0, np.nan])
    assert paddle.count_nonzero(t([[0, 1], [2, 0]]), axis=0).dtype == paddle.int64


def test_reduce_as():
    out = paddle.reduce_as(paddle.ones([2, 3, 4]), paddle.ones([3, 1]))
    np.testing.assert_allclose(out.numpy(), np.full((3, 1), 8.0))
    with pytest.raises(ValueError, match="reduce_as"):
        paddle.reduce_as(paddle.ones([2, 3]), paddle.ones([4]))


def test_methods_and_out():
    x = t([[1.0, 2.0], [3.0, 4.0]])
    assert x.sum().item() == 10
    assert x.argmax(axis=1).numpy().tolist() == [1, 1]
    holder = paddle.zeros([2])
    result = paddle.sum(x, axis=0, out=holder)
    assert result is holder
    np.testing.assert_allclose(holder.numpy(), [4.0, 6.0])


def test_reductions_trace():
    from paddle._core.ops import reduction as R
    from paddle._core.tracing import Tracer
    x = paddle.ones([2, 3])
    with Tracer() as tracer:
        out = R.sum_op(x, (1,), None, True)
    assert "sum" in str(tracer.ops[-1]) and tuple(out.meta.shape) == (2, 1)


def test_torch_style_keywords():
    x = t([[3.0, 1.0], [2.0, 4.0]])
    np.testing.assert_allclose(paddle.sum(input=x, dim=1).numpy(), [4.0, 6.0])
    assert paddle.argmax(input=x, dim=0).numpy().tolist() == [0, 1]
    np.testing.assert_allclose(paddle.amax(x, dim=1).numpy(), [3.0, 4.0])
    np.testing.assert_allclose(paddle.cumsum(input=x, dim=0).numpy(), [[3, 1], [5, 5]])
    values, indices = paddle.median(x, dim=1)  # dim= makes mode default to 'min'
    assert values.numpy().tolist() == [1.0, 2.0] and indices.numpy().tolist() == [1, 0]
    with pytest.raises(TypeError):
        paddle.max(input=x)
    with pytest.raises(TypeError, match="alias"):
        paddle.sum(x, axis=0, dim=1)


def test_cumprod_gradient_with_zeros_on_long_rows():
    # rows this long take the first-zero form instead of the n x n one
    rng = np.random.default_rng(0)
    data = rng.uniform(0.9, 1.1, (2, 3000))
    data[0, 10] = data[0, 20] = data[1, 2999] = 0.0
    x = t(data, "float64", grad=True)
    weights = rng.uniform(-1, 1, (2, 3000))
    (paddle.cumprod(x, 1) * t(weights, "float64")).sum().backward()
    y = np.cumprod(data, 1)
    expected = np.zeros_like(data)
    for r in range(2):
        first = np.flatnonzero(data[r] == 0)[0]
        tail = np.cumsum((weights[r] * y[r])[::-1])[::-1]
        expected[r, :first] = tail[:first] / data[r, :first]
        skipped = np.cumprod(np.where(np.arange(3000) == first, 1.0, data[r]))
        expected[r, first] = np.sum((weights[r] * skipped)[first:])
    np.testing.assert_allclose(x.grad.numpy(), expected, rtol=1e-9, atol=1e-12)
