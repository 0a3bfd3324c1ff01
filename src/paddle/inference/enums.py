"""Paddle Inference's enums: `DataType` (PaddleDType), `PlaceType` (PaddlePlace) and
`PrecisionType` (`Config.Precision`), with Paddle's member values, and the dtype mappings."""
from __future__ import annotations

import enum

import numpy as np

from .._core import dtype as _dt


class _PaddleEnum(enum.IntEnum):
    """Integer enums printed as Paddle prints them (`Precision.Half`, `<PaddleDType.INT64: 1>`)."""

    def __str__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class PaddleDType(_PaddleEnum):
    FLOAT32 = 0
    INT64 = 1
    INT32 = 2
    UINT8 = 3
    INT8 = 4
    FLOAT16 = 5
    BOOL = 6
    FLOAT64 = 7
    BFLOAT16 = 8


class PaddlePlace(_PaddleEnum):
    UNK = -1
    CPU = 0
    GPU = 1
    XPU = 2
    CUSTOM = 4


class Precision(_PaddleEnum):
    Float32 = 0
    Int8 = 1
    Half = 2
    Bfloat16 = 3


_BY_NAME = {PaddleDType.FLOAT32: "float32", PaddleDType.INT64: "int64",
            PaddleDType.INT32: "int32", PaddleDType.UINT8: "uint8", PaddleDType.INT8: "int8",
            PaddleDType.FLOAT16: "float16", PaddleDType.BOOL: "bool",
            PaddleDType.FLOAT64: "float64", PaddleDType.BFLOAT16: "bfloat16"}
_BY_DTYPE = {name: code for code, name in _BY_NAME.items()}

# get_num_bytes_of_data_type answers only for these (Paddle 3.3.1 returns -1 for the others).
_NUM_BYTES = {PaddleDType.FLOAT32: 4, PaddleDType.INT32: 4, PaddleDType.INT64: 8,
              PaddleDType.UINT8: 1}


def data_type_of(dtype) -> PaddleDType:
    """The PaddleDType of a Paddle or NumPy dtype."""
    name = _dt.to_dtype(dtype).name if not isinstance(dtype, np.dtype) else \
        _dt.from_numpy_dtype(dtype).name
    if name not in _BY_DTYPE:
        raise TypeError(f"(paddle.inference) the data type {name} has no Paddle Inference "
                        f"DataType; expected one of {sorted(_BY_DTYPE)}")
    return _BY_DTYPE[name]


def dtype_name(code: PaddleDType) -> str:
    return _BY_NAME[PaddleDType(code)]


def get_num_bytes_of_data_type(dtype: PaddleDType) -> int:
    """The size in bytes of one element of `dtype`, as Paddle Inference reports it (-1 for the
    types it does not size: FLOAT64, FLOAT16, BFLOAT16, INT8 and BOOL).

    Example:
        >>> from paddle import inference
        >>> inference.get_num_bytes_of_data_type(inference.DataType.INT64)
        8
    """
    if not isinstance(dtype, PaddleDType):
        raise TypeError("get_num_bytes_of_data_type(): expected a paddle.inference.DataType, "
                        f"but received {type(dtype).__name__}")
    return _NUM_BYTES.get(dtype, -1)
