"""`paddle.vision.datasets`: MNIST, FashionMNIST, Cifar10/100, Flowers, VOC2012 read from
Paddle's on-disk formats (local paths or ~/.cache/paddle/dataset; never downloaded), and
DatasetFolder / ImageFolder over image files."""
from ._files import DatasetNotFoundError  # noqa: F401  (the error type, for except clauses)
from .cifar import Cifar10, Cifar100
from .flowers import Flowers
from .folder import DatasetFolder, ImageFolder
from .mnist import MNIST, FashionMNIST
from .voc2012 import VOC2012

__all__ = [
           "MNIST",
           "VOC2012",
           "Cifar10",
           "Cifar100",
           "DatasetFolder",
           "FashionMNIST",
           "Flowers",
           "ImageFolder",
]
