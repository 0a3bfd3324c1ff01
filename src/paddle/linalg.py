"""`paddle.linalg`: the linear-algebra namespace (functions live in paddle.tensor.linalg)."""
from .tensor.linalg import *  # noqa: F401,F403
from .tensor.linalg import __all__  # noqa: F401
