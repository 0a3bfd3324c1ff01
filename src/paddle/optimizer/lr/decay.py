"""Closed-form decays: the learning rate of an epoch is a formula of the epoch number."""
from __future__ import annotations

import itertools
import math

from .base import LRScheduler

__all__ = [
    "ExponentialDecay",
    "InverseTimeDecay",
    "LambdaDecay",
    "LinearLR",
    "MultiStepDecay",
    "MultiplicativeDecay",
    "NaturalExpDecay",
    "NoamDecay",
    "PiecewiseDecay",
    "PolynomialDecay",
    "StepDecay",
]


def _require(condition: bool, message: str) -> None:
    # Paddle validates these arguments with assertions, so the error type is AssertionError
    if not condition:
        raise AssertionError(message)


def _check_callable(owner: str, fn) -> None:
    if not callable(fn):
        raise TypeError(f"The type of 'lr_lambda' in '{owner}' must be 'function', but received "
                        f"{type(fn)}.")


class NoamDecay(LRScheduler):
    """Transformer warmup: lr = learning_rate * d_model**-0.5 * min(epoch**-0.5,
    epoch * warmup_steps**-1.5).

    Example:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.NoamDecay(d_model=16, warmup_steps=4)
        >>> sched.step()
        >>> round(sched(), 6)
        0.03125
    """

    def __init__(self, d_model: int, warmup_steps: int, learning_rate: float = 1.0,
                 last_epoch: int = -1, verbose: bool = False) -> None:
        if d_model <= 0:
            raise ValueError("d_model should be grater than 0")
        self.d_model = d_model
        self.warmup_steps = warmup_steps
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        a = 1 if self.last_epoch == 0 else self.last_epoch ** -0.5
        b = self.warmup_steps ** -1.5 * self.last_epoch
        return self.base_lr * self.d_model ** -0.5 * min(a, b)


class PiecewiseDecay(LRScheduler):
    """values[i] while epoch < boundaries[i]; values[-1] after the last boundary.

    Example:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.PiecewiseDecay(boundaries=[2], values=[0.1, 0.01])
        >>> [sched() for _ in range(3) if sched.step() is None]
        [0.1, 0.01, 0.01]
    """

    def __init__(self, boundaries, values, last_epoch: int = -1, verbose: bool = False) -> None:
        if len(boundaries) == 0:
            raise ValueError("The boundaries cannot be empty.")
        if len(values) <= len(boundaries):
            raise ValueError("The values have one more element than boundaries, but received "
                             f"len(values) [{len(values)}] < len(boundaries) + 1 "
                             f"[{len(boundaries) + 1}].")
        self.boundaries = boundaries
        self.values = values
        super().__init__(last_epoch=last_epoch, verbose=verbose)

    def get_lr(self) -> float:
        for boundary, value in zip(self.boundaries, self.values):
            if self.last_epoch < boundary:
                return value
        return self.values[len(self.values) - 1]


class NaturalExpDecay(LRScheduler):
    """lr = learning_rate * exp(-gamma * epoch).

    Example:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.NaturalExpDecay(learning_rate=1.0, gamma=0.5)
        >>> sched.step()
        >>> round(sched(), 6)
        0.606531
    """

    def __init__(self, learning_rate: float, gamma: float, last_epoch: int = -1,
                 verbose: bool = False) -> None:
        _require(gamma > 0.0, " 'gamma' must be a positive number so that the learning rate "
                              "will decay.")
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        return self.base_lr * math.exp(-1 * self.gamma * self.last_epoch)


class InverseTimeDecay(LRScheduler):
    """lr = learning_rate / (1 + gamma * epoch).

    Example:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.InverseTimeDecay(learning_rate=1.0, gamma=0.5)
        >>> sched.step()
        >>> sched()
        0.6666666666666666
    """

    def __init__(self, learning_rate: float, gamma: float, last_epoch: int = -1,
                 verbose: bool = False) -> None:
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        return self.base_lr / (1 + self.gamma * self.last_epoch)


class PolynomialDecay(LRScheduler):
    """Polynomial decay from learning_rate to end_lr over decay_steps epochs; with cycle=True
    the horizon grows to the next multiple of decay_steps instead of stopping.

    Example:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.PolynomialDecay(learning_rate=1.0, decay_steps=4,
        ...                                            end_lr=0.0)
        >>> sched.step()
        >>> sched()
        0.75
    """

    def __init__(self, learning_rate: float, decay_steps: int, end_lr: float = 0.0001,
                 power: float = 1.0, cycle: bool = False, last_epoch: int = -1,
                 verbose: bool = False):
        _require(isinstance(decay_steps, int) and decay_steps > 0,
                 " 'decay_steps' must be a positive integer.")
        _require(power > 0.0, " 'power' must be greater than 0.0 so that the learning rate "
                              "will decay.")
        self.decay_steps = decay_steps
        self.end_lr = end_lr
        self.power = power
        self.cycle = cycle
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        epoch = self.last_epoch
        horizon = self.decay_steps
        if self.cycle:
            cycles = 1 if epoch == 0 else math.ceil(float(epoch) / float(self.decay_steps))
            horizon = self.decay_steps * cycles
        else:
            epoch = min(epoch, self.decay_steps)
        fraction = 1 - float(epoch) / float(horizon)
        return (self.base_lr - self.end_lr) * fraction ** self.power + self.end_lr


