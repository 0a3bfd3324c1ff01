"""paddle.static.amp: mixed-precision training of static programs.

Ops recorded under paddle.amp.auto_cast carry their casts in the program (as Paddle 3.3's PIR
builder records them); `decorate` wraps the optimizer with loss scaling, the finite check and
the loss-scale update; `bf16` holds the bfloat16 spellings of the same tools."""
from __future__ import annotations

from . import amp_nn, bf16, decorator, fp16_lists, fp16_utils  # noqa: F401
from .decorator import decorate  # noqa: F401
from .fp16_lists import AutoMixedPrecisionLists, CustomOpLists  # noqa: F401
from .fp16_utils import fp16_guard  # noqa: F401
