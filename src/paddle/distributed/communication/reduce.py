"""ReduceOp: the element-wise reductions a collective can apply (Paddle's numbering)."""
from __future__ import annotations

__all__ = ["ReduceOp"]


class ReduceOp:
    """Specify the type of operation used for element-wise reductions: SUM, MAX, MIN, PROD,
    or AVG (the sum divided by the group's size).

    Example:
        >>> import paddle.distributed as dist
        >>> dist.ReduceOp.SUM, dist.ReduceOp.AVG
        (0, 4)
    """

    SUM = 0
    MAX = 1
    MIN = 2
    PROD = 3
    AVG = 4

    @staticmethod
    def name(op: int) -> str:
        return {0: "SUM", 1: "MAX", 2: "MIN", 3: "PROD", 4: "AVG"}.get(op, repr(op))

    @staticmethod
    def check(op, caller: str) -> int:
        """`op` as a ReduceOp number, or a ValueError naming the caller."""
        if isinstance(op, bool) or not isinstance(op, int) or not 0 <= op <= 4:
            raise ValueError(f"({caller}) op must be one of ReduceOp.SUM, MAX, MIN, PROD or AVG, "
                             f"but received {op!r}")
        return op
