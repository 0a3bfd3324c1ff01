"""`paddle.serving.Client`: NumPy in, NumPy out, over the Open Inference Protocol with the
binary tensor extension (httpx). Refusals the server marks as passing (429 over a rate or quota,
503 full or restarting) are retried with exponential backoff, waiting at least the server's
`Retry-After`; every other error raises ServingClientError with the server's status and
message."""
from __future__ import annotations

import json
import time

import numpy as np

from .protocol import DATATYPES, HEADER_LENGTH, datatype_of

RETRIED = (429, 503)


class ServingClientError(RuntimeError):
    """The server's refusal: `status` (HTTP) and `message` (the server's error text)."""

    def __init__(self, status: int, message: str):
        super().__init__(f"{status}: {message}")
        self.status, self.message = status, message


class Client:
    """A client of a paddle.serving (or any KServe v2) server.

    Example:
        >>> from paddle.serving import Client
        >>> client = Client("http://127.0.0.1:8000", api_key=None, timeout=10)  # doctest: +SKIP
        >>> out = client.infer("lenet", {"x": images})                        # doctest: +SKIP
        >>> out["fetch_name_0"].shape                                         # doctest: +SKIP
        (8, 10)
    """

    def __init__(self, url: str, api_key: str | None = None, timeout: float = 30.0,
                 retries: int = 3, backoff: float = 0.1, max_backoff: float = 5.0):
        import httpx
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._http = httpx.Client(base_url=url.rstrip("/"), headers=headers, timeout=timeout)
        self.retries, self.backoff, self.max_backoff = retries, backoff, max_backoff

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    def is_live(self) -> bool:
        return self._http.get("/v2/health/live").status_code == 200

    def is_ready(self) -> bool:
        return self._http.get("/v2/health/ready").status_code == 200

    def metadata(self, model: str, version: str | None = None) -> dict:
        return self._send("GET", _model_path(model, version)).json()

    def infer(self, model: str, inputs: dict, version: str | None = None,
              outputs: list | None = None) -> dict:
        """{output name: np.ndarray} for `inputs` ({input name: array-like})."""
        arrays = {name: np.ascontiguousarray(value) for name, value in inputs.items()}
        body, length = _encode(arrays, outputs)
        response = self._send("POST", _model_path(model, version) + "/infer", content=body,
                              headers={HEADER_LENGTH: str(length),
                                       "Content-Type": "application/octet-stream"})
        return _decode(response)

    def _send(self, method: str, path: str, **kwargs):
        import httpx
        for attempt in range(self.retries + 1):
            try:
                response = self._http.request(method, path, **kwargs)
            except httpx.ConnectError:
                if attempt == self.retries:
                    raise
                time.sleep(self._delay(attempt, None))
                continue
            if response.status_code < 400:
                return response
            if response.status_code not in RETRIED or attempt == self.retries:
                raise ServingClientError(response.status_code, _message(response))
            time.sleep(self._delay(attempt, response.headers.get("retry-after")))
        raise AssertionError("unreachable")

    def _delay(self, attempt: int, retry_after: str | None) -> float:
        delay = self.backoff * 2 ** attempt
        if retry_after and retry_after.isdigit():
            delay = max(delay, float(retry_after))
        return min(delay, self.max_backoff)


def _model_path(model: str, version: str | None) -> str:
    return f"/v2/models/{model}" + (f"/versions/{version}" if version else "")


def _encode(arrays: dict, outputs: list | None) -> tuple:
    entries, chunks = [], []
    for name, array in arrays.items():
        raw = array.astype(array.dtype.newbyteorder("<")).tobytes()
        entries.append({"name": name, "datatype": datatype_of(array.dtype),
                        "shape": list(array.shape), "parameters": {"binary_data_size": len(raw)}})
        chunks.append(raw)
    request = {"inputs": entries, "parameters": {"binary_data_output": True}}
    if outputs is not None:
        request["outputs"] = [{"name": n, "parameters": {"binary_data": True}} for n in outputs]
    header = json.dumps(request).encode()
    return header + b"".join(chunks), len(header)


def _decode(response) -> dict:
    body = response.content
    length = response.headers.get(HEADER_LENGTH.lower())
    header = json.loads(body[:int(length)] if length else body)
    offset = int(length) if length else 0
    result = {}
    for entry in header["outputs"]:
        dtype = DATATYPES[entry["datatype"]]
        size = (entry.get("parameters") or {}).get("binary_data_size")
        if size is None:
            result[entry["name"]] = np.asarray(entry["data"]).astype(dtype).reshape(
                entry["shape"])
            continue
        raw = body[offset:offset + size]
        offset += size
        result[entry["name"]] = np.frombuffer(raw, dtype.newbyteorder("<")).astype(
            dtype).reshape(entry["shape"])
    return result


def _message(response) -> str:
    try:
        data = response.json()
    except ValueError:
        return response.text
    return data.get("error") or data.get("err_msg") or response.text
