"""Shared pieces of the loss functionals: argument checks, the reduction step and a few
numerically stable building blocks written with registry ops (so losses trace and
differentiate like any composite)."""
from __future__ import annotations

import numpy as np

from ..._core import dtype as _dt
from ..._core.ops import REGISTRY
from ..._core.tensor import Tensor

REDUCTIONS = ("mean", "sum", "none")


class _Ops:
    """Registry ops by their Paddle names: `ops.log(x)`, `ops.where(c, x, y)`."""

    def __getattr__(self, name):
        return REGISTRY[name]


ops = _Ops()


def tensor_arg(api: str, name: str, value) -> Tensor:
    if not isinstance(value, Tensor):
        raise TypeError(f"({api}) The argument '{name}' must be a Tensor, but received "
                        f"{type(value).__name__}.")
    return value


def optional_tensor(api: str, name: str, value):
    return None if value is None else tensor_arg(api, name, value)


def check_reduction(api: str, reduction, allowed=REDUCTIONS) -> None:
    if reduction not in allowed:
        names = ", ".join(repr(r) for r in allowed)
        raise ValueError(f"({api}) The value of 'reduction' should be one of {names}, but "
                         f"received {reduction!r}, which is not allowed.")


def check_float(api: str, name: str, t: Tensor, allowed=("float32", "float64")) -> None:
    if t.dtype.name not in allowed:
        raise TypeError(f"({api}) The dtype of '{name}' must be one of {list(allowed)}, but "
                        f"received {t.dtype.name}.")


def check_same_shape(api: str, a_name: str, a: Tensor, b_name: str, b: Tensor) -> None:
    if list(a.shape) != list(b.shape):
        raise ValueError(f"({api}) The shape of '{a_name}' {list(a.shape)} must equal the shape "
                         f"of '{b_name}' {list(b.shape)}.")


def concrete(api: str, name: str, t: Tensor):
    """The NumPy value of `t`, for losses whose shapes depend on label values (they cannot be
    traced into a static program)."""
    data = t._data
    if not isinstance(data, np.ndarray):
        raise NotImplementedError(f"({api}) needs the values of '{name}' to build its result, "
                                  "so it runs in dynamic mode only.")
    return data


def is_concrete(t: Tensor) -> bool:
    return isinstance(t._data, np.ndarray)


def reduce_loss(loss: Tensor, reduction: str) -> Tensor:
    if reduction == "mean":
        return ops.mean(loss, None, False)
    if reduction == "sum":
        return ops.sum(loss, None, None, False)
    return loss


def scalar(value, dtype) -> Tensor:
    return ops.full([], value, dtype)


def relu(x: Tensor) -> Tensor:
    return ops.maximum(x, scalar(0, x.dtype))


def softplus(x: Tensor) -> Tensor:
    """log(1 + exp(x)) without overflow: max(x, 0) + log1p(exp(-|x|))."""
    return relu(x) + ops.log1p(ops.exp(-ops.abs(x)))


def log_sigmoid(x: Tensor) -> Tensor:
    return -softplus(-x)


def log_softmax(x: Tensor, axis: int) -> Tensor:
    return x - ops.logsumexp(x, (axis % x.ndim,), True)


def cast(x: Tensor, dtype) -> Tensor:
    dtype = _dt.to_dtype(dtype)
    return x if x.dtype is dtype else ops.cast(x, dtype)


def mask(condition: Tensor, dtype) -> Tensor:
    """A 0/1 float tensor from a boolean one."""
    return ops.cast(condition, _dt.to_dtype(dtype))
