"""API keys: who may call which models, under which limits.

The keys file (YAML) lists one entry per key:

    keys:
      - name: ci-test              # the label metrics and logs use; never the key itself
        environment: test          # dev | test | prod
        sha256: 9f86d0...          # the key's SHA-256 (hex) — the file never holds the key
        # key_env: CI_TEST_KEY     # or: the environment variable that holds the key
        models: [lenet, ocr_rec]   # or "*"
        quota: {requests: 10000, period_s: 86400}
        rate: {per_second: 20, burst: 40}
        max_concurrency: 4
        admin: false               # admin keys read /metrics and load/unload versions

Keys are held only as their SHA-256 digests: a request's key is hashed and looked up, so the
process never keeps a key in memory past the lookup and nothing it logs can contain one.
`python -m paddle.serving hash-key` prints the digest of a key read from standard input."""
from __future__ import annotations

import dataclasses
import hashlib
import os

from .errors import ServingError

ENVIRONMENTS = ("dev", "test", "prod")
ANONYMOUS = "anonymous"


@dataclasses.dataclass(frozen=True)
class Quota:
    requests: int
    period_s: float


@dataclasses.dataclass(frozen=True)
class Rate:
    per_second: float
    burst: int


@dataclasses.dataclass(frozen=True)
class ApiKey:
    name: str
    environment: str
    models: tuple            # ("*",) for every model
    quota: Quota | None = None
    rate: Rate | None = None
    max_concurrency: int | None = None
    admin: bool = False

    def may_call(self, model: str) -> bool:
        return "*" in self.models or model in self.models


DEVELOPMENT_KEY = ApiKey(ANONYMOUS, "dev", ("*",), admin=True)


def digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _entry_digest(entry: dict, index: int) -> str:
    if "sha256" in entry:
        value = str(entry["sha256"]).lower()
        if len(value) != 64 or any(c not in "0123456789abcdef" for c in value):
            raise ValueError(f"keys file: entry {index} ({entry.get('name')}): sha256 must be "
                             "64 hex digits")
        return value
    variable = entry.get("key_env")
    if not variable:
        raise ValueError(f"keys file: entry {index} ({entry.get('name')}) needs sha256 or "
                         "key_env")
    key = os.environ.get(str(variable))
    if not key:
        raise ValueError(f"keys file: entry {index} ({entry.get('name')}): the environment "
                         f"variable {variable} is not set")
    return digest(key)


def _entry_key(entry: dict, index: int) -> ApiKey:
    name = entry.get("name")
    if not name:
        raise ValueError(f"keys file: entry {index} has no name")
    environment = str(entry.get("environment", "dev"))
    if environment not in ENVIRONMENTS:
        raise ValueError(f"keys file: key {name}: environment must be one of {ENVIRONMENTS}, "
                         f"received {environment!r}")
    models = entry.get("models", "*")
    models = (models,) if isinstance(models, str) else tuple(str(m) for m in models)
    quota = entry.get("quota")
    rate = entry.get("rate")
    return ApiKey(
        name=str(name), environment=environment, models=models,
        quota=Quota(int(quota["requests"]), float(quota["period_s"])) if quota else None,
        rate=Rate(float(rate["per_second"]), int(rate.get("burst", 1))) if rate else None,
        max_concurrency=entry.get("max_concurrency"), admin=bool(entry.get("admin", False)))


class KeyStore:
    """The keys of a keys file, by digest; `None` means development mode (no keys)."""

    def __init__(self, entries: list | None):
        self.development = entries is None
        self._by_digest: dict[str, ApiKey] = {}
        for index, entry in enumerate(entries or []):
            key = _entry_key(entry, index)
            self._by_digest[_entry_digest(entry, index)] = key

    @classmethod
    def from_file(cls, path: str | None) -> KeyStore:
        if path is None:
            return cls(None)
        from .settings import load_yaml
        entries = load_yaml(path).get("keys")
        if not isinstance(entries, list) or not entries:
            raise ValueError(f"keys file {path}: expected a non-empty list under 'keys'")
        return cls(entries)

    def entries(self) -> list:
        return list(self._by_digest.values())

    def authenticate(self, headers) -> ApiKey:
        """The key a request presents (Authorization: Bearer KEY, or X-API-Key: KEY)."""
        if self.development:
            return DEVELOPMENT_KEY
        presented = _presented_key(headers)
        if not presented:
            raise ServingError(401, "missing API key: send 'Authorization: Bearer <key>' or "
                                    "'X-API-Key: <key>'")
        key = self._by_digest.get(digest(presented))
        if key is None:
            raise ServingError(401, "unknown API key")
        return key


def _presented_key(headers) -> str | None:
    authorization = headers.get("authorization", "")
    scheme, _, value = authorization.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return headers.get("x-api-key") or None


def authorize(key: ApiKey, model: str) -> None:
    if not key.may_call(model):
        raise ServingError(403, f"API key '{key.name}' may not call model '{model}'")


def require_admin(key: ApiKey, what: str) -> None:
    if not key.admin:
        raise ServingError(403, f"API key '{key.name}' may not {what} (admin keys only)")
