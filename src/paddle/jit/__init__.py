"""`paddle.jit`: convert dynamic code to static programs (to_static) and save/load them."""
from ..static.input_spec import InputSpec  # noqa: F401
from .api import (StaticFunction, enable_to_static, ignore_module, not_to_static,  # noqa: F401
                  set_code_level, set_verbosity, to_static)

__all__ = ["to_static", "not_to_static", "ignore_module", "enable_to_static", "StaticFunction",
           "set_code_level", "set_verbosity"]

# Paddle's model formats (jit.save / jit.load / TranslatedLayer) live in .serialization.
from .serialization import TranslatedLayer, load, save

__all__ += ["TranslatedLayer", "load", "save"]
