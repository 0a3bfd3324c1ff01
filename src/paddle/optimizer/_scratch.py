"""Reusable scratch buffers and chunking for the elementwise update rules.

Updates walk large parameters in chunks so that every temporary of a chunk stays in cache and
is allocated once per process, instead of allocating (and page-faulting) full-size
temporaries on every step."""
from __future__ import annotations

import threading

import numpy as np

CHUNK = 1 << 15

# per thread: NumPy releases the GIL inside ufuncs, so threads must not share buffers
_local = threading.local()


def scratch(xp, slot: str, dtype, size: int):
    """A cached 1-D buffer of the array module `xp` with at least `size` elements (the first
    `size` are returned)."""
    buffers = _local.__dict__.setdefault("buffers", {})
    key = (xp.__name__, slot, np.dtype(dtype))
    buf = buffers.get(key)
    if buf is None or buf.size < size:
        buf = xp.empty(max(size, 1), dtype=dtype)
        buffers[key] = buf
    return buf[:size]


def flat_views(*arrays):
    """1-D views of C-contiguous arrays, or None when one of them cannot be viewed flat."""
    views = []
    for a in arrays:
        if not a.flags.c_contiguous:
            return None
        views.append(a.reshape(-1))
    return views


def chunks(size: int):
    for start in range(0, size, CHUNK):
        yield slice(start, min(start + CHUNK, size))
