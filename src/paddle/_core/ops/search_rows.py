"""Row-wise helpers of the selection kernels (sort, topk, kthvalue, mode, median): move the
axis last and flatten to (rows, n), order rows stably with NumPy, find the rows whose answer
depends on how equal values are ordered, and replay just those through stl_order."""
from __future__ import annotations

import numpy as np

from . import stl_order as stl


def rows_along(x: np.ndarray, axis: int) -> np.ndarray:
    """x with `axis` moved last and the other axes flattened: shape (rows, n)."""
    moved = np.moveaxis(x, axis, -1)
    return moved.reshape(int(np.prod(moved.shape[:-1])), moved.shape[-1])


def unrows(rows: np.ndarray, x_shape: tuple, axis: int) -> np.ndarray:
    """Inverse of rows_along for a result whose last dimension may have a new length."""
    lead = tuple(d for i, d in enumerate(x_shape) if i != axis)
    return np.moveaxis(rows.reshape(lead + rows.shape[-1:]), -1, axis)


def value_order(rows: np.ndarray, descending: bool = False):
    """Stable order of each row by value, NaN last (first when descending, as in Paddle's
    comparators), and the sorted values. Equal values keep their original order."""
    if rows.dtype.kind == "V":  # bfloat16 and friends order like their float32 values
        rows = rows.astype(np.float32)
    if descending:
        flipped = np.argsort(rows[:, ::-1], axis=-1, kind="stable")
        order = rows.shape[-1] - 1 - flipped[:, ::-1]
    else:
        order = np.argsort(rows, axis=-1, kind="stable")
    return order, np.take_along_axis(rows, order, -1)


def _ascending_keys(rows: np.ndarray, descending: bool) -> np.ndarray:
    """Keys whose ascending order (NaN last) is the comparator's order. Descending floats map
    NaN to -inf, which ties with +inf; a tie only sends the row to the exact replay."""
    if rows.dtype.kind == "V":
        rows = rows.astype(np.float32)
    if not descending:
        return rows
    if rows.dtype.kind == "f":
        return np.where(np.isnan(rows), -np.inf, -rows)
    return ~rows  # reverses every integer order without overflow (and bool order)


def leading_order(rows: np.ndarray, count: int, descending: bool = False):
    """The first `count` entries of value_order (and their keys), found by partitioning: the
    cheap path for topk with a small k."""
    keys = _ascending_keys(rows, descending)
    part = np.argpartition(keys, count - 1, axis=-1)[:, :count]
    part_keys = np.take_along_axis(keys, part, -1)
    within = np.lexsort((part, part_keys), axis=-1)
    return np.take_along_axis(part, within, -1), np.take_along_axis(part_keys, within, -1)


def tied_pairs(sorted_values: np.ndarray) -> np.ndarray:
    """[r, j]: sorted positions j and j+1 of row r hold equal values (NaNs count as equal)."""
    left, right = sorted_values[:, :-1], sorted_values[:, 1:]
    tied = left == right
    if sorted_values.dtype.kind == "f":
        tied |= np.isnan(left) & np.isnan(right)
    return tied


def tied_at(tied: np.ndarray, positions) -> np.ndarray:
    """Rows whose sorted position (an int or one per row; negative means none) ties with a
    neighbour."""
    m, pairs = tied.shape
    padded = np.zeros((m, pairs + 2), bool)
    padded[:, 1:-1] = tied
    p = np.clip(np.broadcast_to(np.asarray(positions), (m,)), -1, pairs)
    rows = np.arange(m)
    return (p >= 0) & (padded[rows, np.maximum(p, 0)] | padded[rows, np.maximum(p, 0) + 1])


def sort_keys(rows: np.ndarray, descending: bool = False) -> np.ndarray:
    """Dense integer ranks whose ascending order is the comparator's order: equal values share a
    rank, NaN ranks after every number (before every number when descending)."""
    if rows.dtype.kind == "V":
        rows = rows.astype(np.float32)
    _, inverse = np.unique(rows.reshape(-1), return_inverse=True, equal_nan=True)
    keys = inverse.reshape(rows.shape).astype(np.int64)
    return -keys if descending else keys


def replay_rows(rows: np.ndarray, which, descending, algorithm, *args) -> dict:
    """{row: index order libstdc++'s `algorithm` leaves} for the selected rows."""
    which = np.flatnonzero(which)
    if not len(which):
        return {}
    keys = sort_keys(rows[which], descending)
    return {r: replay(k, algorithm, *args) for r, k in zip(which.tolist(), keys)}


def replay(keys_row: np.ndarray, algorithm, *args) -> np.ndarray:
    """The index order libstdc++'s `algorithm` leaves for one row of keys."""
    v = list(zip(keys_row.tolist(), range(len(keys_row))))
    algorithm(v, *args)
    return np.fromiter((i for _, i in v), np.int64, len(v))


def topk_order(v: list, k: int, sorted_output: bool = True) -> None:
    """Paddle's topk/median selection: partial_sort when k is small against the row, else
    nth_element followed (when sorted) by std::sort of the first k-1."""
    if k * 64 < len(v):
        stl.partial_sort(v, k)
        return
    stl.nth_element(v, k - 1)
    if sorted_output and k > 1:
        head = v[:k - 1]
        stl.sort(head)
        v[:k - 1] = head


def kth_order(v: list, k: int) -> None:
    """Paddle's kthvalue selection: partial_sort for small k, else nth_element."""
    if k * 64 < len(v):
        stl.partial_sort(v, k)
    else:
        stl.nth_element(v, k - 1)
