"""The communication backend interface: what a group needs from a transport.

Every method works on NumPy arrays (C-contiguous, in this process's memory) and returns a `Work`
already in flight; blocking callers wait on it. The MPI backend (mpi.py) implements it over
mpi4py; an NCCL backend for CuPy arrays is one more subclass with the same methods. Reductions
take Paddle's `ReduceOp` numbers; a backend maps dtypes it cannot reduce natively itself.
"""
from __future__ import annotations

import abc
from collections.abc import Callable, Sequence

import numpy as np


class Work(abc.ABC):
    """One operation in flight: `test()` polls (and drives progress), `wait()` blocks."""

    @abc.abstractmethod
    def test(self) -> bool:
        """True once the operation has finished; never blocks."""

    @abc.abstractmethod
    def wait(self, timeout_s: float, describe: Callable[[], str]) -> None:
        """Block until finished; past `timeout_s` raise TimeoutError with describe()."""


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
