"""Paddle 3.3's alternative keyword names (PyTorch-style `input=`, `eps=`, `target=`) for a few
APIs, accepted without changing the documented signature."""
from __future__ import annotations

import functools
import inspect


def keyword_aliases(**aliases):
    """`keyword_aliases(label="target")` lets callers pass `target=` for `label`."""
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            for canonical, alias in aliases.items():
                if alias in kwargs:
                    if canonical in kwargs:
                        raise TypeError(f"{fn.__qualname__}() got both '{canonical}' and its "
                                        f"alias '{alias}'")
                    kwargs[canonical] = kwargs.pop(alias)
            return fn(*args, **kwargs)
        wrapper.__signature__ = inspect.signature(fn)
        return wrapper
    return decorate
