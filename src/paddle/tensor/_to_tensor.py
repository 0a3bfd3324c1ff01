"""Tensors from Python data: to_tensor, asarray, as_tensor, from_numpy and assign, with Paddle's
dtype rules for Python numbers, nested lists and NumPy input."""
from __future__ import annotations

import numbers

import numpy as np

from .._core import dtype as _dt
from .._core import place as _place
from .._core.tensor import Tensor, wrap
from ._arg_forms import finish

_SCALARS = (numbers.Number, np.generic)


def _from_numpy_array(arr: np.ndarray) -> np.ndarray:
    """Paddle stores bfloat16 as uint16 and reads uint16 arrays back as bfloat16."""
    if arr.dtype == np.uint16:
        return arr.view(_dt.bfloat16.np_dtype)
    return arr


def _supported(arr: np.ndarray) -> bool:
    try:
        _dt.from_numpy_dtype(arr.dtype)
    except TypeError:
        return False
    return True


def _check_array_dtype(arr: np.ndarray, api: str) -> None:
    if not _supported(arr):
        raise ValueError(f"({api}) Input object type error or incompatible array data type: "
                         f"NumPy dtype {arr.dtype} is not supported.")


def _contains_tensor(data) -> bool:
    """Whether a list holds Tensors at its top level (the check Paddle makes)."""
    return any(isinstance(item, Tensor) for item in data)


def _nested_array(data, api: str) -> np.ndarray:
    """A nested list as an array. Without Tensors at the top level, floats take the default
    float and int32 becomes int64; with Tensors there, NumPy's promotion stands."""
    has_tensors = _contains_tensor(data)
    if has_tensors:  # NumPy cannot stack bfloat16 Tensors through __array__, so unwrap them
        data = [item._data if isinstance(item, Tensor) else item for item in data]
    try:
        arr = np.array(data)
    except (ValueError, OverflowError, TypeError) as exc:
        raise ValueError(f"({api}) Failed to convert the nested list to a regular array: its "
                         f"sublists must have equal lengths and hold numbers ({exc})") from None
    if not _supported(arr):
        raise ValueError(f"({api}) Input object type error or incompatible array data type: "
                         f"the elements must be numbers or bools of one nesting depth, but "
                         f"NumPy read them as {arr.dtype}.")
    return arr if has_tensors else _default_kind(arr)


def _default_kind(arr: np.ndarray) -> np.ndarray:
    kind = arr.dtype.kind
    if kind == "f":
        return arr.astype(_dt.default_float().np_dtype, copy=False)
    if kind == "c":
        return arr.astype(_dt.default_complex().np_dtype, copy=False)
    if arr.dtype == np.int32:
        return arr.astype(np.int64)
    return arr


def _scalar_array(value, api: str) -> np.ndarray:
    if isinstance(value, (np.generic, bool)):
        arr = np.asarray(value)
    elif isinstance(value, int):
        if not -2**63 <= value < 2**63:
            raise ValueError(f"({api}) The integer {value} does not fit in int64.")
        arr = np.asarray(value, dtype=np.int64)
    else:
        arr = _default_kind(np.asarray(value))
    if not _supported(arr):
        raise ValueError(f"({api}) Cannot build a Tensor from a value of NumPy type "
                         f"{arr.dtype}.")
    return arr


def data_to_array(data, dtype=None, api: str = "to_tensor") -> np.ndarray:
    """The array `to_tensor(data, dtype)` holds (shares memory with data where it can)."""
    if isinstance(data, Tensor):
        arr = data._data
    elif isinstance(data, np.ndarray):
        _check_array_dtype(data, api)
        arr = _from_numpy_array(data)
    elif isinstance(data, _SCALARS) and not isinstance(data, (str, bytes)):
        arr = _scalar_array(data, api)
    elif isinstance(data, (list, tuple)):
        arr = _nested_array(data, api)
    else:
        raise TypeError(f"({api}) Can't construct a Tensor from data of type "
                        f"{type(data).__name__}; data must be a scalar, list, tuple, "
                        "numpy.ndarray or Tensor.")
    if dtype is not None:
        arr = arr.astype(_dt.to_dtype(dtype).np_dtype, copy=False)
    return arr


