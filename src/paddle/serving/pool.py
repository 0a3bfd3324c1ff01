"""The supervised worker processes, seen from the server.

Each worker process is driven by one thread here that takes jobs from the shared queue, sends
them over the worker's pipe and hands the result back to the event loop. When a worker dies
its running job fails with 503 (the client may retry), and the thread starts a new process and
loads every current model version into it before it takes the next job; the other workers
serve meanwhile. Loading a version is broadcast to every worker and completes when all have
it, so a version is routed to only once every worker can run it."""
from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import itertools
import multiprocessing
import os
import queue
import threading

from .errors import ServingError
from .worker import worker_main

POLL_S = 0.05


class WorkerDied(Exception):
    pass


@dataclasses.dataclass
class Job:
    name: str
    version: str
    arrays: list
    future: asyncio.Future
    loop: asyncio.AbstractEventLoop

    def settle(self, outcome: tuple) -> None:
        """Hand the worker's reply to the waiting request (from the worker's thread)."""
        if outcome[0] == "done":
            result = outcome[2]
        elif outcome[0] == "died":
            result = ServingError(503, outcome[1], retry_after=1)
        else:
            result = ServingError(500, f"model '{self.name}' version {self.version} failed: "
                                       f"{outcome[2]}")
        self.loop.call_soon_threadsafe(_settle, self.future, result)


def _settle(future: asyncio.Future, result) -> None:
    if future.done():
        return
    if isinstance(result, Exception):
        future.set_exception(result)
    else:
        future.set_result(result)


class WorkerHandle(threading.Thread):
    """One worker process and the thread that feeds it."""

    def __init__(self, index: int, pool: WorkerPool):
        super().__init__(name=f"serving-worker-{index}", daemon=True)
        self.index, self.pool = index, pool
        self.controls: queue.Queue = queue.Queue()
        self.process = None
        self.conn = None
        self.ready = threading.Event()

    def run(self) -> None:
        self._start_process()
        self.ready.set()
        while not self.pool.stopping.is_set():
            self._serve_controls()
            if not self.process.is_alive():     # died between jobs: restart before the next
                self._restart()
            try:
                job = self.pool.jobs.get(timeout=POLL_S)
            except queue.Empty:
                continue
            if job.future.done():       # timed out or cancelled while queued
                continue
            self._run_job(job)
        self._stop_process()

    def _run_job(self, job: Job) -> None:
        try:
            reply = self._exchange(("run", 0, job.name, job.version, job.arrays))
        except WorkerDied:
            message = f"worker {self.index} exited while running the request (restarting it)"
            job.settle(("died", message))
            self._restart()
            return
        job.settle(reply)

    def _serve_controls(self) -> None:
        while True:
            try:
                message, done = self.controls.get_nowait()
            except queue.Empty:
                return
            try:
                done.set_result(self._exchange(message))
            except WorkerDied:
                done.set_result(("load_failed", message[1], message[2], "the worker exited"))
                self._restart()

    def _exchange(self, message: tuple) -> tuple:
        try:
            self.conn.send(message)
            while not self.conn.poll(POLL_S):
                if not self.process.is_alive():
                    raise WorkerDied()
            return self.conn.recv()
        except (EOFError, OSError, BrokenPipeError):
            raise WorkerDied() from None

    def _restart(self, attempts: int = 3) -> None:
        self.pool.restarts += 1
        for _ in range(attempts):
            try:
                self._start_process()
                return
            except WorkerDied:
                continue
        raise RuntimeError(f"worker {self.index} died {attempts} times while loading the "
                           "models; it stays down")

    def _start_process(self) -> None:
        """A fresh process with every current version loaded."""
        self._stop_process()
        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe()
        self.process = context.Process(target=worker_main, name="paddle-serving-worker",
                                       args=(child, os.getpid(), self.pool.threads),
                                       daemon=True)
        self.process.start()
        child.close()
        for (name, version), path in list(self.pool.loaded.items()):
            self._exchange(("load", name, version, path))

    def _stop_process(self) -> None:
        if self.process is None:
            return
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)
        self.conn.close()
        self.process = None

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None


class WorkerPool:
    def __init__(self, workers: int, threads: int = 1):
        self.threads = threads
        self.jobs: queue.Queue = queue.Queue()
        self.loaded: dict = {}            # (name, version) -> path, in load order
        self.stopping = threading.Event()
        self.restarts = 0
        self._ids = itertools.count()
        self.handles = [WorkerHandle(i, self) for i in range(max(1, workers))]

    def start(self) -> None:
        for handle in self.handles:
            handle.start()
        for handle in self.handles:
            handle.ready.wait()

    def stop(self) -> None:
        self.stopping.set()
        for handle in self.handles:
            handle.join(10)

    @property
    def queued(self) -> int:
        return self.jobs.qsize()

    async def run(self, name: str, version: str, arrays: list) -> list:
        loop = asyncio.get_running_loop()
        job = Job(name, version, arrays, loop.create_future(), loop)
        self.jobs.put(job)
        return await job.future

    async def broadcast(self, message: tuple) -> list:
        """Send a control message to every worker; their replies."""
        futures = []
        for handle in self.handles:
            done = concurrent.futures.Future()
            handle.controls.put((message, done))
            futures.append(asyncio.wrap_future(done))
        return await asyncio.gather(*futures)

    async def load(self, name: str, version: str, path: str) -> dict:
        """Load a version into every worker; its metadata (400 when it cannot be loaded)."""
        replies = await self.broadcast(("load", name, version, path))
        failed = [r for r in replies if r[0] != "loaded"]
        if failed:
            await self.broadcast(("unload", name, version))
            raise ServingError(400, f"cannot load model '{name}' version {version} from "
                                    f"{path}: {failed[0][3]}")
        self.loaded[(name, version)] = path
        return replies[0][3]

    async def unload(self, name: str, version: str) -> None:
        self.loaded.pop((name, version), None)
        await self.broadcast(("unload", name, version))
