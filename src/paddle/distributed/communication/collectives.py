"""The tensor collectives, in the form of `paddle.distributed.communication.stream` (the
top-level `paddle.distributed.<name>` functions call these).

Each one checks its arguments, lets the group's ranks agree on what they are doing
(metadata.py), starts one backend operation and returns its task: finished when `sync_op`,
in flight otherwise (results reach the output tensors at `task.wait()`). Ranks are global
ranks, as in Paddle; a process outside `group` does nothing and gets None.
"""
from __future__ import annotations

import warnings

import numpy as np

from ..._core.tensor import Tensor
from .group import enter, group_rank_of
from .metadata import Signature, run_checked
from .reduce import ReduceOp
from .tensors import (
    check_output,
    check_tensor,
    contiguous,
    fill_list,
    stacked,
    write_back,
)

__all__ = ["all_gather", "all_reduce", "alltoall", "alltoall_single", "broadcast", "gather",
           "reduce", "reduce_scatter", "scatter"]


def all_reduce(tensor, op=ReduceOp.SUM, group=None, sync_op=True, use_calc_stream=False):
    """Reduce `tensor` across the group's ranks with `op`; every rank gets the result in place.

    Example:
        >>> import paddle
        >>> import paddle.distributed as dist
        >>> # each of 2 ranks: x = paddle.to_tensor([1., 2.]) * (dist.get_rank() + 1)
        >>> # dist.all_reduce(x)  ->  [3., 6.] on both
    """
    group = enter(group, sync_op, use_calc_stream)
    if group is None:
        return None
    op = ReduceOp.check(op, "all_reduce")
    array = contiguous(check_tensor(tensor, "all_reduce"))
    return run_checked(group, "all_reduce", Signature(array, op=op),
                       lambda: group.process_group.all_reduce(array, op), sync_op,
                       write_back(tensor, array))


def reduce(tensor, dst=0, op=ReduceOp.SUM, group=None, sync_op=True, use_calc_stream=False):
    """Reduce `tensor` across the group's ranks into rank `dst`'s tensor.

    Example:
        >>> import paddle.distributed as dist
        >>> # dist.reduce(x, dst=0): rank 0 holds the sum, the others keep their x
    """
    group = enter(group, sync_op, use_calc_stream)
    if group is None:
        return None
    op = ReduceOp.check(op, "reduce")
    root = group_rank_of(dst, group, "reduce")
    array = contiguous(check_tensor(tensor, "reduce"))
    after = write_back(tensor, array) if group.rank == root else None
    return run_checked(group, "reduce", Signature(array, root=root, op=op),
                       lambda: group.process_group.reduce(array, root, op), sync_op, after)


def broadcast(tensor, src, group=None, sync_op=True, use_calc_stream=False):
    """Copy rank `src`'s tensor into `tensor` on every rank of the group.

    Example:
        >>> import paddle.distributed as dist
        >>> # dist.broadcast(x, src=0): every rank now holds rank 0's x
    """
    group = enter(group, sync_op, use_calc_stream)
    if group is None:
        return None
    root = group_rank_of(src, group, "broadcast")
    array = contiguous(check_tensor(tensor, "broadcast"))
    return run_checked(group, "broadcast", Signature(array, root=root),
                       lambda: group.process_group.broadcast(array, root), sync_op,
                       write_back(tensor, array))


def all_gather(tensor_or_tensor_list, tensor, group=None, sync_op=True, use_calc_stream=False):
    """Every rank's `tensor`, in rank order: appended to (or written into) a list, or
    concatenated along axis 0 into one output tensor.

    Example:
        >>> import paddle.distributed as dist
        >>> # out = []; dist.all_gather(out, x): out[i] is rank i's x
    """
    if group is not None and not group.is_member():
        raise RuntimeError("The group should not be None and all ranks which invoke this "
                           "operation should be the member of this group.")
    group = enter(group, sync_op, use_calc_stream)
    send = contiguous(check_tensor(tensor, "all_gather"))
    if isinstance(tensor_or_tensor_list, Tensor):
        out = tensor_or_tensor_list
        check_output(out, send.size * group.nranks, send.dtype, "all_gather", "the output")
        recv = contiguous(out)
        after = write_back(out, recv)
    else:
        recv = np.empty((group.nranks,) + send.shape, send.dtype)
        after = fill_list(_as_list(tensor_or_tensor_list, "all_gather", "tensor_list"), recv,
                          "all_gather", "tensor_list")
    return run_checked(group, "all_gather", Signature(send),
                       lambda: group.process_group.all_gather(send, recv), sync_op, after)


