"""`paddle.jit`: convert dynamic code to static programs (to_static) and save/load them."""
from ..static.input_spec import InputSpec  # noqa: F401
from .api import (StaticFunction, enable_to_static, ignore_module, not_to_static,  # noqa: F401
                  set_code_level, set_verbosity, to_static)

__all__ = ["to_static", "not_to_static", "ignore_module", "enable_to_static", "StaticFunction",
           "set_code_level", "set_verbosity"]

# Paddle's model formats (jit.save / jit.load / TranslatedLayer) live in .serialization, imported
# on first use: their op tables and loaders cost more than the rest of paddle.jit.
from .._lazy_exports import lazy_exports

_FORMAT_NAMES = ["TranslatedLayer", "load", "save"]
__getattr__, __dir__ = lazy_exports(__name__, globals(),
                                    {name: f".serialization:{name}" for name in _FORMAT_NAMES})
__all__.extend(_FORMAT_NAMES)
