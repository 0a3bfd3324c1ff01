"""Area under the ROC curve, estimated from score histograms (one bucket per threshold step),
so batches fold in at O(batch) cost and the area comes from the bucket counts alone."""
from __future__ import annotations

import warnings

import numpy as np

from .base import Metric, as_numpy


class Auc(Metric):
    """ROC AUC of a binary classifier. `update(preds, labels)` takes preds of shape [N, 2] (the
    second column is the positive-class probability, in [0, 1]) and labels of shape [N] or
    [N, 1] (non-zero = positive); scores are binned into `num_thresholds + 1` buckets.

    As in Paddle 3.3, the area is always the ROC area: `curve='PR'` is accepted for
    compatibility and warns.

    Example:
        >>> import numpy as np
        >>> import paddle
        >>> m = paddle.metric.Auc()
        >>> preds = np.array([[0.9, 0.1], [0.4, 0.6], [0.3, 0.7], [0.8, 0.2]])
        >>> m.update(preds, np.array([0, 1, 0, 1]))
        >>> float(m.accumulate())
        0.5
    """

    def __init__(self, curve="ROC", num_thresholds=4095, name="auc", *args, **kwargs):
        super().__init__(*args, **kwargs)
        if curve not in ("ROC", "PR"):
            raise ValueError(f"(Auc) 'curve' must be 'ROC' or 'PR', but received {curve!r}")
        if curve == "PR":
            warnings.warn("(Auc) the area is computed under the ROC curve, as in Paddle; "
                          "curve='PR' does not change it.", stacklevel=2)
        if isinstance(num_thresholds, bool) or not isinstance(num_thresholds, (int, np.integer)) \
                or num_thresholds < 1:
            raise ValueError(f"(Auc) 'num_thresholds' must be a positive int, but received "
                             f"{num_thresholds!r}")
        self._curve = curve
        self._num_thresholds = int(num_thresholds)
        self._name = name
        self.reset()

    def update(self, preds, labels):
        """Add one batch's positive-class scores to the positive/negative histograms."""
        labels = as_numpy(labels, "labels", "Auc")
        preds = as_numpy(preds, "preds", "Auc")
        num = len(labels)
        if preds.ndim != 2 or preds.shape[0] < num or preds.shape[1] < 2:
            raise ValueError(f"(Auc) 'preds' must have shape [N, 2] (column 1 = positive-class "
                             f"probability) for {num} labels, but received "
                             f"{list(preds.shape)}")
        scores = preds[:num, 1]
        if np.any(~((scores >= 0) & (scores <= 1))):
            raise ValueError("(Auc) positive-class probabilities (preds[:, 1]) must lie in "
                             f"[0, 1], but received values in [{scores.min()}, {scores.max()}]")
        buckets = (scores * self._num_thresholds).astype(np.int64)
        positive = labels.reshape(num, -1).any(axis=1)
        size = self._num_thresholds + 1
        self._stat_pos += np.bincount(buckets[positive], minlength=size)
        self._stat_neg += np.bincount(buckets[~positive], minlength=size)

    @staticmethod
    def trapezoid_area(x1, x2, y1, y2):
        """Area of the trapezoid between x1 and x2 under heights y1 and y2."""
        return abs(x1 - x2) * (y1 + y2) / 2.0

    def accumulate(self):
        """The ROC AUC so far (0.0 until both classes were seen)."""
        true_pos = np.cumsum(self._stat_pos[::-1])
        false_pos = np.cumsum(self._stat_neg[::-1])
        tot_pos, tot_neg = true_pos[-1], false_pos[-1]
        if not (tot_pos > 0.0 and tot_neg > 0.0):
            return 0.0
        prev_tp = np.concatenate([[0.0], true_pos[:-1]])
        prev_fp = np.concatenate([[0.0], false_pos[:-1]])
        area = self.trapezoid_area(false_pos, prev_fp, true_pos, prev_tp).sum()
        return area / tot_pos / tot_neg

    def reset(self):
        """Empty the histograms."""
        self._stat_pos = np.zeros(self._num_thresholds + 1)
        self._stat_neg = np.zeros(self._num_thresholds + 1)

    def name(self):
        """The log name."""
        return self._name
