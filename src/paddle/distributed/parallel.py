"""Starting the distributed environment, and the data-parallel wrapper of a model.

`init_parallel_env()` connects this process to the other ranks of its job over MPI (the job
comes from `python -m paddle.distributed.launch`, `paddle.distributed.spawn`, or any
`mpiexec`/scheduler) and makes the global group every collective uses by default.
"""
from __future__ import annotations

import importlib.util
import os
import sys
import warnings

from .communication.group import global_group, is_initialized, register_global_group
from .data_parallel import DataParallel
from .parallel_env import ParallelEnv

__all__ = ["DataParallel", "ParallelEnv", "get_rank", "get_world_size", "init_parallel_env",
           "is_available"]


def is_available() -> bool:
    """Whether distributed communication can be used here (mpi4py and an MPI library).

    Example:
        >>> import paddle.distributed as dist
        >>> isinstance(dist.is_available(), bool)
        True
    """
    return importlib.util.find_spec("mpi4py") is not None


def _mpi_world(env: ParallelEnv):
    try:
        from .communication import mpi
    except ImportError as error:
        raise RuntimeError("(init_parallel_env) distributed training needs mpi4py and an MPI "
                           "library: pip install 'feijiang[distributed]' (mpi4py + the mpich "
                           f"wheel). Import failed: {error}") from error
    join = None
    if int(os.environ.get("PADDLE_NNODES", "1")) > 1 and "PADDLE_MPI_SERVICE" in os.environ:
        from .launch.join import join_nodes as join
    return mpi.world_backend(join)


def _abort_on_uncaught(backend) -> None:
    """A rank that dies of an exception takes the job down with it instead of leaving the
    other ranks waiting in their next collective."""
    previous = sys.excepthook

    def hook(kind, value, tb):
        previous(kind, value, tb)  # prints the traceback (and lets a launcher record the end)
        sys.stderr.flush()
        sys.stdout.flush()
        backend.abort(1)
    sys.excepthook = hook


def init_parallel_env(nccl_config=None):
    """Connect to the other ranks of the job and create the global group (returned).

    Outside a parallel environment (one process) this warns and does nothing, as Paddle does.

    Example:
        >>> import paddle.distributed as dist
        >>> import warnings
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     dist.init_parallel_env()
    """
    env = ParallelEnv()
    if env.world_size < 2:
        warnings.warn("Currently not a parallel execution environment, "
                      "`paddle.distributed.init_parallel_env` will not do anything.")
        return None
    if is_initialized():
        return global_group()
    backend = _mpi_world(env)
    if (backend.rank, backend.size) != (env.rank, env.world_size):
        raise RuntimeError(
            f"(init_parallel_env) the launcher says this is rank {env.rank} of "
            f"{env.world_size} (PADDLE_TRAINER_ID/PADDLE_TRAINERS_NUM), but MPI started it as "
            f"rank {backend.rank} of {backend.size}: start the job with one launcher, or set "
            "neither variable under mpiexec")
    _abort_on_uncaught(backend)
    return register_global_group(backend, env.pg_timeout / 1000.0)


def get_rank(group=None) -> int:
    """This process's rank: in `group`, or in the job.

    Example:
        >>> import paddle.distributed as dist
        >>> dist.get_rank()
        0
    """
    if group is not None:
        return group.rank
    return global_group().rank if is_initialized() else ParallelEnv().rank


def get_world_size(group=None) -> int:
    """How many ranks `group` (or the job) has.

    Example:
        >>> import paddle.distributed as dist
        >>> dist.get_world_size()
        1
    """
    if group is not None:
        return group.world_size
    return global_group().nranks if is_initialized() else ParallelEnv().world_size
