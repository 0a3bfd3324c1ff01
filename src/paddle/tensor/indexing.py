"""`Tensor.__getitem__` / `__setitem__`: parse a Python index into the getitem/setitem ops' spec."""
from __future__ import annotations

import numpy as np

from .._core import dispatch
from .._core.ops import indexing as I
from .._core.tensor import Tensor, wrap
from .._core.tracing import is_symbolic
from ._convert import cast_to, ensure_tensor, scalar_tensor


_VALID = ("Only integers, slices, Ellipsis, None, booleans, and lists / Tensors of integers "
          "or booleans (or tuples of these) can index a Tensor")


_NONE = ("none",)
_ELLIPSIS = ("ellipsis",)


def parse_index(index) -> tuple[tuple, list]:
    """(spec, index tensors) for a Python index expression. Indexing is a hot path, so the
    common items (slices and ints) are checked first, by exact type."""
    if type(index) is not tuple:
        index = (index,)
    spec, tensors = [], []
    ellipses = 0
    for item in index:
        kind = type(item)
        if kind is slice:
            spec.append(_slice_spec(item))
        elif kind is int:
            spec.append(("int", item))
        elif item is None:
            spec.append(_NONE)
        elif item is Ellipsis:
            ellipses += 1
            spec.append(_ELLIPSIS)
        elif isinstance(item, (bool, np.bool_)):
            spec.append(("tensor", len(tensors)))
            tensors.append(wrap(np.asarray(bool(item))))
        elif isinstance(item, np.integer):
            spec.append(("int", int(item)))
        else:
            spec.append(("tensor", len(tensors)))
            tensors.append(_index_tensor(item))
    if ellipses > 1:
        raise ValueError("(getitem) An index can only have a single ellipsis ('...').")
    return tuple(spec), tensors


def _slice_spec(item: slice) -> tuple:
    start, stop, step = item.start, item.stop, item.step
    if not (_plain(start) and _plain(stop) and _plain(step)):
        start, stop, step = _slice_part(start), _slice_part(stop), _slice_part(step)
    if type(step) is int and step == 0:
        raise ValueError("(getitem) The step of a slice must not be 0.")
    return ("slice", start, stop, step)


def _plain(bound) -> bool:
    return bound is None or type(bound) is int


def _index_tensor(item) -> Tensor:
    if isinstance(item, Tensor):
        if item._data.dtype.kind not in "biu":
            raise ValueError(f"(getitem) Index tensors must hold integers or booleans, but "
                             f"received a {item.dtype.name} tensor.")
        return item
    if isinstance(item, (list, tuple, np.ndarray)):
        arr = np.asarray(item)
        if arr.size == 0 and arr.dtype.kind not in "biu":
            arr = arr.astype(np.int64)
        if arr.dtype.kind not in "biu":
            raise ValueError(f"(getitem) {_VALID}; received a sequence of {arr.dtype} values.")
        return wrap(arr.astype(np.int64) if arr.dtype.kind in "iu" else arr)
    raise ValueError(f"(getitem) {_VALID}; received {type(item).__name__}.")


def _slice_part(v):
    if v is None:
        return None
    if isinstance(v, Tensor):
        # a bound known when the program runs (a to_static dynamic dim) stays a tensor
        return v if is_symbolic(v) else int(v.item())
    if isinstance(v, (bool, float)) or not hasattr(v, "__index__"):
        raise ValueError(f"(getitem) Slice bounds must be integers or None, but received "
                         f"{type(v).__name__}.")
    return int(v)


def getitem(x: Tensor, item) -> Tensor:
    """Tensor.__getitem__: x[item] with Paddle's indexing rules."""
    if type(item) is int:
        return I.getitem_basic(x, (("int", item),))
    spec, tensors = parse_index(item)
    return I.subscript(x, tensors, spec)


def setitem(x: Tensor, item, value) -> None:
    """Tensor.__setitem__: x[item] = value in place (value converted to x's dtype)."""
    spec, tensors = parse_index(item)
    if isinstance(value, Tensor):
        value = cast_to(value, x.dtype)
    elif isinstance(value, (int, float, bool, complex, np.generic)):
        value = scalar_tensor(_real_if_needed(value, x), x.dtype)
    elif isinstance(value, np.ndarray):
        value = ensure_tensor(value.astype(x._data.dtype))
    else:
        raise ValueError(f"(setitem) The assigned value must be a Tensor, numpy.ndarray, int, "
                         f"float, complex or bool, but received {type(value).__name__}.")
    if tensors:
        dispatch.call_inplace(I.setitem, x, (x, value, tensors), (spec,))
    else:
        dispatch.call_inplace(I.setitem_basic, x, (x, value), (spec,))


def _real_if_needed(value, x: Tensor):
    if isinstance(value, complex) and x._data.dtype.kind != "c":
        raise TypeError(f"(setitem) Cannot assign the complex value {value} to a "
                        f"{x.dtype.name} tensor.")
    return value
