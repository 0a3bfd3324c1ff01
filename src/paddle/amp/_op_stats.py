"""Operator statistics (paddle.amp.debugging.collect_operator_stats): how many times each op
ran with float16, bfloat16, float32 or other inputs, under Paddle's operator names.

Counting rides on dispatch's AMP hook: while collecting, the hook is a `StatsHook` around the
auto_cast policy in force (if any), so every eager op is counted with the dtype its kernel
runs in — its first tensor input after the casts, or its `dtype` attribute when it has no
tensor input (creation ops), as Paddle keys its kernels; a floating input wins over integer
ones (an embedding counts as its weight's dtype). Backward ops are not counted (the
engine runs without the hook), as in Paddle.
"""
from __future__ import annotations

import numpy as np

from .._core import dtype as _dt
from .._core import state
from .._core.tensor import Tensor
from ._op_names import paddle_name

_COLUMNS = {"float16": 0, "bfloat16": 1, "float32": 2}

counts: dict | None = None  # {op name: [fp16, bf16, fp32, other]} while collecting


def _kernel_dtype(inputs) -> str | None:
    """The first floating tensor input's dtype (an embedding's weight, not its ids), else the
    first tensor input's."""
    tensors = []
    for value in inputs:
        if isinstance(value, (list, tuple)):
            tensors.extend(t for t in value if isinstance(t, Tensor))
        elif isinstance(value, Tensor):
            tensors.append(value)
    for t in tensors:
        if t._data.dtype.kind in "fV":
            return _dt.from_numpy_dtype(t._data.dtype).name
    return _dt.from_numpy_dtype(tensors[0]._data.dtype).name if tensors else None


def _attr_dtype(op, attrs) -> str | None:
    if "dtype" in op.attrs and len(attrs) == len(op.attrs):
        value = attrs[op.attrs.index("dtype")]
        if value is not None:
            return _dt.to_dtype(value).name
    return None


def record(name: str, dtype: str | None) -> None:
    if counts is None:  # an auto_cast that began while collecting ended after it stopped
        return
    row = counts.setdefault(name, [0, 0, 0, 0])
    row[_COLUMNS.get(dtype, 3)] += 1


class StatsHook:
    """Dispatch's AMP hook while collecting: counts each op, then applies `policy`."""

    __slots__ = ("policy",)

    def __init__(self, policy):
        self.policy = policy

    @property
    def key(self):
        return None if self.policy is None else self.policy.key

    @property
    def gpu_rules(self) -> bool:
        return self.policy is not None and self.policy.gpu_rules

    def cast_inputs(self, op, inputs: tuple, attrs: tuple) -> tuple:
        if self.policy is not None:
            inputs = self.policy.cast_inputs(op, inputs, attrs)
        record(paddle_name(op.name), _kernel_dtype(inputs) or _attr_dtype(op, attrs))
        return inputs

    def operands(self, name: str, tensors: tuple):
        return None if self.policy is None else self.policy.operands(name, tensors)

    def run_as_one_op(self, name: str, fn, args: tuple, kwargs: dict):
        if self.policy is None:  # no auto_cast: the composite's own ops are counted
            return fn(*args, **kwargs)
        tensors = [a for a in (*args, *kwargs.values()) if isinstance(a, Tensor)]
        dest = self.policy.dest_dtype(name, tensors)
        record(name, _dt.from_numpy_dtype(np.dtype(dest)).name)
        return self.policy.run_as_one_op(name, fn, args, kwargs)


def install(policy) -> None:
    """Make `policy` (a CastPolicy or None) dispatch's AMP hook, counted while collecting."""
    state.amp = policy if counts is None else StatsHook(policy)


def current_policy():
    hook = state.amp
    return hook.policy if isinstance(hook, StatsHook) else hook


def start() -> None:
    global counts
    counts = {}
    install(current_policy())


def stop() -> dict:
    """The counts collected since start(); collection ends."""
    global counts
    collected, counts = counts or {}, None
    install(current_policy())
    return collected
