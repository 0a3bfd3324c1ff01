"""Paddle's module path `paddle.metric.metrics`, where its metric classes are defined."""
from .accuracy import Accuracy, accuracy  # noqa: F401
from .auc import Auc  # noqa: F401
from .base import Metric  # noqa: F401
from .binary import Precision, Recall  # noqa: F401

__all__ = []
