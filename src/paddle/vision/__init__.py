"""`paddle.vision`: image models, transforms, datasets and detection ops."""
from . import datasets, models, ops, transforms  # noqa: F401
from .datasets import (  # noqa: F401
    MNIST,
    VOC2012,
    Cifar10,
    Cifar100,
    DatasetFolder,
    FashionMNIST,
    Flowers,
    ImageFolder,
)
from .image import get_image_backend, image_load, set_image_backend
from .models import *
from .transforms import *

__all__ = ["get_image_backend", "image_load", "set_image_backend"]
