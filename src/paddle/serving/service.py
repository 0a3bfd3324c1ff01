"""The path every inference request takes, whatever its wire form: key → model allowed →
rate and quota → the key's concurrency → body (size limit, then the protocol's decoding) → the
global admission queue → the model (batching, workers, breaker, timeout) → the answer, with
its status, latency and key name counted in the metrics.

Protocols plug in as a codec: `decode(body, headers, version) -> Decoded` and
`encode(version, outputs, decoded) -> Response`, and `error(ServingError) -> Response`."""
from __future__ import annotations

import dataclasses
import logging
import math
import time

from .errors import ServingError
from .keys import ApiKey, KeyStore, authorize
from .limits import AdmissionQueue, KeyLimits
from .metrics import ServingMetrics
from .settings import ServingSettings
from .versions import ModelRepository

log = logging.getLogger("paddle.serving")


@dataclasses.dataclass
class Decoded:
    inputs: dict
    timeout_s: float | None = None
    extra: object = None


@dataclasses.dataclass
class RequestRecord:
    """What the metrics learn about one request as it goes."""
    model: str
    version: str | None
    key: str = "unauthenticated"
    status: int = 200


class InferenceService:
    def __init__(self, settings: ServingSettings, keys: KeyStore, repository: ModelRepository,
                 metrics: ServingMetrics):
        self.settings, self.keys, self.repository, self.metrics = \
            settings, keys, repository, metrics
        self.limits = KeyLimits()
        self.admission = AdmissionQueue(settings.max_concurrency, settings.max_queue)

    async def read_body(self, request) -> bytes:
        limit = self.settings.max_request_bytes
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            raise _too_large(int(declared), limit)
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise _too_large(size, limit)
            chunks.append(chunk)
        return b"".join(chunks)

    def authenticate(self, request, models: list) -> ApiKey:
        key = self.keys.authenticate(request.headers)
        for model in models:
            authorize(key, model)
            self.repository.model(model)
        return key

    async def handle(self, request, model: str, version: str | None, codec):
        record = RequestRecord(model, version)
        start = time.perf_counter()
        try:
            key = self.authenticate(request, [model])
            record.key = key.name
            return await self._admitted(request, key, record, codec, start)
        except ServingError as error:
            record.status = error.status
            return codec.error(error)
        except Exception:   # a defect of ours: a 500 for this request, the server lives on
            log.exception("paddle.serving: internal error on model %s", model)
            record.status = 500
            return codec.error(ServingError(500, "internal server error"))
        finally:
            self.metrics.answered(record.model, record.version, record.key, record.status,
                                  time.perf_counter() - start)

    async def _admitted(self, request, key: ApiKey, record: RequestRecord, codec, start):
        self.limits.admit(key)
        with self.limits.concurrency(key):
            body = await self.read_body(request)
            decoded = codec.decode(body, request.headers,
                                   self.repository.version(record.model, record.version))
            async with self.admission.slot():
                self.metrics.in_flight.inc()
                try:
                    timeout = self._remaining(start, decoded.timeout_s)
                    entry, outputs = await self.repository.infer(
                        record.model, record.version, decoded.inputs, timeout)
                finally:
                    self.metrics.in_flight.dec()
        record.version = entry.version
        return codec.encode(entry, outputs, decoded)

    def _remaining(self, start: float, requested: float | None) -> float:
        timeout = min(self.settings.request_timeout_s, requested or math.inf)
        remaining = timeout - (time.perf_counter() - start)
        if remaining <= 0:
            raise timed_out(timeout)
        return remaining

    async def guarded(self, request, models: list, label: str, work):
        """Run `work()` (a coroutine function) under the same key, limits and admission as an
        inference request, for pipelines that call several models (the OCR page)."""
        record = RequestRecord(label, None)
        start = time.perf_counter()
        try:
            key = self.authenticate(request, models)
            record.key = key.name
            self.limits.admit(key)
            with self.limits.concurrency(key):
                body = await self.read_body(request)
                async with self.admission.slot():
                    return await work(body, self._remaining(start, None))
        except ServingError as error:
            record.status = error.status
            raise
        except Exception:
            record.status = 500
            raise
        finally:
            self.metrics.answered(label, "-", record.key, record.status,
                                  time.perf_counter() - start)


def timed_out(timeout: float) -> ServingError:
    return ServingError(504, f"no answer within the request timeout of {timeout:g} s")


def _too_large(size: int, limit: int) -> ServingError:
    return ServingError(413, f"the request body of {size} bytes is over the limit of {limit} "
                             "bytes")
