"""ReduceOnPlateau: lower the learning rate when a monitored metric stops improving."""
from __future__ import annotations

import numpy as np

from .base import LRScheduler

__all__ = ["ReduceOnPlateau"]


class ReduceOnPlateau(LRScheduler):
    """Multiply the learning rate by `factor` (not below min_lr) once the metric passed to
    `step(metrics)` has not improved by `threshold` for more than `patience` epochs; then wait
    `cooldown` epochs before counting again.

    Example:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.ReduceOnPlateau(1.0, patience=1, factor=0.5)
        >>> for loss in [1.0, 1.0, 1.0]:
        ...     sched.step(loss)
        >>> sched()
        0.5
    """

    def __init__(self, learning_rate: float, mode: str = "min", factor: float = 0.1,
                 patience: int = 10, threshold: float = 1e-4, threshold_mode: str = "rel",
                 cooldown: int = 0, min_lr: float = 0, epsilon: float = 1e-8,
                 verbose: bool = False) -> None:
        mode = mode.lower()
        if mode not in ("min", "max"):
            raise ValueError("mode: " + mode + " is unknown!")
        if factor >= 1.0:
            raise ValueError("new_lr = origin_lr * gamma and gamma should be < 1.0.")
        threshold_mode = threshold_mode.lower()
        if threshold_mode not in ("rel", "abs"):
            raise ValueError("threshold mode: " + threshold_mode + " is unknown!")
        if isinstance(learning_rate, bool) or not isinstance(learning_rate, (float, int)):
            raise TypeError("The type of 'learning_rate' in 'ReduceOnPlateau' must be 'float', "
                            f"but received {type(learning_rate)}.")
        self.mode = mode
        self.factor = factor
        self.threshold_mode = threshold_mode
        self.patience = patience
        self.threshold = threshold
        self.cooldown = cooldown
        self.min_lr = min_lr
        self.epsilon = epsilon
        self.cooldown_counter = 0
        self.best = None
        self.num_bad_epochs = 0
        self.base_lr = float(learning_rate)
        self.last_lr = float(learning_rate)
        self.last_epoch = 0
        self.verbose = verbose
        self._var_name = None

    def state_keys(self) -> None:
        self.keys = ["cooldown_counter", "best", "num_bad_epochs", "last_epoch", "last_lr"]

    def step(self, metrics, epoch: int | None = None) -> None:
        """Record this epoch's metric (a number, or a Tensor/array with one element)."""
        self.last_epoch = self.last_epoch + 1 if epoch is None else epoch
        _check_metric(metrics)
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            return
        if self.best is None or self._is_better(metrics, self.best):
            self.best = metrics
            self.num_bad_epochs = 0
        else:
            self.num_bad_epochs += 1
        if self.num_bad_epochs > self.patience:
            self.cooldown_counter = self.cooldown
            self.num_bad_epochs = 0
            new_lr = max(self.last_lr * self.factor, self.min_lr)
            if self.last_lr - new_lr > self.epsilon:
                self.last_lr = new_lr
                self._report()

    def _is_better(self, current, best) -> bool:
        if self.mode == "min":
            margin = best * self.threshold if self.threshold_mode == "rel" else self.threshold
            return current < best - margin
        margin = best * self.threshold if self.threshold_mode == "rel" else self.threshold
        return current > best + margin


def _check_metric(metrics) -> None:
    if hasattr(metrics, "_data") or isinstance(metrics, np.ndarray):
        size = metrics._data.size if hasattr(metrics, "_data") else metrics.size
        if size != 1:
            raise AssertionError(f"the size of metrics must be 1, but the current metrics.size "
                                 f"is {size}. Maybe that you should call paddle.mean to process "
                                 "it first.")
    elif isinstance(metrics, bool) or not isinstance(metrics, (int, float, np.float32,
                                                               np.float64)):
        raise TypeError("metrics must be 'int', 'float', 'np.float64', 'numpy.ndarray' or "
                        f"'paddle.Tensor', but receive {type(metrics)}")
