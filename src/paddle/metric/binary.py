"""Precision and recall of a binary classifier whose outputs are probabilities of the positive
class (rounded to 0/1 before counting)."""
from __future__ import annotations

import numpy as np

from .base import Metric, as_numpy


def _paired(preds, labels, metric: str):
    """preds and labels as flat arrays of one value per sample."""
    preds = as_numpy(preds, "preds", metric)
    labels = as_numpy(labels, "labels", metric)
    num = labels.shape[0] if labels.ndim else 1
    if preds.size != num or labels.size != num:
        raise ValueError(f"({metric}) 'preds' and 'labels' must hold one value per sample, but "
                         f"received preds of shape {list(preds.shape)} and labels of shape "
                         f"{list(labels.shape)}")
    return preds.reshape(num), labels.reshape(num)


class Precision(Metric):
    """Precision = TP / (TP + FP) of binary predictions: a prediction is positive when its
    probability rounds to 1 (>= 0.5).

    Example:
        >>> import numpy as np
        >>> import paddle
        >>> m = paddle.metric.Precision()
        >>> m.update(np.array([0.1, 0.5, 0.6, 0.7]), np.array([0, 1, 1, 0]))
        >>> m.accumulate()
        0.6666666666666666
    """

    def __init__(self, name="precision", *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.tp = 0
        self.fp = 0
        self._name = name

    def update(self, preds, labels):
        """Count true and false positives of one batch (preds: probabilities, labels: 0/1)."""
        preds, labels = _paired(preds, labels, "Precision")
        predicted_positive = np.floor(preds + 0.5).astype("int32") == 1
        self.tp += int(np.count_nonzero(predicted_positive & (labels == 1)))
        self.fp += int(np.count_nonzero(predicted_positive & (labels != 1)))

    def reset(self):
        """Zero the counts."""
        self.tp = 0
        self.fp = 0

    def accumulate(self):
        """Precision so far (0.0 when nothing was predicted positive)."""
        predicted = self.tp + self.fp
        return float(self.tp) / predicted if predicted != 0 else 0.0

    def name(self):
        """The log name."""
        return self._name


class Recall(Metric):
    """Recall = TP / (TP + FN) of binary predictions: a prediction is positive when its
    probability rounds (half to even) to 1.

    Example:
        >>> import numpy as np
        >>> import paddle
        >>> m = paddle.metric.Recall()
        >>> m.update(np.array([0.1, 0.5, 0.6, 0.7]), np.array([1, 0, 1, 1]))
        >>> m.accumulate()
        0.6666666666666666
    """

    def __init__(self, name="recall", *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.tp = 0
        self.fn = 0
        self._name = name

    def update(self, preds, labels):
        """Count true positives and false negatives of one batch."""
        preds, labels = _paired(preds, labels, "Recall")
        predicted_positive = np.rint(preds).astype("int32") == 1
        actual_positive = labels == 1
        self.tp += int(np.count_nonzero(predicted_positive & actual_positive))
        self.fn += int(np.count_nonzero(~predicted_positive & actual_positive))

    def reset(self):
        """Zero the counts."""
        self.tp = 0
        self.fn = 0

    def accumulate(self):
        """Recall so far (0.0 when no positive label was seen)."""
        positives = self.tp + self.fn
        return float(self.tp) / positives if positives != 0 else 0.0

    def name(self):
        """The log name."""
        return self._name
