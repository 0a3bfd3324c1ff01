"""The VisualDL callback: training and evaluation scalars for a dashboard.

With the `visualdl` package installed, scalars go through visualdl.LogWriter (VisualDL's own
log format, as in Paddle). Without it they are written as TensorBoard event files by
paddle.hapi.event_file (readable by TensorBoard, and by VisualDL's TensorBoard import), so the
callback works with no extra dependency."""
from __future__ import annotations

import importlib.util
import numbers

from .callback_base import Callback
from .event_file import EventFileWriter


def _open_writer(log_dir):
    if importlib.util.find_spec("visualdl") is not None:
        import visualdl
        return visualdl.LogWriter(log_dir)
    return EventFileWriter(log_dir)


def scalar_of(value):
    """A logged value as one number (first item of a list), or None when it is not one."""
    if isinstance(value, (list, tuple)):
        return value[0]
    if isinstance(value, numbers.Number):
        return value
    return None


class VisualDL(Callback):
    """Writes 'train/<name>' scalars every training step (x axis: global step) and
    'eval/<name>' scalars after each evaluation (x axis: epoch) under `log_dir`. Uses
    visualdl.LogWriter when the visualdl package is installed, else TensorBoard event files
    (see paddle.hapi.event_file).

    Args:
        log_dir (str): the directory for the logs.

    Example:
        >>> import paddle
        >>> callback = paddle.callbacks.VisualDL(log_dir="visualdl_log_dir")
        >>> callback.log_dir
        'visualdl_log_dir'
    """

    def __init__(self, log_dir):
        super().__init__()
        self.log_dir = log_dir
        self.epochs = None
        self.steps = None
        self.epoch = 0
        self.train_step = 0
        self.writer = None
        self._is_fit = False

    def on_train_begin(self, logs=None):
        self.epochs = self.params["epochs"]
        self.train_metrics = self.params["metrics"]
        self._is_fit = True
        self.train_step = 0

    def on_epoch_begin(self, epoch=None, logs=None):
        self.steps = self.params["steps"]
        self.epoch = epoch

    def _write(self, logs, mode: str) -> None:
        if self.writer is None:
            self.writer = _open_writer(self.log_dir)
        metrics = self.train_metrics if mode == "train" else self.eval_metrics
        step = self.train_step if mode == "train" else self.epoch
        for name in metrics:
            value = scalar_of(logs[name]) if name in logs else None
            if value is not None:
                self.writer.add_scalar(tag=f"{mode}/{name}", step=step, value=value)

    def _close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None

    def on_train_batch_end(self, step, logs=None):
        self.train_step += 1
        self._write(logs or {}, "train")

    def on_eval_begin(self, logs=None):
        logs = logs or {}
        self.eval_steps = logs.get("steps")
        self.eval_metrics = logs.get("metrics", [])

    def on_train_end(self, logs=None):
        self._close()

    def on_eval_end(self, logs=None):
        self._write(logs or {}, "eval")
        if not self._is_fit:
            self._close()
