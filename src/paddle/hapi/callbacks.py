"""paddle.callbacks: the hooks paddle.Model calls during fit/evaluate/predict. This module holds
the checkpoint and learning-rate callbacks and `config_callbacks`, which completes a user's
list with the defaults every run has (a ProgBarLogger when verbose, a ModelCheckpoint and an
LRScheduler)."""
from __future__ import annotations

import os

from ..optimizer.lr import LRScheduler as _Scheduler
from .callback_base import Callback, CallbackList
from .monitors import EarlyStopping, ReduceLROnPlateau
from .progbar_logger import ProgBarLogger
from .visualdl import VisualDL
from .wandb import WandbCallback

__all__ = [
    "Callback",
    "EarlyStopping",
    "LRScheduler",
    "ModelCheckpoint",
    "ProgBarLogger",
    "ReduceLROnPlateau",
    "VisualDL",
    "WandbCallback",
]


class ModelCheckpoint(Callback):
    """Saves the model (paddle.Model.save, training form) to `<save_dir>/<epoch>` every
    `save_freq` epochs and to `<save_dir>/final` when training ends; does nothing without a
    save_dir.

    Example:
        >>> import paddle
        >>> ckpt = paddle.callbacks.ModelCheckpoint(save_freq=2, save_dir="./ckpt")
        >>> ckpt.save_freq, ckpt.save_dir
        (2, './ckpt')
    """

    def __init__(self, save_freq=1, save_dir=None):
        super().__init__()
        self.save_freq = save_freq
        self.save_dir = save_dir
        self.epoch = 0

    def on_epoch_begin(self, epoch=None, logs=None):
        self.epoch = epoch

    def _is_save(self) -> bool:
        return bool(self.model and self.save_dir)

    def _save(self, name) -> None:
        path = f"{self.save_dir}/{name}"
        print(f"save checkpoint at {os.path.abspath(path)}")
        self.model.save(path)

    def on_epoch_end(self, epoch, logs=None):
        if self._is_save() and self.epoch % self.save_freq == 0:
            self._save(epoch)

    def on_train_end(self, logs=None):
        if self._is_save():
            self._save("final")


class LRScheduler(Callback):
    """Steps the optimizer's learning-rate scheduler after every training batch (by_step) or
    every epoch (by_epoch). paddle.Model adds a by-step one unless you pass your own.

    Example:
        >>> import paddle
        >>> paddle.callbacks.LRScheduler(by_step=False, by_epoch=True).by_epoch
        True
    """

    def __init__(self, by_step=True, by_epoch=False):
        super().__init__()
        if by_step and by_epoch:
            raise ValueError("by_step option is mutually exclusive with by_epoch")
        self.by_step = by_step
        self.by_epoch = by_epoch

    def _step_scheduler(self) -> None:
        optimizer = getattr(self.model, "_optimizer", None)
        scheduler = getattr(optimizer, "_learning_rate", None)
        if isinstance(scheduler, _Scheduler):
            scheduler.step()

    def on_epoch_end(self, epoch, logs=None):
        if self.by_epoch:
            self._step_scheduler()

    def on_train_batch_end(self, step, logs=None):
        if self.by_step:
            self._step_scheduler()


def config_callbacks(callbacks=None, model=None, batch_size=None, epochs=None, steps=None,
                     log_freq=2, verbose=2, save_freq=1, save_dir=None,
                     metrics=None) -> CallbackList:
    """The run's CallbackList: the user's callbacks plus the defaults, bound to `model`."""
    given = callbacks or []
    cbks = list(given) if isinstance(given, (list, tuple)) else [given]
    for callback in cbks:
        if not isinstance(callback, Callback):
            raise TypeError(f"(Model) callbacks must be paddle.callbacks.Callback instances, "
                            f"but received {type(callback).__name__}")
    if verbose and not any(isinstance(c, ProgBarLogger) for c in cbks):
        cbks = [ProgBarLogger(log_freq, verbose=verbose), *cbks]
    if not any(isinstance(c, ModelCheckpoint) for c in cbks):
        cbks = [*cbks, ModelCheckpoint(save_freq, save_dir)]
    for callback in cbks:
        if isinstance(callback, EarlyStopping):
            callback.save_dir = save_dir
    if not any(isinstance(c, LRScheduler) for c in cbks):
        cbks = [*cbks, LRScheduler()]
    cbk_list = CallbackList(cbks)
    cbk_list.set_model(model)
    cbk_list.set_params({"batch_size": batch_size, "epochs": epochs, "steps": steps,
                         "verbose": verbose, "metrics": metrics or []})
    return cbk_list
