"""Cyclical schedules: OneCycleLR (one warm-up/anneal cycle) and CyclicLR (repeated cycles)."""
from __future__ import annotations

import math

from .base import LRScheduler

__all__ = ["CyclicLR", "OneCycleLR"]


def _check_number(name: str, value, kinds=(float, int)) -> None:
    if isinstance(value, bool) or not isinstance(value, kinds):
        expected = " or ".join(f"'{k.__name__}'" for k in kinds)
        raise TypeError(f"'{name}' must be {expected}, but received {type(value)}")


def _check_positive_int(name: str, value) -> None:
    if not isinstance(value, int):
        raise TypeError(f"The type of '{name}' must be int, but received {type(value)}")
    if value <= 0:
        raise ValueError(f"'{name}' must be a positive integer, but received {value}")


def _cos_anneal(start: float, end: float, pct: float) -> float:
    return end + (start - end) / 2.0 * (math.cos(math.pi * pct) + 1)


def _linear_anneal(start: float, end: float, pct: float) -> float:
    return (end - start) * pct + start


class OneCycleLR(LRScheduler):
    """The 1cycle policy: rise from max_learning_rate / divide_factor to max_learning_rate over
    phase_pct of total_steps, then anneal to end_learning_rate (three_phase: back down to the
    initial rate first).

    Example:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.OneCycleLR(max_learning_rate=1.0, total_steps=4,
        ...                                       anneal_strategy='linear')
        >>> round(sched(), 6)
        0.04
    """

    def __init__(self, max_learning_rate: float, total_steps: int, divide_factor: float = 25.0,
                 end_learning_rate: float = 0.0001, phase_pct: float = 0.3,
                 anneal_strategy: str = "cos", three_phase: bool = False, last_epoch: int = -1,
                 verbose: bool = False) -> None:
        _check_number("max_learning_rate", max_learning_rate)
        if max_learning_rate < 0:
            raise ValueError("'max_learning_rate' must be a positive integer.")
        _check_number("end_learning_rate", end_learning_rate)
        if end_learning_rate < 0:
            raise ValueError("'end_learning_rate' must be a positive integer.")
        _check_number("total_step", total_steps, (int,))
        if total_steps <= 0:
            raise ValueError("'total_step' must be a positive integer.")
        _check_number("phase_pct", phase_pct, (float,))
        if phase_pct < 0 or phase_pct > 1:
            raise ValueError(f"'phase_pct' must be between 0 and 1, but received {phase_pct}")
        _check_number("divide_factor", divide_factor)
        self.total_steps = total_steps
        initial_lr = max_learning_rate / float(divide_factor)
        self._set_phases(initial_lr, max_learning_rate, float(end_learning_rate), phase_pct,
                         three_phase)
        if anneal_strategy == "cos":
            self.anneal_func = _cos_anneal
        elif anneal_strategy == "linear":
            self.anneal_func = _linear_anneal
        else:
            raise ValueError("'anneal_strategy' must by one of 'cos' or 'linear', but received "
                             f"{anneal_strategy}")
        super().__init__(initial_lr, last_epoch, verbose)

    def _set_phases(self, initial_lr, max_lr, min_lr, phase_pct, three_phase) -> None:
        """Phase boundaries (in steps), their lengths and the rates at the boundaries."""
        last = self.total_steps - 1
        peak = phase_pct * self.total_steps - 1
        if three_phase:
            if phase_pct >= 0.5:
                raise ValueError("When three_phase is True, 'phase_pct' must be less than 0.5")
            back = 2 * phase_pct * self.total_steps - 2
            self._step_config = [0, peak, back, last, last]
            self._lr_config = [initial_lr, max_lr, initial_lr, min_lr]
        else:
            self._step_config = [0, peak, last, last]
            self._lr_config = [initial_lr, max_lr, min_lr]
        bounds = self._step_config
        self._steps_size = [bounds[i + 1] - bounds[i] for i in range(len(bounds) - 2)]
        self._steps_size.append(self._steps_size[-1])

    def get_lr(self) -> float:
        step = self.last_epoch
        if step > self.total_steps:
            raise ValueError(f"Tried to step {step} times. However the number of total steps "
                             f"is {self.total_steps}")
        last_phase = len(self._lr_config) - 2
        for i, (end_step, size) in enumerate(zip(self._step_config[1:], self._steps_size)):
            if step <= end_step or i == last_phase:
                pct = (step - self._step_config[i]) / size
                return self.anneal_func(self._lr_config[i], self._lr_config[i + 1], pct)
        return self.last_lr


class CyclicLR(LRScheduler):
    """Cycle the learning rate between base_learning_rate and max_learning_rate (triangular,
    triangular2 or exp_range amplitude scaling, or a custom scale_fn).

    Example:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.CyclicLR(0.1, 0.5, step_size_up=2)
        >>> sched.step()
        >>> round(sched(), 6)
        0.3
    """

    def __init__(self, base_learning_rate: float, max_learning_rate: float, step_size_up: int,
                 step_size_down: int | None = None, mode: str = "triangular",
                 exp_gamma: float = 1.0, scale_fn=None, scale_mode: str = "cycle",
                 last_epoch: int = -1, verbose: bool = False) -> None:
        _check_number("max_learning_rate", max_learning_rate)
        if max_learning_rate < 0:
            raise ValueError("'max_learning_rate' must be a positive integer, but received "
                             f"{max_learning_rate}")
        _check_positive_int("step_size_up", step_size_up)
        if step_size_down is not None:
            _check_positive_int("step_size_down", step_size_down)
        if not isinstance(exp_gamma, float):
            raise TypeError(f"The type of 'exp_gamma' must be float, but received "
                            f"{type(exp_gamma)}")
        up = float(step_size_up)
        down = float(step_size_down) if step_size_down is not None else up
        self.cycle_size = up + down
        self.step_up_pct = up / self.cycle_size
        self.max_lr = float(max_learning_rate)
        self.amplitude = self.max_lr - base_learning_rate
        if mode not in ("triangular", "triangular2", "exp_range") and scale_fn is None:
            raise ValueError("'mode' is invalid and 'scale_fn' is not specified, make sure one "
                             "of 'mode' or 'scale_fn' is valid")
        if scale_mode not in ("cycle", "iterations"):
            raise ValueError("'scale_mode' must be one of 'cycle' or 'iterations")
        self.mode = mode
        self.gamma = exp_gamma
        if scale_fn is not None:
            self.scale_fn, self.scale_mode = scale_fn, scale_mode
        elif mode == "triangular":
            self.scale_fn, self.scale_mode = self._triangular_scale_fn, "cycle"
        elif mode == "triangular2":
            self.scale_fn, self.scale_mode = self._triangular2_scale_fn, "cycle"
        else:
            self.scale_fn, self.scale_mode = self._exp_range_scale_fn, "iterations"
        super().__init__(base_learning_rate, last_epoch, verbose)

    def _triangular_scale_fn(self, x: float) -> float:
        return 1.0

    def _triangular2_scale_fn(self, x: float) -> float:
        return 1 / 2.0 ** (x - 1)

    def _exp_range_scale_fn(self, x: float) -> float:
        return self.gamma ** x

    def get_lr(self) -> float:
        iterations = self.last_epoch
        cycle = 1 + iterations // self.cycle_size
        pct = 1.0 + iterations / self.cycle_size - cycle
        if pct <= self.step_up_pct:
            height = pct / self.step_up_pct
        else:
            height = (1 - pct) / (1 - self.step_up_pct)
        scale_input = cycle if self.scale_mode == "cycle" else iterations
        return self.base_lr + self.amplitude * height * self.scale_fn(scale_input)
