"""Point-to-point communication: send/recv (blocking or not), and batches of them.

MPI matches a receive to the peer's sends in the order they were posted, so no tags are
needed; a receive whose tensor is smaller than what arrives fails with MPI's truncation error.
"""
from __future__ import annotations

from .group import enter, group_rank_of, not_member, resolve
from .task import task
from .tensors import check_tensor, contiguous, write_back

__all__ = ["P2POp", "batch_isend_irecv", "irecv", "isend", "recv", "send"]


def _start(group, caller: str, work, peer: int, sync_op: bool, after=None) -> task:
    def describe() -> str:
        return (f"({caller}) the transfer with rank {peer} on group {group.name} did not finish "
                f"within the group's timeout of {group.timeout_s * 1000:.0f} ms (pg_timeout): "
                "the peer stalled, died or never posted the matching call")
    handle = task(work, group.timeout_s, describe, sync_op, after)
    if sync_op:
        handle.wait()
    return handle


def send(tensor, dst=0, group=None, sync_op=True, use_calc_stream=False):
    """Send `tensor` to rank `dst` (a global rank).

    Example:
        >>> import paddle.distributed as dist
        >>> # rank 0: dist.send(x, dst=1); rank 1: dist.recv(y, src=0)
    """
    group = enter(group, sync_op, use_calc_stream)
    if group is None:
        return None
    peer = group_rank_of(dst, group, "send")
    array = contiguous(check_tensor(tensor, "send"))
    return _start(group, "send", group.process_group.send(array, peer), dst, sync_op)


def recv(tensor, src=0, group=None, sync_op=True, use_calc_stream=False):
    """Receive into `tensor` what rank `src` (a global rank) sends.

    Example:
        >>> import paddle.distributed as dist
        >>> # rank 1: y = paddle.empty([2]); dist.recv(y, src=0)
    """
    group = enter(group, sync_op, use_calc_stream)
    if group is None:
        return None
    peer = group_rank_of(src, group, "recv")
    array = contiguous(check_tensor(tensor, "recv"))
    return _start(group, "recv", group.process_group.recv(array, peer), src, sync_op,
                  write_back(tensor, array))


def isend(tensor, dst, group=None):
    """send without waiting: returns the task.

    Example:
        >>> import paddle.distributed as dist
        >>> # t = dist.isend(x, dst=1); t.wait()
    """
    return send(tensor, dst, group, sync_op=False)


def irecv(tensor, src=None, group=None):
    """recv without waiting: returns the task.

    Example:
        >>> import paddle.distributed as dist
        >>> # t = dist.irecv(y, src=0); t.wait()
    """
    return recv(tensor, 0 if src is None else src, group, sync_op=False)


class P2POp:
    """One send or receive of a batch_isend_irecv: `op` is paddle.distributed.isend or irecv.

    Example:
        >>> import paddle.distributed as dist
        >>> # ops = [dist.P2POp(dist.isend, x, 1), dist.P2POp(dist.irecv, y, 1)]
        >>> # for t in dist.batch_isend_irecv(ops): t.wait()
    """

    def __init__(self, op, tensor, peer, group=None):
        if op not in (isend, irecv):
            raise RuntimeError("Invalid ``op`` function. Expected ``op`` to be of type "
                               "``paddle.distributed.isend`` or ``paddle.distributed.irecv``.")
        self.op = op
        self.tensor = check_tensor(tensor, "P2POp")
        self.peer = peer
        self.group = resolve(group)


def batch_isend_irecv(p2p_op_list):
    """Start every send and receive of the list at once; returns their tasks.

    Example:
        >>> import paddle.distributed as dist
        >>> # tasks = dist.batch_isend_irecv([dist.P2POp(dist.isend, x, peer)])
    """
    if not isinstance(p2p_op_list, list) or not p2p_op_list or not all(
            isinstance(p, P2POp) for p in p2p_op_list):
        raise RuntimeError("Invalid ``p2p_op_list``. Each op is expected to to be of type "
                           "``paddle.distributed.P2POp``.")
    if not_member(p2p_op_list[0].group):
        return None
    return [p.op(p.tensor, p.peer, p.group) for p in p2p_op_list]
