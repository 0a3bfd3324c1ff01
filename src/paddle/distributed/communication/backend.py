"""The communication backend interface: what a group needs from a transport.

Every method works on NumPy arrays (C-contiguous, in this process's memory) and returns a `Work`
already in flight; blocking callers wait on it. The MPI backend (mpi.py) implements it over
mpi4py; an NCCL backend for CuPy arrays is one more subclass with the same methods. Reductions
take Paddle's `ReduceOp` numbers; a backend maps dtypes it cannot reduce natively itself.
"""
from __future__ import annotations

import abc
import os
import time
from collections.abc import Callable, Sequence

import numpy as np

from .reduce import ReduceOp

_SPIN_S = 1e-4  # poll flat out this long, then yield the core between polls (shared-memory
_YIELD_S = 1.0  # transfers progress only while polled, but a peer may need this core); after
_NAP_S = 1e-3   # a second, nap between polls so a long wait does not burn a core


class Work(abc.ABC):
    """One operation in flight: `test()` polls (and drives progress), `wait()` blocks."""

    __slots__ = ()

    @abc.abstractmethod
    def test(self) -> bool:
        """True once the operation has finished; never blocks."""

    def wait(self, timeout_s: float, describe: Callable[[], str]) -> None:
        """Block until finished; past `timeout_s` raise TimeoutError with describe()."""
        if self.test():
            return
        start = time.monotonic()
        while not self.test():
            waited = time.monotonic() - start
            if waited > timeout_s:
                raise TimeoutError(describe())
            if waited > _YIELD_S:
                time.sleep(_NAP_S)
            elif waited > _SPIN_S:
                os.sched_yield()


class AveragedBuffers:
    """Flat arrays, one per (count, dtype) of a layout, that the ranks average together in
    place, one array at a time: DataParallel's gradient buckets, which its gradients are views
    of, so nothing is copied in or out. These live in this process's memory and are averaged
    by `all_reduce(AVG)`; a backend with a faster way (shared memory on one node, NCCL on
    GPUs) hands out its own from `Backend.averaged_buffers`."""

    def __init__(self, backend: Backend, layout: Sequence[tuple[int, np.dtype]]):
        self.arrays = [np.zeros(count, dtype) for count, dtype in layout]
        self._backend = backend

    def start(self, index: int) -> Work:
        """Start averaging arrays[index] across the ranks (every rank starts the same arrays
        in the same order)."""
        return self._backend.all_reduce(self.arrays[index], ReduceOp.AVG)


class Backend(abc.ABC):
    """A communicator over `size` processes, this one being `rank`."""

    name: str
    rank: int
    size: int

    @abc.abstractmethod
    def all_reduce(self, array: np.ndarray, op: int) -> Work:
        """Reduce `array` across ranks in place."""

    @abc.abstractmethod
    def reduce(self, array: np.ndarray, root: int, op: int) -> Work:
        """Reduce into `array` on `root` (other ranks' arrays are left as they were)."""

    @abc.abstractmethod
    def broadcast(self, array: np.ndarray, root: int) -> Work:
        """Overwrite `array` everywhere with root's."""

    @abc.abstractmethod
    def all_gather(self, send: np.ndarray, recv: np.ndarray) -> Work:
        """`recv` (size × send) gets every rank's `send`, in rank order."""

    @abc.abstractmethod
    def gather(self, send: np.ndarray, recv: np.ndarray | None, root: int) -> Work:
        """Like all_gather, into `recv` on root only."""

    @abc.abstractmethod
    def scatter(self, send: np.ndarray | None, recv: np.ndarray, root: int) -> Work:
        """Rank i's `recv` gets the i-th of `size` equal parts of root's `send`."""

    @abc.abstractmethod
    def reduce_scatter(self, send: np.ndarray, recv: np.ndarray, op: int) -> Work:
        """Reduce `send` (size equal parts) across ranks; rank i keeps part i in `recv`."""

    @abc.abstractmethod
    def all_to_all(self, send: np.ndarray, send_counts: Sequence[int], recv: np.ndarray,
                   recv_counts: Sequence[int]) -> Work:
        """Part j of `send` (send_counts[j] elements, in order) goes to rank j; part i of
        `recv` (recv_counts[i] elements) comes from rank i."""

    @abc.abstractmethod
    def send(self, array: np.ndarray, peer: int) -> Work:
        """Send `array` to rank `peer`."""

    @abc.abstractmethod
    def recv(self, array: np.ndarray, peer: int) -> Work:
        """Receive into `array` from rank `peer`."""

    @abc.abstractmethod
    def barrier(self) -> Work:
        """Finishes once every rank has entered."""

    def averaged_buffers(self, layout: Sequence[tuple[int, np.dtype]]) -> AveragedBuffers:
        """Zeroed flat arrays for `layout` that `start(i)` averages across the ranks; called
        by every rank alike."""
        return AveragedBuffers(self, layout)

    @abc.abstractmethod
    def subgroup(self, ranks: Sequence[int], tag: int) -> Backend | None:
        """A backend over `ranks` (this backend's numbering, sorted), created by those ranks
        only; None on the other ranks."""

    @abc.abstractmethod
    def exchange_metadata(self, row: np.ndarray, timeout_s: float) -> tuple[np.ndarray, list]:
        """Every rank's int64 `row`, stacked in rank order, and the ranks that had not sent
        theirs within `timeout_s` (their rows are zeros then)."""

    @abc.abstractmethod
    def abort(self, code: int) -> None:
        """End every process of the job (a rank that cannot go on must not leave the others
        waiting)."""

    @abc.abstractmethod
    def close(self) -> None:
        """Release the communicator."""