def _new_tensor(data, dtype, api: str) -> Tensor:
    arr = data_to_array(data, dtype, api)
    shares = arr is data or (isinstance(data, Tensor) and arr is data._data) or (
        isinstance(data, np.ndarray) and np.shares_memory(arr, data))
    return wrap(arr.copy() if shares else arr)


def to_tensor(data, dtype=None, place=None, stop_gradient=True):
    """Create a Tensor from a Python number, (nested) list, NumPy array or Tensor.

    Python floats take the default dtype (float32), ints int64, bools bool; NumPy arrays and
    NumPy scalars keep their dtype. A scalar gives a 0-d tensor. The data is always copied.

    Example:
        >>> import paddle
        >>> paddle.to_tensor([[1, 2], [3, 4]])
        Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [[1, 2],
                [3, 4]])
    """
    _place.to_place(place)
    t = _new_tensor(data, dtype, "to_tensor")
    t.stop_gradient = bool(stop_gradient)
    return t


def asarray(obj, *, dtype=None, device=None, copy=None, requires_grad=False):
    """Array-API style conversion to a Tensor (a copy, as in Paddle).

    Example:
        >>> import paddle
        >>> paddle.asarray([1.0, 2.0]).dtype
        paddle.float32
    """
    _place.to_place(device)
    return finish(_new_tensor(obj, dtype, "asarray"), requires_grad)


def as_tensor(data, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """Convert data to a Tensor (torch-style name for `to_tensor`).

    Example:
        >>> import paddle
        >>> paddle.as_tensor([1, 2]).dtype
        paddle.int64
    """
    _place.to_place(device)
    return finish(_new_tensor(data, dtype, "as_tensor"), requires_grad)


def from_numpy(ndarray):
    """A Tensor holding a copy of a NumPy array (uint16 arrays are read as bfloat16, as
    Paddle stores bfloat16).

    Example:
        >>> import numpy as np
        >>> import paddle
        >>> paddle.from_numpy(np.array([1.0, 2.0])).dtype
        paddle.float64
    """
    if not isinstance(ndarray, np.ndarray):
        raise TypeError("(from_numpy) The input type of from_numpy() must be numpy.ndarray, but "
                        f"received {type(ndarray).__name__}. To convert other types to a "
                        "tensor, use paddle.to_tensor() instead.")
    return _new_tensor(ndarray, None, "from_numpy")


def _assign_array(x) -> np.ndarray:
    """Paddle's assign keeps NumPy's own dtypes (Python floats become float64) and turns Python
    scalars into 1-element tensors."""
    if isinstance(x, np.ndarray):
        return data_to_array(x, api="assign").copy()
    if isinstance(x, (list, tuple)) and _contains_tensor(x):
        return data_to_array(x, api="assign")
    arr = np.array(x)
    if not _supported(arr):
        raise TypeError(f"(assign) The type of 'x' must be Tensor, numpy.ndarray, list, tuple or "
                        f"a number, but received {type(x).__name__}.")
    return arr.reshape(1) if arr.ndim == 0 and not isinstance(x, np.ndarray) else arr


def assign(x, output=None):
    """Copy x (a Tensor, NumPy array, number or list) into a new tensor or into `output`;
    gradients flow through a Tensor x.

    Example:
        >>> import paddle
        >>> paddle.assign(1.5)
        Tensor(shape=[1], dtype=float64, place=Place(cpu), stop_gradient=True,
               [1.50000000])
    """
    if isinstance(x, Tensor):
        from .manipulation import clone
        result = clone(x)
    else:
        result = wrap(_assign_array(x))
    if output is None:
        return result
    if not isinstance(output, Tensor):
        raise TypeError(f"(assign) The type of 'output' must be Tensor, but received "
                        f"{type(output).__name__}.")
    output._data = result._data
    output._node = result._node
    output._out_idx = result._out_idx
    output.stop_gradient = output.stop_gradient and result.stop_gradient
    output._version += 1
    return output
