"""The server's parts without a server: limits on a fake clock, the admission queue, the
circuit breaker's states, the wire protocol, settings and keys, dynamic batching over a fake
Predictor, and the OCR geometry against brute force."""
from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os

import numpy as np
import pytest

from paddle.serving import breaker, keys, limits, protocol, settings
from paddle.serving.errors import ServingError


class Clock:
    def __init__(self, now: float = 1000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_token_bucket_refills_at_its_rate():
    clock = Clock()
    bucket = limits.TokenBucket(per_second=2, burst=3, clock=clock)
    assert [bucket.take() for _ in range(3)] == [None] * 3
    assert bucket.take() == pytest.approx(0.5)
    clock.now += 0.5
    assert bucket.take() is None
    clock.now += 100
    assert [bucket.take() for _ in range(4)][:3] == [None] * 3


def test_quota_window_resets_at_the_period_boundary():
    clock = Clock(3590.0)
    quota = limits.QuotaWindow(requests=2, period_s=3600, clock=clock)
    assert [quota.take(), quota.take()] == [None, None]
    assert quota.take() == pytest.approx(10.0)
    clock.now = 3600.0
    assert quota.take() is None


def test_key_limits_refuse_with_429_and_retry_after():
    clock = Clock()
    key = keys.ApiKey("k", "test", ("*",), rate=keys.Rate(1, 1),
                      quota=keys.Quota(requests=10, period_s=60))
    state = limits.KeyLimits(monotonic=clock, wall=clock)
    state.admit(key)
    with pytest.raises(ServingError) as caught:
        state.admit(key)
    assert caught.value.status == 429 and caught.value.headers() == {"Retry-After": "1"}


def test_key_concurrency_slots_are_returned():
    key = keys.ApiKey("k", "test", ("*",), max_concurrency=1)
    state = limits.KeyLimits()
    with state.concurrency(key):
        with pytest.raises(ServingError) as caught, state.concurrency(key):
            pass
        assert caught.value.status == 429
    with state.concurrency(key):
        assert state.in_flight["k"] == 1


def test_admission_queue_never_runs_more_than_its_limit():
    async def scenario():
        queue = limits.AdmissionQueue(max_concurrency=2, max_queue=3)
        peak, order, refused = [0], [], []

        async def request(i):
            try:
                async with queue.slot():
                    peak[0] = max(peak[0], queue.running)
                    await asyncio.sleep(0.01)
                    order.append(i)
            except ServingError as error:
                refused.append((i, error.status))

        await asyncio.gather(*[request(i) for i in range(8)])
        return peak[0], order, refused, queue.running, queue.queued

    peak, order, refused, running, queued = asyncio.run(scenario())
    assert peak == 2 and (running, queued) == (0, 0)
    assert refused == [(5, 503), (6, 503), (7, 503)]
    assert order == [0, 1, 2, 3, 4]


def test_breaker_opens_half_opens_and_closes():
    clock = Clock()
    changes = []
    cb = breaker.CircuitBreaker(settings.BreakerSettings(error_rate=0.5, window=4,
                                                         min_requests=4, cooldown_s=5),
                                clock=clock, on_change=changes.append)
    for failed in (False, True, False):
        assert cb.use_primary()
        cb.record(True, failed)
    assert cb.state == "closed"
    cb.record(True, True)                    # 2 of 4 failed: the threshold
    assert cb.state == "open" and not cb.use_primary()
    clock.now += 5
    assert cb.use_primary() and not cb.use_primary()   # one trial at a time
    cb.record(True, True)
    assert cb.state == "open"
    clock.now += 5
    assert cb.use_primary()
    cb.record(True, None)                    # refused before it ran: no verdict
    assert cb.state == "half_open" and cb.use_primary()
    cb.record(True, False)
    assert cb.state == "closed" and cb.error_rate() == 0.0
    assert changes == ["open", "half_open", "open", "half_open", "closed"]


def _binary_body(arrays: dict, extra: dict | None = None) -> tuple:
    entries, raw = [], b""
    for name, array in arrays.items():
        entries.append({"name": name, "datatype": protocol.datatype_of(array.dtype),
                        "shape": list(array.shape),
                        "parameters": {"binary_data_size": array.nbytes}})
        raw += array.tobytes()
    header = json.dumps({"inputs": entries, **(extra or {})}).encode()
    return header + raw, str(len(header))


def test_protocol_binary_and_json_inputs():
    a = np.arange(6, dtype=np.int64).reshape(2, 3)
    b = np.linspace(0, 1, 4, dtype=np.float16)
    body, length = _binary_body({"a": a, "b": b}, {"id": "r1",
                                                   "parameters": {"timeout": 250000}})
    request = protocol.parse_infer_request(body, length)
    np.testing.assert_array_equal(request.inputs["a"], a)
    assert request.inputs["b"].dtype == np.float16
    assert (request.request_id, request.timeout_s) == ("r1", 0.25)
    text = json.dumps({"inputs": [{"name": "a", "datatype": "INT32", "shape": [2, 2],
                                   "data": [[1, 2], [3, 4]]}]}).encode()
    parsed = protocol.parse_infer_request(text, None).inputs["a"]
    assert parsed.dtype == np.int32 and parsed.tolist() == [[1, 2], [3, 4]]


SHORT_BINARY = json.dumps({"inputs": [{"name": "a", "datatype": "FP32", "shape": [2],
                                        "parameters": {"binary_data_size": 8}}]}).encode()
UNSUPPORTED = ("input 'a': unsupported datatype 'FP8'; supported are ['BF16', 'BOOL', 'FP16', "
               "'FP32', 'FP64', 'INT16', 'INT32', 'INT64', 'INT8', 'UINT16', 'UINT32', "
               "'UINT64', 'UINT8']")
MISSING_KEY = "missing API key: send 'Authorization: Bearer <key>' or 'X-API-Key: <key>'"


@pytest.mark.parametrize("body, length, message", [
    (b'{"inputs": []}', None, "the request must have a non-empty 'inputs' list"),
    (b'{"inputs": [{"name": "a", "datatype": "FP8", "shape": [1], "data": [1]}]}', None,
     UNSUPPORTED),
    (b'{"inputs": [{"name": "a", "datatype": "INT32", "shape": [1], "data": [1.5]}]}', None,
     "input 'a': datatype INT32 takes integers, received floating-point data"),
    (b'{"inputs": [{"name": "a", "datatype": "FP32", "shape": [-1], "data": [1]}]}', None,
     "input 'a': 'shape' must be a list of non-negative integers, received [-1]"),
    (SHORT_BINARY + b"1234", str(len(SHORT_BINARY)),
     "input 'a': binary_data_size 8 runs past the 4 bytes of binary data"),
    (b'{}', "99", "Inference-Header-Content-Length is 99, but the body has 2 bytes"),
])
def test_protocol_malformed_requests(body, length, message):
    with pytest.raises(ServingError) as caught:
        protocol.parse_infer_request(body, length)
    assert (caught.value.status, caught.value.message) == (400, message)


def test_protocol_response_binary_and_json():
    out = np.arange(4, dtype=np.float32).reshape(2, 2)
    request = protocol.InferRequest({}, ["y"], {"y"}, False, "7", None)
    body, headers = protocol.encode_infer_response("m", "3", request, {"y": out})
    size = int(headers[protocol.HEADER_LENGTH])
    header = json.loads(body[:size])
    assert header == {"model_name": "m", "model_version": "3", "id": "7", "outputs": [
        {"name": "y", "datatype": "FP32", "shape": [2, 2],
         "parameters": {"binary_data_size": 16}}]}
    np.testing.assert_array_equal(np.frombuffer(body[size:], np.float32).reshape(2, 2), out)
    plain = protocol.InferRequest({}, None, set(), False, None, None)
    body, headers = protocol.encode_infer_response("m", "3", plain, {"y": out})
    assert json.loads(body)["outputs"][0]["data"] == [0.0, 1.0, 2.0, 3.0]


def test_model_flags_and_versions():
    assert settings.parse_model_flag("a=/m/lenet:3") == ("a", "/m/lenet", "3")
    assert settings.parse_model_flag("a=/m/lenet") == ("a", "/m/lenet", None)
    specs = settings.models_from_flags(["a=/x", "a=/y", "b=/z:7"])
    assert [(v.version, v.path) for v in specs[0].versions] == [("1", "/x"), ("2", "/y")]
    assert (specs[0].resolved_default(), specs[0].resolved_fallback()) == ("2", "1")
    assert (specs[1].resolved_default(), specs[1].resolved_fallback()) == ("7", None)
    with pytest.raises(ValueError, match="NAME=PATH"):
        settings.parse_model_flag("nopath")


def _args(**values) -> argparse.Namespace:
    base = {name: None for name in ("config", "model", "host", "port", "workers", "api_keys",
                                    "max_batch_size", "ocr_dict", "log_level")}
    return argparse.Namespace(**{**base, "max_batch_delay_ms": 2.0, **values})


def test_yaml_settings_and_flags_over_them(tmp_path):
    (tmp_path / "s.yaml").write_text(
        "port: 9000\nworkers: 3\napi_keys: keys.yaml\nmodels:\n"
        "  - name: m\n    versions: [{version: 1, path: a}, {version: 2, path: b}]\n"
        "    default_version: 1\n    batching: {max_batch_size: 8, max_delay_ms: 5}\n")
    result = settings.settings_from(_args(config=str(tmp_path / "s.yaml"), port=9100))
    assert (result.port, result.workers) == (9100, 3)
    assert result.api_keys == str(tmp_path / "keys.yaml")
    model = result.models[0]
    assert model.versions[1].path == str(tmp_path / "b")
    assert (model.resolved_default(), model.batching.max_batch_size) == ("1", 8)
    (tmp_path / "bad.yaml").write_text("prot: 1\n")
    with pytest.raises(ValueError, match=r"unknown settings \['prot'\]"):
        settings.settings_from(_args(config=str(tmp_path / "bad.yaml")))


def test_keys_from_digests_and_the_environment(monkeypatch):
    monkeypatch.setenv("K2", "second-key")
    store = keys.KeyStore([
        {"name": "one", "sha256": hashlib.sha256(b"first-key").hexdigest(),
         "environment": "prod", "models": ["m"]},
        {"name": "two", "key_env": "K2", "environment": "test"}])
    assert store.authenticate({"authorization": "Bearer first-key"}).name == "one"
    assert store.authenticate({"x-api-key": "second-key"}).environment == "test"
    for headers, message in [({}, MISSING_KEY), ({"x-api-key": "guess"}, "unknown API key")]:
        with pytest.raises(ServingError) as caught:
            store.authenticate(headers)
        assert (caught.value.status, caught.value.message) == (401, message)
    with pytest.raises(ValueError, match="environment must be one of"):
        keys.KeyStore([{"name": "x", "sha256": "0" * 64, "environment": "staging"}])
    with pytest.raises(ValueError, match="K3 is not set"):
        keys.KeyStore([{"name": "x", "key_env": "K3"}])


def test_development_mode_is_loopback_only():
    from paddle.serving.cli import check_mode
    dev = keys.KeyStore(None)
    open_settings = settings.ServingSettings(models=[], host="0.0.0.0")
    with pytest.raises(SystemExit, match="binds to loopback only"):
        check_mode(open_settings, dev)
    assert "development mode" in check_mode(settings.ServingSettings(models=[]), dev)


def test_batcher_joins_requests_and_splits_rows():
    from paddle.serving.batching import DynamicBatcher
    calls = []

    async def run(arrays):
        calls.append(arrays[0].shape[0])
        return [arrays[0] * 2, arrays[0].sum(axis=1)]

    async def scenario():
        batcher = DynamicBatcher(settings.BatchingSettings(8, 20), run, lambda rows: None)
        parts = [np.full((rows, 3), i, np.float32) for i, rows in enumerate([1, 2, 3, 4])]
        return parts, await asyncio.gather(*[batcher.submit([p]) for p in parts])

    parts, results = asyncio.run(scenario())
    assert calls == [6, 4]                 # 1+2+3 rows, then 4 would overflow 8
    for part, (double, total) in zip(parts, results):
        np.testing.assert_array_equal(double, part * 2)
        np.testing.assert_array_equal(total, part.sum(axis=1))


def test_batcher_reruns_when_outputs_are_not_per_row():
    from paddle.serving.batching import DynamicBatcher
    calls = []

    async def run(arrays):
        calls.append(arrays[0].shape[0])
        return [arrays[0].sum(keepdims=True).reshape(1)]

    async def scenario():
        batcher = DynamicBatcher(settings.BatchingSettings(8, 20), run, lambda rows: None)
        return await asyncio.gather(*[batcher.submit([np.ones((2, 2), np.float32) * i])
                                      for i in (1, 2)])

    results = asyncio.run(scenario())
    assert calls == [4, 2, 2]
    assert [r[0].tolist() for r in results] == [[4.0], [8.0]]


def test_min_area_rect_matches_a_brute_force_search():
    from paddle.serving import ocr_geometry as geo
    rng = np.random.default_rng(0)
    for _ in range(5):
        angle = rng.uniform(0, np.pi)
        u = np.array([np.cos(angle), np.sin(angle)])
        v = np.array([-u[1], u[0]])
        points = rng.uniform(-1, 1, (200, 1)) * 30 * u + rng.uniform(-1, 1, (200, 1)) * 8 * v
        _, size, _ = geo.min_area_rect(points)
        brute = min(np.ptp(points @ np.array([np.cos(t), np.sin(t)])) *
                    np.ptp(points @ np.array([-np.sin(t), np.cos(t)]))
                    for t in np.linspace(0, np.pi, 20000))
        assert size[0] * size[1] == pytest.approx(brute, rel=1e-3)
        assert size[0] * size[1] <= brute + 1e-9


def test_rect_corners_in_db_order_and_unclip():
    from paddle.serving import ocr_geometry as geo
    corners = geo.rect_corners(np.array([50.0, 20.0]), (40.0, 10.0), np.array([1.0, 0.0]))
    assert corners.tolist() == [[30, 15], [70, 15], [70, 25], [30, 25]]
    assert geo.unclip((40.0, 10.0), 1.6) == pytest.approx((52.8, 22.8))   # d = 400*1.6/100


def test_ctc_decode_merges_repeats_and_drops_blanks():
    from paddle.serving.ocr import ctc_decode
    characters = ["blank", "a", "b", " "]
    steps = [1, 1, 0, 1, 2, 2, 0, 3]
    probabilities = np.full((1, len(steps), 4), 0.1, np.float32)
    for t, c in enumerate(steps):
        probabilities[0, t, c] = 0.7
    assert ctc_decode(probabilities, characters) == [("aab ", pytest.approx(0.7))]


def test_the_example_config_and_keys_parse(monkeypatch):
    folder = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "serving")
    for variable in ("SERVING_DEV_KEY", "SERVING_PROD_KEY", "SERVING_OPS_KEY"):
        monkeypatch.setenv(variable, variable.lower())
    result = settings.settings_from(_args(config=os.path.join(folder, "serving.yaml")))
    lenet = result.models[0]
    assert (lenet.resolved_default(), lenet.resolved_fallback()) == ("2", "1")
    assert [m.name for m in result.models] == ["lenet", "ocr_det", "ocr_cls", "ocr_rec"]
    store = keys.KeyStore.from_file(os.path.join(folder, "keys.yaml"))
    assert store.authenticate({"x-api-key": "change-me-ci-key"}).models == ("lenet",)
    assert store.authenticate({"x-api-key": "serving_ops_key"}).admin
