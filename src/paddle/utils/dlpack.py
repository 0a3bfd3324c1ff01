"""DLPack interchange: share tensor memory with NumPy, CuPy, PyTorch, JAX, … without copies."""
from __future__ import annotations

import numpy as np

from .._core.tensor import Tensor, wrap


def to_dlpack(x):
    """A DLPack capsule viewing x's memory.

    Example:
        >>> import paddle
        >>> capsule = paddle.utils.dlpack.to_dlpack(paddle.to_tensor([1.0, 2.0]))
        >>> paddle.utils.dlpack.from_dlpack(capsule).tolist()
        [1.0, 2.0]
    """
    if not isinstance(x, Tensor):
        raise TypeError(f"to_dlpack expects a Tensor, but received {type(x).__name__}")
    return x._data.__dlpack__()


class _Capsule:
    """Adapts a bare capsule to the __dlpack__ protocol NumPy's from_dlpack expects."""

    def __init__(self, capsule):
        self._capsule = capsule

    def __dlpack__(self, *args, **kwargs):
        return self._capsule

    def __dlpack_device__(self):
        return (1, 0)  # kDLCPU


def from_dlpack(dlpack):
    """A Tensor sharing memory with a DLPack capsule or any object with __dlpack__."""
    source = dlpack if hasattr(dlpack, "__dlpack__") else _Capsule(dlpack)
    return wrap(np.from_dlpack(source))
