"""The launcher's rank process: `python -m paddle.distributed.launch.worker script args`.

`mpiexec` starts one per rank with the job's common environment; this sets the rank's own
PADDLE_* variables (from the process manager's PMI_RANK, after joining the other nodes when
the job spans several), sends its output to `workerlog.<local rank>`, records its pid and
exit status for the launcher, and runs the script as `__main__`.
"""
from __future__ import annotations

import os
import runpy
import sys


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


def _record(run_dir: str, rank: int, what: str, value) -> None:
    path = os.path.join(run_dir, f"rank.{rank}.{what}")
    with open(path + ".tmp", "w") as f:
        f.write(str(value))
    os.replace(path + ".tmp", path)


def main() -> None:
    local_rank = int(os.environ["PMI_RANK"])
    local_size = int(os.environ["PMI_SIZE"])
    log_dir = os.environ.get("PADDLE_LOG_DIR")
    if log_dir:
        _redirect_output(log_dir, local_rank)
    values = _rank_environment(local_rank, local_size)
    os.environ.update({k: str(v) for k, v in values.items()})
    rank = values["PADDLE_TRAINER_ID"]
    run_dir = os.environ.get("PADDLE_LAUNCH_RUN_DIR")
    if log_dir:
        with open(os.path.join(log_dir, f"envlog.{local_rank}"), "w") as f:
            f.write("\n".join(f"{k}={v}" for k, v in sorted(os.environ.items())) + "\n")
    if run_dir:
        _record(run_dir, rank, "pid", os.getpid())
    script, *args = sys.argv[1:]
    sys.argv = [script] + args
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    code = 0
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
        if code:
            raise
    except BaseException:
        code = 1
        raise
    finally:
        if run_dir:
            _record(run_dir, rank, "exit", code)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
