"""`paddle.nn.functional`."""
from .common import linear  # noqa: F401
