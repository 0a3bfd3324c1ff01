"""What the collectives share: argument checks, the arrays they hand the backend, and writing
results back into the caller's tensors.

A tensor whose array is C-contiguous is given to the backend as it is (MPI reads and writes
its memory directly); any other is copied to a contiguous array first and the result copied
back when the operation finishes.
"""
from __future__ import annotations

import numpy as np

from ..._core.tensor import Tensor, wrap


def check_tensor(value, caller: str, name: str = "tensor") -> Tensor:
    if not isinstance(value, Tensor):
        raise TypeError(f"({caller}) {name} must be a paddle.Tensor, but received "
                        f"{type(value).__name__}")
    return value


def contiguous(tensor: Tensor) -> np.ndarray:
    data = tensor._data
    return data if data.flags.c_contiguous else np.ascontiguousarray(data)


def write_back(tensor: Tensor, array: np.ndarray):
    """The step that makes `array` (the backend's output) the tensor's contents."""
    def deliver() -> None:
        if array is not tensor._data:
            tensor._data[...] = array.reshape(tensor._data.shape)
        tensor._bump_version()
    return deliver


def stacked(tensors, caller: str, name: str, like: np.ndarray | None = None) -> np.ndarray:
    """One contiguous array holding `tensors` one after another (equal shapes and dtypes)."""
    arrays = [check_tensor(t, caller, f"{name}[{i}]")._data for i, t in enumerate(tensors)]
    reference = like if like is not None else arrays[0]
    for i, a in enumerate(arrays):
        if a.shape != reference.shape or a.dtype != reference.dtype:
            raise ValueError(f"({caller}) every tensor of {name} must have shape "
                             f"{list(reference.shape)} and dtype {reference.dtype}, but "
                             f"{name}[{i}] has shape {list(a.shape)} and dtype {a.dtype}")
    return np.stack(arrays) if arrays else np.empty((0,) + reference.shape, reference.dtype)


def fill_list(tensor_list: list, parts: np.ndarray, caller: str, name: str):
    """The step that hands parts[i] to tensor_list[i]: into the tensors already there, or as
    new tensors when the list is empty (Paddle's two ways to call)."""
    if tensor_list and len(tensor_list) != len(parts):
        raise ValueError(f"({caller}) {name} must be empty or hold one tensor per rank "
                         f"({len(parts)}), but it holds {len(tensor_list)}")
    targets = list(tensor_list)
    for i, t in enumerate(targets):
        check_tensor(t, caller, f"{name}[{i}]")
        if t._data.size != parts[i].size or t._data.dtype != parts[i].dtype:
            raise ValueError(f"({caller}) {name}[{i}] must have {parts[i].size} elements of "
                             f"{parts[i].dtype}, but has shape {list(t._data.shape)} and dtype "
                             f"{t._data.dtype}")

    def deliver() -> None:
        if not targets:
            tensor_list.extend(wrap(part) for part in parts)
            return
        for t, part in zip(targets, parts):
            t._data[...] = part.reshape(t._data.shape)
            t._bump_version()
    return deliver


def check_output(out: Tensor, expected_size: int, dtype: np.dtype, caller: str,
                 name: str) -> None:
    if out._data.size != expected_size or out._data.dtype != dtype:
        raise ValueError(f"({caller}) {name} must have {expected_size} elements of {dtype}, but "
                         f"has shape {list(out._data.shape)} and dtype {out._data.dtype}")
