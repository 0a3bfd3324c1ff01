"""Behaviour of the normalization layers and functionals beyond the golden fixtures."""
import numpy as np
import pytest

import paddle
import paddle.nn.functional as F


def _x(shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype("float32")


def test_batch_norm_running_statistics_use_biased_variance_and_momentum():
    x = _x([8, 3, 2, 2])
    bn = paddle.nn.BatchNorm2D(3, momentum=0.8)
    bn(paddle.to_tensor(x))
    axes = (0, 2, 3)
    np.testing.assert_allclose(bn._mean.numpy(), 0.2 * x.mean(axes), rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(bn._variance.numpy(), 0.8 + 0.2 * x.var(axes), rtol=1e-5)


def test_batch_norm_eval_uses_running_statistics_and_keeps_them():
    bn = paddle.nn.BatchNorm1D(2)
    bn._mean.set_value(np.array([1.0, -1.0], "float32"))
    bn._variance.set_value(np.array([4.0, 0.25], "float32"))
    bn.eval()
    out = bn(paddle.to_tensor([[3.0, 0.0]]))
    np.testing.assert_allclose(out.numpy(), [[2 / np.sqrt(4 + 1e-5), 1 / np.sqrt(0.25 + 1e-5)]],
                               rtol=1e-6)
    np.testing.assert_array_equal(bn._mean.numpy(), [1.0, -1.0])


def test_batch_norm_parameters_include_statistics_without_gradients():
    bn = paddle.nn.BatchNorm2D(3)
    names = [n for n, _ in bn.named_parameters()]
    assert names == ["weight", "bias", "_mean", "_variance"]
    assert [p.stop_gradient for p in bn.parameters()] == [False, False, True, True]


def test_batch_norm_backward_matches_numeric_gradient():
    x = paddle.to_tensor(_x([4, 3, 2], 1).astype("float64"))
    x.stop_gradient = False
    mean, var = paddle.zeros([3], "float64"), paddle.ones([3], "float64")
    weights = paddle.to_tensor(_x([4, 3, 2], 2).astype("float64"))
    (F.batch_norm(x, mean, var, training=True) * weights).sum().backward()
    base = x.numpy()
    eps = 1e-6
    numeric = np.zeros_like(base)
    for idx in np.ndindex(base.shape):
        for sign in (1, -1):
            shifted = base.copy()
            shifted[idx] += sign * eps
            out = F.batch_norm(paddle.to_tensor(shifted), paddle.zeros([3], "float64"),
                               paddle.ones([3], "float64"), training=True)
            numeric[idx] += sign * float((out * weights).sum()) / (2 * eps)
    np.testing.assert_allclose(x.grad.numpy(), numeric, rtol=1e-5, atol=1e-6)


def test_batch_norm_float16_input_computes_in_float32():
    x = paddle.to_tensor(_x([6, 2]).astype("float16"))
    out = F.batch_norm(x, paddle.zeros([2]), paddle.ones([2]), training=True)
    assert out.dtype == paddle.float16
    ref = (x.numpy().astype("float32") - x.numpy().astype("float32").mean(0)) / np.sqrt(
        x.numpy().astype("float32").var(0) + 1e-5)
    np.testing.assert_allclose(out.numpy().astype("float32"), ref, rtol=2e-3, atol=2e-3)


def test_batch_norm_errors_name_the_api_and_shapes():
    with pytest.raises(ValueError, match=r"BatchNorm2D.*4 channels.*num_features=3"):
        paddle.nn.BatchNorm2D(3)(paddle.ones([2, 4, 2, 2]))
    with pytest.raises(ValueError, match=r"batch_norm.*\[3\]"):
        F.batch_norm(paddle.ones([2, 4, 2, 2]), paddle.zeros([3]), paddle.ones([3]))
    with pytest.raises(ValueError, match="BatchNorm2D.*4D"):
        paddle.nn.BatchNorm2D(3)(paddle.ones([2, 3, 2]))
    with pytest.raises(ValueError, match="at least 2-D"):
        F.batch_norm(paddle.ones([3]), paddle.zeros([3]), paddle.ones([3]))
    with pytest.raises(TypeError, match="floating-point"):
        F.batch_norm(paddle.ones([2, 3], "int32"), paddle.zeros([3]), paddle.ones([3]))


def test_sync_batch_norm_converts_nested_layers_sharing_parameters():
    bn = paddle.nn.BatchNorm2D(4)
    model = paddle.nn.Sequential(paddle.nn.Linear(2, 2), paddle.nn.Sequential(bn))
    converted = paddle.nn.SyncBatchNorm.convert_sync_batchnorm(model)
    sync = converted[1][0]
    assert isinstance(sync, paddle.nn.SyncBatchNorm)
    assert sync.weight is bn.weight and sync._mean is bn._mean
    x = paddle.to_tensor(_x([3, 4, 2, 2]))
    np.testing.assert_allclose(sync(x).numpy(), paddle.nn.BatchNorm2D(4)(x).numpy(), rtol=1e-6)


def test_layer_norm_normalizes_trailing_dims_with_flat_parameters():
    ln = paddle.nn.LayerNorm([2, 3])
    assert ln.weight.shape == [6]
    out = ln(paddle.to_tensor(_x([4, 2, 3])))
    flat = out.numpy().reshape(4, 6)
    np.testing.assert_allclose(flat.mean(1), 0, atol=1e-6)
    np.testing.assert_allclose(flat.var(1), 1, rtol=1e-4)
    with pytest.raises(ValueError, match=r"normalized_shape is \[2, 3\].*\[4, 3, 2\]"):
        ln(paddle.ones([4, 3, 2]))


def test_group_norm_matches_per_group_statistics_in_both_layouts():
    x = _x([2, 6, 3])
    out = F.group_norm(paddle.to_tensor(x), 3).numpy()
    groups = x.reshape(2, 3, 6)
    ref = (groups - groups.mean(-1, keepdims=True)) / np.sqrt(groups.var(-1, keepdims=True)
                                                              + 1e-5)
    np.testing.assert_allclose(out, ref.reshape(2, 6, 3), rtol=1e-5, atol=1e-6)
    nhwc = F.group_norm(paddle.to_tensor(x.transpose(0, 2, 1)), 3, data_format="NLC")
    np.testing.assert_allclose(nhwc.numpy().transpose(0, 2, 1), out, rtol=1e-5, atol=1e-6)


def test_group_norm_accepts_torch_style_arguments():
    x = paddle.to_tensor(_x([2, 4, 3]))
    w, b = paddle.full([4], 2.0), paddle.full([4], 1.0)
    np.testing.assert_allclose(F.group_norm(x, 2, w, b, 1e-3).numpy(),
                               F.group_norm(x, 2, 1e-3, w, b).numpy())
    np.testing.assert_allclose(F.group_norm(input=x, num_groups=2, eps=1e-3).numpy(),
                               F.group_norm(x, 2, 1e-3).numpy())


def test_instance_norm_layers_check_rank_and_attr_pairing():
    assert [n for n, _ in paddle.nn.InstanceNorm2D(3).named_parameters()] == ["scale", "bias"]
    with pytest.raises(ValueError, match="InstanceNorm1D.*2D or 3D"):
        paddle.nn.InstanceNorm1D(3)(paddle.ones([2, 3, 4, 5]))
    with pytest.raises(ValueError, match="same time"):
        paddle.nn.InstanceNorm2D(3, weight_attr=False)


def test_local_response_norm_divides_by_channel_window():
    x = _x([1, 4, 1, 1])
    out = F.local_response_norm(paddle.to_tensor(x), size=3, alpha=1.0, beta=1.0, k=0.0)
    sq = np.pad(x[0, :, 0, 0] ** 2, (1, 1))
    window = np.array([sq[i:i + 3].sum() for i in range(4)]) / 3
    np.testing.assert_allclose(out.numpy()[0, :, 0, 0], x[0, :, 0, 0] / window, rtol=1e-5)


def test_rms_norm_returns_output_and_inverse_rms():
    x = _x([3, 4])
    out, invvar = F.rms_norm(paddle.to_tensor(x), [4], paddle.full([4], 2.0))
    inv = 1 / np.sqrt((x ** 2).mean(1) + 1e-5)
    np.testing.assert_allclose(invvar.numpy(), inv, rtol=1e-5)
    np.testing.assert_allclose(out.numpy(), 2 * x * inv[:, None], rtol=1e-5)


def test_spectral_norm_layer_divides_by_largest_singular_value():
    sn = paddle.nn.SpectralNorm([4, 3], power_iters=50)
    w = _x([4, 3])
    out = sn(paddle.to_tensor(w)).numpy()
    np.testing.assert_allclose(np.linalg.svd(out, compute_uv=False)[0], 1.0, rtol=1e-4)


def test_paddle_keyword_aliases():
    x = paddle.to_tensor(_x([2, 3]))
    np.testing.assert_allclose(F.layer_norm(input=x, normalized_shape=3, eps=1e-3).numpy(),
                               F.layer_norm(x, 3, epsilon=1e-3).numpy())
    assert paddle.nn.LayerNorm(3, eps=1e-3)._epsilon == 1e-3
    assert paddle.nn.GroupNorm(1, 3, eps=1e-2)._epsilon == 1e-2
    with pytest.raises(TypeError, match="alias"):
        F.layer_norm(x, 3, epsilon=1e-3, eps=1e-2)
