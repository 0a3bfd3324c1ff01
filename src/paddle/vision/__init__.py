"""`paddle.vision`: image models, transforms, datasets and detection ops."""
from . import models, ops, transforms  # noqa: F401
from .image import get_image_backend, image_load, set_image_backend
from .models import *
from .transforms import *

__all__ = ["get_image_backend", "image_load", "set_image_backend"]
