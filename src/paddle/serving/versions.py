"""The served models: their versions, the default and fallback version, routing through each
model's circuit breaker, input checks against a version's metadata, hot reload and unload.

A request names a model and, optionally, a version. Without a version it goes to the default
version, or to the fallback while the default's circuit is open. Loading a new default version
(hot reload) switches new requests to it once every worker has it loaded; requests already
running on the old version finish there, and the old version stays as the fallback."""
from __future__ import annotations

import asyncio
import dataclasses
import time

import numpy as np

from .batching import DynamicBatcher
from .breaker import CircuitBreaker
from .errors import ServingError, bad_request, not_found
from .protocol import DATATYPES
from .settings import BatchingSettings, BreakerSettings, ModelSpec

DRAIN_POLL_S = 0.01


@dataclasses.dataclass
class ModelVersion:
    name: str
    version: str
    path: str
    metadata: dict
    batcher: DynamicBatcher | None = None
    in_flight: int = 0

    def input_names(self) -> list:
        return [t["name"] for t in self.metadata["inputs"]]

    def output_names(self) -> list:
        return [t["name"] for t in self.metadata["outputs"]]

    def checked_inputs(self, inputs: dict) -> list:
        """The request's arrays in the model's input order, each matching its declared dtype
        and shape (400 naming the input, the expected and the received otherwise)."""
        names = self.input_names()
        for name in inputs:
            if name not in names:
                raise bad_request(f"model '{self.name}' has no input '{name}'; its inputs are "
                                  f"{names}")
        arrays = []
        for spec in self.metadata["inputs"]:
            array = inputs.get(spec["name"])
            if array is None:
                raise bad_request(f"input '{spec['name']}' is missing: model '{self.name}' "
                                  f"takes {names}")
            arrays.append(_checked(spec, array))
        return arrays

    def selected_outputs(self, outputs: list, requested: list | None) -> dict:
        names = self.output_names()
        chosen = {n: a for n, a in zip(names, outputs)}
        if requested is None:
            return chosen
        for name in requested:
            if name not in chosen:
                raise bad_request(f"model '{self.name}' has no output '{name}'; its outputs "
                                  f"are {names}")
        return {name: chosen[name] for name in requested}


def _checked(spec: dict, array: np.ndarray) -> np.ndarray:
    expected = DATATYPES.get(spec["datatype"])
    if array.dtype != expected:
        received = next(k for k, v in DATATYPES.items() if v == array.dtype)
        raise bad_request(f"input '{spec['name']}': expected datatype {spec['datatype']}, "
                          f"received {received}")
    declared = spec["shape"]
    if array.ndim != len(declared) or any(d not in (-1, s) for d, s in zip(declared,
                                                                            array.shape)):
        raise bad_request(f"input '{spec['name']}': expected shape {declared} (-1: any size), "
                          f"received {list(array.shape)}")
    return np.ascontiguousarray(array)


@dataclasses.dataclass
class ServedModel:
    name: str
    versions: dict
    default: str
    fallback: str | None
    breaker: CircuitBreaker
    batching: BatchingSettings


