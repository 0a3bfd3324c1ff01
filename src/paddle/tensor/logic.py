"""Comparisons, logical and bitwise ops, and closeness tests of the `paddle` namespace."""
from __future__ import annotations

import numpy as np

from .._core import dtype as _dt
from .._core.ops import binary as B
from .._core.tensor import Tensor, wrap
from ._convert import ensure_tensor, promote_pair
from .math import _write_out


def _compare(op):
    def fn(x, y, name=None, *, out=None):
        x, y = promote_pair(x, y, op.name)
        return _write_out(op(x, y), out)
    fn.__name__ = op.name
    fn.__doc__ = f"Elementwise {op.name.replace('_', ' ')} comparison; returns a bool tensor."
    return fn


equal = _compare(B.equal)
not_equal = _compare(B.not_equal)
less_than = _compare(B.less_than)
less_equal = _compare(B.less_equal)
greater_than = _compare(B.greater_than)
greater_equal = _compare(B.greater_equal)


def _logical(op):
    def fn(x, y, out=None, name=None):
        x, y = promote_pair(x, y, op.name)
        return _write_out(op(x, y), out)
    fn.__name__ = op.name
    fn.__doc__ = f"Elementwise {op.name.replace('_', ' ')} (non-zero is true); bool result."
    return fn


logical_and = _logical(B.logical_and)
logical_or = _logical(B.logical_or)
logical_xor = _logical(B.logical_xor)


def logical_not(x, out=None, name=None):
    """Elementwise logical negation (non-zero is true); bool result."""
    return _write_out(B.logical_not(ensure_tensor(x)), out)


def _bitwise(op):
    def fn(x, y, out=None, name=None):
        x, y = ensure_tensor(x), y if isinstance(y, Tensor) else wrap(
            np.asarray(y, dtype=ensure_tensor(x)._data.dtype))
        if x._data.dtype.kind not in "biu" or y._data.dtype.kind not in "biu":
            raise TypeError(f"({op.name}) expects bool or integer tensors, but received "
                            f"{x.dtype.name} and {y.dtype.name}")
        if x._data.dtype != y._data.dtype:
            raise TypeError(f"({op.name}) x and y must have the same dtype, but received "
                            f"{x.dtype.name} and {y.dtype.name}")
        return _write_out(op(x, y), out)
    fn.__name__ = op.name
    fn.__doc__ = f"Elementwise {op.name.replace('_', ' ')} of bool/integer tensors."
    return fn


bitwise_and = _bitwise(B.bitwise_and)
bitwise_or = _bitwise(B.bitwise_or)
bitwise_xor = _bitwise(B.bitwise_xor)


def bitwise_left_shift(x, y, is_arithmetic=True, out=None, name=None):
    """Elementwise x << y."""
    return _bitwise(B.bitwise_left_shift)(x, y, out)


def bitwise_right_shift(x, y, is_arithmetic=True, out=None, name=None):
    """Elementwise x >> y (arithmetic shift for signed integers)."""
    return _bitwise(B.bitwise_right_shift)(x, y, out)


def bitwise_not(x, out=None, name=None):
    """Elementwise bit inversion (logical not for bool)."""
    x = ensure_tensor(x)
    if x._data.dtype.kind not in "biu":
        raise TypeError(f"(bitwise_not) expects a bool or integer tensor, but received "
                        f"{x.dtype.name}")
    return _write_out(B.bitwise_not(x), out)


def isclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False, name=None):
    """Elementwise |x - y| <= atol + rtol * |y|."""
    x, y = ensure_tensor(x), ensure_tensor(y)
    _same_dtype("isclose", x, y)
    return wrap(np.isclose(x._data, y._data, rtol=rtol, atol=atol, equal_nan=equal_nan))


def allclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False, name=None):
    """Whether all elements are close (a 0-d bool tensor)."""
    x, y = ensure_tensor(x), ensure_tensor(y)
    _same_dtype("allclose", x, y)
    return wrap(np.asarray(np.allclose(x._data, y._data, rtol=rtol, atol=atol,
                                       equal_nan=equal_nan)))


def _same_dtype(api, x, y):
    if x._data.dtype != y._data.dtype:
        raise TypeError(f"({api}) x and y must have the same dtype, but received "
                        f"{x.dtype.name} and {y.dtype.name}")


def equal_all(x, y, name=None):
    """Whether x and y have the same shape and all-equal elements (a 0-d bool tensor)."""
    x, y = ensure_tensor(x), ensure_tensor(y)
    same = x._data.shape == y._data.shape and bool(np.all(x._data == y._data))
    return wrap(np.asarray(same))


def is_tensor(x) -> bool:
    """Whether x is a paddle Tensor."""
    return isinstance(x, Tensor)


def where(condition, x=None, y=None, name=None, *, out=None):
    """Choose x where condition is true, else y (broadcasting); with only a condition,
    return the indices of its non-zero elements like nonzero(as_tuple=True)."""
    condition = ensure_tensor(condition)
    if x is None and y is None:
        from .search import nonzero
        return nonzero(condition, as_tuple=True)
    if x is None or y is None:
        raise ValueError("(where) x and y must both be given, or neither.")
    if condition._data.dtype != np.bool_:
        condition = condition.astype(_dt.bool_)
    x, y = promote_pair(x, y, "where")
    return _write_out(B.where(condition, x, y), out)


__all__ = [
    "equal", "not_equal", "less_than", "less_equal", "greater_than", "greater_equal",
    "logical_and", "logical_or", "logical_xor", "logical_not", "bitwise_and", "bitwise_or",
    "bitwise_xor", "bitwise_left_shift", "bitwise_right_shift", "bitwise_not", "isclose",
    "allclose", "equal_all", "is_tensor", "where",
]
