"""Tensor printing in Paddle's exact format, and `paddle.set_printoptions`.

Paddle formats every element alone (8 decimals, or `N.` for whole floats), pads all elements to
the widest one (reserving a sign column when any element is negative), wraps rows at the line
width and summarises tensors larger than `threshold` with `...`."""
from __future__ import annotations

import numpy as np


class PrintOptions:
    precision = 8
    threshold = 1000
    edgeitems = 3
    linewidth = 80
    sci_mode = False


OPTIONS = PrintOptions()


def set_printoptions(precision=None, threshold=None, edgeitems=None, sci_mode=None,
                     linewidth=None):
    """Set how tensors print (same knobs and defaults as Paddle)."""
    if precision is not None:
        OPTIONS.precision = int(precision)
    if threshold is not None:
        OPTIONS.threshold = int(threshold)
    if edgeitems is not None:
        OPTIONS.edgeitems = int(edgeitems)
    if linewidth is not None:
        OPTIONS.linewidth = int(linewidth)
    if sci_mode is not None:
        OPTIONS.sci_mode = bool(sci_mode)


def _item_str(value) -> str:
    precision = OPTIONS.precision
    if isinstance(value, np.floating):
        if OPTIONS.sci_mode:
            return f"{value:.{precision}e}"
        if np.ceil(value) == value:
            return f"{value:.0f}."
        return f"{value:.{precision}f}"
    if isinstance(value, np.complexfloating):
        return f"({value.real:.{precision}f}{value.imag:+.{precision}f}j)"
    return str(value)


def _format_item(value, max_width: int = 0, signed: bool = False) -> str:
    text = _item_str(value)
    if max_width <= len(text):
        return text
    if signed and not value < 0:
        return " " + text.ljust(max_width - 1)
    return text.ljust(max_width)


def _summary(a: np.ndarray) -> np.ndarray:
    """Only the edge items that a summarised print shows (used to size the columns)."""
    edge = OPTIONS.edgeitems
    if a.ndim == 0:
        return a
    if a.ndim == 1:
        return np.concatenate([a[:edge], a[-edge:]]) if a.shape[0] > 2 * edge else a
    if a.size == 0:
        return a
    rows = list(a[:edge]) + list(a[-edge:]) if a.shape[0] > 2 * edge else list(a)
    return np.stack([_summary(r) for r in rows])


def _max_width(a: np.ndarray) -> tuple[int, bool]:
    width, signed = 0, False
    for value in a.reshape(-1):
        if not signed and a.dtype.kind != "c" and value < 0:
            signed = True
        width = max(width, len(_item_str(value)))
    return width, signed


def _format(a: np.ndarray, summary: bool, indent: int, width: int, signed: bool) -> str:
    edge = OPTIONS.edgeitems
    if a.ndim == 0:
        return _format_item(a[()], width, signed)
    if a.ndim == 1:
        per_line = max(1, (OPTIONS.linewidth - indent) // (width + 2))
        if summary and a.shape[0] > 2 * edge:
            items = ([_format_item(v, width, signed) for v in a[:edge]] + ["..."]
                     + [_format_item(v, width, signed) for v in a[-edge:]])
        else:
            items = [_format_item(v, width, signed) for v in a]
        lines = [", ".join(items[i:i + per_line]) for i in range(0, len(items), per_line)]
        return "[" + (",\n" + " " * (indent + 1)).join(lines) + "]"
    if summary and a.shape[0] > 2 * edge:
        parts = ([_format(r, summary, indent + 1, width, signed) for r in a[:edge]] + ["..."]
                 + [_format(r, summary, indent + 1, width, signed) for r in a[-edge:]])
    else:
        parts = [_format(r, summary, indent + 1, width, signed) for r in a]
    sep = "," + "\n" * (a.ndim - 1) + " " * (indent + 1)
    return "[" + sep.join(parts) + "]"


def format_data(a: np.ndarray, indent: int) -> str:
    if a.dtype.kind == "V":  # bfloat16/float8 print through float32, as Paddle does
        a = a.astype(np.float32)
    summary = a.ndim > 0 and a.size > OPTIONS.threshold
    width, signed = _max_width(_summary(a))
    return _format(a, summary, indent, width, signed)


def tensor_to_string(t, prefix: str = "Tensor") -> str:
    data = t._data
    if data is None:
        return f"{prefix}(shape={list(t.shape)}, dtype={t.dtype.name}, symbolic)"
    indent = len(prefix) + 1
    body = format_data(data, indent)
    text = (f"{prefix}(shape={list(data.shape)}, dtype={t.dtype.name}, place={t.place}, "
            f"stop_gradient={t.stop_gradient},\n{' ' * indent}{body})")
    if getattr(t, "_is_parameter", False):
        return "Parameter containing:\n" + text
    return text
