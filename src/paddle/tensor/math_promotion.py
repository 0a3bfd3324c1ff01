"""How each binary op of the public layer brings its operands to one dtype.

Real Paddle decides this op by op in its C++ layer; four policies cover what it does:

- weak: a 0-d tensor or Python number only changes the result dtype when it is of a higher
  category (add, subtract, multiply, divide, remainder, pow, comparisons) — `promote_pair`.
- strict: 0-d tensors count as full tensors; only floats promote among themselves and complex
  absorbs reals (maximum, minimum, fmax, fmin, where, logical ops, atan2, nextafter, gcd).
- numpy: once either operand is 0-d, both promote like NumPy scalars, so int32 with a 0-d
  int64 gives int64 (floor_divide).
- same: no promotion at all; differing dtypes are a ValueError (bitwise ops, heaviside).
"""
from __future__ import annotations

from .._core import dtype as _dt
from .._core.tensor import Tensor
from ._convert import cast_to, ensure_tensor, is_number, promote_pair, require_tensor


def _dtype(t: Tensor) -> _dt.DType:
    return _dt.from_numpy_dtype(t._data.dtype)


def _promote(x: Tensor, y: Tensor, api: str, x_weak: bool, y_weak: bool):
    if x._data.dtype == y._data.dtype:
        return x, y
    target = _dt.promote_types(_dtype(x), x_weak, _dtype(y), y_weak, api)
    return cast_to(x, target), cast_to(y, target)


def promote_strict(x: Tensor, y: Tensor, api: str):
    return _promote(x, y, api, False, False)


def promote_numpy(x: Tensor, y: Tensor, api: str):
    scalar_like = x._data.ndim == 0 or y._data.ndim == 0
    return _promote(x, y, api, scalar_like, scalar_like)


def promote_weak(x, y, api: str):
    return promote_pair(x, y, api)


def require_same_dtype(x: Tensor, y: Tensor, api: str) -> None:
    if x._data.dtype != y._data.dtype:
        raise ValueError(f"({api}) x and y must have the same dtype, but received "
                         f"{_dtype(x).name} and {_dtype(y).name}")


def tensor_operands(api: str, x, y) -> None:
    """The functional forms that take only Tensors raise Paddle's ValueError for numbers."""
    require_tensor(api, "x", 0, x)
    require_tensor(api, "y", 1, y)


def as_operand(value, api: str, arg: str) -> Tensor:
    """A Tensor, or a number turned into one as paddle.to_tensor would (float32, int64, bool,
    complex64 by default)."""
    if isinstance(value, Tensor):
        return value
    if is_number(value):
        return ensure_tensor(value)
    raise TypeError(f"({api}) {arg} must be a Tensor or a number, but received "
                    f"{type(value).__name__}")


def need_tensor(value, api: str, arg: str) -> None:
    """TypeError for the APIs that reject non-Tensors in Python (hypot, ldexp, sinc, …)."""
    if not isinstance(value, Tensor):
        raise TypeError(f"({api}) {arg} must be a Tensor, but received "
                        f"{type(value).__name__}")
