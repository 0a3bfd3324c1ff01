"""Helpers shared by the optimizers: hyperparameter checks and values."""
from __future__ import annotations

from .._core.tensor import Tensor


def scalar(value) -> float:
    """A hyperparameter as a Python float (Paddle accepts 1-element Tensors for betas)."""
    if isinstance(value, Tensor):
        return float(value._data.reshape(-1)[0])
    return float(value)


def require_set(owner: str, **values) -> None:
    for name, value in values.items():
        if value is None:
            raise ValueError(f"({owner}) {name} is not set")


def check_unit_interval(owner: str, **values) -> None:
    """beta-like hyperparameters must lie in [0, 1) (Tensors are checked when used)."""
    for name, value in values.items():
        if not isinstance(value, Tensor) and not 0 <= value < 1:
            raise ValueError(f"({owner}) Invalid value of {name}, expect {name} in [0,1), but "
                             f"received {value}")


def check_non_negative(owner: str, **values) -> None:
    for name, value in values.items():
        if not isinstance(value, Tensor) and not 0 <= value:
            raise ValueError(f"({owner}) Invalid value of {name}, expect {name} >= 0, but "
                             f"received {value}")


def float_attr(dtype_type, value):
    """A hyperparameter Paddle's kernel receives as a C++ `float` attribute: rounded to float32
    first, then widened to the parameter's dtype (this shows with float64 parameters)."""
    import numpy as np
    return dtype_type(np.float32(scalar(value)))
