"""Paddle's combined parameter file (`.pdiparams`): tensors back to back, no header, no names.

The names come from the program: the file holds the program's persistable tensors in the order
of their sorted names. Each tensor is written as

    u32 version (0) | u64 LoD level count, then per level: u64 byte size + size_t offsets |
    u32 tensor version (0) | i32 descriptor size | TensorDesc protobuf | raw little-endian data

The TensorDesc message has two fields (1: data type enum, 2: repeated int64 dims, unpacked), so it
is encoded here by hand; no protobuf library is needed.
"""
from __future__ import annotations

import io
import os
import struct

import numpy as np

from ..._core import dtype as _dt

# Paddle's VarType data type codes (framework.proto) for the dtypes a tensor can hold.
DTYPE_CODES = {"bool": 0, "int16": 1, "int32": 2, "int64": 3, "float16": 4, "float32": 5,
               "float64": 6, "uint8": 20, "int8": 21, "bfloat16": 22, "complex64": 23,
               "complex128": 24}
CODE_DTYPES = {code: name for name, code in DTYPE_CODES.items()}
MAX_DESC_BYTES = 1 << 16  # a TensorDesc is a dtype and a few dims: far larger means garbage


class ParamsFormatError(ValueError):
    """A .pdiparams file is truncated or does not hold what the program declares."""


# ---- the TensorDesc message ------------------------------------------------------------------
def _varint(value: int) -> bytes:
    value &= (1 << 64) - 1  # negative int64 dims encode as ten-byte two's complement
    out = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


def encode_tensor_desc(dtype_name: str, dims) -> bytes:
    """TensorDesc bytes: field 1 (data_type) then one field 2 (dims) per dimension."""
    out = bytearray(b"\x08" + _varint(DTYPE_CODES[dtype_name]))
    for d in dims:
        out += b"\x10" + _varint(int(d))
    return bytes(out)


