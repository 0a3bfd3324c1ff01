"""Gradient buckets for DataParallel: all-reduce gradients while backward is still running.

Parameters are packed, in reverse registration order (roughly the order backward finishes
them), into buckets of one dtype: the first holds at most `last_comm_buffer_size` MB (so the
first all-reduce starts early), the others `comm_buffer_size` MB. A backward hook on each
parameter fires the moment its gradient is complete; when every gradient of a bucket is in,
the bucket is copied into one flat buffer, scaled by 1/nranks, and a nonblocking all-reduce
starts on it. Buckets start in the same order on every rank (as MPI requires), and every hook
polls the ones in flight so MPI keeps moving them. When backward finishes, the remaining
buckets start, all are waited for and the averaged gradients written back.

With `find_unused_parameters`, a parameter that took no part in this rank's backward sends
zeros, and gets the average if another rank used it; without it, such a parameter is an error
naming it (it would otherwise hold the bucket back forever).
"""
from __future__ import annotations

import numpy as np

from .._core.autograd.engine import add_backward_final_hook
from .._core.tensor import wrap
from .communication.metadata import timeout_error

_MB = 1 << 20


class _Bucket:
    __slots__ = ("buffer", "dtype", "indices", "params", "pending", "work")

    def __init__(self, params: list, indices: list):
        self.params = params
        self.indices = indices  # positions in the reducer's parameter list
        self.dtype = params[0]._data.dtype
        self.pending = len(params)
        self.buffer = None
        self.work = None


def assign_buckets(params: list, limits_mb: tuple) -> list[list[int]]:
    """Parameter indices per bucket: reverse order, one dtype per bucket; a bucket closes once
    it holds limits_mb[0] MB (the first of its dtype) or limits_mb[1] MB (the others)."""
    buckets, open_by_dtype, made = [], {}, {}
    for index in reversed(range(len(params))):
        data = params[index]._data
        current = open_by_dtype.get(data.dtype)
        if current is None:
            current = open_by_dtype[data.dtype] = [[], 0]
            buckets.append(current[0])
            made[data.dtype] = made.get(data.dtype, 0) + 1
        current[0].append(index)
        current[1] += data.nbytes
        limit = limits_mb[0] if made[data.dtype] == 1 else limits_mb[1]
        if current[1] >= limit * _MB:
            del open_by_dtype[data.dtype]
    return buckets


class Reducer:
    """Bucketed, overlapped gradient averaging for the parameters of one DataParallel."""

    def __init__(self, params: list, group, comm_buffer_size: float,
                 last_comm_buffer_size: float, find_unused_parameters: bool):
        self.params = params
        self.group = group
        self.find_unused = find_unused_parameters
        groups = assign_buckets(params, (last_comm_buffer_size, comm_buffer_size))
        self.buckets = [_Bucket([params[i] for i in g], g) for g in groups]
        self.bucket_of = {}
        for b, bucket in enumerate(self.buckets):
            for i in bucket.indices:
                self.bucket_of[i] = b
        self.armed = True  # whether the next backward averages (False after a no_sync forward)
        self.active = False  # a backward is under way and has reached these parameters
        self.ready = [False] * len(params)
        self.next_bucket = 0
        self.hooks = [p._register_backward_hook(self._hook_for(i)) for i, p in enumerate(params)]

    def _hook_for(self, index: int):
        def ready() -> None:
            if self.armed:
                if not self.active:
                    self._begin_backward()
                self.mark_ready(index)
        return ready

    def _begin_backward(self) -> None:
        """The first gradient of a backward has arrived: reset the buckets, and finish them
        all when this backward ends. (Started from the hooks, not from DataParallel's forward,
        so a model under paddle.jit.to_static, whose forward replays a program, averages too.)"""
        add_backward_final_hook(self.finalize)
        self.active = True
        self.ready = [False] * len(self.params)
        self.next_bucket = 0
        for bucket in self.buckets:
            bucket.pending = len(bucket.params)
            bucket.work = None

    def mark_ready(self, index: int) -> None:
        if self.ready[index]:
            return
        self.ready[index] = True
        self.buckets[self.bucket_of[index]].pending -= 1
        self._launch_ready()
        self._poll()

    def _launch_ready(self) -> None:
        while self.next_bucket < len(self.buckets) and \
                self.buckets[self.next_bucket].pending == 0:
            self._launch(self.buckets[self.next_bucket])
            self.next_bucket += 1

    def _launch(self, bucket: _Bucket) -> None:
        total = sum(p._data.size for p in bucket.params)
        if bucket.buffer is None or bucket.buffer.size != total:
            bucket.buffer = np.empty(total, bucket.dtype)
        offset = 0
        scale = bucket.dtype.type(1.0 / self.group.nranks)
        for p in bucket.params:
            n = p._data.size
            part = bucket.buffer[offset:offset + n]
            if p._grad is None:
                part[...] = 0
            else:
                np.multiply(p._grad._data.reshape(-1), scale, out=part)
            offset += n
        bucket.work = self.group.process_group.all_reduce(bucket.buffer, 0)

    def _poll(self) -> None:
        for bucket in self.buckets[:self.next_bucket]:
            if bucket.work is not None:
                bucket.work.test()

    def finalize(self) -> None:
        """End of backward: start what is left, wait for everything, write gradients back."""
        if not self.active:
            return
        self.active = False
        unused = [i for i, done in enumerate(self.ready) if not done]
        if unused and not self.find_unused:
            names = ", ".join(self.params[i].name for i in unused[:8])
            raise RuntimeError(
                f"(DataParallel) {len(unused)} parameter(s) received no gradient in this "
                f"backward ({names}): they took no part in computing the loss. Pass "
                "find_unused_parameters=True to paddle.DataParallel, or use every parameter")
        used_here = [p._grad is not None for p in self.params]
        for i in unused:
            self.ready[i] = True
            self.buckets[self.bucket_of[i]].pending -= 1
        self._launch_ready()
        used_anywhere = self._used_anywhere(used_here) if unused or self.find_unused else None
        for bucket in self.buckets:
            self._wait(bucket.work)
            self._write_back(bucket, used_anywhere)

    def _used_anywhere(self, used_here: list) -> np.ndarray:
        flags = np.array(used_here, np.uint8)
        self._wait(self.group.process_group.all_reduce(flags, 1))
        return flags.astype(bool)

    def _write_back(self, bucket: _Bucket, used_anywhere) -> None:
        offset = 0
        for i, p in zip(bucket.indices, bucket.params):
            n = p._data.size
            averaged = bucket.buffer[offset:offset + n].reshape(p._data.shape)
            offset += n
            if used_anywhere is not None and not used_anywhere[i]:
                continue
            if p._grad is None:
                p._grad = wrap(averaged.copy())
                p._grad.stop_gradient = False
            else:
                p._grad._data[...] = averaged

    def _wait(self, work) -> None:
        try:
            work.wait(self.group.timeout_s, str)
        except TimeoutError:
            raise timeout_error(self.group, "(DataParallel) the gradient all-reduce") from None
