"""One server with API keys (LeNet in two versions with dynamic batching, and `pairs`), called
by tritonclient, by our Client, by plain httpx in the Paddle Serving form, and by requests that
break every rule once: each refusal's status and exact body, the limits' exact counts under
concurrency, and keys absent from the server's log."""
from __future__ import annotations

import asyncio
import hashlib
import json
import os
import textwrap
import time

import numpy as np
import pytest

pytest.importorskip("fastapi")
httpx = pytest.importorskip("httpx")
tritonhttp = pytest.importorskip("tritonclient.http")

from ._server import local_outputs, running_server, save_lenet, save_pairs

KEYS = {"alice": "alice-key-0123456789", "bob": "bob-key-0123456789",
        "rate": "rate-key-0123456789", "quota": "quota-key-0123456789",
        "single": "single-key-0123456789", "retry": "retry-key-0123456789",
        "admin": "admin-key-0123456789"}
MAX_BYTES = 1_000_000


def _keys_file(folder) -> str:
    sha = {name: hashlib.sha256(key.encode()).hexdigest() for name, key in KEYS.items()}
    text = textwrap.dedent(f"""
        keys:
          - {{name: alice, environment: prod, key_env: ALICE_KEY, models: [lenet]}}
          - {{name: bob, environment: test, sha256: {sha['bob']}, models: [pairs]}}
          - name: rate
            sha256: {sha['rate']}
            rate: {{per_second: 0.001, burst: 5}}
          - name: quota
            sha256: {sha['quota']}
            quota: {{requests: 7, period_s: 1000000000}}
          - {{name: single, sha256: {sha['single']}, max_concurrency: 1}}
          - name: retry
            sha256: {sha['retry']}
            rate: {{per_second: 2, burst: 1}}
          - {{name: admin, environment: prod, sha256: {sha['admin']}, admin: true}}
        """)
    path = os.path.join(folder, "keys.yaml")
    with open(path, "w") as f:
        f.write(text)
    return path


def _config(folder, lenet1, lenet2, pairs) -> str:
    path = os.path.join(folder, "serving.yaml")
    with open(path, "w") as f:
        f.write(textwrap.dedent(f"""
            max_request_bytes: {MAX_BYTES}
            models:
              - name: lenet
                versions:
                  - {{version: 1, path: {lenet1}}}
                  - {{version: 2, path: {lenet2}}}
                batching: {{max_batch_size: 16, max_delay_ms: 30}}
              - name: pairs
                path: {pairs}
            """))
    return path


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    folder = tmp_path_factory.mktemp("serving")
    models = {"lenet1": save_lenet(str(folder), 1), "lenet2": save_lenet(str(folder), 2),
              "pairs": save_pairs(str(folder))}
    args = ["--config", _config(folder, models["lenet1"], models["lenet2"], models["pairs"]),
            "--api-keys", _keys_file(folder)]
    with running_server(args, str(folder / "server.log"), {"ALICE_KEY": KEYS["alice"]}) as s:
        s.models = models
        yield s


def _auth(name: str) -> dict:
    return {"Authorization": f"Bearer {KEYS[name]}"}


def _json_infer(x, datatype="FP32", name="x") -> dict:
    return {"inputs": [{"name": name, "datatype": datatype, "shape": list(x.shape),
                        "data": x.reshape(-1).tolist()}]}


def _images(rows: int, seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).random((rows, 1, 28, 28), dtype=np.float32)


def test_tritonclient_gets_lenet_outputs(served):
    client = tritonhttp.InferenceServerClient(served.url.removeprefix("http://"))
    x = _images(3)
    for binary in (True, False):
        given = tritonhttp.InferInput("x", list(x.shape), "FP32")
        given.set_data_from_numpy(x, binary_data=binary)
        wanted = tritonhttp.InferRequestedOutput("fetch_name_0", binary_data=binary)
        result = client.infer("lenet", [given], outputs=[wanted], headers=_auth("alice"))
        np.testing.assert_array_equal(result.as_numpy("fetch_name_0"),
                                      local_outputs(served.models["lenet2"], x))
        old = client.infer("lenet", [given], model_version="1", headers=_auth("alice"))
        np.testing.assert_array_equal(old.as_numpy("fetch_name_0"),
                                      local_outputs(served.models["lenet1"], x))
    metadata = client.get_model_metadata("lenet", headers=_auth("alice"))
    assert metadata["inputs"] == [{"name": "x", "datatype": "FP32", "shape": [-1, 1, 28, 28]}]
    assert metadata["outputs"] == [{"name": "fetch_name_0", "datatype": "FP32",
                                    "shape": [-1, 10]}]
    assert metadata["versions"] == ["1", "2"]
    assert metadata["parameters"]["default_version"] == "2"
    assert client.is_server_live() and client.is_server_ready()
    assert client.is_model_ready("lenet", headers=_auth("alice"))


