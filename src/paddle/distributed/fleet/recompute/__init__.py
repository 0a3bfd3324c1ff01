"""paddle.distributed.fleet.recompute: recomputation of activations in backward."""
from .recompute import custom_state_manager, recompute, recompute_sequential  # noqa: F401

__all__ = []
