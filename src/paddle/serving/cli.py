"""The command line of `python -m paddle.serving`.

    python -m paddle.serving --model NAME=PATH[:VERSION] [--model ...] [--host 127.0.0.1]
        [--port 8000] [--config serving.yaml] [--workers K] [--api-keys keys.yaml]
        [--max-batch-size N --max-batch-delay-ms MS] [--ocr-dict ppocr_keys_v1.txt]
    python -m paddle.serving hash-key      (the SHA-256 of a key read from standard input)

Without --api-keys (or `api_keys` in the config) the server runs in development mode: no keys
are checked, it binds to loopback only and says so when it starts."""
from __future__ import annotations

import argparse
import ipaddress
import sys

from .keys import ENVIRONMENTS, KeyStore, digest
from .settings import ServingSettings, settings_from


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m paddle.serving",
                                     description="Serve Paddle inference models over HTTP "
                                                 "(Open Inference Protocol / KServe v2).")
    parser.add_argument("--model", action="append", metavar="NAME=PATH[:VERSION]",
                        help="a model version to serve (repeat for more)")
    parser.add_argument("--host", default=None, help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=None, help="port (default 8000)")
    parser.add_argument("--config", help="YAML file with the same settings")
    parser.add_argument("--workers", type=int, default=None,
                        help="worker processes running the models (default 1)")
    parser.add_argument("--api-keys", dest="api_keys", default=None,
                        help="YAML keys file; without it the server is in development mode")
    parser.add_argument("--max-batch-size", type=int, default=None,
                        help="dynamic batching for every model: rows per Predictor call")
    parser.add_argument("--max-batch-delay-ms", type=float, default=2.0,
                        help="dynamic batching: how long a batch waits for more requests")
    parser.add_argument("--ocr-dict", default=None,
                        help="character list of the OCR rec model (enables the OCR page)")
    parser.add_argument("--log-level", dest="log_level", default=None)
    return parser


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_mode(settings: ServingSettings, keys: KeyStore) -> str:
    """The start-up line about keys; refuses development mode off loopback."""
    if not keys.development:
        environments = [k.environment for k in keys.entries()]
        counts = ", ".join(f"{e}: {environments.count(e)}" for e in ENVIRONMENTS
                           if e in environments)
        return (f"paddle.serving: {len(environments)} API keys loaded from "
                f"{settings.api_keys} ({counts}; stored as SHA-256 digests)")
    if not _is_loopback(settings.host):
        raise SystemExit(f"paddle.serving: refusing to serve {settings.host} without API keys: "
                         "development mode (no --api-keys) binds to loopback only")
    return ("paddle.serving: development mode — no --api-keys, so no API keys are checked; "
            "serving on loopback only")


def main(argv: list | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["hash-key"]:
        print(digest(sys.stdin.readline().strip()))
        return
    args = _parser().parse_args(argv)
    try:
        settings = settings_from(args)
        keys = KeyStore.from_file(settings.api_keys)
    except (ValueError, TypeError, OSError, KeyError) as error:
        raise SystemExit(f"paddle.serving: {error}") from None
    print(check_mode(settings, keys), flush=True)
    try:
        import uvicorn

        from .app import create_app
    except ImportError as error:
        raise SystemExit(f"paddle.serving: {error.name} is missing; the server needs the "
                         "serving extra: pip install 'feijiang[serving]'") from None
    app = create_app(settings, keys)
    uvicorn.run(app, host=settings.host, port=settings.port, log_level=settings.log_level,
                timeout_graceful_shutdown=10)
