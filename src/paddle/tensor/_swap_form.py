"""The PyTorch-style call form Paddle 3.3 accepts for transpose (and so for swapaxes/swapdims):
`transpose(x, dim0, dim1)` (or `dim0=`/`dim1=`, `axis0=`/`axis1=`, `input=`) swaps two axes."""
from __future__ import annotations

import functools
import inspect

from ._convert import require_tensor


def swap_dims_form(fn):
    """Turn two int axes (positional after x, or as keywords) into the full `perm` fn takes."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if "input" in kwargs and "x" not in kwargs:
            kwargs["x"] = kwargs.pop("input")
        dim0 = kwargs.pop("dim0", kwargs.pop("axis0", None))
        dim1 = kwargs.pop("dim1", kwargs.pop("axis1", None))
        if dim0 is None and len(args) > 1 and isinstance(args[1], int):
            dim0 = args[1]
        if dim1 is None and len(args) > 2 and isinstance(args[2], int):
            dim1 = args[2]
        if dim0 is None or dim1 is None:
            return fn(*args, **kwargs)
        x = kwargs["x"] if "x" in kwargs else args[0]
        require_tensor(fn.__name__, "x", 0, x)
        perm = list(range(x.ndim))
        perm[dim0], perm[dim1] = perm[dim1], perm[dim0]
        kwargs["perm"] = perm
        return fn(*args[:1], **kwargs)
    wrapper.__signature__ = inspect.signature(fn)
    return wrapper
