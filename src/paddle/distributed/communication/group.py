"""Groups: the processes a collective runs over, and the registry of the job's groups.

The global group (id 0) spans the job and exists once `init_parallel_env()` has run in a
parallel environment; `new_group(ranks)` adds sub-groups over a backend of their own.
"""
from __future__ import annotations

import datetime
import os
import warnings

from .backend import Backend

__all__ = ["Group", "barrier", "destroy_process_group", "get_backend", "get_group",
           "is_initialized", "new_group", "wait"]

_GLOBAL_ID = 0
_DEFAULT_NAME = "_default_pg"
_GROUPS: dict[int, Group] = {}


class Group:
    """The abstract representation of a group: some ranks of the job and the backend that
    connects them. `rank` is this process's rank in it (-1 when it is not a member).

    Example:
        >>> import paddle.distributed as dist
        >>> dist.new_group([0]).nranks
        1
    """

    def __init__(self, rank_in_group: int, id: int, ranks: list, pg: Backend | None = None,
                 name: str | None = None, timeout_s: float = 1800.0):
        self._rank_in_group = rank_in_group
        self._world_size = len(ranks) if rank_in_group >= 0 else -1
        self._id = id
        self._ranks = ranks
        self._pg = pg
        self._name = name
        self.timeout_s = timeout_s
        self.check_metadata = os.environ.get("PADDLE_DISTRI_CHECK_META", "1") != "0"
        self.calls = 0  # collectives issued on this group: the metadata check's sequence

    @property
    def rank(self) -> int:
        return self._rank_in_group

    @property
    def ranks(self) -> list:
        return self._ranks

    @property
    def nranks(self) -> int:
        return len(self._ranks)

    @property
    def name(self) -> str | None:
        return self._name

    @property
    def process_group(self) -> Backend | None:
        return self._pg

    @property
    def world_size(self) -> int:
        return self._world_size

    @property
    def backend(self) -> str:
        return self._pg.name if self._pg is not None else "MPI"

    @property
    def id(self) -> int:
        return self._id

    def is_member(self) -> bool:
        return self.rank >= 0 and self.nranks >= 2

    def get_group_rank(self, rank: int) -> int:
        return self.ranks.index(rank) if self.is_member() and rank in self.ranks else -1

    def get_global_rank(self, rank: int) -> int:
        return self.ranks[rank] if self.is_member() else -1

    def __repr__(self) -> str:
        ranks = ", ".join(map(str, self.ranks))
        return (f"rank: {self.rank}, nranks: {self.nranks}, id: {self.id}, ranks: {ranks}; "
                f"name: {self.name if self.name else 'None'}")


def register_global_group(backend: Backend, timeout_s: float) -> Group:
    group = Group(backend.rank, _GLOBAL_ID, list(range(backend.size)), backend, _DEFAULT_NAME,
                  timeout_s)
    _GROUPS[_GLOBAL_ID] = group
    return group


def global_group() -> Group:
    """The job's group; RuntimeError (Paddle's message) before init_parallel_env."""
    group = _GROUPS.get(_GLOBAL_ID)
    if group is None:
        raise RuntimeError("The global group is not initialized.")
    return group


def resolve(group: Group | None) -> Group:
    return global_group() if group is None else group


def not_member(group: Group | None) -> bool:
    """True (with Paddle's warning) when this process is outside `group`: the call is a no-op."""
    if group is not None and not group.is_member():
        from ..parallel import get_rank
        warnings.warn(f"Current global rank {get_rank()} is not in group {group.name}")
        return True
    return False


def enter(group: Group | None, sync_op: bool, use_calc_stream: bool) -> Group | None:
    """The group a collective runs on, or None when this process is outside it (the call is
    then a no-op, as in Paddle)."""
    if not_member(group):
        return None
    if not sync_op and use_calc_stream:
        raise RuntimeError("use_calc_stream can only be true in sync op behavior.")
    return resolve(group)


def group_rank_of(global_rank: int, group: Group, caller: str) -> int:
    rank = group.get_group_rank(global_rank)
    if rank < 0:
        raise ValueError(f"({caller}) The input rank {global_rank} can not be found inside the "
                         f"group {group.name} (its ranks: {group.ranks})")
    return rank