class ModelRepository:
    def __init__(self, pool, metrics, specs: list):
        self.pool, self.metrics, self.specs = pool, metrics, specs
        self.models: dict[str, ServedModel] = {}

    async def start(self) -> None:
        for spec in self.specs:
            await self._add_model(spec)

    async def _add_model(self, spec: ModelSpec) -> None:
        default = spec.resolved_default()
        self.models[spec.name] = ServedModel(spec.name, {}, default,
                                             spec.resolved_fallback(),
                                             self._breaker(spec.name, spec.breaker),
                                             spec.batching)
        for version in spec.versions:
            await self._load_version(spec.name, version.version, version.path)
        model = self.models[spec.name]
        if default not in model.versions or (model.fallback and
                                             model.fallback not in model.versions):
            raise ValueError(f"model '{spec.name}': default version {default} and fallback "
                             f"{model.fallback} must be among its versions "
                             f"{sorted(model.versions)}")
        self.metrics.default_changed(spec.name, None, default)
        self.metrics.circuit_changed(spec.name, default, "closed")

    def _breaker(self, name: str, settings: BreakerSettings) -> CircuitBreaker:
        def changed(state: str) -> None:
            self.metrics.circuit_changed(name, self.models[name].default, state)
        return CircuitBreaker(settings, on_change=changed)

    async def _load_version(self, name: str, version: str, path: str) -> ModelVersion:
        metadata = await self.pool.load(name, version, path)
        entry = ModelVersion(name, version, path, metadata)
        model = self.models[name]

        async def run(arrays: list) -> list:
            return await self.pool.run(name, version, arrays)

        def observe(rows: int) -> None:
            self.metrics.batch_size.labels(name, version).observe(rows)

        entry.batcher = DynamicBatcher(model.batching, run, observe)
        model.versions[version] = entry
        return entry

    def model(self, name: str) -> ServedModel:
        model = self.models.get(name)
        if model is None:
            raise not_found(f"model '{name}' is not served; served models are "
                            f"{sorted(self.models)}")
        return model

    def version(self, name: str, version: str | None) -> ModelVersion:
        model = self.model(name)
        version = version or model.default
        entry = model.versions.get(version)
        if entry is None:
            raise not_found(f"model '{name}' has no version {version}; its versions are "
                            f"{sorted(model.versions)}")
        return entry

    def route(self, name: str, version: str | None) -> tuple:
        """(ModelVersion, whether it is the breaker's primary) for a request."""
        model = self.model(name)
        if version is not None or model.fallback is None:
            return self.version(name, version), version is None
        primary = model.breaker.use_primary()
        return model.versions[model.default if primary else model.fallback], primary

    async def infer(self, name: str, version: str | None, inputs: dict,
                    timeout_s: float) -> tuple:
        """(the version that ran, its outputs as a list) for a request's inputs."""
        entry, primary = self.route(name, version)
        model = self.models[name]
        breaker = model.breaker if version is None and model.fallback else None
        failed = None                   # None: the request said nothing about the version
        entry.in_flight += 1
        try:
            arrays = entry.checked_inputs(inputs)
            self.metrics.routed.labels(name, entry.version).inc()
            try:
                outputs = await asyncio.wait_for(entry.batcher.submit(arrays), timeout_s)
            except asyncio.TimeoutError:
                failed = True
                raise ServingError(504, f"no answer within the request timeout of "
                                        f"{timeout_s:g} s") from None
            except ServingError as error:
                failed = error.status >= 500
                raise
            failed = False
            return entry, outputs
        finally:
            entry.in_flight -= 1
            if breaker is not None and breaker is model.breaker:
                breaker.record(primary, failed)

    async def load(self, name: str, version: str, path: str, make_default: bool) -> None:
        """Load (or replace) `version` of `name` while serving; optionally make it the
        default, with the previous default as its fallback."""
        if name not in self.models:
            spec = ModelSpec(name, [])
            self.models[name] = ServedModel(name, {}, version, None,
                                            self._breaker(name, spec.breaker), spec.batching)
            make_default = True
        await self._load_version(name, version, path)
        model = self.models[name]
        if make_default and model.default != version:
            old = model.default
            model.fallback, model.default = (old if old in model.versions else None), version
            model.breaker = self._breaker(name, model.breaker.settings)
            self.metrics.default_changed(name, old, version)
            self.metrics.circuit_changed(name, version, "closed")

    async def unload(self, name: str, version: str) -> None:
        model = self.model(name)
        entry = self.version(name, version)
        if version == model.default:
            raise bad_request(f"cannot unload version {version} of model '{name}': it is the "
                              "default version (load another as default first)")
        del model.versions[version]
        if model.fallback == version:
            model.fallback = None
        deadline = time.monotonic() + 60
        while entry.in_flight and time.monotonic() < deadline:
            await asyncio.sleep(DRAIN_POLL_S)
        await self.pool.unload(name, version)

    def metadata(self, name: str, version: str | None) -> dict:
        model = self.model(name)
        entry = self.version(name, version)
        breaker = model.breaker
        serving = model.fallback if breaker.state == "open" and model.fallback else \
            model.default
        return {
            "name": name, "versions": sorted(model.versions), "platform": "paddle_inference",
            "inputs": entry.metadata["inputs"], "outputs": entry.metadata["outputs"],
            "parameters": {"version": entry.version, "default_version": model.default,
                           "fallback_version": model.fallback, "circuit": breaker.state,
                           "serving_version": serving,
                           "error_rate": round(breaker.error_rate(), 4)},
        }
