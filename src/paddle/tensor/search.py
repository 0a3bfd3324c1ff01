"""Tensor functions of the `paddle` namespace: search family."""
from __future__ import annotations

__all__: list = []
