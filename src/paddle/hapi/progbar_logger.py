"""ProgBarLogger: the callback that prints paddle.Model's progress (see progressbar.py for the
line layout)."""
from __future__ import annotations

import time

from .callback_base import Callback
from .progressbar import ProgressBar


class _StepTimer:
    """Time spent waiting for data vs. computing, for verbose=3's cost report."""

    def __init__(self):
        self.reset()
        self.batch_start = time.time()
        self.data_end = self.batch_start

    def reset(self) -> None:
        self.data_time = 0.0
        self.batch_time = 0.0
        self.count = 0
        self.samples = 0

    def batch_begins(self) -> None:
        self.data_end = time.time()
        self.data_time += self.data_end - self.batch_start

    def batch_ends(self, samples: int) -> None:
        self.batch_time += time.time() - self.data_end
        self.count += 1
        self.samples += samples
        self.batch_start = time.time()

    def report(self) -> list:
        """avg_reader_cost, avg_batch_cost and ips since the last report; then starts over."""
        count = self.count if self.count > 0 else 1.0
        samples = self.samples if self.samples > 0 else 1.0
        elapsed = self.data_time + self.batch_time
        values = [("avg_reader_cost", f"{self.data_time / count:.5f} sec"),
                  ("avg_batch_cost", f"{self.batch_time / count:.5f} sec"),
                  ("ips", f"{samples / elapsed if elapsed else 0.0:.5f} samples/sec")]
        self.reset()
        return values


class _Phase:
    """The progress of one of train/eval/predict: its bar, step count, samples and timer."""

    def __init__(self, steps, metrics, verbose):
        self.steps = steps
        self.metrics = metrics
        self.step = 0
        self.samples = 0
        self.bar = ProgressBar(num=steps, verbose=verbose)
        self.timer = _StepTimer()


class ProgBarLogger(Callback):
    """Prints a progress bar (verbose=1) or a line every `log_freq` steps (verbose=2) with the
    current step's loss and the running metric values; verbose=3 adds reader/batch costs and
    samples per second; verbose=0 prints nothing. paddle.Model adds one automatically.

    Args:
        log_freq (int): print every this many steps.
        verbose (int): 0, 1, 2 or 3.

    Example:
        >>> import paddle
        >>> logger = paddle.callbacks.ProgBarLogger(log_freq=10, verbose=2)
        >>> logger.log_freq
        10
    """

    def __init__(self, log_freq=1, verbose=2):
        super().__init__()
        self.epochs = None
        self.steps = None
        self.verbose = verbose
        self.log_freq = log_freq
        self._phases = {}

    def _is_print(self) -> bool:
        return bool(self.verbose)

    def _show(self, mode: str, logs) -> None:
        phase = self._phases[mode]
        logs = logs or {}
        values = [(key, logs[key]) for key in phase.metrics if key in logs]
        if self.verbose == 3:
            values += phase.timer.report()
        phase.bar.update(phase.step, values)

    def _step_done(self, mode: str, logs) -> None:
        phase = self._phases[mode]
        phase.step += 1
        samples = (logs or {}).get("batch_size", 1)
        phase.samples += samples
        phase.timer.batch_ends(samples)
        if self._is_print() and phase.step % self.log_freq == 0 and \
                (phase.steps is None or phase.step < phase.steps):
            self._show(mode, logs)

    # ---- training ----------------------------------------------------------------------------
    def on_train_begin(self, logs=None):
        self.epochs = self.params["epochs"]
        self.train_metrics = self.params["metrics"]
        if self._is_print():
            print("The loss value printed in the log is the current step, and the metric is "
                  "the average value of previous steps.")

    def on_epoch_begin(self, epoch=None, logs=None):
        self.steps = self.params["steps"]
        self.epoch = epoch
        if self.epochs and self._is_print():
            print(f"Epoch {epoch + 1}/{self.epochs}")
        self._phases["train"] = _Phase(self.steps, self.train_metrics, self.verbose)

    def on_train_batch_begin(self, step, logs=None):
        self._phases["train"].timer.batch_begins()

    def on_train_batch_end(self, step, logs=None):
        self._step_done("train", logs)

    def on_epoch_end(self, epoch, logs=None):
        if self._is_print() and self.steps is not None:
            self._show("train", logs)

    # ---- evaluation --------------------------------------------------------------------------
    def on_eval_begin(self, logs=None):
        logs = logs or {}
        self._phases["eval"] = _Phase(logs.get("steps"), logs.get("metrics", []), self.verbose)
        if self._is_print():
            print("Eval begin...")

    def on_eval_batch_begin(self, step, logs=None):
        self._phases["eval"].timer.batch_begins()

    def on_eval_batch_end(self, step, logs=None):
        self._step_done("eval", logs)

    def on_eval_end(self, logs=None):
        phase = self._phases["eval"]
        if self._is_print() and phase.steps is not None:
            self._show("eval", logs)
            print(f"Eval samples: {phase.samples}")

    # ---- prediction --------------------------------------------------------------------------
    def on_predict_begin(self, logs=None):
        logs = logs or {}
        self._phases["test"] = _Phase(logs.get("steps"), logs.get("metrics", []), self.verbose)
        if self._is_print():
            print("Predict begin...")

    def on_predict_batch_begin(self, step, logs=None):
        self._phases["test"].timer.batch_begins()

    def on_predict_batch_end(self, step, logs=None):
        self._step_done("test", logs)

    def on_predict_end(self, logs=None):
        phase = self._phases["test"]
        if self._is_print():
            if phase.step % self.log_freq != 0 or self.verbose == 1:
                self._show("test", logs)
            print(f"Predict samples: {phase.samples}")
