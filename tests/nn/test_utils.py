"""paddle.nn.utils: weight/spectral norm hooks, gradient clipping helpers, vector round trips."""
import numpy as np
import pytest

import paddle


def _grad_params():
    a = paddle.create_parameter([2], "float32")
    b = paddle.create_parameter([1], "float32")
    (a * paddle.to_tensor([3.0, 4.0])).sum().backward()
    (b * paddle.to_tensor([12.0])).sum().backward()
    return [a, b]


def test_clip_grad_norm_returns_total_and_scales_in_place():
    params = _grad_params()
    total = paddle.nn.utils.clip_grad_norm_(params, max_norm=1.0)
    assert float(total) == pytest.approx(13.0)
    scale = 1.0 / (13.0 + 1e-6)
    np.testing.assert_allclose(params[0].grad.numpy(), [3 * scale, 4 * scale], rtol=1e-6)
    assert float(paddle.nn.utils.clip_grad_norm_(params, 1.0, norm_type="inf")) == \
        pytest.approx(12 * scale, rel=1e-5)


def test_clip_grad_norm_without_gradients_and_bad_norm_type():
    p = paddle.create_parameter([2], "float32")
    assert float(paddle.nn.utils.clip_grad_norm_([p], 1.0)) == 0.0
    with pytest.raises(ValueError, match="norm_type"):
        paddle.nn.utils.clip_grad_norm_([p], 1.0, norm_type=3)
    a, = _grad_params()[:1]
    a.grad.set_value(np.array([np.inf, 1.0], "float32"))
    with pytest.raises(RuntimeError, match="non-finite"):
        paddle.nn.utils.clip_grad_norm_([a], 1.0, error_if_nonfinite=True)


def test_clip_grad_value_clips_in_place():
    params = _grad_params()
    paddle.nn.utils.clip_grad_value_(params, 3.5)
    np.testing.assert_array_equal(params[0].grad.numpy(), [3.0, 3.5])
    np.testing.assert_array_equal(params[1].grad.numpy(), [3.5])


def test_parameters_vector_round_trip():
    fc = paddle.nn.Linear(3, 2)
    vec = paddle.nn.utils.parameters_to_vector(fc.parameters())
    assert vec.shape == [8] and not vec.stop_gradient
    paddle.nn.utils.vector_to_parameters(paddle.arange(10, dtype="float32"), fc.parameters())
    np.testing.assert_array_equal(fc.weight.numpy(), np.arange(6).reshape(3, 2))
    np.testing.assert_array_equal(fc.bias.numpy(), [6, 7])
    with pytest.raises(ValueError, match="total_elements"):
        paddle.nn.utils.vector_to_parameters(paddle.ones([3]), fc.parameters())


def test_weight_norm_reparameterises_and_round_trips():
    fc = paddle.nn.Linear(3, 2)
    original = fc.weight.numpy().copy()
    paddle.nn.utils.weight_norm(fc, dim=1)
    assert [n for n, _ in fc.named_parameters()] == ["bias", "weight_v", "weight_g"]
    np.testing.assert_allclose(fc.weight_g.numpy(), np.linalg.norm(original, axis=0), rtol=1e-6)
    x = paddle.ones([1, 3])
    np.testing.assert_allclose(fc(x).numpy(), x.numpy() @ original + fc.bias.numpy(), rtol=1e-5)
    fc.weight_g.set_value(fc.weight_g.numpy() * 2)
    doubled = fc(x).numpy() - fc.bias.numpy()
    np.testing.assert_allclose(doubled, 2 * (x.numpy() @ original), rtol=1e-5)
    paddle.nn.utils.remove_weight_norm(fc)
    np.testing.assert_allclose(fc.weight.numpy(), 2 * original, rtol=1e-5)
    with pytest.raises(ValueError, match="not found"):
        paddle.nn.utils.remove_weight_norm(fc)
    with pytest.raises(ValueError, match="dim"):
        paddle.nn.utils.weight_norm(paddle.nn.Linear(2, 2), dim=2)


def test_spectral_norm_hook_normalises_and_updates_vectors_in_training():
    fc = paddle.nn.utils.spectral_norm(paddle.nn.Linear(4, 3), n_power_iterations=30)
    assert sorted(n for n, _ in fc.named_parameters()) == ["bias", "weight_orig"]
    u_before = fc.weight_u.numpy().copy()
    fc(paddle.ones([1, 4]))
    assert not np.allclose(fc.weight_u.numpy(), u_before)
    sigma = np.linalg.svd(fc.weight.numpy(), compute_uv=False)[0]
    assert sigma == pytest.approx(1.0, rel=1e-4)
    fc.eval()
    frozen = fc.weight_u.numpy().copy()
    fc(paddle.ones([1, 4]))
    np.testing.assert_array_equal(fc.weight_u.numpy(), frozen)
    with pytest.raises(RuntimeError, match="two spectral_norm"):
        paddle.nn.utils.spectral_norm(fc)
