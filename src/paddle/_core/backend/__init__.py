"""Array backends. Kernels are written against an array module `xp` (NumPy here; CuPy on GPUs)."""
from __future__ import annotations

import functools

import numpy as np

xp = np


@functools.cache
def gpu_available() -> bool:
    """True only when CuPy imports and sees a CUDA device (Feijiang's GPU backend)."""
    try:
        import cupy
        return cupy.cuda.runtime.getDeviceCount() > 0
    except Exception:  # noqa: BLE001 - any import or driver failure means no GPU
        return False
