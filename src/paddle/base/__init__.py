"""`paddle.base`: Paddle's legacy framework namespace, kept because much existing code and
Paddle's own tests import from it. Every name here is the real Feijiang object.

paddle.static's modules import paddle.base.dense_tensor, so this package imports nothing of
paddle.static when it loads: those names (and `core`/`framework`, which re-export static
classes) resolve on first access."""
from .. import _static_mode
from .._core.place import CPUPlace, CUDAPinnedPlace, CUDAPlace  # noqa: F401
from .._lazy_exports import lazy_exports
from ..framework.flags import get_flags, set_flags  # noqa: F401
from ..framework.param_attr import ParamAttr  # noqa: F401
from ..utils import unique_name  # noqa: F401
from . import dygraph  # noqa: F401

_STATIC_NAMES = ("Executor", "Program", "default_main_program", "default_startup_program",
                 "global_scope", "program_guard", "scope_guard")
__getattr__, __dir__ = lazy_exports(__name__, globals(), {
    **{name: f"..static:{name}" for name in _STATIC_NAMES},
    "core": ".core", "framework": ".framework", "in_dygraph_mode": ".framework:in_dygraph_mode",
})


def is_compiled_with_cuda() -> bool:
    from . import core
    return core.is_compiled_with_cuda()


def enable_dygraph(place=None):
    _static_mode.disable_static()


def disable_dygraph():
    _static_mode.enable_static()
