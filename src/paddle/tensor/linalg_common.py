"""Argument checks and the in-place helper shared by the linalg_* public modules."""
from __future__ import annotations

from .._core.tensor import Tensor
from ._convert import ensure_tensor
from .math import _write_out


def float_input(api: str, x) -> Tensor:
    """x as a Tensor, which must be floating point or complex (Paddle has no integer kernels
    for these functions)."""
    x = ensure_tensor(x)
    if x.dtype.kind not in "fc":
        raise TypeError(f"({api}) The input must be a floating-point or complex tensor, but "
                        f"received {x.dtype.name}.")
    return x


def same_dtype(api: str, x: Tensor, y: Tensor, names=("x", "y")) -> None:
    if x._data.dtype != y._data.dtype:
        raise ValueError(f"({api}) The dtypes of {names[0]} ({x.dtype.name}) and {names[1]} "
                         f"({y.dtype.name}) must be the same.")


def assign_inplace(target: Tensor, result: Tensor, api: str) -> Tensor:
    """Make `target` hold a composite's result (the `xxx_` in-place APIs), refusing, as Paddle
    does, to overwrite a leaf that requires gradients."""
    if not target.stop_gradient and target._node is None:
        raise ValueError(f"({api}) Leaf Tensor ({target.name}) that doesn't stop gradient can't "
                         "use inplace strategy.")
    return _write_out(result, target)
