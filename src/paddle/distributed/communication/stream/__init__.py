"""`paddle.distributed.communication.stream`: the collectives with `use_calc_stream`.

On the CPU every operation runs on the one stream there is, so use_calc_stream changes
nothing but is checked as Paddle checks it (only with sync_op=True)."""
from ..collectives import (
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
from ..p2p import recv, send

all_to_all = alltoall

__all__ = ["all_gather", "all_reduce", "all_to_all", "alltoall", "alltoall_single", "broadcast",
           "gather", "recv", "reduce", "reduce_scatter", "scatter", "send"]