class ExponentialDecay(LRScheduler):
    """lr = learning_rate * gamma ** epoch.

    Example:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.ExponentialDecay(learning_rate=1.0, gamma=0.5)
        >>> sched.step()
        >>> sched()
        0.5
    """

    def __init__(self, learning_rate: float, gamma: float, last_epoch: int = -1,
                 verbose: bool = False) -> None:
        _require(0.0 < gamma < 1.0, " 'gamma' must be in interval (0.0, 1.0) so that the "
                                    "learning rate will decay.")
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        return self.base_lr * self.gamma ** self.last_epoch


class MultiStepDecay(LRScheduler):
    """Multiply the learning rate by gamma at each milestone epoch.

    Example:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.MultiStepDecay(learning_rate=1.0, milestones=[1, 3],
        ...                                           gamma=0.5)
        >>> sched.step()
        >>> sched()
        0.5
    """

    def __init__(self, learning_rate: float, milestones, gamma: float = 0.1,
                 last_epoch: int = -1, verbose: bool = False):
        if not isinstance(milestones, (tuple, list)):
            raise TypeError("The type of 'milestones' in 'MultiStepDecay' must be 'tuple, "
                            f"list', but received {type(milestones)}.")
        if not all(a < b for a, b in itertools.pairwise(milestones)):
            raise ValueError("The elements of milestones must be incremented")
        if gamma >= 1.0:
            raise ValueError("gamma should be < 1.0.")
        self.milestones = milestones
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        passed = len(self.milestones)
        for i, milestone in enumerate(self.milestones):
            if self.last_epoch < milestone:
                passed = i
                break
        return self.base_lr * self.gamma ** passed


class StepDecay(LRScheduler):
    """Multiply the learning rate by gamma every step_size epochs.

    Example:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.StepDecay(learning_rate=1.0, step_size=2, gamma=0.5)
        >>> for _ in range(2):
        ...     sched.step()
        >>> sched()
        0.5
    """

    def __init__(self, learning_rate: float, step_size: int, gamma: float = 0.1,
                 last_epoch: int = -1, verbose: bool = False) -> None:
        if not isinstance(step_size, int):
            raise TypeError(f"The type of 'step_size' must be 'int', but received "
                            f"{type(step_size)}.")
        if gamma >= 1.0:
            raise ValueError("gamma should be < 1.0.")
        _require(step_size > 0, " 'step_size' must be a positive integer.")
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        return self.base_lr * self.gamma ** (self.last_epoch // self.step_size)


class LambdaDecay(LRScheduler):
    """lr = learning_rate * lr_lambda(epoch).

    Example:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.LambdaDecay(1.0, lr_lambda=lambda epoch: 0.5 ** epoch)
        >>> sched.step()
        >>> sched()
        0.5
    """

    def __init__(self, learning_rate: float, lr_lambda, last_epoch: int = -1,
                 verbose: bool = False):
        _check_callable("LambdaDecay", lr_lambda)
        self.lr_lambda = lr_lambda
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        return self.base_lr * self.lr_lambda(self.last_epoch)


class MultiplicativeDecay(LRScheduler):
    """lr = learning_rate * lr_lambda(1) * lr_lambda(2) * … * lr_lambda(epoch).

    Example:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.MultiplicativeDecay(1.0, lr_lambda=lambda epoch: 0.5)
        >>> for _ in range(2):
        ...     sched.step()
        >>> sched()
        0.25
    """

    def __init__(self, learning_rate: float, lr_lambda, last_epoch: int = -1,
                 verbose: bool = False) -> None:
        _check_callable("MultiplicativeDecay", lr_lambda)
        self.lr_lambda = lr_lambda
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        lr = self.base_lr
        for epoch in range(1, self.last_epoch + 1):
            lr = lr * self.lr_lambda(epoch)
        return lr


class LinearLR(LRScheduler):
    """Scale the learning rate linearly from start_factor to end_factor over total_steps.

    Example:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.LinearLR(1.0, total_steps=2, start_factor=0.5)
        >>> sched()
        0.5
        >>> sched.step()
        >>> sched()
        0.75
    """

    def __init__(self, learning_rate: float, total_steps: int, start_factor: float = 1.0 / 3,
                 end_factor: float = 1.0, last_epoch: int = -1, verbose: bool = False) -> None:
        if start_factor > 1.0 or start_factor <= 0:
            raise ValueError("`start_factor` must be greater than 0 and less or equal to 1, but "
                             f"got {start_factor}")
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError("`end_factor` must be greater than 0 and less than 1, but got "
                             f"{end_factor}")
        if total_steps <= 0:
            raise ValueError(f"`total_steps` must be greater than 0, but got {total_steps}")
        self.start_factor = start_factor
        self.end_factor = end_factor
        self.total_steps = total_steps
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        if self.last_epoch == 0:
            return self.base_lr * self.start_factor
        if self.last_epoch > self.total_steps:
            return self.last_lr
        # each step multiplies the previous rate by the ratio of consecutive linear factors
        start = self.total_steps * self.start_factor
        slope = self.end_factor - self.start_factor
        return self.last_lr * (1.0 + slope / (start + (self.last_epoch - 1) * slope))