def gather(tensor, gather_list=None, dst=0, group=None, sync_op=True, use_calc_stream=False):
    """Every rank's `tensor`, in rank order, into `gather_list` on rank `dst` only.

    Example:
        >>> import paddle.distributed as dist
        >>> # out = []; dist.gather(x, out, dst=0): on rank 0, out[i] is rank i's x
    """
    from ..parallel import get_rank
    group = enter(group, sync_op, use_calc_stream)
    if group is None:
        return None
    root = group_rank_of(dst, group, "gather")
    send = contiguous(check_tensor(tensor, "gather"))
    recv, after = None, None
    if dst != get_rank():
        if gather_list is not None:
            warnings.warn("Specific `gather_list` is meaningless for rank which is not dst.")
    else:
        if gather_list is None:
            raise ValueError("(gather) gather_list must not be none for dst rank")
        recv = np.empty((group.nranks,) + send.shape, send.dtype)
        after = fill_list(_as_list(gather_list, "gather", "gather_list"), recv, "gather",
                          "gather_list")
    return run_checked(group, "gather", Signature(send, root=root),
                       lambda: group.process_group.gather(send, recv, root), sync_op, after)


def scatter(tensor, tensor_or_tensor_list=None, src=0, group=None, sync_op=True,
            use_calc_stream=False):
    """Rank i of the group receives into `tensor` the i-th tensor of rank `src`'s list (or the
    i-th of equal parts, along axis 0, of its single tensor).

    Example:
        >>> import paddle.distributed as dist
        >>> # dist.scatter(out, [a, b] if dist.get_rank() == 0 else None, src=0)
    """
    from ..parallel import get_rank
    group = enter(group, sync_op, use_calc_stream)
    if group is None:
        return None
    root = group_rank_of(src, group, "scatter")
    recv = contiguous(check_tensor(tensor, "scatter"))
    send = None
    if src != get_rank():
        if tensor_or_tensor_list is not None:
            warnings.warn("Specific `tensor_or_tensor_list` is meaningless for rank which is "
                          "not src.")
    else:
        send = _root_parts(tensor_or_tensor_list, recv, group.nranks, "scatter")
    return run_checked(group, "scatter", Signature(recv, root=root),
                       lambda: group.process_group.scatter(send, recv, root), sync_op,
                       write_back(tensor, recv))


def reduce_scatter(tensor, tensor_or_tensor_list, op=ReduceOp.SUM, group=None, sync_op=True,
                   use_calc_stream=False):
    """Reduce, across ranks, a list of one tensor per rank (or one tensor of equal parts along
    axis 0); rank i keeps the reduced i-th part in `tensor`.

    Example:
        >>> import paddle.distributed as dist
        >>> # dist.reduce_scatter(out, [a, b]): rank 0 gets the sum of every rank's a
    """
    group = enter(group, sync_op, use_calc_stream)
    if group is None:
        return None
    op = ReduceOp.check(op, "reduce_scatter")
    recv = contiguous(check_tensor(tensor, "reduce_scatter"))
    send = _root_parts(tensor_or_tensor_list, recv, group.nranks, "reduce_scatter")
    return run_checked(group, "reduce_scatter", Signature(send, op=op),
                       lambda: group.process_group.reduce_scatter(send, recv, op), sync_op,
                       write_back(tensor, recv))


