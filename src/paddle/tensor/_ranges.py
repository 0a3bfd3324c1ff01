"""Ranges and index sets: arange, range, linspace, logspace, eye, tril_indices, triu_indices."""
from __future__ import annotations

import math
import numbers
import warnings

import numpy as np

from .._core import dtype as _dt
from .._core.ops import creation as C
from .._core.tensor import Tensor
from .._core.tracing import is_symbolic
from ._arg_forms import aliases, finish

_RANGE_DTYPES = ("int32", "int64", "float16", "bfloat16", "float32", "float64")


def _value(v, api: str, arg: str):
    if isinstance(v, Tensor):
        if v.size != 1:
            raise ValueError(f"({api}) '{arg}' must be a number or a one-element Tensor, but "
                             f"received a Tensor of shape {list(v.shape)}.")
        v = v.item()
    if not isinstance(v, numbers.Real):
        raise TypeError(f"({api}) '{arg}' must be a real number or a one-element Tensor, but "
                        f"received {type(v).__name__}.")
    return v


def _is_int_arg(v) -> bool:
    if isinstance(v, Tensor):
        return v.dtype.kind in "iu"
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


def _count(v, api: str, arg: str) -> int:
    """A non-negative integer count: Python/NumPy ints and integer Tensors (not floats)."""
    value = _value(v, api, arg) if isinstance(v, Tensor) else v
    if isinstance(value, (bool, np.bool_)):
        value = int(value)
    if not isinstance(value, (int, np.integer)) or value < 0:
        raise TypeError(f"({api}) {arg} should be a non-negative int, but received {v!r}.")
    return int(value)


def _range_dtype(dtype, args, api: str) -> _dt.DType:
    if dtype is None:
        ints = all(_is_int_arg(v) for v in args)
        return _dt.int64 if ints else _dt.default_float()
    dt = _dt.to_dtype(dtype)
    if dt.name not in _RANGE_DTYPES:
        raise TypeError(f"({api}) The data type must be one of {list(_RANGE_DTYPES)}, but "
                        f"received {dt.name}.")
    return dt


def _finite(value, api: str, arg: str):
    if not math.isfinite(value):
        raise ValueError(f"({api}) The value of {arg} must be finite, but received: {value}.")
    return value


def arange(start=0, end=None, step=1, dtype=None, *, out=None, device=None,
           requires_grad=False, pin_memory=False, name=None):
    """Values from start (inclusive) to end (exclusive) by step: int64 when every argument is an
    integer, else the default float. Values accumulate step by step in the output precision,
    as Paddle computes them.

    Example:
        >>> import paddle
        >>> paddle.arange(5)
        Tensor(shape=[5], dtype=int64, place=Place(cpu), stop_gradient=True,
               [0, 1, 2, 3, 4])
    """
    if end is None:
        start, end = 0, start
    dt = _range_dtype(dtype, (start, end, step), "arange")
    bounds = (start, end, step)
    if dt.kind in "iu" and any(is_symbolic(v) and _is_int_arg(v) for v in bounds):
        # integer bounds known when the program runs (to_static dynamic dims)
        start, end, step = (v if is_symbolic(v) else int(_value(v, "arange", name))
                            for v, name in zip(bounds, ("start", "end", "step")))
        return finish(C.arange(start, end, step, dt), requires_grad, out)
    start = _finite(_value(start, "arange", "start"), "arange", "start")
    end = _finite(_value(end, "arange", "end"), "arange", "end")
    step = _finite(_value(step, "arange", "step"), "arange", "step")
    if dt.kind in "iu":
        start, end, step = int(start), int(end), int(step)
    if step == 0:
        raise ValueError("(arange) The step of range op should not be 0.")
    return finish(C.arange(start, end, step, dt), requires_grad, out)


