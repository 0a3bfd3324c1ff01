"""OpEntry: how to test one op — sample inputs, a NumPy reference, dtypes and tolerances."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

ENTRIES: dict[str, "OpEntry"] = {}


@dataclass
class Sample:
    """Inputs (NumPy arrays, lists of arrays for list inputs, or None) and attributes."""
    inputs: tuple
    attrs: tuple = ()
    # indices of inputs to differentiate (default: every floating input)
    grad_inputs: tuple | None = None
    name: str = ""


@dataclass
class OpEntry:
    op: str
    samples: Callable  # (rng, dtype: np.dtype) -> list[Sample]
    ref: Callable | None = None  # (*inputs, *attrs) -> array or tuple; default: op.ref
    dtypes: tuple = ("float32", "float64")
    grad: bool = True  # check the gradient numerically (float64)
    double_grad: bool = True  # check the gradient of the gradient numerically
    rtol: float = 1e-5
    atol: float = 1e-6
    grad_rtol: float = 1e-4
    grad_atol: float = 1e-5
    skip_ref: str = ""  # reason when no reference comparison is possible (e.g. random ops)
    extra: dict = field(default_factory=dict)


def entry(op: str, samples: Callable, **kwargs) -> OpEntry:
    if op in ENTRIES:
        raise ValueError(f"op_db: duplicate entry for {op}")
    e = OpEntry(op, samples, **kwargs)
    ENTRIES[op] = e
    return e


def randn(rng, shape, dtype, low=-2.0, high=2.0):
    return rng.uniform(low, high, size=shape).astype(dtype)


def positive(rng, shape, dtype, low=0.5, high=2.0):
    return rng.uniform(low, high, size=shape).astype(dtype)


def ints(rng, shape, dtype="int64", low=-5, high=5):
    return rng.integers(low, high, size=shape).astype(dtype)


def unary_samples(low=-2.0, high=2.0):
    """Shapes every elementwise unary op is tested on: 0-d, vector, matrix, empty, 3-D."""
    def make(rng, dtype):
        return [Sample((rng.uniform(low, high, size=s).astype(dtype),), name=str(s))
                for s in [(), (5,), (3, 4), (0, 3), (2, 3, 2)]]
    return make


def binary_samples(low=-2.0, high=2.0, y_low=None, y_high=None):
    """Same-shape, broadcasting, 0-d and empty pairs."""
    y_low = low if y_low is None else y_low
    y_high = high if y_high is None else y_high

    def make(rng, dtype):
        pairs = [((3, 4), (3, 4)), ((3, 4), (4,)), ((2, 1, 4), (3, 1)), ((), (3,)),
                 ((3,), ()), ((0, 2), (2,))]
        return [Sample((rng.uniform(low, high, size=a).astype(dtype),
                        rng.uniform(y_low, y_high, size=b).astype(dtype)), name=f"{a}x{b}")
                for a, b in pairs]
    return make


def as_tuple(x):
    return x if isinstance(x, tuple) else (x,)


__all__ = ["ENTRIES", "OpEntry", "Sample", "entry", "randn", "positive", "ints",
           "unary_samples", "binary_samples", "as_tuple", "np"]
