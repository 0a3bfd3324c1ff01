"""A bounded load on a loopback server for the fault tests: up to one LeNet request per row of
`x`, at most `concurrency` in flight, each with its own client timeout, in a background
thread; `stop_after(n)` lets n more requests start, then no more. Every request's outcome is
kept: (index, status or an exception's name, the model version that answered, the output)."""
from __future__ import annotations

import asyncio
import threading
import time

import httpx
import numpy as np

CLIENT_TIMEOUT_S = 30


def images(total: int, seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).random((total, 1, 1, 28, 28), dtype=np.float32)


class Load(threading.Thread):
    def __init__(self, url: str, x: np.ndarray, concurrency: int, headers: dict | None = None):
        super().__init__(daemon=True)
        self.url, self.x, self.concurrency = url, x, concurrency
        self.headers = headers or {}
        self.results: list = []
        self.done_count = self.started = 0
        self.limit = len(x)

    def stop_after(self, more: int) -> None:
        self.limit = min(self.limit, self.started + more)

    def run(self) -> None:
        asyncio.run(self._drive())

    async def _drive(self) -> None:
        gate = asyncio.Semaphore(self.concurrency)
        async with httpx.AsyncClient(timeout=CLIENT_TIMEOUT_S) as client:
            await asyncio.gather(*[self._one(client, gate, i) for i in range(len(self.x))])

    async def _one(self, client, gate, index: int) -> None:
        x = self.x[index]
        body = {"inputs": [{"name": "x", "datatype": "FP32", "shape": list(x.shape),
                            "data": x.reshape(-1).tolist()}]}
        async with gate:
            if index >= self.limit:
                return
            self.started += 1
            try:
                response = await client.post(self.url, json=body, headers=self.headers)
            except httpx.HTTPError as error:
                self.results.append((index, type(error).__name__, None, None))
            else:
                self._keep(index, response)
            self.done_count += 1

    def _keep(self, index: int, response) -> None:
        if response.status_code != 200:
            self.results.append((index, response.status_code, None, None))
            return
        data = response.json()
        out = np.array(data["outputs"][0]["data"], np.float32).reshape(
            data["outputs"][0]["shape"])
        self.results.append((index, 200, data["model_version"], out))

    def wait_for(self, count: int, limit_s: float = 60) -> None:
        """Block until `count` requests have finished (or `limit_s` passed)."""
        deadline = time.monotonic() + limit_s
        while self.done_count < count and time.monotonic() < deadline:
            time.sleep(0.01)
