"""The console progress bar that paddle.Model's ProgBarLogger prints, in Paddle's layout:

verbose=1 redraws one line per epoch in place (backspaces + carriage return)::

    step 4/7 [================>.............] - loss: 0.6052 - acc: 0.4062 - ETA: 0s - 12ms/step

verbose=2 (and 3) prints one plain line per update::

    step 4/7 - loss: 0.6052 - acc: 0.4062 - 12ms/step
"""
from __future__ import annotations

import os
import shutil
import sys
import time

import numpy as np


def _format_number(value) -> str:
    magnitude = abs(value)
    return f" {value:.4f}" if magnitude > 1e-3 else f" {value:.4e}"


def _format_value(value, unwrap_arrays: bool) -> str:
    """One logged value as Paddle prints it: floats with 4 decimals (or in e-notation when
    tiny), 1-element float arrays likewise in the line-per-update layout (the redrawn bar
    shows arrays as they print), anything else with str()."""
    if isinstance(value, (float, np.floating)):
        return _format_number(value)
    if unwrap_arrays and isinstance(value, np.ndarray) and value.size == 1 and \
            value.dtype.kind == "f":
        return _format_number(value.item())
    return f" {value}"


def _format_values(values, unwrap_arrays: bool) -> str:
    text = ""
    for key, value in values:
        text += f" - {key}:"
        for item in value if isinstance(value, list) else [value]:
            text += _format_value(item, unwrap_arrays)
    return text


def _format_speed(seconds_per_step: float, unit: str) -> str:
    if seconds_per_step >= 1 or seconds_per_step == 0:
        return f" - {seconds_per_step:.0f}s/{unit}"
    if seconds_per_step >= 1e-3:
        return f" - {seconds_per_step * 1e3:.0f}ms/{unit}"
    return f" - {seconds_per_step * 1e6:.0f}us/{unit}"


def _format_eta(seconds: int) -> str:
    if seconds > 3600:
        return f"{seconds // 3600}:{(seconds % 3600) // 60:02}:{seconds % 60:02}"
    if seconds > 60:
        return f"{seconds // 60}:{seconds % 60:02}"
    return f"{seconds}s"


class ProgressBar:
    """A progress bar over `num` steps (None: unknown length).

    Args:
        num (int|None): total number of steps.
        width (int): bar width in characters (capped by 60% of the terminal width).
        verbose (int): 1 redraws one line in place; 2 and 3 print a line per update.
        start (bool): start the clock now.
        file: accepted for compatibility; output goes to the current sys.stdout.
        name (str): the unit shown, e.g. "step".

    Example:
        >>> from paddle.hapi.progressbar import ProgressBar
        >>> bar = ProgressBar(num=2, verbose=2)
        >>> bar.update(2, [("loss", 0.5)])  # doctest: +ELLIPSIS
        step 2/2 - loss: 0.5000 - ...
    """

    def __init__(self, num=None, width=30, verbose=1, start=True, file=sys.stdout,
                 name="step"):
        if isinstance(num, int) and num <= 0:
            raise TypeError("num should be None or integer (> 0)")
        self._num = num
        self._width = min(width, self._max_width())
        self._total_width = 0
        self._verbose = verbose
        self.file = file
        self._start = time.time()
        self._last_update = 0
        self.name = name
        # Redraw in place on terminals, notebooks and POSIX systems (as Paddle decides);
        # elsewhere each update starts a new line.
        self._dynamic_display = bool(
            (hasattr(file, "isatty") and file.isatty()) or os.name == "posix"
            or "ipykernel" in sys.modules or "PYCHARM_HOSTED" in os.environ)

    @staticmethod
    def _max_width() -> int:
        columns = shutil.get_terminal_size().columns
        columns = columns if columns > 0 else 80
        return min(int(columns * 0.6), columns - 50)

    def start(self) -> None:
        """Restart the clock."""
        sys.stdout.flush()
        self._start = time.time()

    def update(self, current_num, values=()):
        """Show progress at step `current_num` with `values`, a list of (name, value) pairs."""
        now = time.time()
        per_step = (now - self._start) / current_num if current_num else 0
        speed = _format_speed(per_step, self.name)
        if self._verbose == 1:
            self._redraw(current_num, values, per_step, speed)
        elif self._verbose in (2, 3):
            sys.stdout.write(self._counter(current_num) + _format_values(values, True) + speed
                             + "\n")
            sys.stdout.flush()
        self._last_update = now

    def _counter(self, current_num) -> str:
        if self._num:
            digits = int(np.log10(self._num)) + 1
            return f"{self.name} %{digits}d/%d" % (current_num, self._num)  # floats too
        return f"{self.name} {current_num:3}"

    def _bar(self, current_num) -> str:
        if self._num is None:
            return f"{self.name} {current_num:3}"
        filled = int(self._width * (float(current_num) / self._num))
        bar = self._counter(current_num) + " ["
        if filled > 0:
            bar += "=" * (filled - 1) + (">" if current_num < self._num else "=")
        return bar + "." * (self._width - filled) + "]"

    def _redraw(self, current_num, values, per_step: float, speed: str) -> None:
        previous_width = self._total_width
        sys.stdout.write("\b" * previous_width + "\r" if self._dynamic_display else "\n")
        bar = self._bar(current_num)
        info = _format_values(values, False)
        if self._num is not None and current_num < self._num:
            info += f" - ETA: {_format_eta(int(per_step * (self._num - current_num)))}"
        info += speed
        self._total_width = len(bar) + len(info)
        if previous_width > self._total_width:
            info += " " * (previous_width - self._total_width)
        if self._num is None or current_num >= self._num:
            info += "\n"
        sys.stdout.write(bar + info)
        sys.stdout.flush()
