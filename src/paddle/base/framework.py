"""`paddle.base.framework`: legacy framework helpers."""
from .. import _static_mode
from .._core import dtype as _dt
from .._core import state
from .._core.place import current_place
from ..framework.parameter import EagerParamBase  # noqa: F401
from ..static.program import Program, default_main_program, program_guard  # noqa: F401


def in_dygraph_mode() -> bool:
    return not _static_mode.enabled


in_dynamic_mode = in_dygraph_mode


def _current_expected_place():
    return current_place()


def convert_np_dtype_to_dtype_(np_dtype):
    """The paddle dtype for a NumPy dtype (or dtype name)."""
    return _dt.to_dtype(np_dtype)


def dygraph_not_support(func):
    """Decorator for APIs that exist only in static mode: raises when called eagerly."""
    import functools

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        if in_dygraph_mode():
            raise AssertionError(f"{func.__name__} is not supported in dynamic mode")
        return func(*args, **kwargs)
    return wrapper


class _EagerTracer:
    """The legacy tracer object: `_has_grad` is whether ops record gradients (the switch
    no_grad/enable_grad flip); `_train_mode` is kept for code that saves and restores it."""

    _train_mode = True

    @property
    def _has_grad(self) -> bool:
        return state.grad_enabled

    @_has_grad.setter
    def _has_grad(self, value: bool) -> None:
        state.grad_enabled = bool(value)


_TRACER = _EagerTracer()


def _dygraph_tracer():
    """The eager tracer (None in static mode, as in Paddle)."""
    return _TRACER if in_dygraph_mode() else None
