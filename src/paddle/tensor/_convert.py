"""Turning user arguments into tensors, and the promotion step of binary ops."""
from __future__ import annotations

import numbers

import numpy as np

from .._core import dtype as _dt
from .._core.tensor import Tensor, wrap
from .._core.ops import manipulation as _manip

_NUMBER = (numbers.Number, np.generic)


def as_array(data, dtype=None) -> np.ndarray:
    """NumPy array for `to_tensor`-style input, with Paddle's default dtypes:
    Python floats → default float, ints → int64, bools → bool, complex → default complex;
    NumPy arrays keep their dtype."""
    target = None if dtype is None else _dt.to_dtype(dtype).np_dtype
    if isinstance(data, Tensor):
        arr = data._data
        return arr if target is None else arr.astype(target)
    if isinstance(data, np.ndarray):
        return data if target is None else data.astype(target)
    if isinstance(data, (list, tuple)) and any(isinstance(v, Tensor) for v in _flat(data)):
        data = _tensors_to_arrays(data)
    arr = np.asarray(data)
    if target is not None:
        return arr.astype(target)
    if isinstance(data, np.generic):
        return arr
    kind = arr.dtype.kind
    if kind == "f":
        return arr.astype(_dt.default_float().np_dtype)
    if kind in "iu":
        return arr.astype(np.int64)
    if kind == "c":
        return arr.astype(_dt.default_complex().np_dtype)
    if kind in "OUS":
        raise TypeError(f"to_tensor: cannot convert data of type {type(data).__name__} "
                        f"(NumPy dtype {arr.dtype}) to a Tensor")
    return arr


def _flat(data):
    for v in data:
        if isinstance(v, (list, tuple)):
            yield from _flat(v)
        else:
            yield v


def _tensors_to_arrays(data):
    if isinstance(data, Tensor):
        return data._data
    if isinstance(data, (list, tuple)):
        return [_tensors_to_arrays(v) for v in data]
    return data


def is_number(value) -> bool:
    return isinstance(value, _NUMBER) and not isinstance(value, Tensor)


def ensure_tensor(value, dtype=None) -> Tensor:
    if isinstance(value, Tensor):
        return value
    return wrap(as_array(value, dtype))


def scalar_tensor(value, dtype: _dt.DType) -> Tensor:
    return wrap(np.asarray(value, dtype=dtype.np_dtype))


def promote_pair(x, y, op_name: str):
    """Paddle's binary-op promotion: returns (x, y) as tensors of one dtype."""
    if isinstance(x, Tensor):
        if isinstance(y, Tensor):
            xd, yd = x._data.dtype, y._data.dtype
            if xd == yd:
                return x, y
            target = _dt.promote_types(_dt.from_numpy_dtype(xd), x._data.ndim == 0,
                                       _dt.from_numpy_dtype(yd), y._data.ndim == 0, op_name)
            return cast_to(x, target), cast_to(y, target)
        if is_number(y):
            target = _dt.promote_types(x.dtype, x._data.ndim == 0, _dt.scalar_dtype(y), True,
                                       op_name)
            return cast_to(x, target), scalar_tensor(y, target)
        return promote_pair(x, _other_operand(y, x, op_name), op_name)
    if is_number(x) and isinstance(y, Tensor):
        target = _dt.promote_types(_dt.scalar_dtype(x), True, y.dtype, y._data.ndim == 0,
                                   op_name)
        return scalar_tensor(x, target), cast_to(y, target)
    x = ensure_tensor(x)
    return promote_pair(x, y, op_name)


def _other_operand(y, x: Tensor, op_name: str) -> Tensor:
    """A NumPy array becomes a tensor of its own dtype (then promotes); anything else that is
    neither a number nor a Tensor is a TypeError, as Paddle's operators raise."""
    if isinstance(y, np.ndarray) and y.dtype.kind not in "OUSV":
        return wrap(y)
    raise TypeError(f"({op_name}) argument (position 1) must be int, float, bool or Tensor, but "
                    f"got {type(y).__name__}")


def cast_to(t: Tensor, dtype: _dt.DType) -> Tensor:
    if t._data.dtype == dtype.np_dtype:
        return t
    return _manip.cast(t, dtype)


def require_tensor(api: str, arg: str, position: int, value) -> None:
    """Paddle's functional forms of several binary ops take Tensors only (the operators accept
    numbers); reject anything else with Paddle's ValueError."""
    if not isinstance(value, Tensor):
        kind = type(value)
        kind = kind.__name__ if kind.__module__ == "builtins" else \
            f"{kind.__module__}.{kind.__name__}"
        raise ValueError(f"{api}(): argument '{arg}' (position {position}) must be Tensor, but "
                         f"got {kind}")
