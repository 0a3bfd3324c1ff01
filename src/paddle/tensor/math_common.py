"""Shared by the math modules: Paddle 3.3's `out=` keyword and the in-place (`x.add_(y)`)
machinery for functions made of several ops."""
from __future__ import annotations

import numpy as np

from .._core import state
from .._core.tensor import Tensor, wrap
from .._core.tracing import is_symbolic


def write_out(result: Tensor, out: Tensor | None) -> Tensor:
    """Paddle 3.3's `out=` keyword: store the result in an existing tensor and return it."""
    if out is None:
        return result
    if not isinstance(out, Tensor):
        raise TypeError(f"out must be a Tensor, but received {type(out).__name__}")
    out._data = result._data
    out._node = result._node
    out._out_idx = result._out_idx
    out.stop_gradient = result.stop_gradient
    out._version += 1
    return out


def apply_inplace(api: str, x, compute) -> Tensor:
    """Run `compute(x)` and make x hold the result, Paddle's in-place semantics: x keeps its
    identity (and memory when the dtype is unchanged), its version is bumped, it takes over
    the result's autograd history, and it takes the result's dtype when promotion changed it
    (float32 x.add_(float64 y) makes x float64, as in Paddle)."""
    if not isinstance(x, Tensor):
        raise TypeError(f"({api}) x must be a Tensor, but received {type(x).__name__}")
    eager_grad = state.grad_enabled and state.tracer is None
    if eager_grad and not x.stop_gradient and x._node is None:
        raise ValueError(f"({api}) Leaf Tensor ({x.name}) that doesn't stop gradient can't use "
                         "inplace strategy.")
    # With autograd on, ops may save x by value for their backward; they get a snapshot.
    result = compute(_snapshot(x) if eager_grad else x)
    if tuple(result.shape) != tuple(x.shape):
        raise ValueError(f"({api}) The shape of broadcast output {list(result.shape)} is "
                         f"different from that of inplace tensor {list(x.shape)}.")
    if state.tracer is not None:
        target = x if is_symbolic(x) else state.tracer.bind(x)
        return write_out(result, target)
    _store(x, result._data)
    if result._node is not None:
        x._node = result._node
        x._out_idx = result._out_idx
        x.stop_gradient = False
    return x


def _store(x: Tensor, data: np.ndarray) -> None:
    if data.dtype == x._data.dtype and x._data.flags.writeable:
        np.copyto(x._data, data)
    else:
        x._data = data
    x._version += 1


def _snapshot(t: Tensor) -> Tensor:
    """A copy of t's value carrying t's autograd identity, so ops that save their input keep
    the old value while t itself is overwritten."""
    snap = wrap(t._data.copy())
    snap.stop_gradient = t.stop_gradient
    snap._node = t._node
    snap._out_idx = t._out_idx
    return snap
