"""`paddle.optimizer.lr`: learning-rate schedulers, stepped once per epoch (or iteration) and
passed to an optimizer as its `learning_rate`."""
from .base import LRScheduler
from .cosine import CosineAnnealingDecay, CosineAnnealingWarmRestarts
from .cyclic import CyclicLR, OneCycleLR
from .decay import (ExponentialDecay, InverseTimeDecay, LambdaDecay, LinearLR,
                    MultiplicativeDecay, MultiStepDecay, NaturalExpDecay, NoamDecay,
                    PiecewiseDecay, PolynomialDecay, StepDecay)
from .plateau import ReduceOnPlateau
from .warmup import LinearWarmup

__all__ = ["CosineAnnealingDecay", "CosineAnnealingWarmRestarts", "CyclicLR", "ExponentialDecay",
           "InverseTimeDecay", "LRScheduler", "LambdaDecay", "LinearLR", "LinearWarmup",
           "MultiStepDecay", "MultiplicativeDecay", "NaturalExpDecay", "NoamDecay", "OneCycleLR",
           "PiecewiseDecay", "PolynomialDecay", "ReduceOnPlateau", "StepDecay"]
