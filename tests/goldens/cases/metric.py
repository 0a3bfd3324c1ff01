"""paddle.metric against real Paddle: the functional top-k accuracy (dtypes, the correct/total
outputs, label shapes and errors) and the Accuracy/Precision/Recall/Auc metrics (compute on
Tensors, update on NumPy, the Python/NumPy types of what they return, names, reset)."""

CASES = {}


def _scores(np, n=6, c=4, seed=0, dtype="float32"):
    return np.random.default_rng(seed).random((n, c)).astype(dtype)


def _labels(np, n=6, c=4, seed=1, dtype="int64"):
    return np.random.default_rng(seed).integers(0, c, (n, 1)).astype(dtype)


# ---- paddle.metric.accuracy ---------------------------------------------------------------------
def _accuracy_case(k, label_dtype="int64", input_dtype="float32"):
    def case(paddle, np):
        x = paddle.to_tensor(_scores(np, dtype=input_dtype))
        y = paddle.to_tensor(_labels(np, dtype=label_dtype))
        return paddle.metric.accuracy(x, y, k=k)
    return case


for _k in (1, 2, 4):
    CASES[f"accuracy_k{_k}"] = _accuracy_case(_k)
CASES["accuracy_int32_label"] = _accuracy_case(1, label_dtype="int32")
CASES["accuracy_float64_input"] = _accuracy_case(2, input_dtype="float64")


def accuracy_writes_correct_and_total(paddle, np):
    correct = paddle.zeros([1], "int32")
    total = paddle.zeros([1], "int32")
    acc = paddle.metric.accuracy(paddle.to_tensor(_scores(np, 10, 5)),
                                 paddle.to_tensor(_labels(np, 10, 5)), k=2, correct=correct,
                                 total=total)
    return acc, correct, total


def accuracy_ties(paddle, np):
    x = paddle.to_tensor([[0.3, 0.4, 0.3], [0.5, 0.5, 0.0], [0.2, 0.2, 0.2]])
    y = paddle.to_tensor([[0], [1], [2]])
    return paddle.metric.accuracy(x, y), paddle.metric.accuracy(x, y, k=2)


def accuracy_label_1d_raises(paddle, np):
    return paddle.metric.accuracy(paddle.to_tensor(_scores(np)),
                                  paddle.to_tensor(_labels(np)[:, 0]))


def accuracy_label_two_columns_raises(paddle, np):
    return paddle.metric.accuracy(paddle.to_tensor(_scores(np)),
                                  paddle.to_tensor(np.zeros((6, 2), "int64")))


CASES.update({f.__name__: f for f in [accuracy_writes_correct_and_total, accuracy_ties,
                                      accuracy_label_1d_raises,
                                      accuracy_label_two_columns_raises]})


# ---- Accuracy -----------------------------------------------------------------------------------
def _metric_run(topk, pred, label, name=None):
    def case(paddle, np):
        m = paddle.metric.Accuracy(topk=topk, name=name)
        correct = m.compute(paddle.to_tensor(pred(np)), paddle.to_tensor(label(np)))
        first = m.update(correct)
        second = m.update(correct.numpy()[:3])
        return correct, first, second, m.accumulate(), m.total, m.count, m.name()
    return case


CASES["Accuracy_top1"] = _metric_run((1,), _scores, _labels)
CASES["Accuracy_top1_3_named"] = _metric_run((1, 3), _scores, _labels, name="my_acc")
CASES["Accuracy_1d_label"] = _metric_run((1,), _scores, lambda np: _labels(np)[:, 0])
CASES["Accuracy_one_hot_label"] = _metric_run(
    (1, 2), _scores, lambda np: np.eye(4, dtype="float32")[_labels(np)[:, 0]])
CASES["Accuracy_3d"] = _metric_run(
    (1, 2), lambda np: np.random.default_rng(3).random((2, 3, 5)).astype("float32"),
    lambda np: np.random.default_rng(4).integers(0, 5, (2, 3, 1)))
