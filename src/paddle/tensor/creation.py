"""Tensor creation: to_tensor, constant fills, ranges, identity and triangular helpers."""
from __future__ import annotations

import numpy as np

from .._core import dtype as _dt
from .._core import place as _place
from .._core.ops import creation as C
from .._core.tensor import Tensor, wrap
from ._convert import as_array, ensure_tensor


def _finish(t: Tensor, requires_grad=False, stop_gradient=None) -> Tensor:
    if stop_gradient is not None:
        t.stop_gradient = bool(stop_gradient)
    elif requires_grad:
        t.stop_gradient = False
    return t


def to_tensor(data, dtype=None, place=None, stop_gradient=True):
    """Create a Tensor from a Python number, (nested) list, NumPy array or Tensor.

    Python floats take the default dtype (float32), ints int64, bools bool; NumPy arrays keep
    their dtype. A scalar gives a 0-d tensor.

    Example:
        >>> import paddle
        >>> paddle.to_tensor([[1, 2], [3, 4]])
        Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [[1, 2],
                [3, 4]])
    """
    _place.to_place(place)
    arr = as_array(data, dtype)
    if isinstance(data, Tensor) or (isinstance(data, np.ndarray) and arr is data):
        arr = arr.copy()
    t = wrap(arr)
    t.stop_gradient = bool(stop_gradient)
    return t


def _shape_list(shape, api: str) -> list:
    if isinstance(shape, Tensor):
        return [int(v) for v in shape._data.reshape(-1)]
    if isinstance(shape, (int, np.integer)):
        return [int(shape)]
    if not isinstance(shape, (list, tuple)):
        raise TypeError(f"({api}) The type of 'shape' must be list, tuple or Tensor, but "
                        f"received {type(shape).__name__}.")
    out = []
    for d in shape:
        d = int(d.item()) if isinstance(d, Tensor) else int(d)
        if d < 0:
            raise ValueError(f"({api}) Each element of 'shape' must be non-negative, but "
                             f"received shape = {list(shape)}.")
        out.append(d)
    return out


def _float_dtype(dtype):
    return _dt.default_float() if dtype is None else _dt.to_dtype(dtype)


def full(shape, fill_value, dtype=None, name=None, *, out=None, device=None,
         requires_grad=False, pin_memory=False):
    """A tensor of `shape` filled with `fill_value` (dtype defaults to the default float for
    floats and bools, else the value's type)."""
    if isinstance(fill_value, Tensor):
        fill_value = fill_value.item()
    if dtype is None:
        if isinstance(fill_value, bool):
            dtype = _dt.bool_
        elif isinstance(fill_value, (int, np.integer)):
            dtype = _dt.default_float()
        elif isinstance(fill_value, complex):
            dtype = _dt.default_complex()
        else:
            dtype = _dt.default_float()
    return _finish(C.full(_shape_list(shape, "full"), fill_value, _dt.to_dtype(dtype)),
                   requires_grad)


def zeros(shape, dtype=None, name=None, *, out=None, device=None, requires_grad=False,
          pin_memory=False):
    """A tensor of zeros (default float dtype)."""
    return _finish(C.full(_shape_list(shape, "zeros"), 0, _float_dtype(dtype)), requires_grad)


def ones(shape, dtype=None, name=None, *, out=None, device=None, requires_grad=False,
         pin_memory=False):
    """A tensor of ones (default float dtype)."""
    return _finish(C.full(_shape_list(shape, "ones"), 1, _float_dtype(dtype)), requires_grad)


def empty(shape, dtype=None, name=None, *, out=None, device=None, requires_grad=False,
          pin_memory=False):
    """An uninitialised tensor; Feijiang fills it with zeros so results are reproducible."""
    return _finish(C.full(_shape_list(shape, "empty"), 0, _float_dtype(dtype)), requires_grad)


def _like_dtype(x: Tensor, dtype):
    return x.dtype if dtype is None else _dt.to_dtype(dtype)


