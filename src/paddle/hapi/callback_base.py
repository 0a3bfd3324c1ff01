"""The Callback interface of paddle.Model and the list that fans each event out to callbacks.

paddle.Model calls, in order: on_train_begin; per epoch on_epoch_begin, per step
on_train_batch_begin/end, on_epoch_end, and for an evaluation on_eval_begin, per step
on_eval_batch_begin/end, on_eval_end; finally on_train_end. predict calls the on_predict_*
hooks. `logs` carries 'loss', the metric values, 'step' and 'batch_size'; the begin-of-eval
and begin-of-predict logs carry 'steps' and 'metrics'.
"""
from __future__ import annotations

_MODES = ("train", "eval", "predict")


class Callback:
    """Base class of the paddle.Model callbacks; every hook does nothing until overridden.
    `self.model` is the running paddle.Model, `self.params` holds 'batch_size', 'epochs',
    'steps', 'verbose' and 'metrics'.

    Example:
        >>> import paddle
        >>> class EpochPrinter(paddle.callbacks.Callback):
        ...     def on_epoch_end(self, epoch, logs=None):
        ...         print(f"epoch {epoch} done, loss {logs['loss']}")
        >>> EpochPrinter().on_epoch_end(0, {"loss": [0.5]})
        epoch 0 done, loss [0.5]
    """

    def __init__(self):
        self.model = None
        self.params = {}

    def set_params(self, params):
        """Receive the run's parameters: batch_size, epochs, steps, verbose, metrics."""
        self.params = params

    def set_model(self, model):
        """Receive the paddle.Model being run."""
        self.model = model

    def on_train_begin(self, logs=None):
        """Called once before training starts."""

    def on_train_end(self, logs=None):
        """Called once after training ends, with the last epoch's logs."""

    def on_eval_begin(self, logs=None):
        """Called before an evaluation; logs has 'steps' and 'metrics'."""

    def on_eval_end(self, logs=None):
        """Called after an evaluation with its final logs (loss and metric values)."""

    def on_predict_begin(self, logs=None):
        """Called before prediction; logs has 'steps'."""

    def on_predict_end(self, logs=None):
        """Called after prediction."""

    def on_epoch_begin(self, epoch, logs=None):
        """Called at the start of each training epoch (epochs count from 0)."""

    def on_epoch_end(self, epoch, logs=None):
        """Called at the end of each training epoch with its logs."""

    def on_train_batch_begin(self, step, logs=None):
        """Called before each training step."""

    def on_train_batch_end(self, step, logs=None):
        """Called after each training step with the step's logs."""

    def on_eval_batch_begin(self, step, logs=None):
        """Called before each evaluation step."""

    def on_eval_batch_end(self, step, logs=None):
        """Called after each evaluation step with the step's logs."""

    def on_predict_batch_begin(self, step, logs=None):
        """Called before each prediction step."""

    def on_predict_batch_end(self, step, logs=None):
        """Called after each prediction step."""


def _check_mode(mode) -> None:
    if mode not in _MODES:
        raise ValueError(f"(CallbackList) mode should be one of {_MODES}, but received {mode!r}")


class CallbackList:
    """Calls each event on every callback, in order."""

    def __init__(self, callbacks=None):
        if callbacks is None:
            raise ValueError("(CallbackList) 'callbacks' must be a list of Callback")
        self.callbacks = list(callbacks)
        self.params = {}
        self.model = None

    def append(self, callback) -> None:
        self.callbacks.append(callback)

    def __iter__(self):
        return iter(self.callbacks)

    def set_params(self, params) -> None:
        self.params = params
        for callback in self.callbacks:
            callback.set_params(params)

    def set_model(self, model) -> None:
        self.model = model
        for callback in self.callbacks:
            callback.set_model(model)

    def _call(self, hook: str, *args) -> None:
        for callback in self.callbacks:
            getattr(callback, hook)(*args)

    def on_begin(self, mode, logs=None) -> None:
        _check_mode(mode)
        self._call(f"on_{mode}_begin", logs)

    def on_end(self, mode, logs=None) -> None:
        _check_mode(mode)
        self._call(f"on_{mode}_end", logs)

    def on_epoch_begin(self, epoch=None, logs=None) -> None:
        self._call("on_epoch_begin", epoch, logs)

    def on_epoch_end(self, epoch=None, logs=None) -> None:
        self._call("on_epoch_end", epoch, logs)

    def on_batch_begin(self, mode, step=None, logs=None) -> None:
        _check_mode(mode)
        self._call(f"on_{mode}_batch_begin", step, logs)

    def on_batch_end(self, mode, step=None, logs=None) -> None:
        _check_mode(mode)
        self._call(f"on_{mode}_batch_end", step, logs)
