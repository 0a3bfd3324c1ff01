"""`paddle.inference.Tensor` (PaddleInferTensor): a predictor's handle on one of its inputs or
outputs. Inputs take data with `copy_from_cpu` (a copy) or `share_external_data` (no copy);
outputs hand theirs out with `copy_to_cpu` after `Predictor.run()`."""
from __future__ import annotations

import ctypes

import numpy as np

from .._core.tensor import Tensor as _PaddleTensor
from .enums import PaddleDType, PaddlePlace, data_type_of, dtype_name


class PaddleInferTensor:
    """The handle of the input or output `name` of a predictor."""

    def __init__(self, name: str, meta, is_input: bool):
        self._name = name
        self._meta = meta          # the declared TensorMeta (shape may hold -1)
        self._is_input = is_input
        self._array = None         # the data, once copied, shared or computed
        self._shape = None         # set by reshape() before any data arrives
        self._lod: list = []

    def copy_from_cpu(self, data) -> None:
        """Copy a NumPy array (or a list of str, for string inputs) into the tensor."""
        if isinstance(data, np.ndarray):
            self._array = np.array(data, copy=True, order="C")
        elif isinstance(data, list) and data and isinstance(data[0], str):
            self._array = np.asarray(data, dtype=object)
        else:
            raise TypeError("In copy_from_cpu, we only support numpy ndarray and list[str] "
                            "data type.")
        self._shape = None

    def share_external_data(self, data) -> None:
        """Use a paddle.Tensor's memory as this input, without copying."""
        if not isinstance(data, _PaddleTensor):
            raise TypeError("In share_external_data, we only support Tensor and DenseTensor.")
        self._array = data._data
        self._shape = None

    def share_external_data_by_ptr_name(self, data: int, shape, dtype: PaddleDType,
                                        place: PaddlePlace) -> None:
        """Use the memory at address `data` (of `shape` and `dtype`, on `place`), without
        copying; the caller keeps it alive while the predictor reads it."""
        if PaddlePlace(place) != PaddlePlace.CPU:
            raise ValueError(f"(share_external_data_by_ptr_name) tensor '{self._name}': only "
                             f"CPU memory can be shared on this build, received {place}")
        np_dtype = np.dtype(dtype_name(dtype)) if dtype != PaddleDType.BFLOAT16 else \
            np.dtype("uint16")
        count = int(np.prod(shape)) if len(shape) else 1
        buffer = (ctypes.c_byte * (count * np_dtype.itemsize)).from_address(int(data))
        self._array = np.frombuffer(buffer, np_dtype, count).reshape(list(shape))
        self._shape = None

    def copy_to_cpu(self) -> np.ndarray:
        """A copy of the tensor's data as a NumPy array."""
        if self._array is None:
            raise RuntimeError(f"(PreconditionNotMet) Tensor '{self._name}' holds no memory: "
                               + ("copy data into it with copy_from_cpu first."
                                  if self._is_input else "run the predictor first."))
        return np.array(self._array, copy=True)

    def reshape(self, shape) -> None:
        """Declare the shape of the data to come (`copy_from_cpu` then sets its own)."""
        shape = [int(shape)] if isinstance(shape, int) else [int(d) for d in shape]
        if any(d < 0 for d in shape):
            raise ValueError(f"(Tensor.reshape) tensor '{self._name}': every dim must be "
                             f"non-negative, received {shape}")
        self._shape = shape
        if self._array is not None and list(self._array.shape) != shape:
            self._array = None

    def shape(self) -> list:
        if self._array is not None:
            return list(self._array.shape)
        return list(self._shape) if self._shape is not None else [0]

    def type(self) -> PaddleDType:
        if self._array is not None and self._array.dtype != object:
            return data_type_of(self._array.dtype)
        return data_type_of(self._meta.dtype)

    def lod(self) -> list:
        return [list(level) for level in self._lod]

    def set_lod(self, x) -> None:
        self._lod = [[int(v) for v in level] for level in x]

    def name(self) -> str:
        """The input's or output's name (as the C++ API's `Tensor::name()`)."""
        return self._name

    def __repr__(self) -> str:
        kind = "input" if self._is_input else "output"
        return f"<paddle.inference.Tensor {kind} '{self._name}' shape={self.shape()}>"
