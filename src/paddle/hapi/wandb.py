"""The Weights & Biases callback: logs training and evaluation scalars to a wandb run. Needs
the `wandb` package; wandb's own `mode` ('online', 'offline', 'disabled') decides whether
anything leaves the machine."""
from __future__ import annotations

import importlib
import warnings

from .callback_base import Callback
from .visualdl import scalar_of


def _import_wandb():
    try:
        return importlib.import_module("wandb")
    except ImportError as exc:
        raise ImportError("You want to use `wandb` which is not installed yet install it with "
                          "`pip install wandb`") from exc


class WandbCallback(Callback):
    """Logs 'train/<name>' every training step (against 'train/step') and 'eval/<name>' after
    each evaluation (against 'epoch') to a wandb run, created with the given arguments (or the
    run already in progress).

    Args:
        project, entity, name, dir, mode, job_type: passed to wandb.init, with any **kwargs.

    Example:
        >>> import paddle
        >>> callback = paddle.callbacks.WandbCallback(project="demo", mode="offline")  # doctest: +SKIP
    """

    def __init__(self, project=None, entity=None, name=None, dir=None, mode=None,
                 job_type=None, **kwargs):
        super().__init__()
        self.wandb = _import_wandb()
        self.wandb_args = {"project": project, "name": name, "entity": entity, "dir": dir,
                           "mode": mode, "job_type": job_type, **kwargs}
        self._run = None
        self._is_fit = False
        self.train_step = 0
        self.epoch = 0
        _ = self.run

    @property
    def run(self):
        """The wandb run: the one in progress, or a new one from the constructor's arguments."""
        if self._run is None:
            if self.wandb.run is not None:
                warnings.warn("There is a wandb run already in progress and newly created "
                              "instances of `WandbCallback` will reuse this run. If this is not "
                              "desired, call `wandb.finish()` before instantiating "
                              "`WandbCallback`.", stacklevel=2)
                self._run = self.wandb.run
            else:
                self._run = self.wandb.init(**self.wandb_args)
        return self._run

    def on_train_begin(self, logs=None):
        self.epochs = self.params["epochs"]
        self.train_metrics = self.params["metrics"]
        self._is_fit = True
        self.train_step = 0
        self.run.define_metric("train/step")
        self.run.define_metric("train/*", step_metric="train/step")
        self.run.define_metric("epoch")
        self.run.define_metric("eval/*", step_metric="epoch")

    def on_epoch_begin(self, epoch=None, logs=None):
        self.steps = self.params["steps"]
        self.epoch = epoch

    def _log(self, logs, mode: str) -> None:
        if mode == "train":
            metrics, record = self.train_metrics, {"train/step": self.train_step}
        else:
            metrics, record = self.eval_metrics, {"epoch": self.epoch}
        for name in metrics:
            value = scalar_of(logs[name]) if name in logs else None
            if value is not None:
                record[f"{mode}/{name}"] = value
        self.run.log(record)

    def on_train_batch_end(self, step, logs=None):
        self.train_step += 1
        self._log(logs or {}, "train")

    def on_eval_begin(self, logs=None):
        logs = logs or {}
        self.eval_steps = logs.get("steps")
        self.eval_metrics = logs.get("metrics", [])

    def on_train_end(self, logs=None):
        self.run.finish()

    def on_eval_end(self, logs=None):
        self._log(logs or {}, "eval")
        if not self._is_fit:
            self.run.finish()
            self._run = None
