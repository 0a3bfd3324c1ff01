"""paddle.distributed: multi-process training over MPI.

Start a job with `python -m paddle.distributed.launch --nproc_per_node N train.py` (or
`paddle.distributed.spawn`, or any `mpiexec`), call `init_parallel_env()`, then use the
collectives on tensors or wrap the model in `paddle.DataParallel`.
"""
from . import communication, fleet  # noqa: F401 - fleet: recompute (fleet.utils.recompute)
from .communication import *  # the collectives, groups and object collectives
from .communication import stream  # noqa: F401
from .launch.main import launch
from .parallel import DataParallel, get_rank, get_world_size, init_parallel_env, is_available
from .parallel_env import ParallelEnv, ParallelMode
from .spawn import spawn

__all__ = communication.__all__ + [
    "DataParallel", "ParallelEnv", "ParallelMode", "get_rank", "get_world_size",
    "init_parallel_env", "is_available", "launch", "spawn"]