def is_initialized() -> bool:
    """Whether init_parallel_env() has set up the job's global group.

    Example:
        >>> import paddle.distributed as dist
        >>> dist.is_initialized()
        False
    """
    return _GLOBAL_ID in _GROUPS


def new_group(ranks: list | None = None, backend: str | None = None,
              timeout: datetime.timedelta = datetime.timedelta(seconds=1800),
              nccl_comm_init_option: int = 0, nccl_config=None) -> Group:
    """A group over `ranks` (every rank of the job when None). Every rank in `ranks` must call
    it; the others may, and get a group they are not a member of (rank -1).

    Example:
        >>> import paddle.distributed as dist
        >>> dist.new_group([0])
        rank: -1, nranks: 1, id: 10, ranks: 0; name: _default_pg10
    """
    if backend not in (None, "mpi", "nccl", "gloo", "auto"):
        raise ValueError(f"(new_group) backend must be None, 'mpi', 'gloo' or 'nccl', but "
                         f"received {backend!r}")
    # Paddle's ring ids: the number of groups (the global one counted, made or not) + 9
    gid = len(_GROUPS) + (0 if _GLOBAL_ID in _GROUPS else 1) + 9
    name = f"{_DEFAULT_NAME}{gid}"
    world = None
    if ranks is None or len(ranks) > 1:
        world = global_group()
        ranks = list(world.ranks) if ranks is None else ranks
        if len(ranks) > world.nranks:
            raise ValueError(f"(new_group) Size of new group ({len(ranks)}) must be less than or "
                             f"equal to that of the default global group ({world.nranks}).")
    ranks = sorted(int(r) for r in ranks)
    if world is not None and any(r < 0 or r >= world.nranks for r in ranks):
        raise ValueError(f"(new_group) ranks must lie in [0, {world.nranks}), but received "
                         f"{ranks}")
    pg, rank = None, -1
    if world is not None and len(ranks) > 1 and world.rank in ranks:
        pg = world.process_group.subgroup(ranks, gid)
        rank = ranks.index(world.rank)
    group = Group(rank, gid, ranks, pg, name, timeout.total_seconds())
    _GROUPS[gid] = group
    return group


def get_group(id: int = 0) -> Group | None:
    """The group with this id (0: the global group); None, with a warning, if there is none.

    Example:
        >>> import paddle.distributed as dist
        >>> g = dist.new_group([0])
        >>> dist.get_group(g.id) is g
        True
    """
    if id in _GROUPS:
        return _GROUPS[id]
    warnings.warn(f"Group {id} is not initialized.")
    return None


def destroy_process_group(group: Group | None = None) -> None:
    """Forget `group`; with None, every group, which ends the distributed environment.

    Example:
        >>> import paddle.distributed as dist
        >>> g = dist.new_group([0])
        >>> dist.destroy_process_group(g)
    """
    group = resolve(group)
    if group.id not in _GROUPS:
        raise ValueError(f"(destroy_process_group) Destroy group with id {group.id} is invalid.")
    doomed = list(_GROUPS.values()) if group.id == _GLOBAL_ID else [group]
    for member in doomed:
        del _GROUPS[member.id]
        if member.process_group is not None:
            member.process_group.close()


def get_backend(group: Group | None = None) -> str:
    """The name of the group's backend ('MPI').

    Example:
        >>> import paddle.distributed as dist
        >>> # in a launched job: dist.get_backend() == 'MPI'
    """
    if group is not None and not group.is_member():
        raise RuntimeError("Invalid group specified")
    return resolve(group).backend


def barrier(group: Group | None = None) -> None:
    """Wait until every rank of the group has reached the barrier.

    Example:
        >>> import paddle.distributed as dist
        >>> # in a launched job: dist.barrier()
    """
    if group is not None and not group.is_member():
        return
    from .metadata import run_checked
    group = resolve(group)
    run_checked(group, "barrier", None, lambda: group.process_group.barrier()).wait()


def wait(tensor, group: Group | None = None, use_calc_stream: bool = True) -> None:
    """Wait for the communications on `tensor`. Collectives here finish before they return
    (or in their task's wait()), and compute runs on one stream, so there is nothing left to
    synchronize; kept for Paddle's API.

    Example:
        >>> import paddle
        >>> import paddle.distributed as dist
        >>> dist.wait(paddle.ones([2]))
    """
    if group is not None and not group.is_member():
        return
