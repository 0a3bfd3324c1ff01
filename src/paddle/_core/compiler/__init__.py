"""Compiled kernels, for the loops NumPy cannot run fast (the `compiler` extra: numba).

Every kernel here has a NumPy twin in the ops, which gives the same numbers, except that
compiled sums over a row may run on vector lanes (reassociated, so they differ from NumPy's
pairwise sums in the last bits); the ops ask `kernel(name)` and fall back to their NumPy code
when it answers None: numba is not installed, or FEIJIANG_COMPILER=0 in the
environment turns compilation off. numba is imported on the first request, not with paddle,
and only the modules of the kernels asked for are loaded; compiled code is cached on disk
(compiler/cache.py), so a fresh environment compiles a kernel once and later processes load
it."""
from __future__ import annotations

import functools
import importlib
import os

_KERNELS = {"depthwise_correlate": ".depthwise", "conv_epilogue": ".epilogue",
            "shifted_sum": ".shifted", "pool_windows": ".pool",
            "plane_means": ".excitation", "scale_planes": ".excitation",
            "layer_norm": ".layer_norm", "shift_rows": ".softmax",
            "normalize_rows": ".softmax", "im2col": ".im2col",
            "normalize_relu": ".batch_norm"}


@functools.cache
def kernel(name: str):
    """The compiled function `name`, or None when compiled kernels are unavailable."""
    if os.environ.get("FEIJIANG_COMPILER", "1") == "0":
        return None
    try:
        module = importlib.import_module(_KERNELS[name], __name__)
    except ImportError:
        return None
    from .cache import start_numba
    start_numba()
    return getattr(module, name)
