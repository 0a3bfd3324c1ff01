"""LRScheduler: the base of every learning-rate schedule.

A scheduler holds `last_epoch` (how many times `step()` ran, starting from -1 so that the
constructor's own step lands on epoch 0) and `last_lr` (the rate for the current epoch, what
calling the scheduler returns). Subclasses compute the rate of an epoch in `get_lr()`.
"""
from __future__ import annotations

import warnings

__all__ = ["LRScheduler"]


class LRScheduler:
    """Base class of the learning-rate schedulers; subclass it and implement `get_lr()`.

    Example:
        >>> import paddle
        >>> class Halving(paddle.optimizer.lr.LRScheduler):
        ...     def get_lr(self):
        ...         return self.base_lr * 0.5 ** self.last_epoch
        >>> sched = Halving(learning_rate=1.0)
        >>> sched.step()
        >>> sched()
        0.5
    """

    def __init__(self, learning_rate: float = 0.1, last_epoch: int = -1,
                 verbose: bool = False) -> None:
        if isinstance(learning_rate, bool) or not isinstance(learning_rate, (float, int)):
            raise TypeError("The type of learning rate must be float, but received "
                            f"{type(learning_rate)}")
        if learning_rate < 0:
            raise ValueError(f"Invalid learning rate: {learning_rate}")
        self.base_lr = float(learning_rate)
        self.last_lr = float(learning_rate)
        self.last_epoch = last_epoch
        self.verbose = verbose
        self._var_name = None
        self.step()

    def __call__(self) -> float:
        return self.last_lr

    def step(self, epoch: int | None = None) -> None:
        """Advance one epoch (or jump to `epoch`) and recompute the learning rate."""
        if epoch is None:
            self.last_epoch += 1
            self.last_lr = self.get_lr()
        else:
            self.last_epoch = epoch
            closed_form = getattr(self, "_get_closed_form_lr", None)
            self.last_lr = closed_form() if closed_form is not None else self.get_lr()
        self._report()

    def _report(self) -> None:
        if self.verbose:
            print(f"Epoch {self.last_epoch}: {type(self).__name__} set learning rate to "
                  f"{self.last_lr}.")

    def get_lr(self) -> float:
        """The learning rate of epoch `self.last_epoch` (implemented by subclasses)."""
        raise NotImplementedError

    def state_keys(self) -> None:
        """Set `self.keys`, the attributes saved by `state_dict()`."""
        self.keys = ["last_epoch", "last_lr"]

    def state_dict(self) -> dict:
        """The scheduler's state: {'last_epoch': …, 'last_lr': …} (plus subclass keys)."""
        self.state_keys()
        out = {}
        for key in self.keys:
            if key not in self.__dict__:
                continue
            value = self.__dict__[key]
            if hasattr(value, "_data"):  # a 1-element Tensor (e.g. a ReduceOnPlateau metric)
                if value._data.size != 1:
                    raise ValueError(f"(LRScheduler.state_dict) '{key}' must hold one element, "
                                     f"but has shape {list(value._data.shape)}")
                value = float(value)
            out[key] = value
        return out

    def set_state_dict(self, state_dict: dict) -> None:
        """Restore the state saved by `state_dict()`."""
        self.state_keys()
        for key in self.keys:
            if key not in state_dict:
                raise RuntimeError("Please check whether state_dict is correct for optimizer. "
                                   f"Can't find [ {key} ] in state_dict")
            self.__dict__[key] = state_dict[key]
        if len(state_dict) > len(self.keys):
            warnings.warn("There are some unused values in state_dict. Maybe the optimizer have "
                          "different 'LearningRateDecay' when invoking state_dict and set_dict",
                          stacklevel=2)

    set_dict = set_state_dict