def range(start=0, end=None, step=1, dtype=None, *, out=None, device=None,  # noqa: A001
          requires_grad=False, name=None):
    """Deprecated in Paddle: like arange but *including* end, with the default float dtype.

    Example:
        >>> import paddle
        >>> import warnings
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     paddle.range(0, 3).tolist()
        [0.0, 1.0, 2.0, 3.0]
    """
    warnings.warn("paddle.range is deprecated and will be removed in a future release because "
                  "its behavior is inconsistent with Python's range builtin; use paddle.arange, "
                  "which produces values in [start, end).", DeprecationWarning, stacklevel=2)
    if end is None:
        start, end = 0, start
    dt = _dt.default_float() if dtype is None else _range_dtype(dtype, (), "range")
    start = _finite(_value(start, "range", "start"), "range", "start")
    end = _finite(_value(end, "range", "end"), "range", "end")
    step = _finite(_value(step, "range", "step"), "range", "step")
    if step == 0:
        raise ValueError("(range) The step of range op should not be 0.")
    if dt.kind in "iu":
        start, end, step = int(start), int(end), int(step)
        count = max(0, (end - start) // step + 1)
        stop = start + count * step
    else:
        precision = np.float64 if dt.itemsize >= 8 else np.float32
        count = max(0, math.floor((precision(end) - precision(start)) / precision(step)) + 1)
        # half a step past the last value: arange then yields exactly `count` values
        stop = start + (count - 0.5) * step
    return finish(C.arange(start, stop, step, dt), requires_grad, out)


def _linspace_dtype(dtype, api: str) -> _dt.DType:
    dt = _dt.default_float() if dtype is None else _dt.to_dtype(dtype)
    if dt.name not in _RANGE_DTYPES:
        raise TypeError(f"({api}) The data type must be one of {list(_RANGE_DTYPES)}, but "
                        f"received {dt.name}.")
    return dt


def _num(num, api: str, positive: bool) -> int:
    value = _value(num, api, "num")
    if int(value) != value:
        raise TypeError(f"({api}) num must be an integer, but received {value!r}.")
    value = int(value)
    if value < 0 or (positive and value == 0):
        bound = "larger than 0" if positive else "larger than or equal to 0"
        raise ValueError(f"({api}) The num of {api} op should be {bound}, but received num "
                         f"is {value}")
    return value


@aliases(stop="end", num="steps")
def linspace(start, stop, num, dtype=None, name=None, *, out=None, device=None,
             requires_grad=False):
    """`num` evenly spaced values from start to stop, both included.

    Example:
        >>> import paddle
        >>> paddle.linspace(0, 1, 5).tolist()
        [0.0, 0.25, 0.5, 0.75, 1.0]
    """
    dt = _linspace_dtype(dtype, "linspace")
    result = C.linspace(_value(start, "linspace", "start"), _value(stop, "linspace", "stop"),
                        _num(num, "linspace", False), dt)
    return finish(result, requires_grad, out)


def logspace(start, stop, num, base=10.0, dtype=None, name=None):
    """`num` values base ** e for e evenly spaced from start to stop.

    Example:
        >>> import paddle
        >>> paddle.logspace(0, 2, 3).tolist()
        [1.0, 10.0, 100.0]
    """
    dt = _linspace_dtype(dtype, "logspace")
    return C.logspace(_value(start, "logspace", "start"), _value(stop, "logspace", "stop"),
                      _num(num, "logspace", True), _value(base, "logspace", "base"), dt)


@aliases(num_rows="n", num_columns="m")
def eye(num_rows, num_columns=None, dtype=None, name=None, *, out=None, device=None,
        requires_grad=False, pin_memory=False):
    """A 2-D matrix with ones on the diagonal (num_columns defaults to num_rows).

    Example:
        >>> import paddle
        >>> paddle.eye(2, 3).tolist()
        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
    """
    rows = _count(num_rows, "eye", "num_rows")
    cols = rows if num_columns is None else _count(num_columns, "eye", "num_columns")
    dt = _dt.default_float() if dtype is None else _dt.to_dtype(dtype)
    return finish(C.eye(rows, cols, dt), requires_grad, out)


def _index_dtype(dtype, api: str) -> _dt.DType:
    dt = _dt.to_dtype(dtype)
    if dt.name not in ("int32", "int64"):
        raise TypeError(f"({api}) dtype must be int32 or int64, but received {dt.name}.")
    return dt


def _offset(offset, api: str) -> int:
    if not _is_int_arg(offset):
        raise TypeError(f"({api}) offset must be an int, but received {offset!r}.")
    return int(_value(offset, api, "offset"))


def tril_indices(row, col, offset=0, dtype="int64"):
    """Row and column indices (a [2, N] tensor) of the lower triangle of a row x col matrix,
    up to diagonal `offset`.

    Example:
        >>> import paddle
        >>> paddle.tril_indices(3, 3).tolist()
        [[0, 1, 1, 2, 2, 2], [0, 0, 1, 0, 1, 2]]
    """
    return C.tril_indices(_count(row, "tril_indices", "row"), _count(col, "tril_indices", "col"),
                          _offset(offset, "tril_indices"), _index_dtype(dtype, "tril_indices"))


def triu_indices(row, col=None, offset=0, dtype="int64"):
    """Row and column indices (a [2, N] tensor) of the upper triangle of a row x col matrix,
    from diagonal `offset` (col defaults to row).

    Example:
        >>> import paddle
        >>> paddle.triu_indices(3).tolist()
        [[0, 0, 0, 1, 1, 2], [0, 1, 2, 1, 2, 2]]
    """
    rows = _count(row, "triu_indices", "row")
    cols = rows if col is None else _count(col, "triu_indices", "col")
    return C.triu_indices(rows, cols, _offset(offset, "triu_indices"),
                          _index_dtype(dtype, "triu_indices"))
