"""paddle.serving: an inference server for Paddle models on the Predictor, speaking the Open
Inference Protocol (KServe v2, so tritonclient works unchanged) and Paddle Serving's pipeline
form; with API keys, quotas, rate and concurrency limits, Prometheus metrics, model versions
with hot reload and a circuit breaker, dynamic batching, supervised worker processes, a client
and a web page (PP-OCR on an uploaded image, live metrics).

Feijiang's own: real Paddle 3.3 has no `paddle.serving` (Paddle Serving is a separate project).
`python -m paddle.serving --help` starts a server; `Client` calls one. The extra
`feijiang[serving]` brings FastAPI, uvicorn, prometheus_client, httpx, PyYAML and Pillow.

    cli        the command line            settings   CLI/YAML settings
    app        the FastAPI routes          service    the path of one request
    codecs     KServe and pipeline forms   protocol   KServe v2 tensors on the wire
    keys       API keys                    limits     rate, quota, concurrency, admission
    versions   versions, routing, reload   breaker    the circuit breaker
    batching   dynamic batching            pool       supervised worker processes
    worker     a worker process            metrics    Prometheus metrics
    client     Client                      web, ocr   the page and its PP-OCR pipeline
"""
from .client import Client, ServingClientError

__all__ = ["Client", "ServingClientError", "create_app"]


def __getattr__(name: str):
    if name == "create_app":
        from .app import create_app
        return create_app
    raise AttributeError(f"module 'paddle.serving' has no attribute '{name}'")
