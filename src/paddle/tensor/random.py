"""Tensor functions of the `paddle` namespace: random family."""
from __future__ import annotations

__all__: list = []
