"""Switches for gradient recording: no_grad, enable_grad, set_grad_enabled, is_grad_enabled."""
from __future__ import annotations

import functools
import inspect

from .. import state


def is_grad_enabled() -> bool:
    """Whether operations currently record gradients."""
    return state.grad_enabled


class _GradModeSwitch:
    """Context manager and decorator that sets grad recording to `self.mode` within its scope."""

    mode = True

    def __enter__(self):
        self._prev = state.grad_enabled
        state.grad_enabled = self.mode
        return self

    def __exit__(self, *exc):
        state.grad_enabled = self._prev
        return False

    def __call__(self, func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with type(self)():
                return func(*args, **kwargs)
        wrapper.__signature__ = inspect.signature(func)  # getfullargspec reads it, as Paddle's
        return wrapper


class no_grad(_GradModeSwitch):
    """Disable gradient recording (`with paddle.no_grad():` or `@paddle.no_grad()`).

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0], stop_gradient=False)
        >>> with paddle.no_grad():
        ...     y = x * 2
        >>> y.stop_gradient
        True
    """

    mode = False


class enable_grad(_GradModeSwitch):
    """Enable gradient recording inside a `no_grad` region."""

    mode = True


class set_grad_enabled(_GradModeSwitch):
    """Set gradient recording on or off; takes effect immediately and also works as a context."""

    def __init__(self, mode: bool):
        self._prev = state.grad_enabled
        self.mode = bool(mode)
        state.grad_enabled = self.mode

    def __enter__(self):
        return self

    def __call__(self, func):
        mode = self.mode
        state.grad_enabled = self._prev  # as a decorator it only applies inside the function

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with set_grad_enabled(mode):
                return func(*args, **kwargs)
        wrapper.__signature__ = inspect.signature(func)
        return wrapper
