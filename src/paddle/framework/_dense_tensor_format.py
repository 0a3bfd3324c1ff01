"""Paddle's binary DenseTensor record: what `paddle.save(tensor, path, use_binary_format=True)`
writes, and the unit an inference model's `.pdiparams` file concatenates.

Layout (little endian): u32 version 0; u64 number of LoD levels, each level a u64 byte count
followed by that many bytes of offsets; u32 tensor version 0; i32 size of a TensorDesc protobuf;
the TensorDesc (field 1 varint data_type, field 2 varint dims, one entry per dim); raw data.
"""
from __future__ import annotations

import struct

import numpy as np

from .._core import dtype as _dt

_CODE_BY_DTYPE = {
    np.dtype(np.bool_): 0, np.dtype(np.int16): 1, np.dtype(np.int32): 2,
    np.dtype(np.int64): 3, np.dtype(np.float16): 4, np.dtype(np.float32): 5,
    np.dtype(np.float64): 6, np.dtype(np.uint8): 20, np.dtype(np.int8): 21,
    np.dtype(np.complex64): 23, np.dtype(np.complex128): 24,
}
_DTYPE_BY_CODE = {code: dtype for dtype, code in _CODE_BY_DTYPE.items()}
_BFLOAT16_CODE = 22  # kept out of the tables so that ml_dtypes loads only for bfloat16 data


class TensorFormatError(ValueError):
    """The bytes are not a DenseTensor record."""


def _varint(value: int) -> bytes:
    value &= (1 << 64) - 1  # negative int64 values use ten bytes, as protobuf encodes them
    out = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


def _read_varint(buf: bytes, pos: int) -> tuple[int, int]:
    result, shift = 0, 0
    while True:
        if pos >= len(buf) or shift > 63:
            raise TensorFormatError("a TensorDesc varint runs past its end")
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            if result >= 1 << 63:
                result -= 1 << 64
            return result, pos


def encode(array: np.ndarray) -> bytes:
    code = _CODE_BY_DTYPE.get(array.dtype)
    if code is None and _dt.is_bfloat16(array.dtype):
        code = _BFLOAT16_CODE
    if code is None:
        raise TypeError(f"(paddle.save) use_binary_format cannot store dtype {array.dtype}.")
    desc = b"\x08" + _varint(code) + b"".join(b"\x10" + _varint(d) for d in array.shape)
    header = struct.pack("<IQIi", 0, 0, 0, len(desc))
    return header + desc + array.tobytes()


def _parse_desc(desc: bytes) -> tuple[np.dtype, list[int]]:
    code, dims, pos = None, [], 0
    while pos < len(desc):
        key, pos = _read_varint(desc, pos)
        value, pos = _read_varint(desc, pos)
        if key == 0x08:
            code = value
        elif key == 0x10:
            dims.append(value)
        else:
            raise TensorFormatError(f"unexpected TensorDesc field key {key}")
    if code == _BFLOAT16_CODE:
        return _dt.bfloat16.np_dtype, dims
    if code not in _DTYPE_BY_CODE:
        raise TensorFormatError(f"unknown data_type code {code}")
    return _DTYPE_BY_CODE[code], dims


def decode(buf: bytes) -> np.ndarray:
    """The array of one record that fills `buf` exactly."""
    try:
        version, lod_levels = struct.unpack_from("<IQ", buf, 0)
        pos = 12
        if version != 0 or lod_levels > 64:
            raise TensorFormatError("bad version or LoD header")
        for _ in range(lod_levels):
            (nbytes,) = struct.unpack_from("<Q", buf, pos)
            pos += 8 + nbytes
        tensor_version, desc_size = struct.unpack_from("<Ii", buf, pos)
        pos += 8
    except struct.error as exc:
        raise TensorFormatError("the record header is truncated") from exc
    if tensor_version != 0 or not 0 < desc_size <= len(buf) - pos:
        raise TensorFormatError("bad tensor header")
    dtype, dims = _parse_desc(buf[pos:pos + desc_size])
    pos += desc_size
    count = int(np.prod(dims, dtype=np.int64)) if dims else 1
    if min(dims, default=0) < 0 or len(buf) - pos != count * dtype.itemsize:
        raise TensorFormatError("the data size does not match the TensorDesc")
    return np.frombuffer(buf, dtype=dtype, count=count, offset=pos).reshape(dims).copy()
