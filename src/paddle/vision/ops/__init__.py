"""`paddle.vision.ops`: detection and vision-specific operators and layers."""
from .conv_norm import ConvNormActivation  # noqa: F401

__all__ = []
