"""paddle.distributed.fleet: so far its recompute tools (fleet.recompute, fleet.utils)."""
from . import recompute, utils  # noqa: F401
