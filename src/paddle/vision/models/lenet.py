"""LeNet-5 for 28x28 single-channel images."""
from __future__ import annotations

from ... import flatten, nn

__all__ = ["LeNet"]


class LeNet(nn.Layer):
    """LeNet from "Gradient-based learning applied to document recognition".

    Args:
        num_classes (int): size of the last fc layer; <= 0 leaves the classifier out.

    Example:
        >>> import paddle
        >>> from paddle.vision.models import LeNet
        >>> LeNet()(paddle.rand([1, 1, 28, 28])).shape
        paddle.Size([1, 10])
    """

    def __init__(self, num_classes=10):
        super().__init__()
        self.num_classes = num_classes
        self.features = nn.Sequential(
            nn.Conv2D(1, 6, 3, stride=1, padding=1), nn.ReLU(), nn.MaxPool2D(2, 2),
            nn.Conv2D(6, 16, 5, stride=1, padding=0), nn.ReLU(), nn.MaxPool2D(2, 2))
        if num_classes > 0:
            self.fc = nn.Sequential(nn.Linear(400, 120), nn.Linear(120, 84),
                                    nn.Linear(84, num_classes))

    def forward(self, inputs):
        x = self.features(inputs)
        if self.num_classes > 0:
            x = self.fc(flatten(x, 1))
        return x
