"""Per-key limits (token-bucket rate, quota per period, concurrency) and the global admission
queue (a concurrency limit with a bounded queue: backpressure, then 503).

Everything here runs on the server's one event loop and never awaits between a check and its
update, so the counts hold exactly however many requests arrive at once."""
from __future__ import annotations

import asyncio
import contextlib
import math
import time

from .errors import ServingError
from .keys import ApiKey


class TokenBucket:
    """`burst` tokens, refilled at `per_second`; each request takes one."""

    def __init__(self, per_second: float, burst: int, clock=time.monotonic):
        self.per_second, self.capacity, self._clock = per_second, float(burst), clock
        self.tokens, self._stamp = float(burst), clock()

    def take(self) -> float | None:
        """None when a token was taken, else the seconds until one is available."""
        now = self._clock()
        self.tokens = min(self.capacity, self.tokens + (now - self._stamp) * self.per_second)
        self._stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return None
        return (1.0 - self.tokens) / self.per_second if self.per_second > 0 else math.inf


class QuotaWindow:
    """At most `requests` per fixed window of `period_s` seconds (windows start at multiples of
    the period on the wall clock, so a restart does not shift them)."""

    def __init__(self, requests: int, period_s: float, clock=time.time):
        self.requests, self.period_s, self._clock = requests, period_s, clock
        self._window, self.used = None, 0

    def take(self) -> float | None:
        """None when the request fits the quota, else the seconds until the next window."""
        now = self._clock()
        window = math.floor(now / self.period_s)
        if window != self._window:
            self._window, self.used = window, 0
        if self.used < self.requests:
            self.used += 1
            return None
        return (window + 1) * self.period_s - now


class KeyLimits:
    """The rate, quota and concurrency state of every key, created on first use."""

    def __init__(self, monotonic=time.monotonic, wall=time.time):
        self._monotonic, self._wall = monotonic, wall
        self._buckets: dict[str, TokenBucket] = {}
        self._quotas: dict[str, QuotaWindow] = {}
        self.in_flight: dict[str, int] = {}

    def admit(self, key: ApiKey) -> None:
        """Count one request of `key`, or raise 429 with the seconds to wait."""
        if key.rate is not None:
            bucket = _state(self._buckets, key.name, lambda: TokenBucket(
                key.rate.per_second, key.rate.burst, self._monotonic))
            _refuse_after(bucket.take(), f"API key '{key.name}' is over its rate limit of "
                                         f"{key.rate.per_second:g} requests/s (burst "
                                         f"{key.rate.burst})")
        if key.quota is not None:
            quota = _state(self._quotas, key.name, lambda: QuotaWindow(
                key.quota.requests, key.quota.period_s, self._wall))
            _refuse_after(quota.take(), f"API key '{key.name}' has used its quota of "
                                        f"{key.quota.requests} requests per "
                                        f"{key.quota.period_s:g} s")

    @contextlib.contextmanager
    def concurrency(self, key: ApiKey):
        """Hold one of the key's concurrent-request slots for the block (429 when none)."""
        count = self.in_flight.get(key.name, 0)
        if key.max_concurrency is not None and count >= key.max_concurrency:
            raise ServingError(429, f"API key '{key.name}' already has {count} requests in "
                                    f"flight (its limit is {key.max_concurrency})",
                               retry_after=1)
        self.in_flight[key.name] = count + 1
        try:
            yield
        finally:
            self.in_flight[key.name] -= 1


def _state(table: dict, name: str, make):
    state = table.get(name)
    if state is None:
        state = table[name] = make()
    return state


def _refuse_after(wait: float | None, message: str) -> None:
    if wait is not None:
        raise ServingError(429, message, retry_after=wait)


class AdmissionQueue:
    """At most `max_concurrency` requests run; up to `max_queue` more wait in arrival order;
    beyond that a request is refused with 503 at once."""

    def __init__(self, max_concurrency: int, max_queue: int):
        self.max_concurrency, self.max_queue = max_concurrency, max_queue
        self.running = 0
        self._waiting: list[asyncio.Future] = []

    @property
    def queued(self) -> int:
        return len(self._waiting)

    @contextlib.asynccontextmanager
    async def slot(self):
        if self.running < self.max_concurrency and not self._waiting:
            self.running += 1
        elif len(self._waiting) >= self.max_queue:
            raise ServingError(503, f"the server is at its limit of {self.max_concurrency} "
                                    f"running and {self.max_queue} queued requests",
                               retry_after=1)
        else:
            await self._wait_turn()     # the waker counted us as running
        try:
            yield
        finally:
            self._release()

    async def _wait_turn(self) -> None:
        turn = asyncio.get_running_loop().create_future()
        self._waiting.append(turn)
        try:
            await turn
        except BaseException:
            if turn in self._waiting:
                self._waiting.remove(turn)
            elif turn.done() and not turn.cancelled():
                self._release()         # handed a slot as we left: pass it on
            raise

    def _release(self) -> None:
        self.running -= 1
        while self._waiting and self.running < self.max_concurrency:
            turn = self._waiting.pop(0)
            if not turn.done():
                self.running += 1
                turn.set_result(None)
