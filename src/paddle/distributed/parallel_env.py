"""Where this process stands in a distributed job, read from its environment.

Paddle's launcher describes each rank with PADDLE_* variables; a process started straight by
`mpiexec`/`mpirun` or a scheduler has only its process manager's variables (PMI, Open MPI's,
PMIx's, Slurm's). Both are read here, Paddle's first, so a script runs the same under either.
"""
from __future__ import annotations

import os

__all__ = ["ParallelEnv", "ParallelMode", "launched_rank_and_size"]

# (rank variable, size variable) of the process managers that start MPI jobs
_PROCESS_MANAGER_VARS = (
    ("PMI_RANK", "PMI_SIZE"),                              # MPICH's Hydra, Intel MPI
    ("OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"),      # Open MPI
    ("PMIX_RANK", "PMIX_SIZE"),                            # PMIx launchers
    ("SLURM_PROCID", "SLURM_NTASKS"),                      # srun
)


def launched_rank_and_size() -> tuple[int, int]:
    """(rank, world size): the launcher's PADDLE_TRAINER_ID/PADDLE_TRAINERS_NUM, else those of
    the process manager that started this process, else (0, 1)."""
    if "PADDLE_TRAINERS_NUM" in os.environ:
        return (int(os.environ.get("PADDLE_TRAINER_ID", "0")),
                int(os.environ["PADDLE_TRAINERS_NUM"]))
    for rank_var, size_var in _PROCESS_MANAGER_VARS:
        if rank_var in os.environ and size_var in os.environ:
            return int(os.environ[rank_var]), int(os.environ[size_var])
    return 0, 1


class ParallelMode:
    """The kinds of parallelism (Paddle's numbering).

    Example:
        >>> import paddle
        >>> paddle.distributed.ParallelMode.DATA_PARALLEL
        0
    """

    DATA_PARALLEL = 0
    TENSOR_PARALLEL = 1
    PIPELINE_PARALLEL = 2
    SHARDING_PARALLEL = 3
    SEGMENT_PARALLEL = 4


class ParallelEnv:
    """This process's rank, the job's size, endpoints and timeout, read once from the
    environment at construction.

    Example:
        >>> import paddle
        >>> env = paddle.distributed.ParallelEnv()
        >>> env.rank, env.world_size
        (0, 1)
    """

    def __init__(self):
        self._rank, self._world_size = launched_rank_and_size()
        self._device_type = ""
        # a CPU process has no accelerator to choose; 0 is what a one-device build selects
        self._device_id = int(os.getenv("FLAGS_selected_gpus", "0").split(",")[0])
        self._pg_timeout = int(os.getenv("PADDLE_PG_TIMEOUT", "1800000"))
        self._trainer_endpoints = os.getenv("PADDLE_TRAINER_ENDPOINTS", "").split(",")
        self._current_endpoint = os.getenv("PADDLE_CURRENT_ENDPOINT", "")
        self._nrings = int(os.getenv("FLAGS_nccl_nrings", "1"))
        if not 0 < self._nrings < 9:
            raise ValueError(f"(ParallelEnv) FLAGS_nccl_nrings must be in [1, 8], but received "
                             f"{self._nrings}")

    @property
    def rank(self) -> int:
        """This process's rank in the job (PADDLE_TRAINER_ID)."""
        return self._rank

    @property
    def world_size(self) -> int:
        """How many processes the job has (PADDLE_TRAINERS_NUM)."""
        return self._world_size

    @property
    def local_rank(self) -> int:
        """Paddle's older name for `rank` (PADDLE_TRAINER_ID), not the rank within a node."""
        return self._rank

    @property
    def nranks(self) -> int:
        return self._world_size

    @property
    def device_id(self) -> int:
        return self._device_id

    @property
    def dev_id(self) -> int:
        return self._device_id

    @property
    def device_type(self) -> str:
        return self._device_type

    @property
    def current_endpoint(self) -> str:
        return self._current_endpoint

    @property
    def trainer_endpoints(self) -> list:
        return self._trainer_endpoints

    @property
    def nrings(self) -> int:
        return self._nrings

    @property
    def pg_timeout(self) -> int:
        """Milliseconds a collective may wait for its peers (PADDLE_PG_TIMEOUT)."""
        return self._pg_timeout
