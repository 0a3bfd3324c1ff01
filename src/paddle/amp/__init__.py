"""paddle.amp: automatic mixed precision (auto_cast, decorate, GradScaler) and its debugging
tools.

Paddle applies mixed precision on GPU places only; on the CPU it warns and keeps float32. Set
FLAGS_feijiang_amp_on_cpu (paddle.set_flags, or the environment variable) to have the CPU cast
as Paddle's GPU does — see `paddle.amp._device`.
"""
from __future__ import annotations

from . import accuracy_compare, debugging, grad_scaler  # noqa: F401
from ._device import is_bfloat16_supported, is_float16_supported
from .amp_lists import black_list, white_list  # noqa: F401
from .auto_cast import (  # noqa: F401
    amp_decorate,
    amp_guard,
    auto_cast,
    autocast,
    decorate,
    get_autocast_dtype,
    is_autocast_enabled,
)
from .grad_scaler import AmpScaler, GradScaler, OptimizerState  # noqa: F401

__all__ = [  # noqa: RUF022 - Paddle's order
    "auto_cast", "GradScaler", "decorate", "is_float16_supported", "is_bfloat16_supported",
    "is_autocast_enabled", "get_autocast_dtype", "get_autocast_cpu_dtype",
    "get_autocast_gpu_dtype",
]

get_autocast_cpu_dtype = get_autocast_dtype
get_autocast_gpu_dtype = get_autocast_dtype
