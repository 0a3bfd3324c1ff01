"""The MPI backend: every operation is one nonblocking MPI call (mpi4py over the mpich wheel)
on the caller's own buffers — no copies where MPI can read or write them in place.

Data movement (broadcast, gathers, scatters, all-to-all, point-to-point) sends raw bytes, so
every dtype Paddle has, bfloat16 and float16 included, travels unchanged. Reductions need
MPI to know the type: float16 and bfloat16 are reduced in float32 (exact for MAX/MIN, and the
sum of two rounded once); bool reduces with MPI's logical operations; AVG is a SUM divided by
the group size once it has arrived.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Sequence

import numpy as np
from mpi4py import MPI

from .backend import AveragedBuffers, Backend, Work
from .reduce import ReduceOp
from .shared_average import SharedAveragedBuffers, node_local

_NUMERIC_OPS = {ReduceOp.SUM: MPI.SUM, ReduceOp.MAX: MPI.MAX, ReduceOp.MIN: MPI.MIN,
                ReduceOp.PROD: MPI.PROD, ReduceOp.AVG: MPI.SUM}
_BOOL_OPS = {ReduceOp.SUM: MPI.LOR, ReduceOp.MAX: MPI.LOR, ReduceOp.MIN: MPI.LAND,
             ReduceOp.PROD: MPI.LAND}


def _raw(array: np.ndarray) -> np.ndarray:
    """The bytes of a C-contiguous array, as a flat uint8 view."""
    return array.reshape(-1).view(np.uint8)


class MPIWork(Work):
    """Requests in flight and what to do once they have all finished."""

    __slots__ = ("_done", "_finish", "_requests")

    def __init__(self, requests: list, finish: Callable[[], None] | None = None):
        self._requests = requests
        self._finish = finish
        self._done = False

    def test(self) -> bool:
        if not self._done and MPI.Request.Testall(self._requests):
            self._complete()
        return self._done

    def _complete(self) -> None:
        self._done = True
        if self._finish is not None:
            self._finish()


class _Reduction:
    """How one array is reduced over MPI: the buffer MPI reduces, the MPI op, and the step that
    writes the result back in the array's dtype."""

    def __init__(self, array: np.ndarray, op: int, size: int, caller: str):
        dtype = array.dtype
        self.array, self.op, self.size = array, op, size
        if dtype == np.bool_:
            if op not in _BOOL_OPS:
                raise ValueError(f"({caller}) ReduceOp {ReduceOp.name(op)} is not defined for "
                                 "bool tensors; use SUM/MAX (logical or) or MIN/PROD (and)")
            self.wire, self.mpi_op = array.view(np.uint8), _BOOL_OPS[op]
            return
        if dtype.kind == "c" and op in (ReduceOp.MAX, ReduceOp.MIN):
            raise ValueError(f"({caller}) ReduceOp {ReduceOp.name(op)} is not defined for "
                             f"complex tensors ({dtype})")
        self.mpi_op = _NUMERIC_OPS[op]
        # float16 ('e') and ml_dtypes' bfloat16 (kind 'V'): MPI has no arithmetic on them
        self.wire = array.astype(np.float32) if dtype.itemsize == 2 and dtype.kind in "fV" \
            else array

    def blank_like(self, count: int) -> np.ndarray:
        return np.empty(count, self.wire.dtype)

    def finish_into(self, target: np.ndarray, wire: np.ndarray) -> None:
        if self.op == ReduceOp.AVG:
            if wire.dtype.kind in "fc":
                np.divide(wire, self.size, out=wire)
            else:
                wire[...] = np.trunc(wire / self.size)
        if wire is not target:
            target[...] = wire.reshape(target.shape)


