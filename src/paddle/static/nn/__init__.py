"""`paddle.static.nn`: layers and control flow for programs built in static mode."""
from .common import fc
from .control_flow import case, cond, switch_case, while_loop

__all__ = ["case", "cond", "fc", "switch_case", "while_loop"]
