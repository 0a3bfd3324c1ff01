"""LinearWarmup: ramp the learning rate up linearly, then hand over to a float or a scheduler."""
from __future__ import annotations

from .base import LRScheduler

__all__ = ["LinearWarmup"]


class LinearWarmup(LRScheduler):
    """Rise linearly from start_lr to end_lr over warmup_steps epochs, then use learning_rate
    (a float, or a scheduler stepped from epoch 0 at the end of the warmup).

    Example:
        >>> import paddle
        >>> sched = paddle.optimizer.lr.LinearWarmup(learning_rate=0.5, warmup_steps=2,
        ...                                         start_lr=0.0, end_lr=0.5)
        >>> values = []
        >>> for _ in range(3):
        ...     values.append(sched())
        ...     sched.step()
        >>> values
        [0.0, 0.25, 0.5]
    """

    def __init__(self, learning_rate, warmup_steps: int, start_lr: float, end_lr: float,
                 last_epoch: int = -1, verbose: bool = False):
        if isinstance(learning_rate, bool) or not isinstance(learning_rate,
                                                             (float, int, LRScheduler)):
            raise TypeError("the type of learning_rate should be [int, float or LRScheduler], "
                            f"the current type is {learning_rate}")
        if not (isinstance(warmup_steps, int) and warmup_steps > 0):
            raise AssertionError(" 'warmup_steps' must be a positive integer.")
        if not end_lr > start_lr:
            raise AssertionError(f"end_lr {end_lr} must be greater than start_lr {start_lr}")
        self.learning_rate = learning_rate
        self.warmup_steps = warmup_steps
        self.start_lr = start_lr
        self.end_lr = end_lr
        super().__init__(start_lr, last_epoch, verbose)

    def get_lr(self) -> float:
        if self.last_epoch < self.warmup_steps:
            progress = float(self.last_epoch) / float(self.warmup_steps)
            return (self.end_lr - self.start_lr) * progress + self.start_lr
        if isinstance(self.learning_rate, LRScheduler):
            self.learning_rate.step(self.last_epoch - self.warmup_steps)
            return self.learning_rate()
        return self.learning_rate

    def state_dict(self) -> dict:
        """The warmup's state, with the wrapped scheduler's under 'LinearWarmup_LR'."""
        out = super().state_dict()
        if isinstance(self.learning_rate, LRScheduler):
            out["LinearWarmup_LR"] = self.learning_rate.state_dict()
        return out

    def set_state_dict(self, state_dict: dict) -> None:
        """Restore the warmup's state and the wrapped scheduler's."""
        super().set_state_dict(state_dict)
        if isinstance(self.learning_rate, LRScheduler):
            self.learning_rate.set_state_dict(state_dict["LinearWarmup_LR"])

    set_dict = set_state_dict
