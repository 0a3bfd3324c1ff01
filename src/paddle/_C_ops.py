"""`paddle._C_ops`: every primitive op from the registry, callable as `_C_ops.<name>(...)`.

Arguments are positional in the op's declared order (tensor inputs, then attributes), as in
Paddle's generated C++ API."""
from ._core.ops import REGISTRY as _REGISTRY

globals().update(_REGISTRY)

__all__ = sorted(_REGISTRY)
