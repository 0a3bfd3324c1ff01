"""Callbacks that watch a logged value at the end of each evaluation: EarlyStopping stops
training when it stops improving, ReduceLROnPlateau lowers the learning rate."""
from __future__ import annotations

import numbers
import os
import warnings

import numpy as np

from .callback_base import Callback


def _monitored_value(logs, monitor: str):
    """The logged value of `monitor` (first item of a list); None when it is not a number."""
    value = logs[monitor]
    if isinstance(value, (list, tuple)):
        return value[0]
    if isinstance(value, numbers.Number):
        return value
    return None


def _checked_mode(mode, what: str) -> str:
    if mode not in ("auto", "min", "max"):
        warnings.warn(f"{what} mode {mode} is unknown, fallback to auto mode.", stacklevel=3)
        return "auto"
    return mode


def _maximizes(mode: str, monitor: str) -> bool:
    """'max' mode, or 'auto' on a monitor whose name says accuracy."""
    return mode == "max" or (mode == "auto" and "acc" in monitor)


class EarlyStopping(Callback):
    """Stops training when the monitored evaluation value has not improved by more than
    `min_delta` for `patience` evaluations; with `save_best_model` and fit's save_dir, the best
    model is saved to `<save_dir>/best_model`.

    Args:
        monitor (str): logged name to watch, e.g. 'loss' or 'acc'.
        mode (str): 'min', 'max', or 'auto' (max when the name contains 'acc').
        patience (int): evaluations without improvement before stopping.
        verbose (int): 1 prints a line when stopping.
        min_delta (float): the smallest change that counts as improvement.
        baseline (float, optional): the value to beat at the start.
        save_best_model (bool): save the best model when fit has a save_dir.

    Example:
        >>> import paddle
        >>> stop = paddle.callbacks.EarlyStopping(monitor="acc", patience=2)
        >>> stop.monitor_op is __import__("numpy").greater
        True
    """

    def __init__(self, monitor="loss", mode="auto", patience=0, verbose=1, min_delta=0,
                 baseline=None, save_best_model=True):
        super().__init__()
        self.monitor = monitor
        self.patience = patience
        self.verbose = verbose
        self.baseline = baseline
        self.save_best_model = save_best_model
        self.save_dir = None
        self.wait_epoch = 0
        self.stopped_epoch = 0
        self.best_weights = None
        mode = _checked_mode(mode, "EarlyStopping")
        self.monitor_op = np.greater if _maximizes(mode, monitor) else np.less
        self.min_delta = abs(min_delta) if self.monitor_op is np.greater else -abs(min_delta)

    def on_train_begin(self, logs=None):
        self.wait_epoch = 0
        if self.baseline is not None:
            self.best_value = self.baseline
        else:
            self.best_value = -np.inf if self.monitor_op is np.greater else np.inf
            self.best_weights = None

    def _best_model_path(self) -> str:
        return os.path.join(self.save_dir, "best_model")

    def on_eval_end(self, logs=None):
        if logs is None or self.monitor not in logs:
            warnings.warn("Monitor of EarlyStopping should be loss or metric name.",
                          stacklevel=2)
            return
        current = _monitored_value(logs, self.monitor)
        if current is None:
            return
        if self.monitor_op(current - self.min_delta, self.best_value):
            self.best_value = current
            self.wait_epoch = 0
            if self.save_best_model and self.save_dir is not None:
                self.model.save(self._best_model_path())
        else:
            self.wait_epoch += 1
        if self.wait_epoch >= self.patience:
            self.model.stop_training = True
            if self.verbose > 0:
                print(f"Epoch {self.stopped_epoch + 1}: Early stopping.")
                if self.save_best_model and self.save_dir is not None:
                    print("Best checkpoint has been saved at "
                          f"{os.path.abspath(self._best_model_path())}")
        self.stopped_epoch += 1


class ReduceLROnPlateau(Callback):
    """Multiplies the learning rate by `factor` when the monitored evaluation value has not
    improved (by `min_delta`) for `patience` evaluations, then waits `cooldown` evaluations;
    never below `min_lr`. Works on a float learning rate (not an LRScheduler).

    Example:
        >>> import paddle
        >>> paddle.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=3).factor
        0.5
    """

    def __init__(self, monitor="loss", factor=0.1, patience=10, verbose=1, mode="auto",
                 min_delta=1e-4, cooldown=0, min_lr=0):
        super().__init__()
        if factor >= 1.0:
            raise ValueError("ReduceLROnPlateau does not support a factor >= 1.0.")
        self.monitor = monitor
        self.factor = factor
        self.min_lr = min_lr
        self.min_delta = min_delta
        self.patience = patience
        self.verbose = verbose
        self.cooldown = cooldown
        self.mode = mode
        self.epoch = 0
        self._reset()

    def _reset(self) -> None:
        self.mode = _checked_mode(self.mode, "Learning rate reduction")
        self._maximize = _maximizes(self.mode, self.monitor)
        self.best = -np.inf if self._maximize else np.inf
        self.cooldown_counter = 0
        self.wait = 0

    def monitor_op(self, current, best) -> bool:
        """Whether `current` improves on `best` by more than min_delta."""
        if self._maximize:
            return bool(np.greater(current, best + self.min_delta))
        return bool(np.less(current, best - self.min_delta))

    def in_cooldown(self) -> bool:
        return self.cooldown_counter > 0

    def on_train_begin(self, logs=None):
        self._reset()

    def _float_lr(self):
        optimizer = getattr(self.model, "_optimizer", None)
        if optimizer is None:
            warnings.warn("ReduceLROnPlateau needs a model prepared with an optimizer.",
                          stacklevel=3)
            return None
        learning_rate = optimizer._learning_rate
        if not isinstance(learning_rate, float):
            warnings.warn(f"Expected learning_rate be float, but got {type(learning_rate)}.",
                          stacklevel=3)
            return None
        return learning_rate

    def _reduce(self) -> None:
        optimizer = self.model._optimizer
        old_lr = optimizer.get_lr()
        if old_lr > np.float32(self.min_lr):
            new_lr = max(old_lr * self.factor, self.min_lr)
            optimizer.set_lr(float(new_lr))
            if self.verbose > 0:
                print(f"\nEpoch {self.epoch + 1}: ReduceLROnPlateau reducing learning rate to "
                      f"{new_lr}.")
            self.cooldown_counter = self.cooldown
            self.wait = 0

    def on_eval_end(self, logs=None):
        if logs is None or self.monitor not in logs:
            warnings.warn("Monitor of ReduceLROnPlateau should be loss or metric name.",
                          stacklevel=2)
            return
        if self._float_lr() is None:
            return
        current = _monitored_value(logs, self.monitor)
        if current is None:
            return
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self.monitor_op(current, self.best):
            self.best = current
            self.wait = 0
        elif not self.in_cooldown():
            self.wait += 1
            if self.wait >= self.patience:
                self._reduce()
        self.epoch += 1
