"""Faults under load, on servers in development mode: a worker killed mid-load (the other
serves, the dead one is restarted, only its in-flight requests fail, with 503, none hangs),
hot reload of a new default version while requests run (none lost, each answered by the
version it reports), the circuit breaker (errors forced in a version move traffic to the
fallback and, after the cool-down, back), and backpressure (503 with a full queue, 504 for a
request still running at its timeout)."""
from __future__ import annotations

import concurrent.futures
import os
import signal
import textwrap
import time

import numpy as np
import pytest

pytest.importorskip("fastapi")
httpx = pytest.importorskip("httpx")

from ._load import Load, images
from ._server import local_runner, running_server, save_lenet, save_pairs

LOAD_REQUESTS, LOAD_CONCURRENCY, AFTER = 2000, 8, 120


def _linear(folder: str) -> str:
    """Version 1 of `pairs`: any batch size works (the fallback)."""
    import paddle
    paddle.seed(3)
    prefix = os.path.join(folder, "linear", "model")
    paddle.jit.save(paddle.nn.Linear(4, 3), prefix,
                    input_spec=[paddle.static.InputSpec([None, 4], "float32", "x")])
    return prefix


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    folder = tmp_path_factory.mktemp("faults")
    models = {"lenet1": save_lenet(str(folder), 1), "lenet2": save_lenet(str(folder), 2),
              "linear": _linear(str(folder)), "pairs": save_pairs(str(folder))}
    config = folder / "serving.yaml"
    config.write_text(textwrap.dedent(f"""
        workers: 2
        models:
          - name: lenet
            path: {models['lenet1']}
          - name: pairs
            versions: [{{version: 1, path: {models['linear']}}},
                       {{version: 2, path: {models['pairs']}}}]
            breaker: {{error_rate: 0.5, window: 10, min_requests: 4, cooldown_s: 1.5}}
        """))
    with running_server(["--config", str(config)], str(folder / "server.log")) as server:
        server.models = models
        yield server


def _check_outputs(results: list, x: np.ndarray, prefixes: dict) -> None:
    """Every 200 equals the local Predictor's answer of the version it names."""
    runners = {version: local_runner(prefix) for version, prefix in prefixes.items()}
    for index, status, version, out in results:
        if status == 200:
            np.testing.assert_array_equal(out, runners[version](x[index]))


def test_killed_worker_is_restarted_and_only_its_requests_fail(served):
    x = images(LOAD_REQUESTS, seed=1)
    workers = served.worker_pids()
    assert len(workers) == 2
    load = Load(served.url + "/v2/models/lenet/infer", x, LOAD_CONCURRENCY)
    load.start()
    load.wait_for(AFTER)
    os.kill(workers[0], signal.SIGKILL)
    load.stop_after(AFTER)
    load.join(120)
    assert not load.is_alive(), "some request hung"
    statuses = [r[1] for r in load.results]
    assert len(statuses) == load.started >= 2 * AFTER
    assert set(statuses) <= {200, 503}, statuses
    assert statuses.count(503) <= 1            # only the dead worker's running request
    _check_outputs(load.results, x, {"1": served.models["lenet1"]})
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(served.worker_pids()) < 2:
        time.sleep(0.2)
    after = served.worker_pids()
    assert len(after) == 2 and workers[0] not in after
    metrics = httpx.get(served.url + "/metrics").text
    assert "paddle_serving_worker_restarts 1.0" in metrics


def test_hot_reload_under_load_loses_no_request(served):
    x = images(LOAD_REQUESTS, seed=2)
    load = Load(served.url + "/v2/models/lenet/infer", x, LOAD_CONCURRENCY)
    load.start()
    load.wait_for(AFTER)
    reply = httpx.post(served.url + "/v2/repository/models/lenet/load", timeout=120, json={
        "parameters": {"version": "2", "path": served.models["lenet2"], "default": True}})
    load.stop_after(AFTER)
    assert reply.status_code == 200, reply.text
    load.join(120)
    assert not load.is_alive(), "some request hung"
    assert [r[1] for r in load.results] == [200] * load.started
    assert load.started >= 2 * AFTER
    _check_outputs(load.results, x, {"1": served.models["lenet1"], "2": served.models["lenet2"]})
    versions = [version for _, _, version, _ in sorted(load.results)]
    assert versions[0] == "1" and versions[-1] == "2"
    metadata = httpx.get(served.url + "/v2/models/lenet").json()
    assert metadata["versions"] == ["1", "2"]
    assert metadata["parameters"]["default_version"] == "2"
    assert metadata["parameters"]["fallback_version"] == "1"
    refused = httpx.post(served.url + "/v2/repository/models/lenet/unload",
                         json={"parameters": {"version": "2"}})
    assert refused.status_code == 400 and refused.json() == {
        "error": "cannot unload version 2 of model 'lenet': it is the default version (load "
                 "another as default first)"}
    unloaded = httpx.post(served.url + "/v2/repository/models/lenet/unload",
                          json={"parameters": {"version": "1"}})
    assert unloaded.json()["versions"] == ["2"]
    assert unloaded.json()["parameters"]["fallback_version"] is None
    gone = httpx.post(served.url + "/v2/models/lenet/versions/1/infer",
                      json={"inputs": [{"name": "x", "datatype": "FP32", "shape": [1, 1, 28, 28],
                                        "data": [0.0] * 784}]})
    assert gone.status_code == 404


