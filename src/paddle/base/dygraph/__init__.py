"""`paddle.base.dygraph`: legacy helpers for dynamic (eager) mode."""
import contextlib
import functools
import inspect

from ... import _static_mode
from ..._core.autograd.grad_mode import no_grad as _no_grad_switch


def no_grad(func=None):
    """The legacy form of paddle.no_grad: `with no_grad():`, `@no_grad()` or bare `@no_grad`;
    a decorated function keeps its signature."""
    if func is None:
        return _no_grad_switch()

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        with _no_grad_switch():
            return func(*args, **kwargs)
    wrapper.__signature__ = inspect.signature(func)
    return wrapper


@contextlib.contextmanager
def guard(place=None):
    """Run the block in dynamic mode, restoring the previous mode afterwards."""
    was_static = _static_mode.enabled
    _static_mode.disable_static()
    try:
        yield
    finally:
        if was_static:
            _static_mode.enable_static()


def enabled() -> bool:
    return not _static_mode.enabled


def to_variable(value, name=None, zero_copy=None, dtype=None):
    """Legacy name for paddle.to_tensor."""
    from ...tensor.creation import to_tensor
    return to_tensor(value, dtype=dtype)
