"""Tensor functions of the `paddle` namespace: stat family."""
from __future__ import annotations

__all__: list = []
