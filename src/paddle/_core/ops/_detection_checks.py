"""Input checks shared by the detection op families, worded as Paddle words them."""
from __future__ import annotations

from .. import dtype as _dt


def check_float(op: str, x, name: str) -> None:
    if x.dtype not in (_dt.float32, _dt.float64):
        raise TypeError(f"({op}) The input {name} must be float32 or float64, but received "
                        f"{x.dtype.name}.")


def check_rank(op: str, x, name: str, ranks: tuple) -> None:
    if len(x.shape) not in ranks:
        raise ValueError(f"({op}) The input {name} must be a {' or '.join(map(str, ranks))}-D "
                         f"tensor, but received shape {list(x.shape)}.")
