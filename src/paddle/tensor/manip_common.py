"""Argument helpers shared by the shape-manipulation and gather/scatter functions: shape-like and
axis arguments (ints, lists, Tensors), index-tensor checks, and in-place forms of composites."""
from __future__ import annotations

import numpy as np

from .._core import dispatch
from .._core.meta import normalize_axis
from .._core.ops import manipulation as M
from .._core.tensor import Tensor, wrap
from .._core.tracing import is_symbolic


def int_list(value, api: str, arg: str) -> list:
    """Paddle accepts ints, lists/tuples of ints or 0/1-d int tensors for shape-like args.
    Tensors of a program being recorded stay tensors: their values are read when it runs."""
    if isinstance(value, Tensor):
        return value if is_symbolic(value) else [int(v) for v in value._data.reshape(-1)]
    if isinstance(value, (list, tuple)):
        return [_int_entry(v, api, arg) for v in value]
    return [_as_int(value, api, arg)]


def _int_entry(value, api: str, arg: str):
    if isinstance(value, Tensor):
        return value if is_symbolic(value) else int(value.item())
    return _as_int(value, api, arg)


def _as_int(value, api: str, arg: str) -> int:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"({api}) '{arg}' must be an int, a list/tuple of ints or a Tensor, "
                        f"but received {type(value).__name__}")
    return int(value)


def int_arg(value, api: str, arg: str) -> int:
    """An int argument that may also be given as a one-element Tensor."""
    if isinstance(value, Tensor):
        if value._data.size != 1:
            raise ValueError(f"({api}) '{arg}' given as a Tensor must hold one element, but "
                             f"received shape {list(value.shape)}.")
        return int(value._data.reshape(-1)[0])
    return _as_int(value, api, arg)


def axis_arg(value, ndim: int, api: str, arg: str = "axis") -> int:
    return normalize_axis(api, int_arg(value, api, arg), ndim, arg)


def is_concrete(t: Tensor) -> bool:
    """False for symbolic tensors (tracing), whose values cannot be inspected."""
    return isinstance(t._data, np.ndarray)


def index_tensor(index, api: str, arg: str = "index", exc=ValueError) -> Tensor:
    """An int32/int64 index tensor; Paddle rejects other dtypes (mostly with ValueError)."""
    if not isinstance(index, Tensor):
        raise TypeError(f"({api}) The type of '{arg}' must be Tensor, but received "
                        f"{type(index).__name__}.")
    if index._data.dtype not in (np.int32, np.int64):
        raise exc(f"({api}) The data type of '{arg}' must be int32 or int64, but received "
                  f"{index.dtype.name}.")
    return index


def check_index_range(api: str, index: Tensor, size: int, exc=ValueError,
                      allow_negative: bool = True) -> None:
    """Raise when an index value falls outside [-size, size) (or [0, size))."""
    if not is_concrete(index) or index._data.size == 0:
        return
    low = -size if allow_negative else 0
    values = index._data
    bad = values[(values < low) | (values >= size)]
    if bad.size:
        raise exc(f"({api}) Index values must be in the range [{low}, {size}), but received "
                  f"{int(bad.reshape(-1)[0])}.")


def write_inplace(x: Tensor, result: Tensor) -> Tensor:
    """Store `result` into x (same shape), as Paddle's `f_` in-place forms do: x keeps its
    identity and memory, its version is bumped, and it takes over result's autograd node."""
    return dispatch.call_inplace(M.cast, x, (result,), (x.dtype,))


def inplace(fn):
    """The in-place form of a composite: compute on a snapshot of x, then write the result."""
    def apply(x, *args, **kwargs):
        return write_inplace(x, fn(_snapshot(x), *args, **kwargs))
    apply.__name__ = fn.__name__ + "_"
    apply.__doc__ = f"In-place form of `{fn.__name__}`: x takes the result."
    return apply


def _snapshot(x: Tensor) -> Tensor:
    """x's current value with x's autograd identity, so a later in-place write to x does not
    change what the computation saved."""
    if x.stop_gradient or not is_concrete(x):
        return x
    snap = wrap(x._data.copy())
    snap.stop_gradient = False
    snap._node = x._node
    snap._out_idx = x._out_idx
    return snap


def write_out(result: Tensor, out) -> Tensor:
    """Paddle 3.3's `out=` keyword: store the result in an existing tensor and return it."""
    if out is None:
        return result
    if not isinstance(out, Tensor):
        raise TypeError(f"'out' must be a Tensor, but received {type(out).__name__}")
    out._data = result._data
    out._node = result._node
    out._out_idx = result._out_idx
    out.stop_gradient = result.stop_gradient
    out._version += 1
    return out
