"""The Open Inference Protocol (KServe v2) on the wire: inference requests and responses as JSON
tensors, and the binary tensor extension tritonclient uses (a JSON header of
`Inference-Header-Content-Length` bytes, then each binary tensor's raw little-endian bytes in
order, each announced by `"parameters": {"binary_data_size": N}`)."""
from __future__ import annotations

import dataclasses
import json

import ml_dtypes
import numpy as np

from .errors import bad_request

HEADER_LENGTH = "Inference-Header-Content-Length"

DATATYPES = {
    "BOOL": np.dtype(np.bool_), "UINT8": np.dtype(np.uint8), "UINT16": np.dtype(np.uint16),
    "UINT32": np.dtype(np.uint32), "UINT64": np.dtype(np.uint64), "INT8": np.dtype(np.int8),
    "INT16": np.dtype(np.int16), "INT32": np.dtype(np.int32), "INT64": np.dtype(np.int64),
    "FP16": np.dtype(np.float16), "FP32": np.dtype(np.float32), "FP64": np.dtype(np.float64),
    "BF16": np.dtype(ml_dtypes.bfloat16),
}
_NAMES = {dtype: name for name, dtype in DATATYPES.items()}


def datatype_of(dtype) -> str:
    name = _NAMES.get(np.dtype(dtype))
    if name is None:
        raise TypeError(f"the Open Inference Protocol has no datatype for {np.dtype(dtype)}")
    return name


@dataclasses.dataclass
class InferRequest:
    inputs: dict                 # name -> np.ndarray, in the request's order
    outputs: list | None         # requested output names, or None for all
    binary_outputs: set          # names to answer as binary tensors
    binary_by_default: bool
    request_id: str | None
    timeout_s: float | None      # Triton's "timeout" parameter (microseconds on the wire)


def _json_header(body: bytes, header_length: str | None) -> tuple:
    if header_length is None:
        return body, b""
    try:
        size = int(header_length)
    except ValueError:
        raise bad_request(f"{HEADER_LENGTH} must be an integer, received "
                          f"{header_length!r}") from None
    if not 0 <= size <= len(body):
        raise bad_request(f"{HEADER_LENGTH} is {size}, but the body has {len(body)} bytes")
    return body[:size], body[size:]


def _parse_json(text: bytes) -> dict:
    try:
        data = json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise bad_request(f"malformed JSON in the request body: {error}") from None
    if not isinstance(data, dict):
        raise bad_request("the request body must be a JSON object")
    return data


def _shape(entry: dict, name: str) -> list:
    shape = entry.get("shape")
    if not isinstance(shape, list) or not all(isinstance(d, int) and not isinstance(d, bool)
                                              and d >= 0 for d in shape):
        raise bad_request(f"input '{name}': 'shape' must be a list of non-negative integers, "
                          f"received {shape!r}")
    return shape


def _dtype(entry: dict, name: str) -> np.dtype:
    datatype = entry.get("datatype")
    if datatype not in DATATYPES:
        raise bad_request(f"input '{name}': unsupported datatype {datatype!r}; supported are "
                          f"{sorted(DATATYPES)}")
    return DATATYPES[datatype]


def _json_tensor(entry: dict, name: str, shape: list, dtype: np.dtype) -> np.ndarray:
    if "data" not in entry:
        raise bad_request(f"input '{name}' has neither 'data' nor binary_data_size")
    try:
        flat = np.asarray(entry["data"], dtype=np.float64 if dtype.kind == "V" else None)
    except (ValueError, TypeError):
        raise bad_request(f"input '{name}': 'data' must be a (nested) list of numbers") \
            from None
    if flat.dtype == object or flat.dtype.kind not in "biuf":
        raise bad_request(f"input '{name}': 'data' must be a (nested) list of numbers")
    count = int(np.prod(shape))
    if flat.size != count:
        raise bad_request(f"input '{name}': shape {shape} holds {count} elements, but 'data' "
                          f"has {flat.size}")
    if dtype.kind in "iub" and flat.dtype.kind == "f":
        raise bad_request(f"input '{name}': datatype {datatype_of(dtype)} takes integers, "
                          "received floating-point data")
    return flat.reshape(shape).astype(dtype)


