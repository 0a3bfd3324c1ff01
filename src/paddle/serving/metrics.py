"""The server's Prometheus metrics (prometheus_client, one registry per server).

Requests, errors by code, latency and queue time are labelled by model, version and key name
(the key's `name` from the keys file — never the key). Batch sizes and the circuit state are per
model version; queue depth and in-flight requests are global."""
from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

from .breaker import STATE_VALUES

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
                   10.0, 30.0)
BATCH_BUCKETS = (1, 2, 4, 8, 16, 32, 64, 128)
PREFIX = "paddle_serving_"


class ServingMetrics:
    def __init__(self):
        self.registry = CollectorRegistry()
        r = self.registry
        self.requests = Counter(PREFIX + "requests", "Requests answered, by status code",
                                ["model", "version", "key", "code"], registry=r)
        self.errors = Counter(PREFIX + "errors", "Requests answered with an error status",
                              ["model", "version", "key", "code"], registry=r)
        self.latency = Histogram(PREFIX + "request_latency_seconds",
                                 "Time from a request's arrival to its answer",
                                 ["model", "version", "key"], buckets=LATENCY_BUCKETS,
                                 registry=r)
        self.batch_size = Histogram(PREFIX + "batch_size", "Rows per Predictor call",
                                    ["model", "version"], buckets=BATCH_BUCKETS, registry=r)
        self.queue_depth = Gauge(PREFIX + "queue_depth",
                                 "Requests waiting: for admission, for a batch, for a worker",
                                 ["stage"], registry=r)
        self.in_flight = Gauge(PREFIX + "in_flight", "Requests admitted and not yet answered",
                               registry=r)
        self.circuit = Gauge(PREFIX + "circuit_state",
                             "Circuit of a model's default version: 0 closed, 1 open, "
                             "2 half-open", ["model", "version"], registry=r)
        self.routed = Counter(PREFIX + "routed", "Requests routed to each model version",
                              ["model", "version"], registry=r)
        self.default_version = Gauge(PREFIX + "default_version_info",
                                     "1 for the default version of each model",
                                     ["model", "version"], registry=r)
        self.worker_restarts = Gauge(PREFIX + "worker_restarts",
                                     "Worker processes restarted after they died", registry=r)

    def answered(self, model: str, version: str, key: str, code: int, seconds: float) -> None:
        labels = (model or "-", version or "-", key)
        self.requests.labels(*labels, str(code)).inc()
        if code >= 400:
            self.errors.labels(*labels, str(code)).inc()
        self.latency.labels(*labels).observe(seconds)

    def circuit_changed(self, model: str, version: str, state: str) -> None:
        self.circuit.labels(model, version).set(STATE_VALUES[state])

    def default_changed(self, model: str, old: str | None, new: str) -> None:
        if old is not None:
            self.default_version.labels(model, old).set(0)
        self.default_version.labels(model, new).set(1)

    def exposition(self) -> bytes:
        return generate_latest(self.registry)