def _read_varint(buf: bytes, pos: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if pos >= len(buf):
            raise ParamsFormatError("TensorDesc: truncated varint")
        byte = buf[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            break
    if value >= 1 << 63:
        value -= 1 << 64
    return value, pos


def decode_tensor_desc(buf: bytes) -> tuple[str, list]:
    """(dtype name, dims) from TensorDesc bytes (packed dims are accepted too)."""
    code, dims, pos = None, [], 0
    while pos < len(buf):
        key, pos = _read_varint(buf, pos)
        field, wire = key >> 3, key & 7
        if field == 1 and wire == 0:
            code, pos = _read_varint(buf, pos)
        elif field == 2 and wire == 0:
            dim, pos = _read_varint(buf, pos)
            dims.append(dim)
        elif field == 2 and wire == 2:
            size, pos = _read_varint(buf, pos)
            end = pos + size
            while pos < end:
                dim, pos = _read_varint(buf, pos)
                dims.append(dim)
        else:
            raise ParamsFormatError(f"TensorDesc: unexpected field {field} (wire type {wire})")
    if code not in CODE_DTYPES:
        raise ParamsFormatError(f"TensorDesc: unknown data type code {code}")
    return CODE_DTYPES[code], dims


# ---- one tensor ------------------------------------------------------------------------------
def _storage(dtype_name: str) -> np.dtype:
    return _dt.to_dtype(dtype_name).np_dtype.newbyteorder("<")


def write_tensor(stream, array: np.ndarray) -> None:
    """Append one tensor record (no LoD) to a binary stream."""
    name = _dt.from_numpy_dtype(array.dtype).name
    if name not in DTYPE_CODES:
        raise TypeError(f"(pdiparams) cannot store a tensor of dtype {name}; Paddle's format "
                        f"holds {sorted(DTYPE_CODES)}")
    desc = encode_tensor_desc(name, array.shape)
    stream.write(struct.pack("<IQI", 0, 0, 0))
    stream.write(struct.pack("<i", len(desc)))
    stream.write(desc)
    stream.write(np.ascontiguousarray(array, dtype=_storage(name)).tobytes())


def _read_exact(stream, size: int, what: str) -> bytes:
    data = stream.read(size)
    if len(data) != size:
        raise ParamsFormatError(f"the file ends inside {what}: expected {size} bytes, found "
                                f"{len(data)}")
    return data


def read_tensor(stream) -> np.ndarray:
    """Read one tensor record; its LoD, if any, is skipped (dense tensors only)."""
    (version,) = struct.unpack("<I", _read_exact(stream, 4, "a tensor header"))
    if version != 0:
        raise ParamsFormatError(f"unsupported tensor version {version} (expected 0): not a "
                                "Paddle tensor record")
    (levels,) = struct.unpack("<Q", _read_exact(stream, 8, "a tensor header"))
    for _ in range(levels):
        (size,) = struct.unpack("<Q", _read_exact(stream, 8, "a LoD level"))
        _read_exact(stream, size, "a LoD level")
    _read_exact(stream, 4, "a tensor header")
    (desc_size,) = struct.unpack("<i", _read_exact(stream, 4, "a tensor header"))
    if not 0 <= desc_size <= MAX_DESC_BYTES:
        raise ParamsFormatError(f"a tensor descriptor of {desc_size} bytes (expected 0 to "
                                f"{MAX_DESC_BYTES}): not a Paddle tensor record")
    name, dims = decode_tensor_desc(_read_exact(stream, desc_size, "a tensor descriptor"))
    if any(d < 0 for d in dims):
        raise ParamsFormatError(f"a stored tensor has unknown dims {dims}")
    dtype = _storage(name)
    count = int(np.prod(dims)) if dims else 1
    data = _read_exact(stream, count * dtype.itemsize, "tensor data")
    array = np.frombuffer(data, dtype=dtype).astype(dtype.newbyteorder("="), copy=True)
    return array.reshape(dims)


# ---- the combined file -----------------------------------------------------------------------
def save_combined(path: str, tensors: dict) -> None:
    """Write {name: ndarray} in sorted-name order, as Paddle's save_combine does."""
    buffer = io.BytesIO()
    for name in sorted(tensors):
        write_tensor(buffer, np.asarray(tensors[name]))
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "wb") as f:
        f.write(buffer.getvalue())
    os.replace(tmp, path)


def load_combined(path: str, names) -> dict:
    """Read the tensors of `names` (stored in sorted order) into {name: ndarray}."""
    ordered = sorted(names)
    size = os.path.getsize(path)
    tensors = {}
    with open(path, "rb") as f:
        for index, name in enumerate(ordered):
            if f.tell() == size:
                raise ParamsFormatError(
                    f"(jit.load) {path} holds {index} tensors, but the program reads "
                    f"{len(ordered)} persistable variables; the first one missing is '{name}'")
            tensors[name] = _read_named(f, path, name, f"tensor {index + 1} of {len(ordered)}")
        if f.tell() != size:
            raise ParamsFormatError(
                f"(jit.load) {path} holds {size - f.tell()} more bytes after the "
                f"{len(ordered)} tensors of the program's persistable variables: the file does "
                "not belong to this program")
    return tensors


def load_separate(directory: str, names) -> dict:
    """The directory form: one file per variable, named after it, each holding one tensor."""
    tensors = {}
    for name in sorted(names):
        path = os.path.join(directory, name)
        if not os.path.isfile(path):
            raise ParamsFormatError(f"(jit.load) the program reads the persistable variable "
                                    f"'{name}', but its parameter file {path} does not exist")
        with open(path, "rb") as f:
            tensors[name] = _read_named(f, path, name, "its tensor")
            extra = len(f.read())
        if extra:
            raise ParamsFormatError(f"(jit.load) {path} holds {extra} bytes after the tensor "
                                    f"of variable '{name}': not a single-tensor file")
    return tensors


def _read_named(stream, path: str, name: str, which: str) -> np.ndarray:
    try:
        return read_tensor(stream)
    except ParamsFormatError as exc:
        raise ParamsFormatError(f"(jit.load) {path}: cannot read variable '{name}' ({which}): "
                                f"{exc}") from None


def read_all(path: str) -> list:
    """Every tensor of a combined file, in file order (for inspection and tests)."""
    with open(path, "rb") as f:
        data = f.read()
    stream = io.BytesIO(data)
    arrays = []
    while stream.tell() < len(data):
        arrays.append(read_tensor(stream))
    return arrays
