"""The top-level collectives, `paddle.distributed.<name>`: Paddle's signatures over the
stream forms (collectives.py), which they call with use_calc_stream=False."""
from __future__ import annotations

from . import collectives
from .reduce import ReduceOp

__all__ = ["all_gather", "all_reduce", "alltoall", "alltoall_single", "broadcast", "gather",
           "reduce", "reduce_scatter", "scatter"]


def all_reduce(tensor, op=ReduceOp.SUM, group=None, sync_op=True):
    """Reduce `tensor` in place across the group with `op` (see the stream form).

    Example:
        >>> import paddle.distributed as dist
        >>> # dist.all_reduce(x, op=dist.ReduceOp.MAX)
    """
    return collectives.all_reduce(tensor, op, group, sync_op)


def broadcast(tensor, src, group=None, sync_op=True):
    """Copy rank `src`'s tensor to every rank.

    Example:
        >>> import paddle.distributed as dist
        >>> # dist.broadcast(x, src=0)
    """
    return collectives.broadcast(tensor, src, group, sync_op)


def reduce(tensor, dst, op=ReduceOp.SUM, group=None, sync_op=True):
    """Reduce into rank `dst`'s tensor.

    Example:
        >>> import paddle.distributed as dist
        >>> # dist.reduce(x, dst=0)
    """
    return collectives.reduce(tensor, dst, op, group, sync_op)


def all_gather(tensor_list, tensor, group=None, sync_op=True):
    """Every rank's `tensor` into `tensor_list`, in rank order.

    Example:
        >>> import paddle.distributed as dist
        >>> # out = []; dist.all_gather(out, x)
    """
    return collectives.all_gather(tensor_list, tensor, group, sync_op)


def gather(tensor, gather_list=None, dst=0, group=None, sync_op=True):
    """Every rank's `tensor` into rank `dst`'s `gather_list`.

    Example:
        >>> import paddle.distributed as dist
        >>> # out = []; dist.gather(x, out, dst=0)
    """
    return collectives.gather(tensor, gather_list, dst, group, sync_op)


def scatter(tensor, tensor_list=None, src=0, group=None, sync_op=True):
    """Rank i receives the i-th tensor of rank `src`'s list.

    Example:
        >>> import paddle.distributed as dist
        >>> # dist.scatter(out, [a, b] if dist.get_rank() == 0 else None, src=0)
    """
    return collectives.scatter(tensor, tensor_list, src, group, sync_op)


def reduce_scatter(tensor, tensor_list, op=ReduceOp.SUM, group=None, sync_op=True):
    """Reduce a per-rank list across ranks; rank i keeps part i.

    Example:
        >>> import paddle.distributed as dist
        >>> # dist.reduce_scatter(out, [a, b])
    """
    return collectives.reduce_scatter(tensor, tensor_list, op, group, sync_op)


def alltoall(out_tensor_list, in_tensor_list, group=None, sync_op=True):
    """Rank i's j-th input becomes rank j's i-th output.

    Example:
        >>> import paddle.distributed as dist
        >>> # out = []; dist.alltoall(out, [a, b])
    """
    return collectives.alltoall(out_tensor_list, in_tensor_list, group, sync_op)


def alltoall_single(out_tensor, in_tensor, in_split_sizes=None, out_split_sizes=None,
                    group=None, sync_op=True):
    """All-to-all of rows of single tensors, in parts of the given row counts.

    Example:
        >>> import paddle.distributed as dist
        >>> # dist.alltoall_single(out, x)
    """
    return collectives.alltoall_single(out_tensor, in_tensor, out_split_sizes, in_split_sizes,
                                       group, sync_op)
