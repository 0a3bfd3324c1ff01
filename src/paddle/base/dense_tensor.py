"""`DenseTensor`: Paddle's legacy handle on a variable's storage (`t.get_tensor()`,
`scope.find_var(name).get_tensor()`), read with `np.array(handle)` and written with `set`."""
from __future__ import annotations

import numpy as np

from .._core.dtype import from_numpy_dtype


class Storage:
    """The storage of a variable that is not a Tensor (a scope variable made by `var`)."""

    def __init__(self):
        self._data = np.zeros([0], "float32")
        self._version = 0


class DenseTensor:
    """Reads and writes the data of a Tensor or Storage; a fresh handle owns a new Storage."""

    def __init__(self, tensor=None):
        self._tensor = tensor if tensor is not None else Storage()

    def set(self, array, place=None) -> None:
        """Replace the data with a NumPy array's or tensor's: a Tensor keeps its dtype (and, at
        the same shape, its memory); a Storage takes the array's dtype and shape."""
        value = np.array(array._data if hasattr(array, "_data") else array)
        target = self._tensor
        if isinstance(target, Storage):
            target._data = value
        elif value.shape == target._data.shape and target._data.flags.writeable:
            np.copyto(target._data, value, casting="unsafe")
        else:
            target._data = value.astype(target._data.dtype)
        target._version += 1

    def shape(self) -> list:
        return list(self._tensor._data.shape)

    def _dtype(self):
        return from_numpy_dtype(self._tensor._data.dtype)

    def _is_initialized(self) -> bool:
        return True

    def __array__(self, dtype=None, copy=None):
        return np.array(self._tensor._data, dtype=dtype)

    def __repr__(self) -> str:
        return f"DenseTensor(shape={self.shape()}, dtype={self._dtype().name})"
