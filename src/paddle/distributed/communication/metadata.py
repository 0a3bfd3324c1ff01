"""The check every collective passes before it moves data: each rank sends the others one row
of numbers — which call this is on the group, the collective, its root and reduction, and the
dtype and shape of its tensor — and all compare. A rank that called something else, or with
another shape or dtype, makes every rank fail with an error naming both; a rank that does not
arrive within the group's timeout (Paddle's pg_timeout) is named in a TimeoutError instead of
leaving the others waiting. The row is ~100 bytes: a few microseconds on a node. Set
PADDLE_DISTRI_CHECK_META=0 to skip it.
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .backend import Work
from .reduce import ReduceOp
from .task import task

_COLLECTIVES = ("all_reduce", "broadcast", "reduce", "all_gather", "gather", "scatter",
                "reduce_scatter", "alltoall", "alltoall_single", "barrier")
_DTYPES = ("bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
           "float16", "bfloat16", "float32", "float64", "complex64", "complex128",
           "float8_e4m3fn", "float8_e5m2")
_MAX_DIMS = 8
_ROW = 6 + _MAX_DIMS  # call, collective, root, op, dtype, ndim, dims
_UNCHECKED = -1  # a field that may differ between ranks (root-only inputs, varying splits)


class Signature:
    """What a rank brings to a collective: root, reduction and its tensor's dtype and shape
    (None where ranks may legitimately differ)."""

    __slots__ = ("dtype", "op", "root", "shape")

    def __init__(self, array: np.ndarray | None = None, root: int = _UNCHECKED,
                 op: int = _UNCHECKED, shape_checked: bool = True):
        self.root = root
        self.op = op
        self.dtype = _UNCHECKED if array is None else _dtype_code(array.dtype)
        self.shape = array.shape if array is not None and shape_checked else None


def _dtype_code(dtype: np.dtype) -> int:
    name = dtype.name
    return _DTYPES.index(name) if name in _DTYPES else len(_DTYPES)


def _row(calls: int, caller: str, sig: Signature | None) -> np.ndarray:
    row = np.full(_ROW, _UNCHECKED, np.int64)
    row[0], row[1] = calls, _COLLECTIVES.index(caller)
    if sig is not None:
        row[2], row[3], row[4] = sig.root, sig.op, sig.dtype
        if sig.shape is not None:
            dims = list(sig.shape)
            if len(dims) > _MAX_DIMS:  # fold the trailing axes: their product still has to agree
                dims = dims[:_MAX_DIMS - 1] + [int(np.prod(dims[_MAX_DIMS - 1:]))]
            row[5] = len(sig.shape)
            row[6:6 + len(dims)] = dims
    return row


def _describe(row: np.ndarray) -> str:
    parts = [f"{_COLLECTIVES[row[1]]} (call #{row[0]})"]
    if row[2] != _UNCHECKED:
        parts.append(f"root {row[2]}")
    if row[3] != _UNCHECKED:
        parts.append(f"op {ReduceOp.name(int(row[3]))}")
    if row[4] != _UNCHECKED:
        parts.append(_DTYPES[row[4]] if row[4] < len(_DTYPES) else "another dtype")
    if row[5] != _UNCHECKED:
        parts.append(f"shape {[int(d) for d in row[6:6 + min(row[5], _MAX_DIMS)]]}")
    return ", ".join(parts)


def _verify(group, caller: str, rows: np.ndarray, missing: list) -> None:
    if missing:
        names = ", ".join(str(group.ranks[r]) for r in missing)
        waiting = [group.ranks[r] for r in range(group.nranks) if r not in missing]
        raise TimeoutError(
            f"({caller}) rank {names} of group {group.name} did not join {caller} (call "
            f"#{rows[group.rank][0]}) within the group's timeout of {group.timeout_s * 1000:.0f} "
            f"ms (pg_timeout); ranks {waiting} are waiting for it: it has stalled or died")
    mine = rows[group.rank]
    for other in range(group.nranks):
        if other != group.rank and not np.array_equal(rows[other], mine):
            first, second = sorted((group.rank, other))
            raise ValueError(
                f"({caller}) the ranks of group {group.name} called different collectives or "
                f"passed different tensors: rank {group.ranks[first]} has "
                f"{_describe(rows[first])}; rank {group.ranks[second]} has "
                f"{_describe(rows[second])}")


_PROBE_S = 10.0  # how long a rank whose transfer timed out waits to hear who is still there


def unresponsive(group) -> list:
    """After a transfer on `group` timed out: the global ranks that do not answer a probe of
    every member (the live ones, timing out too, answer each other)."""
    probe = np.full(_ROW, _UNCHECKED, np.int64)
    _, missing = group.process_group.exchange_metadata(probe, min(group.timeout_s, _PROBE_S))
    return [group.ranks[r] for r in missing]


def timeout_error(group, what: str) -> TimeoutError:
    """The error for a transfer that did not finish in time, naming the ranks that are gone."""
    missing = unresponsive(group)
    culprit = (f"rank {', '.join(map(str, missing))} stalled or died" if missing else
               "a peer stalled or died during the transfer")
    return TimeoutError(f"{what} on group {group.name} did not finish within the group's "
                        f"timeout of {group.timeout_s * 1000:.0f} ms (pg_timeout): {culprit}")


def run_checked(group, caller: str, sig: Signature | None, start: Callable[[], Work],
                sync: bool = True, after: Callable[[], None] | None = None) -> task:
    """Check that the group's ranks agree, start the operation, and hand back its task
    (finished, and `after` run, when `sync`)."""
    backend = group.process_group
    group.calls += 1
    if group.check_metadata:
        rows, missing = backend.exchange_metadata(_row(group.calls, caller, sig),
                                                  group.timeout_s)
        _verify(group, caller, rows, missing)
    calls = group.calls

    def describe() -> str:  # only called once the wait has timed out
        return str(timeout_error(group, f"({caller}) call #{calls}"))

    handle = task(start(), group.timeout_s, describe, sync, after)
    if sync:
        handle.wait()
    return handle
