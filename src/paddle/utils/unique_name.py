"""Unique names for layers and parameters (`linear_0`, `linear_0.w_0`), as Paddle generates them:
one counter per prefix, shared by the process."""
from __future__ import annotations

import contextlib
import threading


class UniqueNameGenerator:
    """Hands out `<key>_<n>` with a separate counter for each key."""

    def __init__(self, prefix: str | None = None):
        self.prefix = prefix or ""
        self.ids: dict[str, int] = {}
        self._lock = threading.Lock()

    def __call__(self, key: str) -> str:
        with self._lock:
            n = self.ids.get(key, 0)
            self.ids[key] = n + 1
        return f"{self.prefix}{key}_{n}"


_generator = UniqueNameGenerator()


def generate(key: str) -> str:
    """The next unique name for `key`: generate('fc') → 'fc_0', then 'fc_1', …"""
    return _generator(key)


def switch(new_generator=None, new_para_name_checker=None):
    """Install a fresh (or the given) generator; returns the previous one."""
    global _generator
    old = _generator
    _generator = new_generator if new_generator is not None else UniqueNameGenerator()
    return old


@contextlib.contextmanager
def guard(new_generator=None):
    """Use a separate name counter inside the block (a str acts as a name prefix)."""
    if isinstance(new_generator, str):
        new_generator = UniqueNameGenerator(new_generator)
    old = switch(new_generator)
    try:
        yield
    finally:
        switch(old)


def generate_with_ignorable_key(key: str) -> str:
    return generate(key)
