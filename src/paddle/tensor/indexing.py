"""`Tensor.__getitem__` / `__setitem__`: parse a Python index into the getitem/setitem ops' spec."""
from __future__ import annotations

import numpy as np

from .._core import dispatch
from .._core.ops import indexing as I
from .._core.tensor import Tensor, wrap
from ._convert import cast_to, ensure_tensor, scalar_tensor


def parse_index(index) -> tuple[tuple, list]:
    """(spec, index tensors) for a Python index expression."""
    if not isinstance(index, tuple):
        index = (index,)
    spec, tensors = [], []
    for item in index:
        if item is None:
            spec.append(("none",))
        elif item is Ellipsis:
            spec.append(("ellipsis",))
        elif isinstance(item, slice):
            spec.append(("slice", _slice_part(item.start), _slice_part(item.stop),
                         _slice_part(item.step)))
        elif isinstance(item, (bool, np.bool_)):
            spec.append(("tensor", len(tensors)))
            tensors.append(wrap(np.asarray(bool(item))))
        elif isinstance(item, (int, np.integer)):
            spec.append(("int", int(item)))
        elif isinstance(item, Tensor):
            if item._data.dtype.kind not in "biu":
                raise IndexError(f"Only integer or boolean tensors can index a Tensor, but "
                                 f"received a {item.dtype.name} tensor.")
            spec.append(("tensor", len(tensors)))
            tensors.append(item)
        elif isinstance(item, (list, tuple, np.ndarray)):
            arr = np.asarray(item)
            if arr.dtype.kind not in "biu":
                if arr.size == 0:
                    arr = arr.astype(np.int64)
                else:
                    raise IndexError(f"Only integers, slices, Ellipsis, None, and integer or "
                                     f"boolean sequences/tensors are valid indices; got {item!r}")
            spec.append(("tensor", len(tensors)))
            tensors.append(wrap(arr))
        else:
            raise IndexError(f"Only integers, slices, Ellipsis, None, and integer or boolean "
                             f"sequences/tensors are valid indices; got {type(item).__name__}")
    return tuple(spec), tensors


def _slice_part(v):
    if v is None:
        return None
    if isinstance(v, Tensor):
        return int(v.item())
    return int(v)


def getitem(x: Tensor, index) -> Tensor:
    spec, tensors = parse_index(index)
    return I.getitem(x, tensors, spec)


def setitem(x: Tensor, index, value) -> None:
    spec, tensors = parse_index(index)
    if isinstance(value, Tensor):
        value = cast_to(value, x.dtype)
    elif isinstance(value, (int, float, bool, complex, np.generic)):
        value = scalar_tensor(value, x.dtype)
    else:
        value = ensure_tensor(np.asarray(value, dtype=x._data.dtype))
    dispatch.call_inplace(I.setitem, x, (x, value, tensors), (spec,))
