"""The server's settings: the models and their versions, batching, the circuit breaker, the
global limits, and where the API keys are. The YAML config (`--config`) holds the same settings
as the command line; flags given on the command line win over the file."""
from __future__ import annotations

import dataclasses
import os


@dataclasses.dataclass(frozen=True)
class BatchingSettings:
    """Requests to one model version within `max_delay_ms` run as one Predictor call of at most
    `max_batch_size` rows; 1 turns batching off."""
    max_batch_size: int = 1
    max_delay_ms: float = 2.0


@dataclasses.dataclass(frozen=True)
class BreakerSettings:
    """Open the circuit when at least `min_requests` of the last `window` outcomes of the
    default version are known and `error_rate` of them failed; try it again after
    `cooldown_s`."""
    error_rate: float = 0.5
    window: int = 20
    min_requests: int = 10
    cooldown_s: float = 10.0


@dataclasses.dataclass(frozen=True)
class VersionSpec:
    version: str
    path: str


@dataclasses.dataclass
class ModelSpec:
    name: str
    versions: list
    default_version: str | None = None
    fallback_version: str | None = None
    batching: BatchingSettings = dataclasses.field(default_factory=BatchingSettings)
    breaker: BreakerSettings = dataclasses.field(default_factory=BreakerSettings)

    def resolved_default(self) -> str:
        return self.default_version or max((v.version for v in self.versions), key=_version_key)

    def resolved_fallback(self) -> str | None:
        """The fallback version: the configured one, else the newest below the default."""
        if self.fallback_version:
            return self.fallback_version
        default = self.resolved_default()
        older = [v.version for v in self.versions
                 if _version_key(v.version) < _version_key(default)]
        return max(older, key=_version_key) if older else None


@dataclasses.dataclass
class ServingSettings:
    models: list
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    api_keys: str | None = None
    request_timeout_s: float = 30.0
    max_request_bytes: int = 16 * 1024 * 1024
    max_concurrency: int = 64
    max_queue: int = 256
    ocr: dict = dataclasses.field(default_factory=dict)
    log_level: str = "info"


def _version_key(version: str):
    return (0, int(version), "") if version.isdigit() else (1, 0, version)


def parse_model_flag(text: str) -> tuple:
    """NAME=PATH[:VERSION] → (name, path, version or None)."""
    name, sep, rest = text.partition("=")
    if not sep or not name or not rest:
        raise ValueError(f"--model expects NAME=PATH[:VERSION], received {text!r}")
    path, colon, version = rest.rpartition(":")
    if not colon or not version or "/" in version or os.sep in version:
        return name, rest, None
    return name, path, version


def models_from_flags(flags: list) -> list:
    """ModelSpecs from repeated --model flags; versions without a number count up from 1."""
    specs: dict[str, ModelSpec] = {}
    for text in flags:
        name, path, version = parse_model_flag(text)
        spec = specs.setdefault(name, ModelSpec(name, []))
        spec.versions.append(VersionSpec(version or str(len(spec.versions) + 1), path))
    return list(specs.values())


def _model_from_yaml(entry: dict, base: str) -> ModelSpec:
    versions = entry.get("versions") or [{"version": "1", "path": entry["path"]}]
    return ModelSpec(
        name=str(entry["name"]),
        versions=[VersionSpec(str(v["version"]), _relative(str(v["path"]), base))
                  for v in versions],
        default_version=_optional_str(entry.get("default_version")),
        fallback_version=_optional_str(entry.get("fallback_version")),
        batching=BatchingSettings(**entry.get("batching", {})),
        breaker=BreakerSettings(**entry.get("breaker", {})))


def _optional_str(value):
    return None if value is None else str(value)


def _relative(path: str, base: str) -> str:
    return path if os.path.isabs(path) else os.path.join(base, path)


_SCALARS = ("host", "port", "workers", "api_keys", "request_timeout_s", "max_request_bytes",
            "max_concurrency", "max_queue", "log_level")


def load_yaml(path: str) -> dict:
    import yaml
    with open(path) as f:
        data = yaml.safe_load(f) or {}
    if not isinstance(data, dict):
        raise TypeError(f"serving config {path}: expected a mapping at the top level")
    return data


def settings_from(args) -> ServingSettings:
    """The settings of the parsed command line `args`, over the YAML file it names."""
    data = load_yaml(args.config) if args.config else {}
    base = os.path.dirname(os.path.abspath(args.config)) if args.config else os.getcwd()
    unknown = set(data) - set(_SCALARS) - {"models", "ocr"}
    if unknown:
        raise ValueError(f"serving config: unknown settings {sorted(unknown)}; known are "
                         f"{sorted(_SCALARS + ('models', 'ocr'))}")
    models = [_model_from_yaml(m, base) for m in data.get("models", [])]
    models += models_from_flags(args.model or [])
    if args.max_batch_size:
        batching = BatchingSettings(args.max_batch_size, args.max_batch_delay_ms)
        models = [dataclasses.replace(m, batching=batching) for m in models]
    if not models:
        raise ValueError("no model to serve: give --model NAME=PATH[:VERSION] or a config "
                         "with models")
    values = {k: data[k] for k in _SCALARS if k in data}
    if values.get("api_keys"):
        values["api_keys"] = _relative(str(values["api_keys"]), base)
    for key in _SCALARS:
        flag = getattr(args, key, None)
        if flag is not None:
            values[key] = flag
    ocr = dict(data.get("ocr", {}))
    if getattr(args, "ocr_dict", None):
        ocr["dict"] = args.ocr_dict
    if ocr.get("dict"):
        ocr["dict"] = _relative(str(ocr["dict"]), base)
    return ServingSettings(models=models, ocr=ocr, **values)
