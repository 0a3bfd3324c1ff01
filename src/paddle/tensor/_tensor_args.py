"""Argument checks for functions whose Paddle bindings take a list of Tensors: like
`require_tensor` for a single Tensor, anything else is Paddle's ValueError naming the argument."""
from __future__ import annotations

import numpy as np

from .._core.tensor import Tensor


def _type_name(value) -> str:
    # Paddle prints builtins bare and other types module-qualified (numpy.ndarray).
    kind = type(value)
    return kind.__name__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__name__}"


def require_tensor_list(api: str, arg: str, position: int, value) -> list:
    """Return `value` as a list when it is a list or tuple of Tensors; else raise ValueError."""
    head = f"{api}(): argument '{arg}' (position {position}) must be list of Tensors"
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"{head}, but got {_type_name(value)}")  # noqa: TRY004 - as Paddle
    for k, item in enumerate(value):
        if not isinstance(item, Tensor):
            raise ValueError(f"{head}, but element {k} is {_type_name(item)}")  # noqa: TRY004
    return list(value)


def require_tensor_or_array(api: str, arg: str, position: int, value) -> None:
    """Some Paddle functions are Python code that only reads Tensor attributes NumPy arrays
    share, so arrays pass there; lists and numbers are refused with the bindings' ValueError."""
    if isinstance(value, (Tensor, np.ndarray)):
        return
    raise ValueError(f"{api}(): argument '{arg}' (position {position}) must be Tensor, but got "
                     f"{_type_name(value)}")