class MPIBackend(Backend):
    """A Backend over one MPI communicator."""

    name = "MPI"

    def __init__(self, comm):
        self.comm = comm
        self.rank = comm.Get_rank()
        self.size = comm.Get_size()
        self._meta_comm = comm.Dup()  # the metadata exchange never meets user traffic

    # ---- reductions ---------------------------------------------------------------------------
    def all_reduce(self, array, op):
        plan = _Reduction(array, op, self.size, "all_reduce")
        request = self.comm.Iallreduce(MPI.IN_PLACE, plan.wire, plan.mpi_op)
        return MPIWork([request], lambda: plan.finish_into(array, plan.wire))

    def reduce(self, array, root, op):
        plan = _Reduction(array, op, self.size, "reduce")
        if self.rank != root:
            return MPIWork([self.comm.Ireduce(plan.wire, None, plan.mpi_op, root)])
        request = self.comm.Ireduce(MPI.IN_PLACE, plan.wire, plan.mpi_op, root)
        return MPIWork([request], lambda: plan.finish_into(array, plan.wire))

    def reduce_scatter(self, send, recv, op):
        plan = _Reduction(send, op, self.size, "reduce_scatter")
        wire_out = recv if plan.wire is send else plan.blank_like(recv.size)
        request = self.comm.Ireduce_scatter_block(plan.wire, wire_out, plan.mpi_op)
        return MPIWork([request], lambda: plan.finish_into(recv, wire_out))

    # ---- data movement -------------------------------------------------------------------------
    def broadcast(self, array, root):
        return MPIWork([self.comm.Ibcast(_raw(array), root)])

    def all_gather(self, send, recv):
        return MPIWork([self.comm.Iallgather(_raw(send), _raw(recv))])

    def gather(self, send, recv, root):
        target = _raw(recv) if self.rank == root else None
        return MPIWork([self.comm.Igather(_raw(send), target, root)])

    def scatter(self, send, recv, root):
        source = _raw(send) if self.rank == root else None
        return MPIWork([self.comm.Iscatter(source, _raw(recv), root)])

    def all_to_all(self, send, send_counts: Sequence[int], recv, recv_counts: Sequence[int]):
        send_spec = [_raw(send), _byte_layout(send_counts, send.itemsize), MPI.BYTE]
        recv_spec = [_raw(recv), _byte_layout(recv_counts, recv.itemsize), MPI.BYTE]
        return MPIWork([self.comm.Ialltoallv(send_spec, recv_spec)])

    def send(self, array, peer):
        return MPIWork([self.comm.Isend(_raw(array), peer)])

    def recv(self, array, peer):
        return MPIWork([self.comm.Irecv(_raw(array), peer)])

    def barrier(self):
        return MPIWork([self.comm.Ibarrier()])

    def averaged_buffers(self, layout):
        """In MPI shared memory when every rank is on this node (see shared_average.py), in
        private memory averaged by MPI's all-reduce otherwise."""
        nbytes = sum(count * np.dtype(dtype).itemsize for count, dtype in layout)
        wanted = os.environ.get("PADDLE_DISTRI_SHM_AVERAGE", "1") != "0"
        node = node_local(self.comm, nbytes, wanted)
        if node is None:
            return AveragedBuffers(self, layout)
        return SharedAveragedBuffers(node, layout)

    # ---- groups, checks, teardown -------------------------------------------------------------
    def subgroup(self, ranks, tag):
        if self.rank not in ranks:
            return None
        members = self.comm.Get_group().Incl(list(ranks))
        return MPIBackend(self.comm.Create_group(members, tag))

    def exchange_metadata(self, row, timeout_s):
        rows = np.zeros((self.size, row.size), np.int64)
        rows[self.rank] = row
        peers = [peer for peer in range(self.size) if peer != self.rank]
        receives = [self._meta_comm.Irecv(rows[peer], peer) for peer in peers]
        sends = [self._meta_comm.Isend(row, peer) for peer in peers]
        try:
            MPIWork(receives).wait(timeout_s, str)
        except TimeoutError:
            return rows, [peer for peer, request in zip(peers, receives) if not request.Test()]
        MPI.Request.Waitall(sends)
        return rows, []

    def abort(self, code):
        self.comm.Abort(code)

    def close(self):
        if self.comm != MPI.COMM_WORLD:
            self._meta_comm.Free()
            self.comm.Free()


def _byte_layout(counts: Sequence[int], itemsize: int) -> tuple[list, list]:
    sizes = [int(c) * itemsize for c in counts]
    offsets = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(int).tolist()
    return sizes, offsets


def world_backend(join=None) -> MPIBackend:
    """The backend over every process of the job: MPI's world, or the communicator `join`
    builds from it (jobs started node by node)."""
    comm = MPI.COMM_WORLD if join is None else join(MPI)
    return MPIBackend(comm)
