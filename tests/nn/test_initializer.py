"""Initializers: distributions, fan computation and Paddle's defaults."""
import numpy as np
import pytest

import paddle
from paddle.nn import initializer as I


def make(shape, init):
    return paddle.create_parameter(shape, "float32", default_initializer=init).numpy()


def test_fans_follow_paddle_layouts():
    assert I.compute_fans([4, 8]) == (4, 8)
    assert I.compute_fans([16, 3, 5, 5]) == (75, 400)
    assert I.compute_fans([7]) == (7, 7)


def test_uniform_family_bounds():
    w = make([200, 300], I.XavierUniform())
    assert np.abs(w).max() <= np.sqrt(6 / 500)
    k = make([64, 32, 3, 3], I.KaimingUniform())
    assert np.abs(k).max() <= np.sqrt(2) * np.sqrt(3 / (32 * 9))
    u = make([1000], I.Uniform(-0.5, 2.0))
    assert u.min() >= -0.5 and u.max() < 2.0


def test_normal_family_statistics():
    paddle.seed(0)
    n = make([200, 300], I.XavierNormal())
    assert abs(n.std() - np.sqrt(2 / 500)) < 0.003
    k = make([256, 64, 3, 3], I.KaimingNormal())
    assert abs(k.std() - np.sqrt(2 / (64 * 9))) < 0.003
    g = make([50000], I.Normal(1.0, 2.0))
    assert abs(g.mean() - 1.0) < 0.05 and abs(g.std() - 2.0) < 0.05


def test_truncated_normal_uses_absolute_bounds():
    t = make([20000], I.TruncatedNormal(mean=0.0, std=2.0, a=-1.0, b=3.0))
    assert t.min() >= -1.0 and t.max() <= 3.0
    shifted = make([5000], I.TruncatedNormal(mean=10.0, std=2.0))
    assert shifted.max() <= 2.0 and shifted.mean() > 1.0


def test_seed_makes_initialization_reproducible():
    paddle.seed(7)
    a = make([10], I.Normal())
    paddle.seed(7)
    assert np.array_equal(a, make([10], I.Normal()))


def test_constant_assign_orthogonal_dirac_bilinear():
    assert make([3], I.Constant(2.5)).tolist() == [2.5] * 3
    assert make([2, 2], I.Assign([[1, 2], [3, 4]])).tolist() == [[1, 2], [3, 4]]
    q = make([4, 6], I.Orthogonal())
    np.testing.assert_allclose(q @ q.T, np.eye(4), atol=1e-5)
    d = make([2, 2, 3, 3], I.Dirac())
    assert d[:, :, 1, 1].tolist() == [[1, 0], [0, 1]] and d.sum() == 2
    b = make([1, 1, 4, 4], I.Bilinear())
    np.testing.assert_allclose(b[0, 0, 0], [0.0625, 0.28125, 0.375, 0.15625])
    assert make([3], I.Assign([1, 2])).tolist() == [1, 2]  # Paddle: the value's shape wins


def test_calculate_gain_values():
    assert I.calculate_gain("tanh") == pytest.approx(5 / 3)
    assert I.calculate_gain("leaky_relu", 0.2) == pytest.approx(np.sqrt(2 / 1.04))
    assert I.calculate_gain("conv2d") == 1
    with pytest.raises(ValueError):
        I.calculate_gain("swishy")


def test_global_initializer():
    I.set_global_initializer(I.Constant(0.5), I.Constant(-1.0))
    try:
        fc = paddle.nn.Linear(2, 2)
        assert fc.weight.numpy().tolist() == [[0.5, 0.5]] * 2
        assert fc.bias.numpy().tolist() == [-1.0, -1.0]
    finally:
        I.set_global_initializer(None, None)


def test_kaiming_fan_out_mode_uses_output_fan():
    paddle.seed(1)
    w = make([64, 256, 3, 3], I.KaimingNormal(mode="fan_out"))
    assert abs(w.std() - np.sqrt(2 / (64 * 9))) < 0.003
    u = make([300, 100], I.KaimingUniform(mode="fan_out"))
    assert np.abs(u).max() <= np.sqrt(2) * np.sqrt(3 / 100)
    with pytest.raises(ValueError, match="fan_in"):
        I.KaimingUniform(fan_in=4, mode="fan_out")


def test_constant_takes_only_value_and_the_legacy_name_takes_force_cpu():
    with pytest.raises(TypeError):
        I.Constant(1.0, force_cpu=True)
    assert make([2], I.ConstantInitializer(3.0, force_cpu=True)).tolist() == [3.0, 3.0]
