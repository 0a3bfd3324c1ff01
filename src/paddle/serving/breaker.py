"""The circuit breaker of a model's default version.

closed     requests go to the default version; the last `window` outcomes are kept, and when at
           least `min_requests` are known and the failed share reaches `error_rate` the circuit
           opens
open       requests go to the fallback version for `cooldown_s`
half_open  after the cool-down one request at a time tries the default version again: success
           closes the circuit (with a fresh window), failure opens it for another cool-down

Only server-side failures count (5xx, timeouts); a client's bad request says nothing about the
version."""
from __future__ import annotations

import collections
import time

from .settings import BreakerSettings

CLOSED, OPEN, HALF_OPEN = "closed", "open", "half_open"
STATE_VALUES = {CLOSED: 0, OPEN: 1, HALF_OPEN: 2}


class CircuitBreaker:
    def __init__(self, settings: BreakerSettings, clock=time.monotonic, on_change=None):
        self.settings, self._clock = settings, clock
        self._on_change = on_change or (lambda state: None)
        self.state = CLOSED
        self._outcomes: collections.deque = collections.deque(maxlen=settings.window)
        self._opened_at = 0.0
        self._trial_running = False

    def use_primary(self) -> bool:
        """Whether the next request goes to the default version (else to the fallback)."""
        if self.state == CLOSED:
            return True
        if self.state == OPEN and self._clock() - self._opened_at >= self.settings.cooldown_s:
            self._move(HALF_OPEN)
        if self.state == HALF_OPEN and not self._trial_running:
            self._trial_running = True
            return True
        return False

    def record(self, primary: bool, failed: bool | None) -> None:
        """The outcome of a request routed by `use_primary()`: failed, succeeded, or None
        when the request was refused before it ran (no verdict on the version)."""
        if not primary:
            return
        if self.state == HALF_OPEN:
            self._trial_running = False
            if failed is None:
                return
            if failed:
                self._open()
            else:
                self._outcomes.clear()
                self._move(CLOSED)
            return
        if self.state != CLOSED or failed is None:
            return
        self._outcomes.append(failed)
        known = len(self._outcomes)
        if known >= self.settings.min_requests and \
                sum(self._outcomes) / known >= self.settings.error_rate:
            self._open()

    def error_rate(self) -> float:
        return sum(self._outcomes) / len(self._outcomes) if self._outcomes else 0.0

    def _open(self) -> None:
        self._opened_at = self._clock()
        self._move(OPEN)

    def _move(self, state: str) -> None:
        if state != self.state:
            self.state = state
            self._on_change(state)
