"""Argument checks and normalisation shared by the transform backends."""
from __future__ import annotations

import numbers
from collections.abc import Sequence

PADDING_MODES = ("constant", "edge", "reflect", "symmetric")


def check_pad_args(padding, fill, padding_mode) -> None:
    if not isinstance(padding, (numbers.Number, list, tuple)):
        raise TypeError("Got inappropriate padding arg")
    if not isinstance(fill, (numbers.Number, str, list, tuple)):
        raise TypeError("Got inappropriate fill arg")
    if not isinstance(padding_mode, str):
        raise TypeError("Got inappropriate padding_mode arg")
    if isinstance(padding, Sequence) and len(padding) not in (2, 4):
        raise ValueError("Padding must be an int or a 2, or 4 element tuple, not a "
                         f"{len(padding)} element tuple")
    if padding_mode not in PADDING_MODES:
        raise AssertionError("Padding mode should be either constant, edge, reflect or "
                             "symmetric")


def pad_sides(padding) -> tuple:
    """(left, top, right, bottom) from an int, a (left/right, top/bottom) pair or 4 values."""
    if isinstance(padding, numbers.Number):
        return (padding,) * 4
    if len(padding) == 2:
        return padding[0], padding[1], padding[0], padding[1]
    return tuple(padding)
