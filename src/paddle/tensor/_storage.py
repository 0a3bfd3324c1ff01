"""Tensor methods that replace a tensor's storage in place: `x.set_(source, …)` (share another
tensor's memory through a shape/stride/offset view) and `x.resize_(shape)`; and the check
whether two tensors share memory."""
from __future__ import annotations

import numpy as np

from .._core.tensor import Tensor


def _int_list(values, api: str, arg: str) -> list:
    if not isinstance(values, (list, tuple)) or not all(
            isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in values):
        raise TypeError(f"({api}) '{arg}' must be a list or tuple of ints, but received "
                        f"{values!r}.")
    return [int(v) for v in values]


def _contiguous_strides(shape: list) -> list:
    strides, step = [], 1
    for d in reversed(shape):
        strides.append(step)
        step *= max(d, 1)
    return strides[::-1]


def _strided_view(buffer: np.ndarray, dtype: np.dtype, shape: list, strides: list,
                  offset: int) -> np.ndarray:
    """A view of `buffer`'s bytes read as `dtype`, starting `offset` bytes in."""
    raw = buffer.reshape(-1).view(np.uint8)
    usable = (raw.size - offset) // dtype.itemsize
    if offset < 0 or usable < 0:
        raise ValueError(f"(set_) offset {offset} is outside the source's {raw.size} bytes.")
    elements = raw[offset:offset + usable * dtype.itemsize].view(dtype)
    if all(d > 0 for d in shape):
        last = sum((d - 1) * s for d, s in zip(shape, strides))
        if last >= elements.size or min(strides, default=0) < 0:
            raise ValueError(f"(set_) shape {shape} with stride {strides} and offset {offset} "
                             f"reaches past the source's {elements.size} elements.")
    return np.lib.stride_tricks.as_strided(
        elements, shape=tuple(shape), strides=tuple(s * dtype.itemsize for s in strides))


def set_(x, source=None, shape=None, stride=None, offset=0, name=None):
    """Make x a view of source's memory (read as x's dtype) with the given shape, stride (in
    elements) and offset (in bytes); without a source x becomes empty.

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([1.0, 2.0, 3.0])
        >>> src = paddle.to_tensor([11.0, 22.0, 33.0, 44.0, 55.0, 66.0])
        >>> x.set_(src, shape=[3], stride=[2]).tolist()
        [11.0, 33.0, 55.0]
    """
    if not isinstance(x, Tensor):
        raise TypeError(f"(set_) x must be a Tensor, but received {type(x).__name__}.")
    np_dtype = x._data.dtype
    if source is None:
        x._data = np.empty((0,), dtype=np_dtype)
    else:
        if not isinstance(source, Tensor):
            raise TypeError(f"(set_) source must be a Tensor, but received "
                            f"{type(source).__name__}.")
        buffer = source._data if source._data.flags.c_contiguous else \
            np.ascontiguousarray(source._data)
        dims = list(buffer.shape) if shape is None else _int_list(shape, "set_", "shape")
        steps = _contiguous_strides(dims) if stride is None else \
            _int_list(stride, "set_", "stride")
        if len(steps) != len(dims):
            raise ValueError(f"(set_) stride {steps} must have one entry per dimension of "
                             f"shape {dims}.")
        x._data = _strided_view(buffer, np_dtype, dims, steps, int(offset))
    x._version += 1
    return x


def is_shared_buffer_with(x, other) -> bool:
    """Whether x and other share memory (Paddle's `Tensor._is_shared_buffer_with`)."""
    return isinstance(other, Tensor) and bool(np.shares_memory(x._data, other._data))


def resize_(x, shape, fill_zero=False, name=None):
    """Change x's shape in place, keeping its leading elements in order; new elements are
    zero (Paddle leaves them uninitialised unless fill_zero=True).

    Example:
        >>> import paddle
        >>> paddle.to_tensor([1.0, 2.0, 3.0]).resize_([2, 2]).tolist()
        [[1.0, 2.0], [3.0, 0.0]]
    """
    if not isinstance(x, Tensor):
        raise TypeError(f"(resize_) x must be a Tensor, but received {type(x).__name__}.")
    dims = _int_list(shape, "resize_", "shape")
    if any(d < 0 for d in dims):
        raise ValueError(f"(resize_) Each value of 'shape' must be non-negative, but received "
                         f"{dims}.")
    size = int(np.prod(dims))
    flat = x._data.reshape(-1)
    data = np.zeros(size, dtype=flat.dtype)
    keep = min(size, flat.size)
    data[:keep] = flat[:keep]
    x._data = data.reshape(dims)
    x._version += 1
    return x
