"""`paddle.utils`."""
from . import dlpack, unique_name  # noqa: F401
from .install_check import run_check  # noqa: F401
