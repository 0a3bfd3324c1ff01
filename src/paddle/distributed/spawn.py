"""paddle.distributed.spawn: run `func(*args)` in `nprocs` new ranks of a job.

The ranks are started as the launcher starts them (mpiexec, Paddle's PADDLE_* variables);
each unpickles `func` and `args` — so `func` must be importable by name: a module-level
function, in a script guarded by `if __name__ == "__main__":`, as with multiprocessing — and
calls it. Their output comes to this process's console.
"""
from __future__ import annotations

import argparse
import os
import pickle
import sys
import tempfile
import threading

from .launch.job import NodeJob
from .launch.logs import LaunchLog

__all__ = ["MultiprocessContext", "spawn"]

_CHILD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_spawn_child.py")


class MultiprocessContext:
    """The spawned job: `join()` waits for it and raises if a rank failed."""

    def __init__(self, job: NodeJob, payload: str, join: bool):
        self._job = job
        self._payload = payload
        self._code = None
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        if join:
            self.join()

    def _run(self) -> None:
        self._code = self._job.run()

    def join(self, timeout=None) -> bool:
        self._thread.join(timeout)
        if self._thread.is_alive():
            return False
        if os.path.exists(self._payload):
            os.unlink(self._payload)
        if self._code:
            raise RuntimeError(f"(spawn) the spawned job failed with exit code {self._code}; "
                               "the failing rank and its output are printed above")
        return True


def _payload(func, args, main_path) -> str:
    fd, path = tempfile.mkstemp(prefix="paddle-spawn-", suffix=".pkl")
    with os.fdopen(fd, "wb") as f:
        pickle.dump({"main_path": main_path, "sys_path": list(sys.path), "cwd": os.getcwd(),
                     "call": pickle.dumps((func, tuple(args)))}, f)
    return path


def spawn(func, args=(), nprocs=-1, join=True, daemon=False, **options):
    """Start `nprocs` ranks that each run `func(*args)`; with `join`, wait for them.

    Example:
        >>> import paddle.distributed as dist
        >>> # def train(lr): dist.init_parallel_env(); ...
        >>> # if __name__ == "__main__": dist.spawn(train, args=(0.1,), nprocs=2)
    """
    if not callable(func):
        raise TypeError(f"(spawn) func must be callable, but received {type(func).__name__}")
    nprocs = os.cpu_count() if nprocs in (-1, None) else int(nprocs)
    if nprocs < 1:
        raise ValueError(f"(spawn) nprocs must be positive (or -1), but received {nprocs}")
    main = sys.modules.get("__main__")
    main_path = getattr(main, "__file__", None)
    payload = _payload(func, args, os.path.abspath(main_path) if main_path else None)
    settings = argparse.Namespace(
        nnodes=1, nproc_per_node=nprocs, master=None, master_host="127.0.0.1", master_port=0,
        node_rank=0, log_dir=options.get("log_dir"), job_id="spawn",
        training_script=_CHILD, training_script_args=[payload])
    return MultiprocessContext(NodeJob(settings, LaunchLog()), payload, join)
