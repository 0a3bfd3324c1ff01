"""Collectives of picklable Python objects: pickled to bytes, moved as uint8 tensors by the
tensor collectives (sizes first, so every rank knows how much arrives), unpickled.

Unpickling runs whatever the sending rank pickled: use these only between ranks of your own
job, as with any pickle.
"""
from __future__ import annotations

import pickle

import numpy as np

from ..._core.tensor import wrap
from . import collectives, p2p
from .group import not_member, resolve

__all__ = ["all_gather_object", "broadcast_object_list", "recv_object_list",
           "scatter_object_list", "send_object_list"]


def _pickled(obj) -> np.ndarray:
    return np.frombuffer(pickle.dumps(obj), np.uint8)


def _unpickled(data: np.ndarray, size: int):
    return pickle.loads(data[:size].tobytes())


def _padded(data: np.ndarray, size: int) -> np.ndarray:
    out = np.zeros(size, np.uint8)
    out[:data.size] = data
    return out


def all_gather_object(object_list, obj, group=None):
    """Append every rank's `obj`, in rank order, to `object_list`.

    Example:
        >>> import paddle.distributed as dist
        >>> # out = []; dist.all_gather_object(out, {"rank": dist.get_rank()})
    """
    data = _pickled(obj)
    sizes = []
    collectives.all_gather(sizes, wrap(np.array([data.size], np.int64)), group)
    lengths = [int(s._data[0]) for s in sizes]
    parts = []
    collectives.all_gather(parts, wrap(_padded(data, max(lengths))), group)
    object_list.extend(_unpickled(p._data, n) for p, n in zip(parts, lengths))


def broadcast_object_list(object_list, src, group=None):
    """Replace `object_list`'s items, on every rank, with those of rank `src` (every rank's
    list must have the same length).

    Example:
        >>> import paddle.distributed as dist
        >>> # objs = [{"lr": 0.1}] if dist.get_rank() == 0 else [None]
        >>> # dist.broadcast_object_list(objs, src=0)
    """
    from ..parallel import get_rank
    is_src = get_rank() == src
    pieces = [_pickled(o) for o in object_list] if is_src else []
    sizes = wrap(np.array([p.size for p in pieces], np.int64) if is_src
                 else np.zeros(len(object_list), np.int64))
    collectives.broadcast(sizes, src, group)
    lengths = sizes._data.tolist()
    data = wrap(np.concatenate(pieces) if is_src and pieces
                else np.zeros(sum(lengths), np.uint8))
    collectives.broadcast(data, src, group)
    offsets = np.concatenate([[0], np.cumsum(lengths)]).astype(int)
    for i, n in enumerate(lengths):
        object_list[i] = _unpickled(data._data[offsets[i]:], n)


def scatter_object_list(out_object_list, in_object_list=None, src=0, group=None):
    """Rank i's `out_object_list` becomes [in_object_list[i]] of rank `src`.

    Example:
        >>> import paddle.distributed as dist
        >>> # out = []; dist.scatter_object_list(out, [1, 2] if rank == 0 else None, src=0)
    """
    from ..parallel import get_rank
    is_src = get_rank() == src
    pieces = [_pickled(o) for o in in_object_list] if is_src else []
    longest = wrap(np.array([max(p.size for p in pieces)] if is_src else [0], np.int64))
    collectives.broadcast(longest, src, group)
    width = int(longest._data[0])
    out = wrap(np.zeros(width, np.uint8))
    collectives.scatter(out, [wrap(_padded(p, width)) for p in pieces] if is_src else None,
                        src, group)
    size = wrap(np.zeros(1, np.int64))
    collectives.scatter(size, [wrap(np.array([p.size], np.int64)) for p in pieces]
                        if is_src else None, src, group)
    out_object_list.clear()
    out_object_list.append(_unpickled(out._data, int(size._data[0])))


def _peer(dst, dst_in_group, group, names: tuple) -> int:
    if dst_in_group is None:
        return 0 if dst is None else dst
    if dst is not None:
        raise ValueError(f"Cannot specify both '{names[0]}' and '{names[1]}' arguments.")
    return group.get_global_rank(dst_in_group)


def send_object_list(object_list, dst=None, group=None, dst_in_group=None):
    """Send the objects of `object_list` to rank `dst` (or group rank `dst_in_group`).

    Example:
        >>> import paddle.distributed as dist
        >>> # rank 0: dist.send_object_list([{"a": 1}], dst=1)
    """
    if object_list is None or len(object_list) == 0:
        raise ValueError("object_list cannot be None or empty")
    group = resolve(group)
    if not_member(group):
        return
    peer = _peer(dst, dst_in_group, group, ("dst", "dst_in_group"))
    pieces = [_pickled(o) for o in object_list]
    p2p.send(wrap(np.array([p.size for p in pieces], np.int64)), peer, group)
    p2p.send(wrap(np.concatenate(pieces)), peer, group)


def recv_object_list(object_list, src=None, group=None, src_in_group=None):
    """Fill `object_list` (as many items as were sent) with rank `src`'s objects.

    Example:
        >>> import paddle.distributed as dist
        >>> # rank 1: objs = [None]; dist.recv_object_list(objs, src=0)
    """
    if object_list is None or len(object_list) == 0:
        raise ValueError("object_list cannot be None or empty")
    group = resolve(group)
    if not_member(group):
        return
    peer = _peer(src, src_in_group, group, ("src", "src_in_group"))
    sizes = wrap(np.zeros(len(object_list), np.int64))
    p2p.recv(sizes, peer, group)
    lengths = sizes._data.tolist()
    data = wrap(np.zeros(sum(lengths), np.uint8))
    p2p.recv(data, peer, group)
    offset = 0
    for i, n in enumerate(lengths):
        object_list[i] = _unpickled(data._data[offset:], n)
        offset += n
