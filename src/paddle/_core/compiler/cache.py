"""Where compiled kernels live between processes, and numba's start-up.

`jit` is numba's njit (nogil) with an on-disk cache of Feijiang's own: machine code compiled
once is loaded, not recompiled, by every later process. The cache sits in FEIJIANG_CACHE_DIR,
else NUMBA_CACHE_DIR, else the user's cache directory (~/.cache/feijiang/numba on Linux),
so an installed Feijiang whose site-packages is read-only caches too; numba's own places
(beside the source, numba's user-wide folder) come next, and where nothing is writable
kernels are compiled in each process instead of failing to import.

`start_numba` imports numba and loads its compiler's registries once, without the SciPy import
numba makes there (see _BlasProbeRefused): 0.15 s of the 0.3 s a first compiled call costs."""
from __future__ import annotations

import functools
import importlib.abc
import os
import sys
import threading
from typing import ClassVar

import numba
from numba.core import caching
from numba.misc.appdirs import AppDirs


def cache_root() -> str:
    """The folder Feijiang's compiled kernels are cached under."""
    for variable in ("FEIJIANG_CACHE_DIR", "NUMBA_CACHE_DIR"):
        if os.environ.get(variable):
            return os.path.join(os.environ[variable], "feijiang")
    return os.path.join(AppDirs(appname="feijiang", appauthor=False).user_cache_dir, "numba")


class _FeijiangLocator(caching._SourceFileBackedLocatorMixin, caching._CacheLocator):
    """A kernel's cache files under cache_root(), in a folder per source directory; the
    source file's stamp (numba's) invalidates them when the kernel changes."""

    def __init__(self, py_func, py_file):
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        self._cache_path = os.path.join(cache_root(), self.get_suitable_cache_subpath(py_file))

    def get_cache_path(self) -> str:
        return self._cache_path


class _FeijiangCacheImpl(caching.CompileResultCacheImpl):
    _locator_classes: ClassVar[list] = [_FeijiangLocator,
                                        *caching.CompileResultCacheImpl._locator_classes]


class _FeijiangCache(caching.FunctionCache):
    _impl_class = _FeijiangCacheImpl


def jit(function=None, *, reassociate: bool = False, inline: bool = False):
    """`function` compiled by numba on first call (nopython, GIL released, NumPy's rules for a
    division by zero: inf or NaN, no exception), cached on disk. With `reassociate`, float
    sums may be regrouped (LLVM's reassoc flag), which lets a reduction loop run on vector
    lanes: 4-6x faster, and the sum differs from NumPy's pairwise one in the last bits. An
    `inline` function is compiled into its callers (a call inside a loop keeps the loop from
    running on vector lanes), so it has no cache of its own."""
    if function is None:
        return functools.partial(jit, reassociate=reassociate, inline=inline)
    fastmath = {"reassoc"} if reassociate else False
    if inline:
        return numba.njit(nogil=True, error_model="numpy", fastmath=fastmath,
                          inline="always")(function)
    dispatcher = numba.njit(nogil=True, error_model="numpy", fastmath=fastmath)(function)
    try:
        dispatcher._cache = _FeijiangCache(function)
    except RuntimeError:  # no writable place: keep the in-memory compilation only
        pass
    return dispatcher


class _BlasProbeRefused(importlib.abc.MetaPathFinder):
    """While numba loads its registries, its np.correlate support probes for BLAS by importing
    scipy.linalg (0.15 s; Feijiang's kernels never use it). This finder answers that one
    import, on the loading thread only, with ImportError, which numba reads as "no BLAS for
    correlate" and carries on: its np.dot and linear algebra still import SciPy when a
    function that uses them is compiled."""

    def __init__(self):
        self.thread = threading.get_ident()

    def find_spec(self, name, path=None, target=None):
        if name == "scipy.linalg" and threading.get_ident() == self.thread:
            raise ImportError("scipy.linalg is not loaded during numba's start-up")


_started = threading.Lock()


def start_numba() -> None:
    """Load numba's compiler (idempotent): afterwards cached kernels load in milliseconds."""
    with _started:
        from numba.core.registry import cpu_target
        probe = None if "scipy.linalg" in sys.modules else _BlasProbeRefused()
        if probe is not None:
            sys.meta_path.insert(0, probe)
        try:
            cpu_target.target_context.refresh()
        finally:
            if probe is not None:
                sys.meta_path.remove(probe)
