"""The two wire forms of an inference request, as codecs for InferenceService.handle:

KServeCodec     the Open Inference Protocol (JSON tensors and the binary extension);
                errors are `{"error": message}`
PipelineCodec   Paddle Serving's pipeline form for users migrating:
                request  `{"key": ["x"], "value": ["[[0.1, 0.2, ...]]"]}` (each value a JSON
                         array, or numbers separated by commas, as text or as a list)
                answer   `{"err_no": 0, "err_msg": "", "key": [outputs], "value": [JSON text],
                         "tensors": []}`; errors carry the HTTP status as err_no"""
from __future__ import annotations

import json

import numpy as np
from fastapi.responses import JSONResponse, Response

from .errors import ServingError, bad_request
from .protocol import DATATYPES, HEADER_LENGTH, encode_infer_response, parse_infer_request
from .service import Decoded


class KServeCodec:
    def decode(self, body: bytes, headers, entry) -> Decoded:
        request = parse_infer_request(body, headers.get(HEADER_LENGTH.lower()))
        return Decoded(request.inputs, request.timeout_s, request)

    def encode(self, entry, outputs: list, decoded: Decoded) -> Response:
        request = decoded.extra
        chosen = entry.selected_outputs(outputs, request.outputs)
        body, headers = encode_infer_response(entry.name, entry.version, request, chosen)
        media = headers.pop("content-type")
        return Response(body, media_type=media, headers=headers)

    def error(self, error: ServingError) -> Response:
        return JSONResponse({"error": error.message}, status_code=error.status,
                            headers=error.headers())


class PipelineCodec:
    def decode(self, body: bytes, headers, entry) -> Decoded:
        try:
            data = json.loads(body)
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise bad_request(f"malformed JSON in the request body: {error}") from None
        keys, values = (data.get("key"), data.get("value")) if isinstance(data, dict) \
            else (None, None)
        if not isinstance(keys, list) or not isinstance(values, list) or \
                len(keys) != len(values) or not keys:
            raise bad_request("the body must be {\"key\": [names], \"value\": [values]} with "
                              "one value per key")
        specs = {t["name"]: t for t in entry.metadata["inputs"]}
        inputs = {}
        for name, value in zip(keys, values):
            if name not in specs:
                raise bad_request(f"model '{entry.name}' has no input '{name}'; its inputs "
                                  f"are {list(specs)}")
            inputs[name] = _array(name, value, specs[name])
        return Decoded(inputs)

    def encode(self, entry, outputs: list, decoded: Decoded) -> Response:
        chosen = entry.selected_outputs(outputs, None)
        return JSONResponse({"err_no": 0, "err_msg": "", "key": list(chosen),
                             "value": [json.dumps(_plain(a).tolist()) for a in chosen.values()],
                             "tensors": []})

    def error(self, error: ServingError) -> Response:
        return JSONResponse({"err_no": error.status, "err_msg": error.message, "key": [],
                             "value": [], "tensors": []}, status_code=error.status,
                            headers=error.headers())


def _plain(array: np.ndarray) -> np.ndarray:
    return array.astype(np.float32) if array.dtype.kind == "V" else array


def _numbers(name: str, value):
    if isinstance(value, str):
        text = value.strip()
        try:
            return json.loads(text if text.startswith("[") else f"[{text}]")
        except json.JSONDecodeError:
            raise bad_request(f"input '{name}': the value must be a JSON array or numbers "
                              "separated by commas") from None
    return value


def _array(name: str, value, spec: dict) -> np.ndarray:
    dtype = DATATYPES[spec["datatype"]]
    try:
        array = np.asarray(_numbers(name, value), dtype=np.float64)
    except (ValueError, TypeError):
        raise bad_request(f"input '{name}': the value must hold numbers only") from None
    declared = spec["shape"]
    rest = declared[1:]
    if array.ndim == 1 and len(declared) > 1 and rest and all(d > 0 for d in rest):
        per_row = int(np.prod(rest))
        if array.size % per_row:
            raise bad_request(f"input '{name}': {array.size} numbers do not fill rows of "
                              f"shape {rest}")
        array = array.reshape([-1] + rest)
    return array.astype(dtype)
