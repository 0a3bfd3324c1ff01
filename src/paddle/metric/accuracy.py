"""Top-k classification accuracy: the `Accuracy` metric for paddle.Model and the functional
`paddle.metric.accuracy`."""
from __future__ import annotations

import numpy as np

from .._core.tensor import Tensor
from ..tensor._to_tensor import assign, to_tensor
from .base import Metric


def _as_tensor(value):
    return value if isinstance(value, Tensor) else to_tensor(value)


class Accuracy(Metric):
    """Top-k accuracy. `compute(pred, label)` marks, for each sample, whether the label is among
    the k best scores (a float32 [..., max(topk)] 0/1 Tensor); `update` counts those marks;
    `accumulate` gives the accuracy (a list when several k are asked for).

    Labels may be class indices of shape [N] or [N, 1] (or [..., 1]), or one-hot/soft labels
    whose last axis has the classes.

    Args:
        topk (tuple|list): the k values to report, e.g. (1, 5).
        name (str, optional): the log name; with k > 1 the names become `<name>_top<k>`.

    Example:
        >>> import paddle
        >>> m = paddle.metric.Accuracy()
        >>> pred = paddle.to_tensor([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]])
        >>> label = paddle.to_tensor([[1], [1], [1]])
        >>> float(m.update(m.compute(pred, label)))
        0.6666666666666666
        >>> m.name()
        ['acc']
    """

    def __init__(self, topk=(1,), name=None, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if isinstance(topk, int):
            topk = (topk,)
        if not topk or any(isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 1
                           for k in topk):
            raise ValueError(f"(Accuracy) 'topk' must be a sequence of positive ints, but "
                             f"received {topk!r}")
        self.topk = topk
        self.maxk = max(topk)
        base = name or "acc"
        self._name = [f"{base}_top{k}" for k in topk] if self.maxk != 1 else [base]
        self.reset()

    def compute(self, pred, label, *args):
        """A float32 Tensor of shape [..., max(topk)]: 1 where the j-th best class is the label."""
        pred, label = _as_tensor(pred), _as_tensor(label)
        order = pred.argsort(axis=-1, descending=True)[..., :self.maxk]
        if label.ndim == 1 or (label.ndim == 2 and label.shape[-1] == 1):
            label = label.reshape((-1, 1))
        elif label.shape[-1] != 1:
            label = label.argmax(axis=-1, keepdim=True)
        hits = order == label.astype(order.dtype)
        return hits.astype("float32")

    def update(self, correct, *args):
        """Count the marks of one batch; returns this batch's accuracy (a list for several k)."""
        if isinstance(correct, Tensor):
            correct = correct.numpy()
        correct = np.asarray(correct)
        num_samples = np.prod(np.array(correct.shape[:-1]))
        batch_accs = []
        for i, k in enumerate(self.topk):
            hits = correct[..., :k].sum()
            batch_accs.append(float(hits) / num_samples)
            self.total[i] += hits
            self.count[i] += num_samples
        return batch_accs[0] if len(self.topk) == 1 else batch_accs

    def reset(self):
        """Zero the hit and sample counts."""
        self.total = [0.0] * len(self.topk)
        self.count = [0] * len(self.topk)

    def accumulate(self):
        """Accuracy over every sample since the last reset (0.0 before any)."""
        accs = [float(t) / c if c > 0 else 0.0 for t, c in zip(self.total, self.count)]
        return accs[0] if len(self.topk) == 1 else accs

    def name(self):
        """The log names: [name] or [name_top1, name_top5, ...]."""
        return self._name


def _check_label(label) -> None:
    if label.ndim != 2:
        raise ValueError(f"(accuracy) ShapeError: label's dimensions of AccuracyOp must be 2. "
                         f"But received label's dimensions = {label.ndim}, label's shape = "
                         f"{list(label.shape)}")
    if label.shape[1] != 1:
        raise ValueError(f"(accuracy) ShapeError: label's second dimension of AccuracyOp must "
                         f"be 1. But received label's second dimension is = {label.shape[1]}, "
                         f"label's shape = {list(label.shape)}")


def accuracy(input, label, k=1, correct=None, total=None, name=None):
    """Fraction of rows of `input` ([N, C] scores) whose top-k classes contain the row's label
    ([N, 1] int32/int64). Returns a float32 0-d Tensor; when given, `correct` and `total`
    receive the hit and row counts (int32).

    Example:
        >>> import paddle
        >>> pred = paddle.to_tensor([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]])
        >>> label = paddle.to_tensor([[1], [1], [1]])
        >>> paddle.metric.accuracy(pred, label)
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               0.66666669)
    """
    if not isinstance(input, Tensor) or not isinstance(label, Tensor):
        raise TypeError(f"(accuracy) 'input' and 'label' must be Tensors, but received "
                        f"{type(input).__name__} and {type(label).__name__}")
    _check_label(label)
    rows, labels = input.shape[0], label.shape[0]
    if input.ndim != 2 or (rows != labels and -1 not in (rows, labels)):
        raise ValueError(f"(accuracy) ShapeError: 'input' must be [N, C] with the N of 'label', "
                         f"but received input's shape = {list(input.shape)} and label's shape "
                         f"= {list(label.shape)}")
    indices = input.topk(k)[1]
    hit_rows = (indices == label.astype("int64")).any(axis=1)
    num_correct = hit_rows.astype("int32").sum().astype("int32")
    # counted from the rows, so a program with an unknown batch size gets it at run time
    num_total = hit_rows.astype("int32").clip(1, 1).sum().astype("int32")
    acc = num_correct.astype("float32") / num_total.astype("float32").clip(min=1.0)
    if correct is not None:
        assign(num_correct, output=correct)
    if total is not None:
        assign(num_total, output=total)
    return acc
