"""Statistics beyond the goldens: var/std corrections, median gradient rules, quantile
interpolation and the counting functions."""
import numpy as np
import pytest

import paddle


def t(data, dtype=None, grad=False):
    x = paddle.to_tensor(np.asarray(data, dtype))
    x.stop_gradient = not grad
    return x


def test_var_corrections_and_int_inputs():
    x = t([1.0, 2.0, 3.0, 4.0])
    np.testing.assert_allclose(paddle.var(x).item(), 5 / 3, rtol=1e-6)
    np.testing.assert_allclose(paddle.var(x, correction=0).item(), 1.25)
    np.testing.assert_allclose(paddle.std(x, unbiased=False).item(), np.sqrt(1.25), rtol=1e-6)
    assert paddle.var(t([1, 2, 4], "int64")).dtype == paddle.int64
    assert paddle.std(t([1, 2, 4], "int64")).dtype == paddle.float32
    with pytest.raises(ValueError, match="Only one"):
        paddle.var(x, unbiased=True, correction=0)
    assert np.isnan(paddle.var(t([1.0])).item())


def test_numel():
    out = paddle.numel(paddle.ones([2, 3]))
    assert out.dtype == paddle.int64 and out.shape == [] and out.item() == 6


def test_median_modes_and_indices():
    x = t([[3.0, 1.0, 2.0, 1.0]])
    np.testing.assert_allclose(paddle.median(x, axis=1).numpy(), [1.5])
    values, index = paddle.median(x, axis=1, mode="min")
    assert values.item() == 1.0 and index.item() == 3 and index.stop_gradient
    assert paddle.median(t([1, 2], "int64")).dtype == paddle.float32
    assert paddle.nanmedian(t([1, 2], "int64")).dtype == paddle.int64
    with pytest.raises(ValueError, match="Mode"):
        paddle.median(x, mode="max")
    with pytest.raises(TypeError, match="Tensor"):
        paddle.median([1.0, 2.0])


def test_median_gradient_rules():
    x = t([3.0, 1.0, 3.0, 2.0, 3.0], "float64", grad=True)
    paddle.median(x).backward()  # odd count: split among everything equal to the median
    np.testing.assert_allclose(x.grad.numpy(), [1 / 3, 0, 1 / 3, 0, 1 / 3])
    y = t([1.0, 1.0, 2.0, 2.0], "float64", grad=True)
    paddle.median(y).backward()  # distinct middles: half to each middle index
    np.testing.assert_allclose(y.grad.numpy(), [0.5, 0, 0, 0.5])
    z = t([[1.0, 1.0, 2.0]], "float64", grad=True)
    paddle.median(z, axis=1, mode="min")[0].sum().backward()  # one axis, min: to the index
    assert z.grad.numpy().sum() == 1.0 and z.grad.numpy()[0, 2] == 0


def test_nanmedian_all_nan_rows():
    nan = float("nan")
    values, index = paddle.nanmedian(t([[nan, nan], [1.0, nan]]), axis=1, mode="min")
    assert np.isnan(values.numpy()[0]) and index.numpy().tolist() == [-1, 0]
    np.testing.assert_allclose(paddle.nanmedian(t([[1.0, 2.0], [nan, 4.0]]), axis=[0, 1]).item(),
                               2.0)


def test_quantile_interpolations():
    x = t([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    expected = {"linear": 3.5, "lower": 3.0, "higher": 4.0, "midpoint": 3.5, "nearest": 3.0}
    for mode, value in expected.items():
        np.testing.assert_allclose(paddle.quantile(x, 0.5, interpolation=mode).item(), value)
    out = paddle.quantile(x, [0.0, 1.0])
    assert out.numpy().tolist() == [1.0, 6.0]
    with pytest.raises(ValueError, match="range"):
        paddle.quantile(x, 1.5)
    with pytest.raises(TypeError, match="float32 or float64"):
        paddle.quantile(t([1, 2], "int64"), 0.5)


def test_quantile_gradient_is_interpolation_weights():
    x = t([4.0, 1.0, 3.0, 2.0], "float64", grad=True)
    paddle.quantile(x, 0.5).backward()  # between 2 (index 3) and 3 (index 2)
    np.testing.assert_allclose(x.grad.numpy(), [0, 0, 0.5, 0.5])


def test_histograms_and_bincount():
    x = t([1.0, 2.0, 1.0, 4.0])
    assert paddle.histogram(x, bins=3).numpy().tolist() == [2, 1, 1]
    assert paddle.histogram(x, bins=2, min=0, max=2).numpy().tolist() == [0, 3]
    np.testing.assert_allclose(paddle.histogram_bin_edges(x, bins=3).numpy(), [1, 2, 3, 4])
    hist, edges = paddle.histogramdd(t([[0.0, 0.0], [1.0, 1.0], [1.0, 0.0]]), bins=2)
    assert hist.numpy().tolist() == [[1, 0], [1, 1]] and len(edges) == 2
    assert paddle.bincount(t([1, 1, 3], "int64")).numpy().tolist() == [0, 2, 0, 1]
    with pytest.raises(TypeError, match="integers"):
        paddle.bincount(x)
    with pytest.raises(ValueError, match="non-negative"):
        paddle.bincount(t([-1], "int64"))
    with pytest.raises(ValueError, match="bins"):
        paddle.histogram(x, bins=0)
