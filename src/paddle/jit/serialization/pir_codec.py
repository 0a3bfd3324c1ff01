"""Encoding of types and attributes in Paddle 3.3's PIR JSON.

A tensor type is `{"#": "0.t_dtensor", "D": [{"#": "0.t_f32"}, dims, "NCHW", lod, offset]}`, a
list of tensors `{"#": "0.t_vec", "D": [types]}`; an attribute is `{"#": kind, "D": value}` with
kinds such as 0.a_bool, 0.a_i32, 0.a_f64, 0.a_str, 0.a_array, 1.a_intarray, 1.a_dtype, 1.a_place.
"""
from __future__ import annotations

import numpy as np

from ..._core import dtype as _dt
from ..._core.meta import TensorMeta

DTYPE_TAGS = {"bool": "0.t_bool", "uint8": "0.t_ui8", "int8": "0.t_i8", "int16": "0.t_i16",
              "int32": "0.t_i32", "int64": "0.t_i64", "float16": "0.t_f16",
              "bfloat16": "0.t_bf16", "float32": "0.t_f32", "float64": "0.t_f64",
              "complex64": "0.t_c64", "complex128": "0.t_c128",
              "float8_e4m3fn": "0.t_f8e4m3fn", "float8_e5m2": "0.t_f8e5m2"}
TAG_DTYPES = {tag: name for name, tag in DTYPE_TAGS.items()}

# Places as Paddle writes them: [allocation type, device id, custom device type].
UNDEFINED_PLACE = [0, 0, ""]
CPU_PLACE = [1, 0, ""]
# The dtype attribute meaning "unset" (sum's dtype, for example).
UNDEFINED_DTYPE = "Undefined(ALL_DTYPE)"


class PirFormatError(ValueError):
    """A PIR JSON file holds something this reader does not understand."""


# ---- types -----------------------------------------------------------------------------------
def encode_type(meta) -> dict:
    """The JSON type of a TensorMeta (or of a list of them, a vector)."""
    if isinstance(meta, list):
        return {"#": "0.t_vec", "D": [encode_type(m) for m in meta]}
    tag = DTYPE_TAGS.get(meta.dtype.name)
    if tag is None:
        raise TypeError(f"(jit.save) Paddle's program format has no dtype {meta.dtype.name}")
    return {"#": "0.t_dtensor", "D": [{"#": tag}, [int(d) for d in meta.shape], "NCHW", [], 0]}


def decode_type(encoded: dict):
    """A TensorMeta, a list of them (vector types), or None (the null type)."""
    kind = encoded.get("#")
    if kind == "0.t_vec":
        return [decode_type(t) for t in encoded["D"]]
    if kind in ("0.t_dtensor", "0.t_selected_rows"):
        dtype_tag, dims = encoded["D"][0]["#"], encoded["D"][1]
        if dtype_tag not in TAG_DTYPES:
            raise PirFormatError(f"(jit.load) unsupported element type {dtype_tag}")
        return TensorMeta([int(d) for d in dims], _dt.to_dtype(TAG_DTYPES[dtype_tag]))
    if kind in (None, "0.t_null"):
        return None
    raise PirFormatError(f"(jit.load) unsupported value type {kind}")


# ---- attributes ------------------------------------------------------------------------------
def decode_attr(encoded: dict):
    """The Python value of an attribute: bool/int/float/str, list for arrays and IntArrays,
    a DType (or None when undefined) for dtypes, the [type, id, name] list for places."""
    kind, value = encoded["#"], encoded.get("D")
    if "VD" in encoded:
        return _SPECIAL_FLOATS[encoded["VD"]]
    if kind == "0.a_array":
        return [decode_attr(v) for v in value]
    if kind == "1.a_dtype":
        return None if value == UNDEFINED_DTYPE else _dt.to_dtype(value)
    if kind in ("0.a_f32", "0.a_f64"):
        return float(value)
    if kind in ("0.a_i32", "0.a_i64", "0.a_index"):
        return int(value)
    if kind == "1.a_intarray":
        return [int(v) for v in value]
    if kind == "1.a_scalar":
        return _decode_scalar(value)
    return value


def _decode_scalar(value):
    if isinstance(value, list) and len(value) == 2:
        return value[1]
    return value


def attr(kind: str, value) -> dict:
    """Encode `value` as an attribute of the given kind."""
    if kind == "0.a_array":
        raise TypeError("use array_attr for arrays")
    if kind == "1.a_dtype":
        return {"#": kind, "D": UNDEFINED_DTYPE if value is None else _dt.to_dtype(value).name}
    if kind in ("0.a_f32", "0.a_f64"):
        return _float_attr(kind, value)
    if kind in ("0.a_i32", "0.a_i64"):
        return {"#": kind, "D": int(value)}
    if kind == "0.a_bool":
        return {"#": kind, "D": bool(value)}
    if kind == "1.a_intarray":
        return {"#": kind, "D": [int(v) for v in value]}
    return {"#": kind, "D": value}


# NaN and infinities, which JSON numbers cannot hold, as Paddle writes them (in "VD").
_SPECIAL_FLOATS = {"NaN": float("nan"), "INF": float("inf"), "-INF": float("-inf")}


def _float_attr(kind: str, value) -> dict:
    """A float attribute; 0.a_f32 holds the float32 value, as Paddle writes it (0.9 is
    0.8999999761581421)."""
    value = float(np.float32(value)) if kind == "0.a_f32" else float(value)
    if np.isnan(value):
        return {"#": kind, "VD": "NaN"}
    if np.isinf(value):
        return {"#": kind, "VD": "INF" if value > 0 else "-INF"}
    return {"#": kind, "D": value}


def array_attr(kind: str, values) -> dict:
    """An array attribute whose elements all have `kind`."""
    return {"#": "0.a_array", "D": [attr(kind, v) for v in values]}


def named(name: str, encoded: dict) -> dict:
    return {"AT": encoded, "N": name}
