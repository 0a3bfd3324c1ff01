"""Behaviour of the loss functionals and layers beyond the golden fixtures."""
import itertools

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F


def _logits(shape=(4, 5), seed=0):
    return np.random.default_rng(seed).uniform(-3, 3, shape).astype("float32")


def _log_softmax(x, axis=-1):
    return x - np.log(np.exp(x).sum(axis, keepdims=True))


def test_cross_entropy_hard_labels_and_gradient():
    x = _logits()
    label = np.array([0, 4, 2, 1])
    t = paddle.to_tensor(x)
    t.stop_gradient = False
    loss = F.cross_entropy(t, paddle.to_tensor(label))
    ref = -_log_softmax(x)[np.arange(4), label].mean()
    np.testing.assert_allclose(float(loss), ref, rtol=1e-6)
    loss.backward()
    probs = np.exp(_log_softmax(x))
    probs[np.arange(4), label] -= 1
    np.testing.assert_allclose(t.grad.numpy(), probs / 4, rtol=1e-5, atol=1e-7)


def test_cross_entropy_ignore_index_and_weight_means():
    x = _logits()
    label = np.array([0, -100, 2, 1])
    per = -_log_softmax(x)[np.arange(4), np.maximum(label, 0)] * (label != -100)
    # the default ignore_index (negative) still divides by the batch size, as in Paddle
    np.testing.assert_allclose(float(F.cross_entropy(paddle.to_tensor(x),
                                                     paddle.to_tensor(label))), per.mean(),
                               rtol=1e-6)
    w = np.array([1.0, 2.0, 0.5, 1.0, 3.0], "float32")
    label = np.array([0, 4, 2, 1])
    per = -_log_softmax(x)[np.arange(4), label] * w[label]
    got = F.cross_entropy(paddle.to_tensor(x), paddle.to_tensor(label),
                          weight=paddle.to_tensor(w))
    np.testing.assert_allclose(float(got), per.sum() / w[label].sum(), rtol=1e-6)


def test_cross_entropy_label_smoothing_equals_soft_labels():
    x = paddle.to_tensor(_logits())
    label = paddle.to_tensor([0, 4, 2, 1])
    soft = np.full((4, 5), 0.1 / 5, "float32")
    soft[np.arange(4), label.numpy()] += 0.9
    np.testing.assert_allclose(
        F.cross_entropy(x, label, label_smoothing=0.1).numpy(),
        F.cross_entropy(x, paddle.to_tensor(soft), soft_label=True).numpy(), rtol=1e-6)


def test_cross_entropy_reduction_none_shapes_follow_label_shape():
    x = paddle.to_tensor(_logits())
    assert F.cross_entropy(x, paddle.to_tensor([0, 1, 2, 3]), reduction="none").shape == [4]
    assert F.cross_entropy(x, paddle.to_tensor([[0], [1], [2], [3]]),
                           reduction="none").shape == [4, 1]


def test_cross_entropy_errors_for_bad_labels():
    x = paddle.to_tensor(_logits())
    with pytest.raises(IndexError, match=r"\[0, 5\).*received 7"):
        F.cross_entropy(x, paddle.to_tensor([0, 1, 7, 2]))
    with pytest.raises(ValueError, match=r"same shape in dimensions except axis"):
        F.cross_entropy(x, paddle.to_tensor([0, 1, 2]))
    with pytest.raises(ValueError, match="reduction"):
        F.cross_entropy(x, paddle.to_tensor([0, 1, 2, 3]), reduction="avg")


def test_cross_entropy_large_logits_stay_finite():
    x = paddle.to_tensor([[1000.0, -1000.0, 0.0]])
    out = F.cross_entropy(x, paddle.to_tensor([1]), reduction="none")
    assert np.isfinite(out.numpy()).all()
    np.testing.assert_allclose(out.numpy(), [64.0], rtol=1e-6)  # Paddle clips x - max at -64


def test_nll_loss_weighted_mean_ignores_entries():
    lp = _log_softmax(_logits())
    label = np.array([0, -100, 2, 1])
    w = np.array([1.0, 2.0, 0.5, 1.0, 3.0], "float32")
    got = F.nll_loss(paddle.to_tensor(lp), paddle.to_tensor(label), weight=paddle.to_tensor(w))
    keep = label != -100
    picked = -lp[np.arange(4), np.maximum(label, 0)] * w[np.maximum(label, 0)] * keep
    np.testing.assert_allclose(float(got), picked.sum() / (w[np.maximum(label, 0)] * keep).sum(),
                               rtol=1e-6)
    with pytest.raises(ValueError, match=r"nll_loss.*\[0, 5\).*9"):
        F.nll_loss(paddle.to_tensor(lp), paddle.to_tensor([0, 9, 1, 1]))


def test_binary_losses_agree_between_probability_and_logit_forms():
    logits = _logits((3, 4), 1)
    y = (np.random.default_rng(2).uniform(size=(3, 4)) > 0.5).astype("float32")
    probs = 1 / (1 + np.exp(-logits))
    a = F.binary_cross_entropy(paddle.to_tensor(probs), paddle.to_tensor(y))
    b = F.binary_cross_entropy_with_logits(paddle.to_tensor(logits), paddle.to_tensor(y))
    np.testing.assert_allclose(float(a), float(b), rtol=1e-5)
    with pytest.raises(ValueError, match="less than or equal to 1"):
        F.binary_cross_entropy(paddle.to_tensor([1.5]), paddle.to_tensor([1.0]))


