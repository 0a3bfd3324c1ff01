"""The launcher's rank process: `python -m paddle.distributed.launch.worker script args`.

`mpiexec` starts one per rank with the job's common environment. It forks: the child is the
rank — it sets its own PADDLE_* variables (from the process manager's PMI_RANK, after joining
the other nodes when the job spans several), sends its output to `workerlog.<local rank>` and
runs the script as `__main__` — while the parent waits for it and records, with the time, how
it ended (an exit code, or the signal that killed it). The launcher reads these records to
name the rank that brought a job down: the first to end badly.
"""
from __future__ import annotations

import ctypes
import os
import runpy
import signal
import sys
import time

_PR_SET_PDEATHSIG = 1
_FORWARDED = (signal.SIGINT, signal.SIGTERM)


def _rank_environment(local_rank: int, local_size: int) -> dict:
    nnodes = int(os.environ.get("PADDLE_NNODES", "1"))
    if nnodes > 1:
        from mpi4py import MPI

        from .join import join_nodes
        comm = join_nodes(MPI)
        rank, size = comm.Get_rank(), comm.Get_size()
    else:
        rank, size = local_rank, local_size
    endpoints = os.environ.get("PADDLE_TRAINER_ENDPOINTS", "").split(",")
    current = endpoints[rank] if rank < len(endpoints) else ""
    return {"PADDLE_TRAINER_ID": rank, "PADDLE_GLOBAL_RANK": rank, "PADDLE_TRAINERS_NUM": size,
            "PADDLE_GLOBAL_SIZE": size, "PADDLE_LOCAL_RANK": local_rank,
            "PADDLE_RANK_IN_NODE": local_rank, "PADDLE_LOCAL_SIZE": local_size,
            "PADDLE_CURRENT_ENDPOINT": current}


def _redirect_output(log_dir: str, local_rank: int) -> None:
    log = os.open(os.path.join(log_dir, f"workerlog.{local_rank}"),
                  os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.close(log)


def _record(run_dir: str, local_rank: int, what: str, value: str) -> None:
    path = os.path.join(run_dir, f"rank.{local_rank}.{what}")
    with open(path + ".tmp", "w") as f:
        f.write(value)
    os.replace(path + ".tmp", path)


def _die_with_parent() -> None:
    """The rank must not outlive its supervisor (the process manager may SIGKILL that one)."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


def _supervise(run_dir: str, local_rank: int) -> None:
    """Fork; in the parent, wait for the rank (the child) and end as it ended."""
    child = os.fork()
    if child == 0:
        _die_with_parent()
        return
    for sig in _FORWARDED:
        signal.signal(sig, lambda number, _frame: os.kill(child, number))
    _, status = os.waitpid(child, 0)
    code = os.waitstatus_to_exitcode(status)
    _record(run_dir, local_rank, "exit", f"{code} {time.time()!r}")
    if code < 0:
        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    os._exit(code)


def _record_uncaught(run_dir: str, local_rank: int) -> None:
    """An exception that ends the script is recorded at once: the job is taken down right
    after it (paddle.distributed aborts), before the supervisor could record anything."""
    def hook(kind, value, tb):
        sys.__excepthook__(kind, value, tb)  # first: the job may be torn down any moment now
        sys.stderr.flush()
        _record(run_dir, local_rank, "exit", f"1 {time.time()!r}")
    sys.excepthook = hook


def main() -> None:
    local_rank = int(os.environ["PMI_RANK"])
    local_size = int(os.environ["PMI_SIZE"])
    run_dir = os.environ.get("PADDLE_LAUNCH_RUN_DIR")
    if run_dir:
        _supervise(run_dir, local_rank)
        _record(run_dir, local_rank, "pid", str(os.getpid()))
        _record_uncaught(run_dir, local_rank)
    log_dir = os.environ.get("PADDLE_LOG_DIR")
    if log_dir:
        _redirect_output(log_dir, local_rank)
    os.environ.update({k: str(v) for k, v in _rank_environment(local_rank, local_size).items()})
    if log_dir:
        with open(os.path.join(log_dir, f"envlog.{local_rank}"), "w") as f:
            f.write("\n".join(f"{k}={v}" for k, v in sorted(os.environ.items())) + "\n")
    script, *args = sys.argv[1:]
    sys.argv = [script] + args
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    runpy.run_path(script, run_name="__main__")


if __name__ == "__main__":
    main()
