"""`paddle.metric`: metrics for paddle.Model (Accuracy, Precision, Recall, Auc and the Metric
base class) and the functional top-k `accuracy`."""
from .accuracy import Accuracy, accuracy
from .auc import Auc
from .base import Metric
from .binary import Precision, Recall

__all__ = ["Accuracy", "Auc", "Metric", "Precision", "Recall", "accuracy"]
