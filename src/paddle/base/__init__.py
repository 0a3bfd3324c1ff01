"""`paddle.base`: Paddle's legacy framework namespace, kept because much existing code and
Paddle's own tests import from it. Every name here is the real Feijiang object."""
from .. import _static_mode
from .._core.place import CPUPlace, CUDAPinnedPlace, CUDAPlace  # noqa: F401
from ..framework.param_attr import ParamAttr  # noqa: F401
from ..static import (Executor, Program, default_main_program,  # noqa: F401
                      default_startup_program, global_scope, program_guard, scope_guard)
from ..utils import unique_name  # noqa: F401
from . import core, dygraph, framework  # noqa: F401
from .framework import in_dygraph_mode  # noqa: F401
from ..framework.flags import get_flags, set_flags  # noqa: F401


def is_compiled_with_cuda() -> bool:
    return core.is_compiled_with_cuda()


def enable_dygraph(place=None):
    _static_mode.disable_static()


def disable_dygraph():
    _static_mode.enable_static()