def _pairs(rows: int) -> dict:
    x = np.arange(rows * 4, dtype=np.float32).reshape(rows, 4) / 10
    return {"inputs": [{"name": "x", "datatype": "FP32", "shape": [rows, 4],
                        "data": x.reshape(-1).tolist()}]}


def _circuit(served) -> tuple:
    parameters = httpx.get(served.url + "/v2/models/pairs").json()["parameters"]
    metrics = httpx.get(served.url + "/metrics").text
    state = next(line.split()[-1] for line in metrics.splitlines()
                 if line.startswith('paddle_serving_circuit_state{model="pairs",version="2"}'))
    return parameters["circuit"], parameters["serving_version"], state


def test_circuit_breaker_moves_traffic_to_the_fallback_and_back(served):
    url = served.url + "/v2/models/pairs/infer"
    assert _circuit(served) == ("closed", "2", "0.0")
    answers = [httpx.post(url, json=_pairs(3)) for _ in range(4)]
    assert [a.status_code for a in answers] == [500] * 4     # version 2 fails odd batches
    assert _circuit(served) == ("open", "1", "1.0")
    moved = [httpx.post(url, json=_pairs(3)) for _ in range(5)]
    assert [(a.status_code, a.json()["model_version"]) for a in moved] == [(200, "1")] * 5
    time.sleep(1.6)                                          # the cool-down
    trial = httpx.post(url, json=_pairs(2))                  # version 2 succeeds on even ones
    assert (trial.status_code, trial.json()["model_version"]) == (200, "2")
    assert _circuit(served) == ("closed", "2", "0.0")
    back = httpx.post(url, json=_pairs(2))
    assert back.json()["model_version"] == "2"
    routed = httpx.get(served.url + "/metrics").text
    assert 'paddle_serving_routed_total{model="pairs",version="1"} 5.0' in routed


def test_full_queue_503_and_timeout_while_running_504(tmp_path):
    prefix = save_lenet(str(tmp_path), 1)
    args = ["--model", f"lenet={prefix}", "--config", str(tmp_path / "limits.yaml")]
    (tmp_path / "limits.yaml").write_text("max_concurrency: 1\nmax_queue: 1\n"
                                          "max_request_bytes: 64000000\n")
    big = np.zeros((3000, 1, 28, 28), np.float32)
    body = {"inputs": [{"name": "x", "datatype": "FP32", "shape": list(big.shape),
                        "parameters": {"binary_data_size": big.nbytes}}]}
    header = httpx.Request("POST", "/", json=body).content
    content = header + big.tobytes()
    headers = {"Inference-Header-Content-Length": str(len(header))}
    with running_server(args, str(tmp_path / "server.log")) as server:
        url = server.url + "/v2/models/lenet/infer"
        with httpx.Client(timeout=60) as client:
            with concurrent.futures.ThreadPoolExecutor(2) as pool:
                running = pool.submit(client.post, url, content=content, headers=headers)
                time.sleep(0.3)
                queued = pool.submit(client.post, url, content=content, headers=headers)
                time.sleep(0.3)
                refused = client.post(url, content=content, headers=headers)
                assert running.result().status_code == 200
                assert queued.result().status_code == 200
            assert refused.status_code == 503
            assert refused.json() == {"error": "the server is at its limit of 1 running and "
                                               "1 queued requests"}
            assert refused.headers["retry-after"] == "1"
            timed = dict(body, parameters={"timeout": 5000})
            header = httpx.Request("POST", "/", json=timed).content
            late = client.post(url, content=header + big.tobytes(), headers={
                "Inference-Header-Content-Length": str(len(header))})
            assert late.status_code == 504
            assert late.json() == {"error": "no answer within the request timeout of 0.005 s"}


def test_a_worker_that_dies_idle_is_restarted_before_any_request_fails(served):
    before = served.worker_pids()
    os.kill(before[1], signal.SIGKILL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (len(served.worker_pids()) < 2
                                           or before[1] in served.worker_pids()):
        time.sleep(0.1)
    assert len(served.worker_pids()) == 2 and before[1] not in served.worker_pids()
    x = images(16, seed=4)
    answers = [httpx.post(served.url + "/v2/models/lenet/infer", json={
        "inputs": [{"name": "x", "datatype": "FP32", "shape": [1, 1, 28, 28],
                    "data": row.reshape(-1).tolist()}]}) for row in x]
    assert [a.status_code for a in answers] == [200] * 16
