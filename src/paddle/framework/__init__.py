"""`paddle.framework`: dtype defaults, dygraph mode queries and random state."""
from .._core.dtype import get_default_dtype, set_default_dtype  # noqa: F401
from .random import (  # noqa: F401
    Generator,
    get_cuda_rng_state,
    get_rng_state,
    manual_seed,
    seed,
    set_cuda_rng_state,
    set_rng_state,
)


def in_dynamic_mode() -> bool:
    """True while Paddle runs eagerly (dygraph); False under paddle.enable_static()."""
    from .. import _static_mode
    return not _static_mode.enabled


in_dygraph_mode = in_dynamic_mode


def in_pir_mode() -> bool:
    """True when building a static program (PIR) rather than running eagerly."""
    return not in_dynamic_mode()

from .io import async_save, load, save  # noqa: E402,F401
