"""Hugging Face `.safetensors` checkpoints: `paddle.load(path, safetensors=True)` and
`paddle.save(state_dict, path, safetensors=True)`, through the optional `safetensors` package.

The format holds only named arrays with a JSON header, so loading it can never run code.
"""
from __future__ import annotations

import numpy as np

from .._core import dtype as _dt
from .._core.tensor import Tensor, wrap

_DTYPES = {
    "BOOL": _dt.bool_, "U8": _dt.uint8, "I8": _dt.int8, "U16": _dt.uint16, "I16": _dt.int16,
    "U32": _dt.uint32, "I32": _dt.int32, "U64": _dt.uint64, "I64": _dt.int64,
    "F16": _dt.float16, "BF16": _dt.bfloat16, "F32": _dt.float32, "F64": _dt.float64,
    "C64": _dt.complex64, "F8_E4M3": _dt.float8_e4m3fn, "F8_E5M2": _dt.float8_e5m2,
}


def _require_package():
    try:
        import safetensors
        import safetensors.numpy
    except ImportError as exc:
        raise ImportError("Reading or writing .safetensors files needs the optional "
                          "'safetensors' package: pip install 'feijiang[safetensors]' (or pip "
                          "install safetensors).") from exc
    return safetensors


def _as_array(key, value) -> np.ndarray:
    if isinstance(value, Tensor):
        return np.require(value._data, requirements="C")
    if isinstance(value, np.ndarray):
        return np.require(value, requirements="C")
    raise TypeError(f"(paddle.save) safetensors files hold only tensors, but the value of "
                    f"'{key}' is a {type(value).__name__}.")


def save_safetensors(obj, path, write) -> None:
    """Write a dict of Tensors/arrays; `write(path, fn)` runs fn(file) (atomically for paths)."""
    if not isinstance(obj, dict):
        raise NotImplementedError("Now only supports save state_dict of Layer or Optimizer, "
                                  f"expect dict, but received {type(obj)}.")
    for key in obj:
        if not isinstance(key, str):
            raise TypeError(f"(paddle.save) safetensors keys must be strings, but received "
                            f"{key!r}.")
    package = _require_package()
    arrays = {key: _as_array(key, value) for key, value in obj.items()}
    content = package.numpy.save(arrays)
    write(path, lambda handle: handle.write(content))


def _decode(name: str, entry: dict) -> np.ndarray:
    dtype = _DTYPES.get(entry["dtype"])
    if dtype is None:
        raise TypeError(f"(paddle.load) tensor '{name}' has safetensors dtype "
                        f"{entry['dtype']}, which Paddle tensors cannot hold.")
    return np.frombuffer(entry["data"], dtype=dtype.np_dtype).reshape(entry["shape"]).copy()


def load_safetensors(path, return_numpy: bool = False) -> dict:
    """A .safetensors file (path or readable buffer) as {name: Tensor}, or {name: ndarray}
    with return_numpy (bfloat16 then as its uint16 bit pattern, as Tensor.numpy() in Paddle)."""
    package = _require_package()
    if hasattr(path, "read"):
        content = path.read()
    else:
        with open(path, "rb") as handle:
            content = handle.read()
    try:
        entries = package.deserialize(content)
    except Exception as exc:  # the Rust reader raises its own SafetensorError type
        raise ValueError(f"(paddle.load) can not parse the safetensors file {path!r}: "
                         f"{exc}") from exc
    result = {}
    for name, entry in entries:
        array = _decode(name, entry)
        if return_numpy:
            result[name] = array.view(np.uint16) if _dt.is_bfloat16(array.dtype) else array
        else:
            result[name] = wrap(array)
    return result