def test_client_numpy_in_and_out(served):
    from paddle.serving import Client
    x = _images(2, seed=3)
    with Client(served.url, api_key=KEYS["alice"], timeout=30) as client:
        out = client.infer("lenet", {"x": x}, version="1")
        assert client.metadata("lenet")["name"] == "lenet"
    np.testing.assert_array_equal(out["fetch_name_0"],
                                  local_outputs(served.models["lenet1"], x))


def test_client_retries_429_after_retry_after(served):
    from paddle.serving import Client
    x = _images(1, seed=4)
    with Client(served.url, api_key=KEYS["retry"], retries=3, backoff=0.05) as client:
        client.infer("lenet", {"x": x})
        start = time.monotonic()
        out = client.infer("lenet", {"x": x})
        waited = time.monotonic() - start
    assert waited >= 0.9      # Retry-After: 1 (the bucket refills a token in 0.5 s)
    np.testing.assert_array_equal(out["fetch_name_0"],
                                  local_outputs(served.models["lenet2"], x))


def test_client_raises_the_servers_refusal(served):
    from paddle.serving import Client, ServingClientError
    with Client(served.url, api_key=KEYS["bob"], retries=0) as client, \
            pytest.raises(ServingClientError) as caught:
        client.infer("lenet", {"x": _images(1)})
    assert caught.value.status == 403
    assert caught.value.message == "API key 'bob' may not call model 'lenet'"


def test_paddle_serving_pipeline_form(served):
    x = _images(2, seed=5)
    body = {"key": ["x"], "value": [", ".join(repr(float(v)) for v in x.reshape(-1))]}
    response = httpx.post(served.url + "/lenet/prediction", json=body, headers=_auth("alice"))
    assert response.status_code == 200
    data = response.json()
    assert (data["err_no"], data["err_msg"], data["key"]) == (0, "", ["fetch_name_0"])
    np.testing.assert_array_equal(np.array(json.loads(data["value"][0]), np.float32),
                                  local_outputs(served.models["lenet2"], x))
    bad = httpx.post(served.url + "/lenet/prediction", json={"key": ["y"], "value": ["1"]},
                     headers=_auth("alice"))
    assert bad.status_code == 400
    assert bad.json() == {"err_no": 400, "err_msg": "model 'lenet' has no input 'y'; its "
                          "inputs are ['x']", "key": [], "value": [], "tensors": []}


def _pairs_error(prefix: str) -> str:
    """What our Predictor raises for an odd batch of `pairs`, as the worker reports it."""
    try:
        local_outputs(prefix, np.ones((3, 4), np.float32))
    except Exception as error:  # noqa: BLE001 - whichever error the Predictor raises
        return f"{type(error).__name__}: {error}"
    raise AssertionError("an odd batch of pairs should fail")