def full_like(x, fill_value, dtype=None, name=None, *, device=None, requires_grad=False,
              pin_memory=False):
    """A tensor shaped like x filled with `fill_value`."""
    x = ensure_tensor(x)
    if isinstance(fill_value, Tensor):
        fill_value = fill_value.item()
    return _finish(C.full(list(x.shape), fill_value, _like_dtype(x, dtype)), requires_grad)


def zeros_like(x, dtype=None, name=None, *, device=None, requires_grad=False,
               pin_memory=False):
    """Zeros shaped like x."""
    return full_like(x, 0, dtype, requires_grad=requires_grad)


def ones_like(x, dtype=None, name=None, *, device=None, requires_grad=False,
              pin_memory=False):
    """Ones shaped like x."""
    return full_like(x, 1, dtype, requires_grad=requires_grad)


def empty_like(x, dtype=None, name=None, *, device=None, requires_grad=False,
               pin_memory=False):
    """An uninitialised tensor shaped like x (zero-filled here)."""
    return full_like(x, 0, dtype, requires_grad=requires_grad)


def _number(v):
    return v.item() if isinstance(v, Tensor) else v


def arange(start=0, end=None, step=1, dtype=None, name=None, *, out=None, device=None,
           requires_grad=False, pin_memory=False):
    """Values from start (inclusive) to end (exclusive) by step; int64 for integer arguments,
    else the default float."""
    start, end, step = _number(start), _number(end), _number(step)
    if end is None:
        start, end = 0, start
    if step == 0:
        raise ValueError("(arange) The step of range op should not be 0.")
    if dtype is None:
        ints = all(isinstance(v, (int, np.integer)) for v in (start, end, step))
        dtype = _dt.int64 if ints else _dt.default_float()
    return _finish(C.arange(start, end, step, _dt.to_dtype(dtype)), requires_grad)


def linspace(start, stop, num, dtype=None, name=None):
    """`num` evenly spaced values from start to stop inclusive."""
    num = int(_number(num))
    if num < 0:
        raise ValueError(f"(linspace) The num of linspace op should be non-negative, got {num}")
    dtype = _float_dtype(dtype)
    return C.linspace(_number(start), _number(stop), num, dtype)


def logspace(start, stop, num, base=10.0, dtype=None, name=None):
    """`num` values base ** linspace(start, stop, num)."""
    dtype = _float_dtype(dtype)
    exps = C.linspace(_number(start), _number(stop), int(_number(num)), _dt.float64)
    values = np.power(float(_number(base)), exps._data)
    return wrap(values.astype(dtype.np_dtype))


def eye(num_rows, num_columns=None, dtype=None, name=None):
    """A 2-D identity matrix."""
    num_rows = int(_number(num_rows))
    num_columns = num_rows if num_columns is None else int(_number(num_columns))
    if num_rows < 0 or num_columns < 0:
        raise ValueError(f"(eye) num_rows and num_columns must be non-negative, got "
                         f"{num_rows} and {num_columns}")
    return C.eye(num_rows, num_columns, _float_dtype(dtype))


def assign(x, output=None):
    """Copy x (a Tensor, NumPy array, number or list) into a new tensor or into `output`."""
    if isinstance(x, Tensor):
        from .manipulation import clone
        result = clone(x)
    else:
        result = wrap(as_array(x).copy())
        if result.dtype is _dt.float64 and not isinstance(x, np.ndarray):
            result = wrap(result._data.astype(np.float32))
    if output is None:
        return result
    output._data = result._data
    output._node = result._node
    output._out_idx = result._out_idx
    output.stop_gradient = output.stop_gradient and result.stop_gradient
    output._version += 1
    return output


__all__ = [
    "to_tensor", "full", "zeros", "ones", "empty", "full_like", "zeros_like", "ones_like",
    "empty_like", "arange", "linspace", "logspace", "eye", "assign",
]
