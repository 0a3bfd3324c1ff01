"""Gradient clipping strategies: the clip(params_grads) -> params_grads interface."""
import numpy as np
import pytest

import paddle


def _param(values, need_clip=True):
    p = paddle.create_parameter([len(values)], "float32",
                                attr=paddle.ParamAttr(need_clip=need_clip))
    return p, paddle.to_tensor(np.asarray(values, "float32"))


def test_clip_by_value_bounds_and_skips_none_gradients():
    (a, ga), (b, _) = _param([3.0, -4.0, 0.5]), _param([1.0])
    out = paddle.nn.ClipGradByValue(1.0)([(a, ga), (b, None)])
    assert len(out) == 1 and out[0][0] is a
    np.testing.assert_array_equal(out[0][1].numpy(), [1.0, -1.0, 0.5])


def test_clip_by_norm_rescales_each_gradient_separately():
    (a, ga), (b, gb) = _param([3.0, 4.0]), _param([0.3, 0.4])
    out = paddle.nn.ClipGradByNorm(1.0)([(a, ga), (b, gb)])
    np.testing.assert_allclose(out[0][1].numpy(), [0.6, 0.8], rtol=1e-6)
    np.testing.assert_allclose(out[1][1].numpy(), [0.3, 0.4], rtol=1e-6)


def test_clip_by_global_norm_uses_all_clipped_gradients_and_respects_need_clip():
    (a, ga), (b, gb), (c, gc) = _param([3.0]), _param([4.0]), _param([100.0], need_clip=False)
    out = paddle.nn.ClipGradByGlobalNorm(1.0)([(a, ga), (b, gb), (c, gc)])
    np.testing.assert_allclose([g.item() for _, g in out], [0.6, 0.8, 100.0], rtol=1e-6)
    # eager clipping scales the gradient tensors in place, as Paddle does
    assert out[0][1] is ga and ga.item() == pytest.approx(0.6)


def test_clip_by_global_norm_auto_skip_leaves_small_gradients():
    (a, ga), = [_param([0.3, 0.4])]
    out = paddle.nn.ClipGradByGlobalNorm(1.0, auto_skip_clip=True)([(a, ga)])
    np.testing.assert_allclose(out[0][1].numpy(), [0.3, 0.4])


def test_clip_records_no_autograd_history():
    a, g = _param([3.0, 4.0])
    g.stop_gradient = False
    out = paddle.nn.ClipGradByNorm(1.0)([(a, g * 2)])
    assert out[0][1].stop_gradient


def test_clip_strings():
    assert str(paddle.nn.ClipGradByGlobalNorm(2.0)) == \
        "Gradient Clip By GlobalNorm, global_norm=2.000000"
    assert str(paddle.nn.ClipGradByValue(1.0)) == \
        "Clip Gradient By Value, min = -1.000000, max=1.000000"


def test_clip_used_by_an_optimizer_when_available():
    optimizer = getattr(paddle, "optimizer", None)
    if optimizer is None or not hasattr(optimizer, "SGD"):
        pytest.skip("paddle.optimizer is not available yet")
    fc = paddle.nn.Linear(2, 1, weight_attr=paddle.nn.initializer.Constant(0.0),
                          bias_attr=paddle.nn.initializer.Constant(0.0))
    opt = optimizer.SGD(learning_rate=1.0, parameters=fc.parameters(),
                        grad_clip=paddle.nn.ClipGradByGlobalNorm(1.0))
    fc(paddle.to_tensor([[30.0, 40.0]])).sum().backward()
    opt.step()
    total = np.sqrt(30.0 ** 2 + 40.0 ** 2 + 1.0)
    np.testing.assert_allclose(fc.weight.numpy().ravel(), [-30 / total, -40 / total], rtol=1e-5)
