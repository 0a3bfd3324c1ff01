"""The DataLoader iterator for num_workers > 0: batches are fetched by worker processes.

Batch i goes to worker i mod n (skipping workers whose iterable dataset has run out), at most
`prefetch_factor` batches ahead per worker, and results are handed out in batch order, so the
loader yields exactly the batches num_workers=0 yields for the same indices (a shuffled order
differs as in Paddle: the workers' seed is drawn from NumPy's stream first). The main process never blocks forever: while
waiting it polls the workers, so a worker killed by a signal is reported at once, and
`timeout` bounds the wait for any one batch.
"""
from __future__ import annotations

import multiprocessing
import os
import queue
import signal
import sys
import time

import numpy as np

from ._shared_arrays import (
    new_prefix,
    remove_leftovers,
    shared_memory_available,
    take_from_shared_memory,
)
from .collate import arrays_to_tensors
from .worker import Drained, WorkerError, worker_loop

# How long one wait on the result queue lasts before the workers' health is checked (seconds).
POLL_INTERVAL = 0.1
# How long shutdown waits for a worker to exit by itself before terminating it (seconds).
JOIN_TIMEOUT = 5.0

def _context():
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def _describe_exit(process) -> str:
    code = process.exitcode
    if code is not None and code < 0:
        try:
            return f"killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"


