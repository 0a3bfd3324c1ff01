"""The Metric interface that paddle.Model drives: `compute` runs on the batch's Tensors (and may
stay on the device), `update` folds its NumPy results into running state, `accumulate` reports
the value so far, `reset` starts over, `name` labels the value(s) in logs."""
from __future__ import annotations

import abc

import numpy as np

from .._core.tensor import Tensor


class Metric(metaclass=abc.ABCMeta):
    """Base class of the metrics: subclass it and define `reset`, `update`, `accumulate` and
    `name`; override `compute` to pre-process the network outputs and labels with Tensor ops
    (its results, as NumPy arrays, are what `paddle.Model` passes to `update`).

    Example:
        >>> import numpy as np
        >>> import paddle
        >>> class MeanAbsError(paddle.metric.Metric):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.reset()
        ...     def reset(self):
        ...         self.total, self.count = 0.0, 0
        ...     def update(self, preds, labels):
        ...         self.total += float(np.abs(preds - labels).sum())
        ...         self.count += preds.size
        ...     def accumulate(self):
        ...         return self.total / self.count if self.count else 0.0
        ...     def name(self):
        ...         return "mae"
        >>> m = MeanAbsError()
        >>> m.update(np.array([1.0, 2.0]), np.array([1.5, 2.0]))
        >>> m.accumulate()
        0.25
    """

    def __init__(self) -> None:
        pass

    @abc.abstractmethod
    def reset(self) -> None:
        """Clear the running state."""
        raise NotImplementedError(f"function 'reset' not implemented in "
                                  f"{type(self).__name__}.")

    @abc.abstractmethod
    def update(self, *args):
        """Fold one batch (the NumPy results of `compute`) into the running state."""
        raise NotImplementedError(f"function 'update' not implemented in "
                                  f"{type(self).__name__}.")

    @abc.abstractmethod
    def accumulate(self):
        """The metric over every batch since the last `reset`."""
        raise NotImplementedError(f"function 'accumulate' not implemented in "
                                  f"{type(self).__name__}.")

    @abc.abstractmethod
    def name(self):
        """The name (or list of names) the value(s) appear under in logs."""
        raise NotImplementedError(f"function 'name' not implemented in "
                                  f"{type(self).__name__}.")

    def compute(self, *args):
        """Pre-process a batch's outputs and labels with Tensor ops; the default passes them
        through unchanged."""
        return args


def as_numpy(value, what: str, metric: str) -> np.ndarray:
    """A Tensor or NumPy value as an ndarray; anything else is refused as Paddle refuses it."""
    if isinstance(value, Tensor):
        return value.numpy()
    if isinstance(value, (np.ndarray, np.generic)):
        return np.asarray(value)
    raise ValueError(f"({metric}) The '{what}' must be a numpy ndarray or Tensor, but received "
                     f"{type(value).__name__}.")
