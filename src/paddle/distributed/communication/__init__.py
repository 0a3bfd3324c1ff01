"""paddle.distributed.communication: groups, collectives, point-to-point and object
communication over a pluggable backend (backend.py; MPI in mpi.py)."""
from . import stream  # noqa: F401
from .api import (
                  all_gather,
                  all_reduce,
                  alltoall,
                  alltoall_single,
                  broadcast,
                  gather,
                  reduce,
                  reduce_scatter,
                  scatter,
)
from .group import (
                  Group,
                  barrier,
                  destroy_process_group,
                  get_backend,
                  get_group,
                  is_initialized,
                  new_group,
                  wait,
)
from .objects import (
                  all_gather_object,
                  broadcast_object_list,
                  recv_object_list,
                  scatter_object_list,
                  send_object_list,
)
from .p2p import P2POp, batch_isend_irecv, irecv, isend, recv, send
from .reduce import ReduceOp

__all__ = ["Group", "P2POp", "ReduceOp", "all_gather", "all_gather_object", "all_reduce",
           "alltoall", "alltoall_single", "barrier", "batch_isend_irecv", "broadcast",
           "broadcast_object_list", "destroy_process_group", "gather", "get_backend",
           "get_group", "irecv", "is_initialized", "isend", "new_group", "recv",
           "recv_object_list", "reduce", "reduce_scatter", "scatter", "scatter_object_list",
           "send", "send_object_list", "wait"]