def _matrix(served):
    x = _images(1)
    infer = served.url + "/v2/models/lenet/infer"
    big = np.zeros((1, 4 * MAX_BYTES // 4 // 784 + 1, 28, 28), np.float32)
    return [
        ("missing key", infer, {}, _json_infer(x), 401,
         "missing API key: send 'Authorization: Bearer <key>' or 'X-API-Key: <key>'"),
        ("unknown key", infer, {"X-API-Key": "not-a-key"}, _json_infer(x), 401,
         "unknown API key"),
        ("model not allowed", infer, _auth("bob"), _json_infer(x), 403,
         "API key 'bob' may not call model 'lenet'"),
        ("unknown model", served.url + "/v2/models/nope/infer", _auth("admin"), _json_infer(x),
         404, "model 'nope' is not served; served models are ['lenet', 'pairs']"),
        ("unknown version", served.url + "/v2/models/lenet/versions/7/infer", _auth("alice"),
         _json_infer(x), 404, "model 'lenet' has no version 7; its versions are ['1', '2']"),
        ("malformed JSON", infer, _auth("alice"), b"{not json", 400,
         ("malformed JSON in the request body: Expecting property name enclosed in double "
         "quotes: line 1 column 2 (char 1)")),
        ("wrong dtype", infer, _auth("alice"), _json_infer(x.astype(np.float64), "FP64"), 400,
         "input 'x': expected datatype FP32, received FP64"),
        ("wrong shape", infer, _auth("alice"), _json_infer(x[:, 0]), 400,
         "input 'x': expected shape [-1, 1, 28, 28] (-1: any size), received [1, 28, 28]"),
        ("unknown input", infer, _auth("alice"), _json_infer(x, name="y"), 400,
         "model 'lenet' has no input 'y'; its inputs are ['x']"),
        ("data count", infer, _auth("alice"),
         {"inputs": [{"name": "x", "datatype": "FP32", "shape": [1, 1, 28, 28],
                      "data": [0.0] * 5}]}, 400,
         "input 'x': shape [1, 1, 28, 28] holds 784 elements, but 'data' has 5"),
        ("too large", infer, _auth("alice"), big.tobytes(), 413,
         f"the request body of {big.nbytes} bytes is over the limit of {MAX_BYTES} bytes"),
        ("timeout", infer, _auth("alice"),
         {**_json_infer(x), "parameters": {"timeout": 1}}, 504,
         "no answer within the request timeout of 1e-06 s"),
        ("model failure", served.url + "/v2/models/pairs/infer", _auth("bob"),
         _json_infer(np.ones((3, 4), np.float32)), 500,
         f"model 'pairs' version 1 failed: {_pairs_error(served.models['pairs'])}"),
        ("metrics need admin", served.url + "/metrics", _auth("alice"), None, 403,
         "API key 'alice' may not read the metrics (admin keys only)"),
    ]


def test_error_matrix_exact_bodies(served):
    for case, url, headers, body, status, message in _matrix(served):
        if body is None:
            response = httpx.get(url, headers=headers)
        elif isinstance(body, bytes):
            response = httpx.post(url, content=body, headers=headers)
        else:
            response = httpx.post(url, json=body, headers=headers)
        assert (response.status_code, response.json()) == (status, {"error": message}), case
    # the server answers normally after every refusal
    ok = httpx.post(served.url + "/v2/models/pairs/infer", headers=_auth("bob"),
                    json=_json_infer(np.ones((2, 4), np.float32)))
    assert ok.status_code == 200


async def _burst(url: str, headers: dict, body: dict, count: int) -> list:
    async with httpx.AsyncClient(timeout=60) as client:
        return await asyncio.gather(*[client.post(url, json=body, headers=headers)
                                      for _ in range(count)])


def test_rate_limit_and_quota_hold_exactly_under_concurrency(served):
    body = _json_infer(_images(1))
    url = served.url + "/v2/models/lenet/infer"
    for name, allowed, message in [
            ("rate", 5, "API key 'rate' is over its rate limit of 0.001 requests/s (burst 5)"),
            ("quota", 7, "API key 'quota' has used its quota of 7 requests per 1e+09 s")]:
        responses = asyncio.run(_burst(url, _auth(name), body, 40))
        codes = sorted(r.status_code for r in responses)
        assert codes == [200] * allowed + [429] * (40 - allowed), name
        refused = [r for r in responses if r.status_code == 429]
        assert all(r.json() == {"error": message} for r in refused)
        assert all(int(r.headers["retry-after"]) >= 1 for r in refused)


def test_key_concurrency_limit(served):
    async def scenario():
        release = asyncio.Event()
        payload = json.dumps(_json_infer(_images(1))).encode()

        async def slow_body():
            yield payload[:10]
            await release.wait()
            yield payload[10:]

        async with httpx.AsyncClient(timeout=60) as client:
            url = served.url + "/v2/models/lenet/infer"
            first = asyncio.ensure_future(client.post(url, content=slow_body(),
                                                      headers=_auth("single")))
            await asyncio.sleep(0.5)      # the first request holds the key's one slot
            second = await client.post(url, content=payload, headers=_auth("single"))
            release.set()
            return await first, second

    first, second = asyncio.run(scenario())
    assert first.status_code == 200
    assert second.status_code == 429
    assert second.json() == {"error": "API key 'single' already has 1 requests in flight "
                                      "(its limit is 1)"}
    assert second.headers["retry-after"] == "1"


def test_dynamic_batching_equals_unbatched(served):
    x = _images(12, seed=7)
    url = served.url + "/v2/models/lenet/infer"

    async def concurrent():
        async with httpx.AsyncClient(timeout=60) as client:
            return await asyncio.gather(*[
                client.post(url, json=_json_infer(x[i:i + 1]), headers=_auth("alice"))
                for i in range(len(x))])

    before = _batch_counts(served)
    responses = asyncio.run(concurrent())
    after = _batch_counts(served)
    got = np.concatenate([np.array(r.json()["outputs"][0]["data"], np.float32).reshape(1, 10)
                          for r in responses])
    alone = np.concatenate([local_outputs(served.models["lenet2"], x[i:i + 1])
                            for i in range(len(x))])
    # BLAS sums a batch's rows in blocks of its own: equal to float32 rounding, not bit for bit
    np.testing.assert_allclose(got, alone, rtol=1e-5, atol=1e-6)
    calls, rows = after[0] - before[0], after[1] - before[1]
    assert rows == 12 and calls < 12     # some requests shared a Predictor call


def _batch_counts(served) -> tuple:
    text = httpx.get(served.url + "/metrics", headers=_auth("admin")).text
    values = {}
    for line in text.splitlines():
        for suffix in ("count", "sum"):
            prefix = f'paddle_serving_batch_size_{suffix}{{model="lenet",version="2"}}'
            if line.startswith(prefix):
                values[suffix] = float(line.split()[-1])
    return values.get("count", 0.0), values.get("sum", 0.0)


def test_metrics_by_key_and_version(served):
    httpx.post(served.url + "/v2/models/lenet/versions/1/infer", json=_json_infer(_images(1)),
               headers=_auth("alice"))
    text = httpx.get(served.url + "/metrics", headers=_auth("admin")).text
    assert 'paddle_serving_requests_total{code="200",key="alice",model="lenet",version="1"}' \
        in text
    assert 'paddle_serving_request_latency_seconds_bucket{key="alice",le="0.001",' \
           'model="lenet",version="1"}' in text
    assert 'paddle_serving_queue_depth{stage="admission"}' in text
    assert 'paddle_serving_circuit_state{model="lenet",version="2"} 0.0' in text
    assert 'paddle_serving_default_version_info{model="lenet",version="2"} 1.0' in text
    for key in KEYS.values():
        assert key not in text


def test_keys_never_in_the_log(served):
    _matrix(served)    # the refusals above ran with every kind of key
    log = served.log()
    assert "7 API keys loaded" in log and "(dev: 4, test: 1, prod: 2;" in log
    assert "POST /v2/models/lenet/infer" in log
    for key in [*KEYS.values(), "not-a-key"]:
        assert key not in log
        assert hashlib.sha256(key.encode()).hexdigest() not in log


HOSTILE = [
    {"inputs": [{"name": "x", "datatype": "FP32", "shape": [0, 1, 28, 28], "data": []}]},
    {"inputs": [{"name": "x", "datatype": "FP32", "shape": [1, 1, 28, 28],
                 "data": [float("nan")] * 784}]},
    {"inputs": [{"name": "x", "datatype": "FP32", "shape": [1, 1, 28, 28],
                 "data": [1e38] * 784}]},
    {"inputs": [{"name": "x", "datatype": "FP32", "shape": [1, 1, 28, 28],
                 "data": [["a"]] * 784}]},
    {"inputs": [{"name": "x", "datatype": "FP32", "shape": [1, 1, 28, 28],
                 "parameters": {"binary_data_size": -5}}]},
    {"inputs": [{"name": "x", "datatype": "FP32", "shape": "big", "data": [1]}]},
    {"inputs": [{"name": "x", "datatype": "FP32", "shape": [2 ** 40], "data": [1]}]},
    {"inputs": "x"},
    {"inputs": [{"name": "x", "datatype": "FP32", "shape": [1, 1, 28, 28],
                 "data": [0.0] * 784}], "outputs": [{"name": "nope"}]},
    [1, 2, 3],
]


def test_hostile_bodies_never_crash_a_worker(served):
    workers = served.worker_pids()
    statuses = []
    for body in HOSTILE:
        response = httpx.post(served.url + "/v2/models/lenet/infer", content=json.dumps(body),
                              headers=_auth("alice"))
        statuses.append(response.status_code)
        assert "error" in response.json() or response.status_code == 200
    assert all(status in (200, 400, 500) for status in statuses), statuses
    assert statuses[3:] == [400] * (len(HOSTILE) - 3)
    assert served.worker_pids() == workers
    x = _images(1)
    ok = httpx.post(served.url + "/v2/models/lenet/infer", json=_json_infer(x),
                    headers=_auth("alice"))
    np.testing.assert_array_equal(np.array(ok.json()["outputs"][0]["data"], np.float32),
                                  local_outputs(served.models["lenet2"], x).reshape(-1))
