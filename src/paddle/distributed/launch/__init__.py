"""paddle.distributed.launch: the job launcher (`python -m paddle.distributed.launch`)."""
from .main import launch

__all__ = ["launch"]
