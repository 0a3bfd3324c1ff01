"""`paddle.base.framework`: legacy framework helpers."""
from .. import _static_mode
from .._core import dtype as _dt
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