class MultiProcessIter:
    """Runs the loader's worker processes and hands out their batches in order."""

    def __init__(self, loader):
        self._loader = loader
        self._ready: dict[int, object] = {}
        self._num_workers = loader.num_workers
        self._timeout = loader.timeout
        self._outstanding_limit = loader.prefetch_factor * self._num_workers
        self._epoch = 0
        # As in Paddle, the workers' base seed is drawn from NumPy's stream before the first
        # shuffled permutation, so np.random.seed reproduces Paddle's order and worker seeds.
        self._start_workers()
        self._begin_epoch()
        self._fill()

    # ---- worker processes -------------------------------------------------------------------
    def _start_workers(self) -> None:
        loader, ctx = self._loader, _context()
        use_shm = loader.use_shared_memory and shared_memory_available()
        self._shm_prefix = new_prefix() if use_shm else None
        setup = {
            "dataset": loader.dataset, "num_workers": self._num_workers,
            "auto_collate": loader.auto_collate_batch, "collate_fn": loader.effective_collate_fn(),
            "drop_last": loader.drop_last, "worker_init_fn": loader.worker_init_fn,
            "shm_prefix": self._shm_prefix,
            # drawn as Paddle draws it, so np.random.seed also fixes the workers' seeds
            "base_seed": int(np.random.randint(low=0, high=sys.maxsize)),
        }
        self._result_queue = ctx.Queue()
        self._index_queues, self._workers = [], []
        self._owner_pid = os.getpid()
        for worker_id in range(self._num_workers):
            index_queue = ctx.Queue()
            process = ctx.Process(target=worker_loop, daemon=True,
                                  args=(setup, worker_id, index_queue, self._result_queue,
                                        os.getpid()))
            process.start()
            self._index_queues.append(index_queue)
            self._workers.append(process)
        self._alive = True

    def _shutdown(self, graceful: bool = True) -> None:
        """Stop the workers: ask them to exit (or, after a failure, terminate them)."""
        if not self.alive:
            return
        if os.getpid() != self._owner_pid:
            return  # a copy inherited by a forked child: the workers are not its to stop
        self._alive = False
        for index_queue in self._index_queues:
            index_queue.put(None)
        deadline = time.monotonic() + (JOIN_TIMEOUT if graceful else 0.0)
        terminated = False
        for process in self._workers:
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.terminate()
                process.join()
                terminated = True
        if terminated:
            # A worker killed mid-send leaves half a message in the pipe, and reading it would
            # block for ever; its shared memory is removed by name below instead.
            self._release_buffered()
        else:
            self._release_unread_results()
        if self._shm_prefix is not None:
            remove_leftovers(self._shm_prefix)
        for q in (*self._index_queues, self._result_queue):
            q.cancel_join_thread()
            q.close()

    def _release_buffered(self) -> None:
        """Unlink the shared memory of batches received but not handed out."""
        for reply in self._ready.values():
            take_from_shared_memory(reply)
        self._ready = {}

    def _release_unread_results(self) -> None:
        """Unlink the shared memory of batches that were produced but never handed out."""
        self._release_buffered()
        while True:
            try:
                _, _, reply = self._result_queue.get_nowait()
            except (queue.Empty, OSError, EOFError, ValueError):
                return
            take_from_shared_memory(reply)

    def __del__(self):
        # Reached from the garbage collector (a persistent loader and its iterator form a
        # cycle), the queues' feeder threads may already be finalized, so a polite "exit"
        # message might never be sent; the workers are stopped outright instead.
        self._shutdown(graceful=False)

    # ---- epochs and tasks ---------------------------------------------------------------------
    def _reset(self) -> None:
        """Start another epoch on the same (persistent) workers; stale replies are ignored."""
        self._begin_epoch()
        self._fill()

    def _begin_epoch(self) -> None:
        self._release_buffered()  # batches of an abandoned epoch
        self._epoch += 1
        self._indices = iter(self._loader.index_source())
        self._sent = self._received = 0
        self._task_worker: dict[int, int] = {}
        self._active = list(range(self._num_workers))
        self._next_worker = 0
        self._exhausted = False

    def _fill(self) -> None:
        while self._sent - self._received < self._outstanding_limit and self._send_task():
            pass

    def _send_task(self) -> bool:
        if self._exhausted or not self._active:
            return False
        try:
            indices = next(self._indices)
        except StopIteration:
            self._exhausted = True
            return False
        worker_id = self._active[self._next_worker % len(self._active)]
        self._next_worker += 1
        self._index_queues[worker_id].put((self._epoch, self._sent, indices))
        self._task_worker[self._sent] = worker_id
        self._sent += 1
        return True

    # ---- results ------------------------------------------------------------------------------
    def _check_workers(self) -> None:
        dead = [p for p in self._workers if not p.is_alive()]
        if dead:
            details = ", ".join(f"pid {p.pid} ({_describe_exit(p)})" for p in dead)
            self._shutdown(graceful=False)
            raise RuntimeError(f"DataLoader worker(s) exited unexpectedly: {details}. A worker "
                               "may have been killed by the system (e.g. out of memory) or "
                               "by a signal.")

    def _wait_reply(self):
        started = time.monotonic()
        while True:
            try:
                epoch, batch_id, reply = self._result_queue.get(timeout=POLL_INTERVAL)
            except queue.Empty:
                self._check_workers()
                if self._timeout and time.monotonic() - started > self._timeout:
                    self._shutdown(graceful=False)
                    raise RuntimeError(f"DataLoader timed out: no batch arrived from the "
                                       f"workers within {self._timeout} seconds.") from None
                continue
            if epoch == self._epoch:
                return batch_id, reply
            take_from_shared_memory(reply)  # a stale batch of an abandoned epoch

    def __iter__(self):
        return self

    def __len__(self):
        return len(self._loader)

    @property
    def alive(self) -> bool:
        """Whether the workers are still running (False after the epoch ended or failed)."""
        return getattr(self, "_alive", False)

    def __next__(self):
        if not self.alive:
            raise StopIteration
        while self._received < self._sent:
            while self._received not in self._ready:
                batch_id, reply = self._wait_reply()
                self._ready[batch_id] = reply
            reply = self._ready.pop(self._received)
            worker_id = self._task_worker.pop(self._received)
            self._received += 1
            if isinstance(reply, Drained):
                if worker_id in self._active:
                    self._active.remove(worker_id)
                self._send_task()
                continue
            self._send_task()
            if isinstance(reply, WorkerError):
                self._shutdown(graceful=False)
                reply.reraise()
            return arrays_to_tensors(take_from_shared_memory(reply),
                                     copy=not self._loader.auto_collate_batch)
        if not self._loader.persistent_workers:
            self._shutdown()
        raise StopIteration

    next = __next__
