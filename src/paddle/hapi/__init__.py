"""`paddle.hapi`: the high-level API — paddle.Model with its callbacks, progress bar,
paddle.summary and paddle.flops."""
from . import callbacks, progressbar  # noqa: F401
from .flops import flops
from .model import Model
from .summary import summary

__all__ = ["Model", "flops", "summary"]
