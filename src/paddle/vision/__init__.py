"""`paddle.vision`: image models, transforms, datasets and detection ops."""
from . import models, ops  # noqa: F401
from .image import get_image_backend, image_load, set_image_backend  # noqa: F401
from .models import *  # noqa: F401,F403

__all__ = ["set_image_backend", "get_image_backend", "image_load"]
