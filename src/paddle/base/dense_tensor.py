"""`DenseTensor`: Paddle's legacy handle on a tensor's storage (`t.get_tensor()`,
`scope.find_var(name).get_tensor()`), read with `np.array(handle)` and written with `set`."""
from __future__ import annotations

import numpy as np

from .._core.tensor import Tensor, wrap


class DenseTensor:
    """Reads and writes the values of one tensor; a fresh handle owns an empty tensor."""

    def __init__(self, tensor: Tensor | None = None):
        self._tensor = tensor if tensor is not None else wrap(np.zeros([0], np.float32))

    def set(self, array, place=None) -> None:
        """Replace the values (and dtype and shape) with those of a NumPy array or tensor."""
        values = array.numpy() if isinstance(array, Tensor) else np.array(array)
        self._tensor._data = values
        self._tensor._version += 1

    def shape(self) -> list:
        return list(self._tensor.shape)

    def _dtype(self):
        return self._tensor.dtype

    def _is_initialized(self) -> bool:
        return True

    def __array__(self, dtype=None, copy=None):
        data = self._tensor._data
        return data if dtype is None else data.astype(dtype)

    def __repr__(self) -> str:
        return f"DenseTensor(shape={self.shape()}, dtype={self._tensor.dtype.name})"