def test_bce_with_logits_pos_weight_scales_positive_term():
    out = F.binary_cross_entropy_with_logits(paddle.to_tensor([0.0, 0.0]),
                                             paddle.to_tensor([1.0, 0.0]), reduction="none",
                                             pos_weight=paddle.to_tensor([3.0, 3.0]))
    np.testing.assert_allclose(out.numpy(), [3 * np.log(2), np.log(2)], rtol=1e-6)


def test_smooth_l1_and_regression_losses():
    x, y = paddle.to_tensor([0.0, 0.0, 0.0]), paddle.to_tensor([0.5, 2.0, -3.0])
    np.testing.assert_allclose(F.smooth_l1_loss(x, y, reduction="none").numpy(),
                               [0.125, 1.5, 2.5])
    assert float(F.mse_loss(x, y)) == pytest.approx((0.25 + 4 + 9) / 3)
    assert float(F.l1_loss(x, y, reduction="sum")) == pytest.approx(5.5)


def test_kl_div_batchmean_and_zero_targets():
    x = paddle.to_tensor([[-1.0, -2.0], [-0.5, -0.1]])
    y = paddle.to_tensor([[0.0, 1.0], [0.5, 0.5]])
    ref = (1.0 * (0 + 2.0)) + 0.5 * (np.log(0.5) + 0.5) + 0.5 * (np.log(0.5) + 0.1)
    assert float(F.kl_div(x, y, reduction="batchmean")) == pytest.approx(ref / 2, rel=1e-6)


def _ctc_brute(logits, label, blank=0):
    probs = np.exp(_log_softmax(logits.astype(np.float64)))
    total = 0.0
    for path in itertools.product(range(logits.shape[1]), repeat=logits.shape[0]):
        collapsed = [c for i, c in enumerate(path) if c != blank and (i == 0 or c != path[i - 1])]
        if collapsed == list(label):
            total += np.prod([probs[t, c] for t, c in enumerate(path)])
    return -np.log(total)


def test_ctc_loss_matches_path_enumeration_with_ragged_lengths():
    rng = np.random.default_rng(3)
    logits = rng.uniform(-2, 2, (5, 2, 3)).astype("float32")
    labels = np.array([[1, 2], [2, 0]], "int32")
    loss = F.ctc_loss(paddle.to_tensor(logits), paddle.to_tensor(labels),
                      paddle.to_tensor(np.array([5, 3], "int64")),
                      paddle.to_tensor(np.array([2, 1], "int64")), reduction="none")
    ref = [_ctc_brute(logits[:5, 0], [1, 2]), _ctc_brute(logits[:3, 1], [2])]
    np.testing.assert_allclose(loss.numpy(), ref, rtol=1e-5)


def test_ctc_loss_gradient_ignores_steps_past_length():
    logits = paddle.to_tensor(np.random.default_rng(4).uniform(-1, 1, (4, 1, 3)).astype("float32"))
    logits.stop_gradient = False
    F.ctc_loss(logits, paddle.to_tensor(np.array([[1]], "int32")),
               paddle.to_tensor(np.array([2], "int64")), paddle.to_tensor(np.array([1], "int64")),
               reduction="sum").backward()
    assert np.all(logits.grad.numpy()[2:] == 0)
    np.testing.assert_allclose(logits.grad.numpy()[:2].sum(-1), 0, atol=1e-6)


def test_margin_and_embedding_losses():
    out = F.margin_ranking_loss(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([2.0, 1.0]),
                                paddle.to_tensor([1.0, 1.0]), margin=0.5, reduction="none")
    np.testing.assert_allclose(out.numpy(), [1.5, 0.0])
    hinge = F.hinge_embedding_loss(paddle.to_tensor([0.3, 0.3]), paddle.to_tensor([1.0, -1.0]),
                                   reduction="none")
    np.testing.assert_allclose(hinge.numpy(), [0.3, 0.7], rtol=1e-6)
    mlm = F.multi_label_margin_loss(paddle.to_tensor([[0.1, 0.2, 0.4, 0.8]]),
                                    paddle.to_tensor([[3, 0, -1, 1]]))
    assert float(mlm) == pytest.approx(0.85, rel=1e-5)


def test_loss_layers_reject_bad_reduction_at_construction():
    for cls in (paddle.nn.MSELoss, paddle.nn.L1Loss, paddle.nn.BCELoss, paddle.nn.NLLLoss):
        with pytest.raises(ValueError, match="reduction"):
            cls(reduction="avg")


def test_adaptive_log_softmax_log_prob_is_normalized():
    layer = paddle.nn.AdaptiveLogSoftmaxWithLoss(6, 9, [3, 6], div_value=2.0)
    x = paddle.to_tensor(np.random.default_rng(5).standard_normal((4, 6)).astype("float32"))
    log_prob = layer.log_prob(x).numpy()
    np.testing.assert_allclose(np.exp(log_prob).sum(1), 1, rtol=1e-5)
    out, loss = layer(x, paddle.to_tensor([0, 4, 8, 2]))
    np.testing.assert_allclose(out.numpy(), log_prob[np.arange(4), [0, 4, 8, 2]], rtol=1e-5)
    assert float(loss) == pytest.approx(-out.numpy().mean(), rel=1e-6)


def test_cross_entropy_accepts_target_alias():
    x, label = paddle.to_tensor(_logits()), paddle.to_tensor([0, 1, 2, 3])
    expected = float(F.cross_entropy(x, label))
    assert float(F.cross_entropy(x, target=label)) == expected
    assert float(paddle.nn.CrossEntropyLoss()(x, target=label)) == expected
    y = paddle.to_tensor(_logits(seed=1))
    assert float(paddle.nn.SmoothL1Loss()(x, target=y)) == float(F.smooth_l1_loss(x, y))
