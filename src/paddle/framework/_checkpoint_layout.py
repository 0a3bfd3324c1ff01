"""The object layout of `.pdparams` / `.pdopt` files, as real Paddle 3.3 writes and reads it.

- A state_dict (a dict whose values are Tensors, or dicts without Tensors) is saved as
  {key: ndarray, ..., "StructuredToParameterName@@": {key: tensor name}}.
- Any other object is pickled as is, each Tensor inside it becoming a (name, ndarray) tuple.
- bfloat16 data is stored as its uint16 bit pattern, and every uint16 array read back becomes
  a bfloat16 Tensor (real Paddle has no uint16 tensors to confuse it with).
- Under pickle protocols 2 and 3 an array of more than 1 GiB is split into parts
  "key@@.0", "key@@.1", … listed under "UnpackBigParamInfor@@".
"""
from __future__ import annotations

import collections
import math

import numpy as np

from .._core import dtype as _dt
from .._core.tensor import Tensor, wrap

NAME_TABLE_KEY = "StructuredToParameterName@@"
SPLIT_INFO_KEY = "UnpackBigParamInfor@@"
# Parts of a split array stay below 1 GiB, the most a protocol 2/3 pickle frame may hold.
SPLIT_PART_BYTES = 2**30 - 1

# ---- saving ------------------------------------------------------------------------------------
def tensor_to_storage(tensor: Tensor) -> np.ndarray:
    """The array Paddle pickles for a tensor: its data, bfloat16 as the uint16 bit pattern."""
    data = np.require(tensor._data, requirements="C")
    if _dt.is_bfloat16(data.dtype):
        return data.view(np.uint16)
    return data


def is_state_dict(obj) -> bool:
    """Paddle's test for the state_dict layout: every value is a Tensor, or a dict none of
    whose values hold a Tensor (such as an optimizer's "LR_Scheduler" entry)."""
    if not isinstance(obj, dict):
        return False
    for value in obj.values():
        if isinstance(value, dict):
            if any(_contains(v, _is_tensor) for v in value.values()):
                return False
        elif not isinstance(value, Tensor):
            return False
    return True


def build_saved_state_dict(state_dict: dict) -> dict:
    saved, names = {}, {}
    for key, value in state_dict.items():
        if isinstance(value, Tensor):
            saved[key] = tensor_to_storage(value)
            names[key] = value.name
        else:
            saved[key] = value
    saved[NAME_TABLE_KEY] = names
    return saved


def split_big_arrays(saved: dict, protocol: int) -> dict:
    """Split arrays too large for a protocol 2/3 pickle into parts (Paddle's layout)."""
    if protocol >= 4:
        return saved
    info = {}
    for key, value in list(saved.items()):
        if not isinstance(value, np.ndarray):
            continue
        part_len = SPLIT_PART_BYTES // value.dtype.itemsize
        if value.size <= part_len:
            continue
        flat = value.reshape(-1)
        parts = [f"{key}@@.{i}" for i in range(math.ceil(value.size / part_len))]
        info[key] = {"OriginShape": value.shape, "slices": parts}
        del saved[key]
        for i, part in enumerate(parts):
            saved[part] = flat[i * part_len:(i + 1) * part_len]
    if info:
        saved[SPLIT_INFO_KEY] = info
    return saved


# ---- loading -----------------------------------------------------------------------------------
def join_split_arrays(loaded: dict) -> dict:
    info = loaded.pop(SPLIT_INFO_KEY, None)
    for key, entry in (info or {}).items():
        parts = [loaded.pop(part) for part in entry["slices"]]
        loaded[key] = np.concatenate(parts).reshape(entry["OriginShape"])
    return loaded


def array_to_tensor(array: np.ndarray, name: str | None = None) -> Tensor:
    """A loaded array as a Tensor (uint16 read as bfloat16, the way Paddle stores it)."""
    if array.dtype == np.uint16:
        array = array.view(_dt.bfloat16.np_dtype)
    tensor = wrap(np.require(array, requirements="C"))
    if name is not None:
        tensor.name = name
    return tensor


def restore_state_dict(loaded: dict, return_numpy: bool, keep_name_table: bool) -> dict:
    names = loaded[NAME_TABLE_KEY]
    if not return_numpy:
        for key, name in names.items():
            if isinstance(loaded.get(key), np.ndarray):
                loaded[key] = array_to_tensor(loaded[key], name)
    if not keep_name_table:
        del loaded[NAME_TABLE_KEY]
    return loaded


def _is_tensor(obj) -> bool:
    return isinstance(obj, Tensor)


def _is_saved_tensor(obj) -> bool:
    return (isinstance(obj, tuple) and len(obj) == 2 and isinstance(obj[0], str)
            and isinstance(obj[1], np.ndarray))


def _contains(obj, condition) -> bool:
    if condition(obj):
        return True
    if type(obj) in (dict, collections.OrderedDict):
        return any(_contains(v, condition) for v in obj.values())
    if type(obj) in (list, tuple):
        return any(_contains(v, condition) for v in obj)
    return False


def _map_matching(obj, condition, convert):
    """A copy of `obj` with every part that satisfies `condition` replaced by `convert(part)`
    (containers are rebuilt, never modified in place)."""
    if condition(obj):
        return convert(obj)
    kind = type(obj)
    if kind in (dict, collections.OrderedDict):
        return kind((key, _map_matching(value, condition, convert)) for key, value in obj.items())
    if kind in (list, tuple, set):
        return kind(_map_matching(v, condition, convert) for v in obj)
    return obj


def _copy_tensor(tensor: Tensor) -> Tensor:
    copy = wrap(tensor._data.copy())
    copy.name = tensor.name
    return copy


def snapshot_tensors(obj):
    """`obj` with each Tensor replaced by a copy of its data under the same name."""
    return _map_matching(obj, _is_tensor, _copy_tensor)


def restore_tensors(obj, return_numpy: bool):
    """Turn what a pickle of tensors holds back into Tensors. Files with (name, ndarray) tuples
    (Paddle >= 2.1) restore those tuples; older files store bare arrays, which all become
    Tensors."""
    if _contains(obj, _is_saved_tensor):
        if return_numpy:
            return _map_matching(obj, _is_saved_tensor, lambda pair: pair[1])
        return _map_matching(obj, _is_saved_tensor, lambda pair: array_to_tensor(pair[1], pair[0]))
    if return_numpy:
        return obj
    return _map_matching(obj, lambda v: isinstance(v, np.ndarray), array_to_tensor)
