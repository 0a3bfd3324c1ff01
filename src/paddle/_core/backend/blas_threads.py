"""The thread count of the BLAS library NumPy's matmul runs on (Paddle Inference's
`cpu_math_library_num_threads`).

NumPy wheels bundle OpenBLAS (symbols `scipy_openblas_*64_` in NumPy 2, `openblas_*` in older
builds); MKL builds export `MKL_Set_Num_Threads`. The library is found among the shared objects
already loaded into the process, so no extra dependency is needed. Where none is found (macOS
Accelerate, for one) the count cannot be changed and `blas_threads()` answers None.
"""
from __future__ import annotations

import contextlib
import ctypes
import functools
import os
import threading

import numpy as np

_OPENBLAS = [("scipy_openblas_set_num_threads64_", "scipy_openblas_get_num_threads64_"),
             ("scipy_openblas_set_num_threads", "scipy_openblas_get_num_threads"),
             ("openblas_set_num_threads64_", "openblas_get_num_threads64_"),
             ("openblas_set_num_threads", "openblas_get_num_threads")]
_MKL = [("MKL_Set_Num_Threads", "MKL_Get_Max_Threads")]
_lock = threading.Lock()


def _loaded_libraries() -> list:
    """Paths of the loaded shared objects whose names look like a BLAS (Linux /proc maps)."""
    np.ones(1) @ np.ones(1)  # make sure NumPy's BLAS is loaded
    try:
        with open("/proc/self/maps") as maps:
            paths = {line.split()[-1] for line in maps if "/" in line}
    except OSError:
        return []
    return sorted(p for p in paths if any(k in os.path.basename(p).lower()
                                          for k in ("blas", "mkl")))


@functools.lru_cache(maxsize=1)
def _controls():
    """(set, get) ctypes functions of NumPy's BLAS, or None."""
    for path in _loaded_libraries():
        try:
            library = ctypes.CDLL(path)
        except OSError:
            continue
        for setter, getter in _OPENBLAS + _MKL:
            if hasattr(library, setter) and hasattr(library, getter):
                set_fn, get_fn = getattr(library, setter), getattr(library, getter)
                set_fn.argtypes, set_fn.restype = [ctypes.c_int], None
                get_fn.argtypes, get_fn.restype = [], ctypes.c_int
                return set_fn, get_fn
    return None


def blas_threads() -> int | None:
    controls = _controls()
    return None if controls is None else int(controls[1]())


def set_blas_threads(count: int) -> None:
    controls = _controls()
    if controls is not None:
        controls[0](max(1, int(count)))


@contextlib.contextmanager
def limited_blas_threads(count: int):
    """Run the body with BLAS on `count` threads, then restore the previous count. The count
    is process-wide, so concurrent bodies share one setting (the lock keeps them consistent)."""
    controls = _controls()
    if controls is None:
        yield
        return
    with _lock:
        previous = int(controls[1]())
        if previous != count:
            controls[0](count)
    try:
        yield
    finally:
        if previous != count:
            with _lock:
                controls[0](previous)
