"""Handing large arrays from worker processes to the main process through shared memory.

A worker writes each large array of a batch to a file on the RAM-backed /dev/shm and sends
only its name; the main process maps the file (no copy) and unlinks it at once, so the memory
is freed when the last array over it goes away. Small arrays, and every array on systems
without /dev/shm, travel pickled through the result queue instead. File names start with a
prefix unique to one set of workers, so that once those workers are gone the main process can
remove whatever they left unsent (batches in flight when a worker failed or was stopped).
"""
from __future__ import annotations

import itertools
import mmap
import os
import tempfile

import numpy as np

from ..._core.tensor import Tensor, wrap

_SHM_DIR = "/dev/shm"
# Below this size pickling through the queue is as cheap as a file round trip.
MIN_SHARED_BYTES = 1 << 16

_worker_sets = itertools.count()


def shared_memory_available() -> bool:
    return os.path.isdir(_SHM_DIR) and os.access(_SHM_DIR, os.W_OK)


def new_prefix() -> str:
    """A file name prefix for one set of workers of this process."""
    return f"paddle_dataloader_{os.getpid()}_{next(_worker_sets)}_"


def remove_leftovers(prefix: str) -> None:
    """Delete the files of a set of workers that has stopped (none are being written)."""
    for name in os.listdir(_SHM_DIR):
        if name.startswith(prefix):
            try:
                os.unlink(os.path.join(_SHM_DIR, name))
            except FileNotFoundError:
                pass


class SharedArray:
    """The name, dtype and shape of an array a worker left in shared memory."""

    __slots__ = ("as_tensor", "dtype", "path", "shape")

    def __init__(self, path: str, dtype, shape, as_tensor: bool):
        self.path = path
        self.dtype = dtype
        self.shape = shape
        self.as_tensor = as_tensor


def _share(array: np.ndarray, as_tensor: bool, prefix: str) -> SharedArray:
    fd, path = tempfile.mkstemp(prefix=prefix, dir=_SHM_DIR)
    with os.fdopen(fd, "wb") as handle:
        handle.write(np.require(array, requirements="C").reshape(-1).view(np.uint8).data)
    return SharedArray(path, array.dtype, array.shape, as_tensor)


def move_to_shared_memory(batch, prefix: str | None):
    """`batch` with its large arrays and Tensors replaced by SharedArray handles (files named
    with `prefix`); unchanged when `prefix` is None (shared memory off)."""
    if prefix is None:
        return batch
    if isinstance(batch, Tensor):
        data = batch._data
        return _share(data, True, prefix) if data.nbytes >= MIN_SHARED_BYTES else batch
    if isinstance(batch, np.ndarray):
        usable = batch.dtype.kind not in "OUS" and batch.nbytes >= MIN_SHARED_BYTES
        return _share(batch, False, prefix) if usable else batch
    if isinstance(batch, dict):
        return {key: move_to_shared_memory(value, prefix) for key, value in batch.items()}
    if isinstance(batch, (list, tuple)):
        return type(batch)(move_to_shared_memory(value, prefix) for value in batch)
    return batch


def _attach(shared: SharedArray):
    count = int(np.prod(shared.shape, dtype=np.int64))
    nbytes = count * np.dtype(shared.dtype).itemsize
    fd = os.open(shared.path, os.O_RDWR)
    try:
        buffer = mmap.mmap(fd, nbytes) if nbytes else b""
    finally:
        os.close(fd)
        os.unlink(shared.path)
    array = np.frombuffer(buffer, dtype=shared.dtype, count=count).reshape(shared.shape)
    return wrap(array) if shared.as_tensor else array


def take_from_shared_memory(batch):
    """The inverse of move_to_shared_memory, in the main process (each file is unlinked)."""
    if isinstance(batch, SharedArray):
        return _attach(batch)
    if isinstance(batch, dict):
        return {key: take_from_shared_memory(value) for key, value in batch.items()}
    if isinstance(batch, (list, tuple)):
        return type(batch)(take_from_shared_memory(value) for value in batch)
    return batch
