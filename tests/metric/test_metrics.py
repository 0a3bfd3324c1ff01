"""paddle.metric behaviour beyond the goldens: the Metric interface, argument errors, Auc's
histogram edges, and the functional accuracy's outputs."""
import warnings

import numpy as np
import pytest

import paddle


class MeanError(paddle.metric.Metric):
    def __init__(self):
        super().__init__()
        self.reset()

    def reset(self):
        self.total, self.count = 0.0, 0

    def update(self, diff):
        self.total += float(np.abs(diff).sum())
        self.count += diff.size

    def accumulate(self):
        return self.total / self.count

    def name(self):
        return "mean_error"


def test_metric_is_abstract_and_compute_passes_through():
    with pytest.raises(TypeError):
        paddle.metric.Metric()
    m = MeanError()
    assert m.compute(1, 2) == (1, 2)
    m.update(np.array([1.0, -3.0]))
    assert m.accumulate() == 2.0


def test_metric_module_path_matches_paddle():
    from paddle.metric.metrics import Accuracy, Auc, Metric
    assert Accuracy is paddle.metric.Accuracy and Auc is paddle.metric.Auc
    assert issubclass(Accuracy, Metric)


def test_accuracy_compute_and_update_numbers():
    m = paddle.metric.Accuracy(topk=(1, 2))
    pred = paddle.to_tensor([[0.1, 0.7, 0.2], [0.5, 0.3, 0.2], [0.2, 0.2, 0.6], [0.3, 0.4, 0.3]])
    correct = m.compute(pred, paddle.to_tensor([[1], [2], [2], [0]]))
    np.testing.assert_array_equal(correct.numpy(), [[1, 0], [0, 0], [1, 0], [0, 1]])
    assert m.update(correct) == [0.5, 0.75]
    assert m.name() == ["acc_top1", "acc_top2"]


@pytest.mark.parametrize("topk", [(), (0,), ("1",), (1.5,)])
def test_accuracy_rejects_bad_topk(topk):
    with pytest.raises(ValueError, match="topk"):
        paddle.metric.Accuracy(topk=topk)


def test_functional_accuracy_counts_into_given_tensors():
    correct, total = paddle.zeros([1], "int32"), paddle.zeros([1], "int32")
    pred = paddle.to_tensor([[0.9, 0.1], [0.2, 0.8], [0.6, 0.4]])
    acc = paddle.metric.accuracy(pred, paddle.to_tensor([[0], [0], [1]]), correct=correct,
                                 total=total)
    assert acc.dtype == paddle.float32 and acc.shape == []
    assert abs(float(acc) - 1 / 3) < 1e-6
    assert int(correct) == 1 and int(total) == 3 and correct.dtype == paddle.int32


def test_functional_accuracy_errors():
    pred = paddle.rand([4, 3])
    with pytest.raises(TypeError, match="accuracy"):
        paddle.metric.accuracy(pred.numpy(), paddle.zeros([4, 1], "int64"))
    with pytest.raises(ValueError, match="input's shape"):
        paddle.metric.accuracy(pred, paddle.zeros([5, 1], "int64"))


def test_precision_recall_rounding_and_shapes():
    p, r = paddle.metric.Precision(), paddle.metric.Recall()
    preds, labels = np.array([0.5, 0.5, 0.51, 0.2]), np.array([1, 0, 1, 1])
    p.update(preds, labels)
    r.update(preds, labels)
    assert (p.tp, p.fp) == (2, 1)  # floor(x + 0.5): 0.5 counts as positive
    assert (r.tp, r.fn) == (1, 2)  # rint: 0.5 rounds to 0
    with pytest.raises(ValueError, match="one value per sample"):
        p.update(np.ones((3, 2)), np.ones(3))


def test_auc_perfect_random_and_reset():
    m = paddle.metric.Auc(num_thresholds=100)
    m.update(np.array([[0.9, 0.1], [0.1, 0.9], [0.8, 0.2], [0.3, 0.7]]),
             np.array([0, 1, 0, 1]))
    assert m.accumulate() == 1.0
    m.reset()
    assert m.accumulate() == 0.0
    rng = np.random.default_rng(0)
    scores = rng.random(4000)
    m.update(np.stack([1 - scores, scores], 1), rng.integers(0, 2, 4000))
    assert abs(m.accumulate() - 0.5) < 0.05


def test_auc_argument_checks():
    with pytest.raises(ValueError, match="curve"):
        paddle.metric.Auc(curve="XY")
    with pytest.raises(ValueError, match="num_thresholds"):
        paddle.metric.Auc(num_thresholds=0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        paddle.metric.Auc(curve="PR")
    assert any("ROC" in str(w.message) for w in caught)
    m = paddle.metric.Auc()
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        m.update(np.array([[0.0, 1.5]]), np.array([1]))
    with pytest.raises(ValueError, match=r"\[N, 2\]"):
        m.update(np.array([0.5, 0.2]), np.array([1, 0]))
    with pytest.raises(ValueError, match="numpy ndarray or Tensor"):
        m.update([[0.5, 0.5]], [1])


def test_accuracy_in_a_program_with_an_unknown_batch_is_a_fraction():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            pred = paddle.static.data("pred", [None, 2], "float32")
            label = paddle.static.data("label", [None, 1], "int64")
            acc = paddle.metric.accuracy(pred, label)
        exe = paddle.static.Executor(paddle.CPUPlace())
        feed = {"pred": np.array([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]], "float32"),
                "label": np.array([[1], [1], [1]], "int64")}
        (value,) = exe.run(main, feed=feed, fetch_list=[acc])
        assert abs(float(value) - 2 / 3) < 1e-6
    finally:
        paddle.disable_static()
