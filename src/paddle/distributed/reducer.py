"""Gradient buckets for DataParallel: average gradients while backward is still running.

Parameters are grouped, in reverse registration order (roughly the order backward finishes
them), into buckets of one dtype: the first holds at most `last_comm_buffer_size` MB (so the
first average starts early), the others `comm_buffer_size` MB. Each bucket is one flat array
from the backend (`Backend.averaged_buffers`: shared memory between the ranks of one machine)
and every parameter's gradient is a view of its slice, so backward accumulates straight into
the bucket and the averaged result is the gradient: nothing is packed or unpacked. A gradient
made elsewhere (the first backward, or one set to None by clear_grad(set_to_zero=False)) is
moved into its slice once, when its bucket starts.

A backward hook on each parameter fires the moment its gradient is complete; when every
gradient of a bucket is in, the bucket's average starts, nonblocking. Buckets start in the
same order on every rank, and every hook polls the ones in flight so they keep moving. When
backward finishes, the remaining buckets start and all are waited for.

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
    __slots__ = ("index", "indices", "params", "pending", "views", "work")

    def __init__(self, index: int, params: list, indices: list, array: np.ndarray):
        self.index = index
        self.params = params
        self.indices = indices  # positions in the reducer's parameter list
        self.views = []  # each parameter's slice of the bucket's array, in its shape
        offset = 0
        for p in params:
            n = p._data.size
            self.views.append(array[offset:offset + n].reshape(p._data.shape))
            offset += n
        self.pending = len(params)
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


def _bind(param, view: np.ndarray) -> None:
    """Make the parameter's gradient a view of its bucket slice (zeros when it has none)."""
    grad = param._grad
    if grad is None:
        view.fill(0)
    elif grad._data is not view:
        np.copyto(view, grad._data)
        grad._data = view


class Reducer:
    """Bucketed, overlapped gradient averaging for the parameters of one DataParallel."""

    def __init__(self, params: list, group, comm_buffer_size: float,
                 last_comm_buffer_size: float, find_unused_parameters: bool):
        self.params = params
        self.group = group
        self.find_unused = find_unused_parameters
        groups = assign_buckets(params, (last_comm_buffer_size, comm_buffer_size))
        layout = [(sum(params[i]._data.size for i in g), params[g[0]]._data.dtype)
                  for g in groups]
        self.storage = group.process_group.averaged_buffers(layout)
        self.buckets = [_Bucket(b, [params[i] for i in g], g, array)
                        for b, (g, array) in enumerate(zip(groups, self.storage.arrays))]
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
        for p, view in zip(bucket.params, bucket.views):
            _bind(p, view)
        bucket.work = self.storage.start(bucket.index)

    def _poll(self) -> None:
        for bucket in self.buckets[:self.next_bucket]:
            bucket.work.test()

    def finalize(self) -> None:
        """End of backward: start what is left and wait for everything."""
        if not self.active:
            return
        self.active = False
        unused = [i for i, done in enumerate(self.ready) if not done]
        if unused and not self.find_unused:
            self._wait_started()  # leave nothing in flight in the bucket arrays
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
        self._wait_started()
        if used_anywhere is not None:
            self._give_gradients(used_anywhere)

    def _wait_started(self) -> None:
        for bucket in self.buckets[:self.next_bucket]:
            self._wait(bucket.work)

    def _used_anywhere(self, used_here: list) -> np.ndarray:
        flags = np.array(used_here, np.uint8)
        self._wait(self.group.process_group.all_reduce(flags, 1))
        return flags.astype(bool)

    def _give_gradients(self, used_anywhere: np.ndarray) -> None:
        """A parameter without a gradient here that another rank used gets the average."""
        for bucket in self.buckets:
            for i, p, view in zip(bucket.indices, bucket.params, bucket.views):
                if p._grad is None and used_anywhere[i]:
                    p._grad = wrap(view)
                    p._grad.stop_gradient = False

    def _wait(self, work) -> None:
        try:
            work.wait(self.group.timeout_s, str)
        except TimeoutError:
            raise timeout_error(self.group, "(DataParallel) the gradient all-reduce") from None
