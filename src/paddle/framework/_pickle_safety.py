"""Safe unpickling for paddle.load: only the globals a checkpoint needs may be looked up.

A pickle runs code through the globals it names (`posix.system`, `builtins.eval`, …): the
GLOBAL opcode looks the callable up and REDUCE calls it. Files that `paddle.save` writes (ours
and real Paddle's) name only NumPy's array reconstruction, `numpy.ndarray`, `numpy.dtype`, a few
builtins and, in protocol 2, `_codecs.encode`. Refusing every other name at lookup time means a
hostile file is rejected before any of its code can run.
"""
from __future__ import annotations

import _compat_pickle
import pickle

# (module, name) pairs a checkpoint may reference. Each is a constructor of plain data or a
# pure conversion: none can reach the file system, processes or arbitrary attributes.
_ALLOWED = frozenset({
    ("numpy.core.multiarray", "_reconstruct"),
    ("numpy._core.multiarray", "_reconstruct"),
    ("numpy.core.multiarray", "scalar"),
    ("numpy._core.multiarray", "scalar"),
    ("numpy", "ndarray"),
    ("numpy", "dtype"),
    ("_codecs", "encode"),
    ("builtins", "tuple"),
    ("builtins", "list"),
    ("builtins", "dict"),
    ("builtins", "set"),
    ("builtins", "frozenset"),
    ("builtins", "bytearray"),
    ("builtins", "complex"),
    ("builtins", "slice"),
    ("builtins", "range"),
    ("collections", "OrderedDict"),
    ("collections", "defaultdict"),
    # Feijiang's own plain-data types that checkpoints carry (random state, dtypes)
    ("paddle._core.random", "GeneratorState"),
    ("paddle._core.dtype", "to_dtype"),
})


class UnsafeGlobalError(pickle.UnpicklingError, ValueError):
    """A file names a global outside the safe-load allow list."""


def _canonical(module: str, name: str) -> tuple[str, str]:
    """Python 2 names (protocol 2 files) mapped to their Python 3 homes, as pickle does; no
    Python 3 module carries a Python 2 name, so the mapping is applied to every file."""
    if (module, name) in _compat_pickle.NAME_MAPPING:
        return _compat_pickle.NAME_MAPPING[(module, name)]
    return _compat_pickle.IMPORT_MAPPING.get(module, module), name


class SafeUnpickler(pickle.Unpickler):
    """An Unpickler that resolves only allow-listed globals; `source` names the file in errors."""

    def __init__(self, file, source: str):
        super().__init__(file, encoding="latin1")
        self._source = source

    def find_class(self, module, name):
        module, name = _canonical(module, name)
        if (module, name) not in _ALLOWED:
            raise UnsafeGlobalError(
                f"(paddle.load) Refused to load {self._source}: it references the global "
                f"'{module}.{name}', which is not on the safe-load allow list (NumPy arrays, "
                "dtypes and plain Python containers). Unpickling it could run arbitrary code. "
                "Only if you trust where the file came from, load it with "
                "paddle.load(path, safe=False).")
        return super().find_class(module, name)


def safe_unpickle(file, source: str):
    return SafeUnpickler(file, source).load()


def full_unpickle(file):
    return pickle.Unpickler(file, encoding="latin1").load()