CASES["Accuracy_float64_scores"] = _metric_run((2,), lambda np: _scores(np, dtype="float64"),
                                               _labels)


def Accuracy_reset_and_empty(paddle, np):
    m = paddle.metric.Accuracy(topk=(1, 2))
    before = m.accumulate()
    m.update(m.compute(paddle.to_tensor(_scores(np)), paddle.to_tensor(_labels(np))))
    m.reset()
    return before, m.accumulate(), m.total, m.count


CASES["Accuracy_reset_and_empty"] = Accuracy_reset_and_empty


# ---- Precision / Recall -------------------------------------------------------------------------
def _binary(cls, preds, labels, as_tensor=False, column=False):
    def case(paddle, np):
        m = getattr(paddle.metric, cls)()
        p, y = np.array(preds), np.array(labels)
        if column:
            p, y = p.reshape(-1, 1), y.reshape(-1, 1)
        if as_tensor:
            p, y = paddle.to_tensor(p), paddle.to_tensor(y)
        m.update(p, y)
        first = m.accumulate()
        m.update(np.array(preds[:2]), np.array(labels[:2]))
        counts = (m.tp, m.fp) if cls == "Precision" else (m.tp, m.fn)
        return first, m.accumulate(), counts, m.name()
    return case


_P = [0.1, 0.5, 0.6, 0.7, 0.49, 0.51, 1.5, 2.5]
_Y = [1, 0, 1, 1, 1, 0, 1, 1]
for _cls in ("Precision", "Recall"):
    CASES[f"{_cls}_1d"] = _binary(_cls, _P, _Y)
    CASES[f"{_cls}_column"] = _binary(_cls, _P, _Y, column=True)
    CASES[f"{_cls}_tensors"] = _binary(_cls, _P, _Y, as_tensor=True)
    CASES[f"{_cls}_no_positive"] = _binary(_cls, [0.1, 0.2], [0, 0])


def Precision_rejects_lists(paddle, np):
    paddle.metric.Precision().update([0.5], [1])


CASES["Precision_rejects_lists"] = Precision_rejects_lists


# ---- Auc ----------------------------------------------------------------------------------------
def _auc(num_thresholds=4095, n=40, seed=5, tensor=False, column_labels=True):
    def case(paddle, np):
        rng = np.random.default_rng(seed)
        positive = rng.random(n)
        preds = np.stack([1 - positive, positive], axis=1)
        labels = (rng.random(n) < positive).astype("int64")
        labels = labels.reshape(-1, 1) if column_labels else labels
        m = paddle.metric.Auc(num_thresholds=num_thresholds)
        if tensor:
            preds, labels = paddle.to_tensor(preds), paddle.to_tensor(labels)
        m.update(preds, labels)
        first = m.accumulate()
        m.update(np.array([[0.2, 0.8], [0.9, 0.1]]), np.array([[0], [1]]))
        return first, m.accumulate(), m.name()
    return case


CASES["Auc_default"] = _auc()
CASES["Auc_coarse"] = _auc(num_thresholds=10)
CASES["Auc_tensors"] = _auc(tensor=True)
CASES["Auc_1d_labels"] = _auc(column_labels=False, seed=7)


def Auc_one_class_and_reset(paddle, np):
    m = paddle.metric.Auc()
    m.update(np.array([[0.3, 0.7], [0.6, 0.4]]), np.array([1, 1]))
    one_class = m.accumulate()
    m.reset()
    return one_class, m.accumulate()


def Auc_conformance_example(paddle, np):
    x = np.array([[0.78, 0.22], [0.62, 0.38], [0.55, 0.45], [0.30, 0.70], [0.14, 0.86],
                  [0.59, 0.41], [0.91, 0.08], [0.16, 0.84]])
    y = np.array([[0], [1], [1], [0], [1], [0], [0], [1]])
    m = paddle.metric.Auc()
    m.update(x, y)
    return m.accumulate()


CASES["Auc_one_class_and_reset"] = Auc_one_class_and_reset
CASES["Auc_conformance_example"] = Auc_conformance_example