def alltoall(out_tensor_or_tensor_list, in_tensor_or_tensor_list, group=None, sync_op=True,
             use_calc_stream=False):
    """Rank i sends its j-th input to rank j, which keeps it as its i-th output (lists of one
    tensor per rank, or single tensors split in equal parts along axis 0).

    Example:
        >>> import paddle.distributed as dist
        >>> # out = []; dist.alltoall(out, [a, b]): out[i] is rank i's tensor for this rank
    """
    group = enter(group, sync_op, use_calc_stream)
    if group is None:
        return None
    if out_tensor_or_tensor_list is None:
        raise RuntimeError("The output should be specified.")
    if in_tensor_or_tensor_list is None:
        raise RuntimeError("The input should be specified.")
    out_is_tensor = isinstance(out_tensor_or_tensor_list, Tensor)
    if out_is_tensor != isinstance(in_tensor_or_tensor_list, Tensor):
        raise RuntimeError("The output and input should be both tensor or tensor list.")
    if out_is_tensor:
        return alltoall_single(out_tensor_or_tensor_list, in_tensor_or_tensor_list, None, None,
                               group, sync_op, use_calc_stream)
    inputs = _as_list(in_tensor_or_tensor_list, "alltoall", "in_tensor_list")
    if not inputs:
        raise RuntimeError("The input tensor_list should not be empty.")
    send = stacked(inputs, "alltoall", "in_tensor_list")
    recv = np.empty_like(send)
    counts = [send[0].size] * group.nranks
    after = fill_list(_as_list(out_tensor_or_tensor_list, "alltoall", "out_tensor_list"), recv,
                      "alltoall", "out_tensor_list")
    return run_checked(group, "alltoall", Signature(send),
                       lambda: group.process_group.all_to_all(send, counts, recv, counts),
                       sync_op, after)


def alltoall_single(out_tensor, in_tensor, out_split_sizes=None, in_split_sizes=None,
                    group=None, sync_op=True, use_calc_stream=False):
    """All-to-all of single tensors: rows (axis 0) of `in_tensor` go out in parts of
    `in_split_sizes` rows (equal parts when None), and `out_tensor` takes the parts that come
    in, `out_split_sizes` rows from each rank.

    Example:
        >>> import paddle.distributed as dist
        >>> # dist.alltoall_single(out, x, [1, 3], [2, 2])
    """
    group = enter(group, sync_op, use_calc_stream)
    if group is None:
        return None
    send = contiguous(check_tensor(in_tensor, "alltoall_single", "in_tensor"))
    recv = contiguous(check_tensor(out_tensor, "alltoall_single", "out_tensor"))
    if recv.dtype != send.dtype:
        raise ValueError(f"(alltoall_single) out_tensor's dtype {recv.dtype} must equal "
                         f"in_tensor's {send.dtype}")
    send_counts = _split_counts(send, in_split_sizes, group.nranks, "in_split_sizes")
    recv_counts = _split_counts(recv, out_split_sizes, group.nranks, "out_split_sizes")
    shape_agrees = in_split_sizes is None and out_split_sizes is None
    return run_checked(group, "alltoall_single", Signature(send, shape_checked=shape_agrees),
                       lambda: group.process_group.all_to_all(send, send_counts, recv,
                                                              recv_counts),
                       sync_op, write_back(out_tensor, recv))


def _as_list(value, caller: str, name: str) -> list:
    if not isinstance(value, list):
        raise TypeError(f"({caller}) {name} must be a list of paddle.Tensor, but received "
                        f"{type(value).__name__}")
    return value


def _root_parts(parts, recv: np.ndarray, nranks: int, caller: str) -> np.ndarray:
    """The (nranks, *recv.shape) array a root sends out, from a list or one tensor."""
    if isinstance(parts, Tensor):
        array = contiguous(parts)
        check_output(parts, recv.size * nranks, recv.dtype, caller, "the input tensor")
        return array
    if not isinstance(parts, (list, tuple)) or len(parts) != nranks:
        raise ValueError(f"({caller}) the input must be a tensor or a list of {nranks} tensors "
                         f"(one per rank), but received {_describe_parts(parts)}")
    return stacked(parts, caller, "tensor_list", like=recv)


def _describe_parts(parts) -> str:
    if isinstance(parts, (list, tuple)):
        return f"a list of {len(parts)}"
    return type(parts).__name__


def _split_counts(array: np.ndarray, split_sizes, nranks: int, name: str) -> list:
    """Elements per rank from row counts (equal rows when None)."""
    rows = array.shape[0] if array.ndim else 1
    row_size = array.size // rows if rows else 0
    if split_sizes is None or len(split_sizes) == 0:
        if rows % nranks:
            raise ValueError(f"(alltoall_single) the first dimension ({rows}) must divide by "
                             f"the group size {nranks} when {name} is not given")
        return [rows // nranks * row_size] * nranks
    sizes = [int(s) for s in split_sizes]
    if len(sizes) != nranks or sum(sizes) != rows or min(sizes) < 0:
        raise ValueError(f"(alltoall_single) {name} must be {nranks} non-negative row counts "
                         f"adding up to {rows}, but received {list(split_sizes)}")
    return [s * row_size for s in sizes]
