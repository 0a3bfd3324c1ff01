"""What runs inside a DataLoader worker process, and `get_worker_info()` that describes it."""
from __future__ import annotations

import os
import queue
import random
import sys
import traceback

import numpy as np

from ._shared_arrays import move_to_shared_memory
from .fetcher import IterFetcher, make_fetcher

__all__ = ["WorkerInfo", "get_worker_info"]

# How often an idle worker checks that its parent is still alive (seconds).
PARENT_CHECK_INTERVAL = 1.0

_worker_info = None


class WorkerInfo:
    """Facts about the current worker process: `id`, `num_workers`, `dataset` (this worker's
    copy) and `seed` (the base seed its random generators derive from). Read-only."""

    __slots__ = ("dataset", "id", "num_workers", "seed")

    def __init__(self, id, num_workers, dataset, seed):
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "num_workers", num_workers)
        object.__setattr__(self, "dataset", dataset)
        object.__setattr__(self, "seed", seed)

    def __setattr__(self, key, value):
        raise RuntimeError(f"Cannot assign attributes to {type(self).__name__} objects")

    def __repr__(self) -> str:
        return f"WorkerInfo(id={self.id}, num_workers={self.num_workers}, seed={self.seed})"


def get_worker_info():
    """In a DataLoader worker process, its WorkerInfo; None in the main process. An
    IterableDataset uses it to give each worker a distinct share of the data.

    Example:
        >>> from paddle.io import get_worker_info
        >>> print(get_worker_info())
        None
    """
    return _worker_info


class WorkerError:
    """An exception raised in a worker, carried to the main process with its traceback."""

    def __init__(self, worker_id: int):
        exc_type, exc, tb = sys.exc_info()
        self.worker_id = worker_id
        self.exc_type = exc_type
        self.text = "".join(traceback.format_exception(exc_type, exc, tb))

    def reraise(self):
        message = (f"DataLoader worker({self.worker_id}) caught {self.exc_type.__name__} with "
                   f"message:\n{self.text}")
        try:
            error = self.exc_type(message)
        except Exception:  # noqa: BLE001 - exception types whose constructor needs more
            error = RuntimeError(message)
        raise error


class Drained:
    """The reply of a worker whose iterable dataset has no more batches."""


def _seed_everything(base_seed: int, worker_id: int) -> None:
    """Seed the worker's generators as Paddle does: Python's and paddle's with
    base_seed + worker_id, NumPy's with four words that a SeedSequence hashes from
    (worker_id, low and high halves of base_seed, 0)."""
    from ...framework.random import seed as paddle_seed
    seed = base_seed + worker_id
    random.seed(seed)
    paddle_seed(seed)
    entropy = [worker_id, base_seed & 0xFFFFFFFF, base_seed >> 32, 0]
    np.random.seed(np.random.SeedSequence(entropy).generate_state(4))


def _next_task(index_queue, parent_pid: int):
    """The next task, or None once told to stop or orphaned by the main process."""
    while True:
        try:
            return index_queue.get(timeout=PARENT_CHECK_INTERVAL)
        except queue.Empty:
            if os.getppid() != parent_pid:
                return None


class _WorkerState:
    """One worker's fetcher, restarted for each new epoch, and the error it owes the main
    process (a failing worker_init_fn is reported as the reply to the first task)."""

    def __init__(self, setup: dict, worker_id: int):
        self.setup = setup
        self.worker_id = worker_id
        self.error = self.fetcher = self.epoch = None
        self.drained = False
        try:
            if setup["worker_init_fn"] is not None:
                setup["worker_init_fn"](worker_id)
        except Exception:  # noqa: BLE001 - any failure is reported to the main process
            self.error = WorkerError(worker_id)
            return
        self._start_epoch()

    def _start_epoch(self) -> None:
        setup = self.setup
        self.drained = False
        try:
            self.fetcher = make_fetcher(setup["dataset"], setup["auto_collate"],
                                        setup["collate_fn"], setup["drop_last"])
        except Exception:  # noqa: BLE001 - any failure is reported to the main process
            self.error = WorkerError(self.worker_id)

    def serve(self, epoch: int, indices):
        if self.epoch is not None and epoch != self.epoch and self.error is None:
            self._start_epoch()
        self.epoch = epoch
        if self.error is not None:
            reply, self.error = self.error, None
            return reply
        if self.drained:
            return Drained()
        try:
            batch = self.fetcher.fetch(indices)
        except StopIteration:
            if not isinstance(self.fetcher, IterFetcher):
                return WorkerError(self.worker_id)
            self.drained = True
            return Drained()
        except Exception:  # noqa: BLE001 - any failure is reported to the main process
            return WorkerError(self.worker_id)
        return move_to_shared_memory(batch, self.setup["shm_prefix"])


def worker_loop(setup: dict, worker_id: int, index_queue, result_queue, parent_pid: int):
    """Serve (epoch, batch_id, indices) tasks until a None task arrives, replying
    (epoch, batch_id, batch | WorkerError | Drained) on `result_queue`."""
    global _worker_info
    _seed_everything(setup["base_seed"], worker_id)
    # Paddle's WorkerInfo.seed is the base seed shared by all workers
    _worker_info = WorkerInfo(worker_id, setup["num_workers"], setup["dataset"],
                              setup["base_seed"])
    state = _WorkerState(setup, worker_id)
    while (task := _next_task(index_queue, parent_pid)) is not None:
        epoch, batch_id, indices = task
        result_queue.put((epoch, batch_id, state.serve(epoch, indices)))
    # Replies still buffered now are not wanted (the main process stopped asking, or died);
    # exiting must not wait to push them into a pipe nobody may read again.
    result_queue.cancel_join_thread()
