"""Cosine annealing, plain (SGDR without restarts) and with warm restarts."""
from __future__ import annotations

import math

from .base import LRScheduler

__all__ = ["CosineAnnealingDecay", "CosineAnnealingWarmRestarts"]


class CosineAnnealingDecay(LRScheduler):
    """Anneal from learning_rate to eta_min along a half cosine of period T_max (computed
    recursively from the previous rate, as Paddle does; `step(epoch)` uses the closed form).

    Example:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.CosineAnnealingDecay(learning_rate=1.0, T_max=2)
        >>> sched.step()
        >>> round(sched(), 6)
        0.5
    """

    def __init__(self, learning_rate: float, T_max: int, eta_min: float = 0,
                 last_epoch: int = -1, verbose: bool = False) -> None:
        if not isinstance(T_max, int):
            raise TypeError("The type of 'T_max' in 'CosineAnnealingDecay' must be 'int', but "
                            f"received {type(T_max)}.")
        if not isinstance(eta_min, (float, int)):
            raise TypeError("The type of 'eta_min' in 'CosineAnnealingDecay' must be 'float, "
                            f"int', but received {type(eta_min)}.")
        if T_max <= 0:
            raise AssertionError(" 'T_max' must be a positive integer.")
        self.T_max = T_max
        self.eta_min = float(eta_min)
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        epoch, period = self.last_epoch, self.T_max
        if epoch == 0:
            return self.base_lr
        if (epoch - 1 - period) % (2 * period) == 0:
            # the trough of the cosine: the recursive ratio below would divide by zero
            return self.last_lr + (self.base_lr - self.eta_min) * (
                1 - math.cos(math.pi / period)) / 2
        ratio = (1 + math.cos(math.pi * epoch / period)) / (
            1 + math.cos(math.pi * (epoch - 1) / period))
        return ratio * (self.last_lr - self.eta_min) + self.eta_min

    def _get_closed_form_lr(self) -> float:
        return self.eta_min + (self.base_lr - self.eta_min) * (
            1 + math.cos(math.pi * self.last_epoch / self.T_max)) / 2


class CosineAnnealingWarmRestarts(LRScheduler):
    """Cosine annealing restarted every T_i epochs, T_i starting at T_0 and multiplied by
    T_mult after each restart.

    Example:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.CosineAnnealingWarmRestarts(1.0, T_0=2)
        >>> values = []
        >>> for _ in range(3):
        ...     values.append(round(sched(), 6))
        ...     sched.step()
        >>> values
        [1.0, 0.5, 1.0]
    """

    def __init__(self, learning_rate: float, T_0: int, T_mult: int = 1,
                 eta_min: float = 0, last_epoch: int = -1, verbose: bool = False):
        if not isinstance(T_0, int) or T_0 <= 0:
            raise ValueError(f"Expected positive integer T_0, but got {T_0}")
        if not isinstance(T_mult, int) or T_mult < 1:
            raise ValueError(f"Expected integer T_mult >= 1, but got {T_mult}")
        self.T_0 = T_0
        self.T_i = T_0
        self.T_mult = T_mult
        self.eta_min = eta_min
        self.T_cur = last_epoch
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self) -> float:
        return self.eta_min + (self.base_lr - self.eta_min) * (
            1 + math.cos(math.pi * self.T_cur / self.T_i)) / 2

    def step(self, epoch: int | None = None) -> None:
        """Advance one epoch (restarting at the end of a period) or jump to `epoch`."""
        if epoch is None and self.last_epoch < 0:
            epoch = 0
        if epoch is None:
            epoch = self.last_epoch + 1
            self.T_cur = self.T_cur + 1
            if self.T_cur >= self.T_i:
                self.T_cur = self.T_cur - self.T_i
                self.T_i = self.T_i * self.T_mult
        else:
            self._jump_to(epoch)
        self.last_epoch = math.floor(epoch)
        self.last_lr = self.get_lr()
        self._report()

    def _jump_to(self, epoch) -> None:
        if epoch < 0:
            raise ValueError(f"Expected non-negative epoch, but got {epoch}")
        if epoch < self.T_0:
            self.T_i = self.T_0
            self.T_cur = epoch
        elif self.T_mult == 1:
            self.T_cur = epoch % self.T_0
        else:
            # periods grow geometrically: find how many restarts happened before `epoch`
            restarts = int(math.log(epoch / self.T_0 * (self.T_mult - 1) + 1, self.T_mult))
            self.T_cur = epoch - self.T_0 * (self.T_mult ** restarts - 1) / (self.T_mult - 1)
            self.T_i = self.T_0 * self.T_mult ** restarts