def _binary_tensor(entry: dict, name: str, shape: list, dtype: np.dtype, payload: memoryview,
                   offset: int) -> tuple:
    size = entry["parameters"]["binary_data_size"]
    if not isinstance(size, int) or size < 0 or offset + size > len(payload):
        raise bad_request(f"input '{name}': binary_data_size {size!r} runs past the "
                          f"{len(payload)} bytes of binary data")
    expected = int(np.prod(shape)) * dtype.itemsize
    if size != expected:
        raise bad_request(f"input '{name}': shape {shape} of {datatype_of(dtype)} needs "
                          f"{expected} bytes, but binary_data_size is {size}")
    array = np.frombuffer(payload[offset:offset + size], dtype=dtype.newbyteorder("<"))
    return array.astype(dtype).reshape(shape), offset + size


def parse_infer_request(body: bytes, header_length: str | None) -> InferRequest:
    header, payload = _json_header(body, header_length)
    data = _parse_json(header)
    entries = data.get("inputs")
    if not isinstance(entries, list) or not entries:
        raise bad_request("the request must have a non-empty 'inputs' list")
    inputs, offset, payload = {}, 0, memoryview(payload)
    for entry in entries:
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise bad_request("each input must be an object with a 'name'")
        name = entry["name"]
        if name in inputs:
            raise bad_request(f"input '{name}' is given twice")
        shape, dtype = _shape(entry, name), _dtype(entry, name)
        if "binary_data_size" in (entry.get("parameters") or {}):
            inputs[name], offset = _binary_tensor(entry, name, shape, dtype, payload, offset)
        else:
            inputs[name] = _json_tensor(entry, name, shape, dtype)
    if offset != len(payload):
        raise bad_request(f"the body has {len(payload) - offset} bytes of binary data that no "
                          "input claims")
    return _request(data, inputs)


def _request(data: dict, inputs: dict) -> InferRequest:
    parameters = data.get("parameters") or {}
    outputs, binary = None, set()
    if data.get("outputs") is not None:
        if not isinstance(data["outputs"], list):
            raise bad_request("'outputs' must be a list")
        outputs = []
        for entry in data["outputs"]:
            if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
                raise bad_request("each requested output must be an object with a 'name'")
            outputs.append(entry["name"])
            if (entry.get("parameters") or {}).get("binary_data"):
                binary.add(entry["name"])
    timeout = parameters.get("timeout")
    if timeout is not None and (not isinstance(timeout, (int, float)) or timeout <= 0):
        raise bad_request(f"parameter 'timeout' must be a positive number of microseconds, "
                          f"received {timeout!r}")
    request_id = data.get("id")
    return InferRequest(inputs, outputs, binary, bool(parameters.get("binary_data_output")),
                        None if request_id is None else str(request_id),
                        None if timeout is None else timeout / 1e6)


def encode_infer_response(model: str, version: str, request: InferRequest,
                          outputs: dict) -> tuple:
    """(body bytes, headers) answering `request` with `outputs` ({name: array})."""
    entries, chunks = [], []
    for name, array in outputs.items():
        array = np.ascontiguousarray(array)
        entry = {"name": name, "datatype": datatype_of(array.dtype), "shape": list(array.shape)}
        if name in request.binary_outputs or (request.binary_by_default
                                              and request.outputs is None):
            raw = array.astype(array.dtype.newbyteorder("<")).tobytes()
            entry["parameters"] = {"binary_data_size": len(raw)}
            chunks.append(raw)
        else:
            values = array.astype(np.float32) if array.dtype.kind == "V" else array
            entry["data"] = values.reshape(-1).tolist()
        entries.append(entry)
    response = {"model_name": model, "model_version": version, "outputs": entries}
    if request.request_id is not None:
        response["id"] = request.request_id
    header = json.dumps(response).encode()
    if not chunks:
        return header, {"content-type": "application/json"}
    return header + b"".join(chunks), {"content-type": "application/octet-stream",
                                       HEADER_LENGTH: str(len(header))}
