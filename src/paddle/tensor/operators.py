"""Tensor's Python operators (`x + 2`, `x < y`, `2 ** x`, `x & y`, …).

Operators are more permissive than Paddle's functional forms: a Python number on either side is
a weakly typed operand, and == / != with None or a sequence give a Python bool. Keeping them
separate from the functions lets `paddle.less_than(x, 2)` stay strict as in Paddle. Same-dtype
tensor pairs go straight to dispatch: that is the hot path of every model and gradient rule."""
from __future__ import annotations

import numpy as np

from .._core import dispatch
from .._core.ops import binary as B
from .._core.tensor import Tensor, wrap
from . import linalg, logic, logic_bitwise, math
from ._convert import ensure_tensor, is_number, require_tensor
from .math_promotion import promote_weak

# A Python int or float never changes the dtype of a float32/float64 tensor (it is a weak
# operand), so `x * 0.5` and `1 - x` skip the promotion machinery for them.
_F32, _F64 = np.dtype(np.float32), np.dtype(np.float64)
_asarray = np.asarray


def _arith(op):
    call = dispatch.call

    def apply(self, other):
        kind = type(other)
        if kind is Tensor:
            if other._data.dtype is self._data.dtype:
                return call(op, (self, other), ())
        elif kind is float or kind is int:
            dtype = self._data.dtype
            if dtype is _F32 or dtype is _F64:
                return call(op, (self, wrap(_asarray(other, dtype))), ())
        return math._binary(op, self, other)
    apply.__name__ = f"__{op.name}__"
    return apply


def _reflected_arith(op):
    call = dispatch.call

    def apply(self, other):
        kind = type(other)
        if kind is float or kind is int:
            dtype = self._data.dtype
            if dtype is _F32 or dtype is _F64:
                return call(op, (wrap(_asarray(other, dtype)), self), ())
        return math._binary(op, other, self)
    apply.__name__ = f"__r{op.name}__"
    return apply


def _no_sequence(dunder: str, other) -> None:
    """Operators take numbers, arrays and Tensors; a list or tuple is Paddle's TypeError."""
    if isinstance(other, (list, tuple)):
        raise TypeError(f"{dunder}(): argument (position 1) must be int, float, bool or Tensor, "
                        f"but got {type(other).__name__}")


def _divmod_like(op, function, name: str):
    """// and %: tensors follow the functional form's promotion, numbers are weak operands."""
    def apply(self, other):
        if isinstance(other, Tensor):
            return function(self, other)
        _no_sequence(f"__{name}__", other)
        return math._binary(op, self, other)

    def reflected(self, other):
        _no_sequence(f"__r{name}__", other)
        return math._binary(op, other, self)
    return apply, reflected


def _compare(op):
    def apply(self, other):
        if isinstance(other, np.ndarray):
            other = wrap(other)
        elif not (isinstance(other, Tensor) or is_number(other)):
            return logic._compare_foreign(op, other)
        x, y = promote_weak(self, other, op.name)
        return op(x, y)
    apply.__name__ = f"__{op.name}__"
    return apply


def _matmul(self, other):
    if type(other) is Tensor and other._data.dtype is self._data.dtype:
        return dispatch.call(linalg.L.matmul, (self, other), (False, False))
    _no_sequence("__matmul__", other)
    return linalg.matmul(self, _as_operand(self, other))


def _rmatmul(self, other):
    _no_sequence("__matmul__", other)
    return linalg.matmul(_as_operand(self, other), self)


def _as_operand(self, other):
    """A NumPy array on the other side of @ becomes a tensor of self's dtype (as in Paddle)."""
    return ensure_tensor(other, self.dtype) if isinstance(other, np.ndarray) else other


def _logic_operand(self, other, symbol: str):
    """An int on the other side takes self's dtype; a float is Python's TypeError."""
    if isinstance(other, float):
        raise TypeError(f"unsupported operand type(s) for {symbol}: 'Tensor' and 'float'")
    if isinstance(other, (bool, int, np.integer, np.bool_)):
        return ensure_tensor(other, self.dtype)
    return other


def _bitwise_or_logical(bitwise, logical, symbol: str, reflected: bool):
    """`x & y` needs a Tensor on the right, as in Paddle; `2 & x` takes the int as x's dtype."""
    def apply(self, y, out=None, name=None):
        if reflected:
            x, y = _logic_operand(self, y, symbol), self
        else:
            require_tensor(bitwise.__name__, "y", 1, y)
            x = self
        return logical(x, y, out) if self._data.dtype == np.bool_ else bitwise(x, y, out)
    return apply


def _shift(function, symbol: str, reflected: bool):
    def apply(self, other):
        x, y = (other, self) if reflected else (self, other)
        x, y = logic_bitwise._shift_operands(x, y, symbol)
        return function(x, y)
    return apply


def _neg(var):
    return math.neg(var)


def _abs(var):
    return math.abs(var)


def _pow(self, other):
    return math._binary(B.elementwise_pow, self, other)


def _rpow(self, other):
    return math._binary(B.elementwise_pow, other, self)


def _rtruediv(self, other):
    return math._true_divide(other, self)


_floordiv, _rfloordiv = _divmod_like(B.floor_divide, math.floor_divide, "floordiv")
_mod, _rmod = _divmod_like(B.remainder, math.remainder, "mod")

OPERATORS = {
    "__add__": _arith(B.add), "__radd__": _reflected_arith(B.add),
    "__sub__": _arith(B.subtract), "__rsub__": _reflected_arith(B.subtract),
    "__mul__": _arith(B.multiply), "__rmul__": _reflected_arith(B.multiply),
    "__truediv__": math._true_divide, "__rtruediv__": _rtruediv,
    "__div__": math._true_divide, "__rdiv__": _rtruediv,
    "__floordiv__": _floordiv, "__rfloordiv__": _rfloordiv,
    "__mod__": _mod, "__rmod__": _rmod,
    "__pow__": _pow, "__rpow__": _rpow,
    "__matmul__": _matmul, "__rmatmul__": _rmatmul,
    "__neg__": _neg, "__abs__": _abs, "__pos__": lambda self: self,
    "__invert__": logic.bitwise_not,
    "__and__": _bitwise_or_logical(logic.bitwise_and, logic.logical_and, "&", False),
    "__or__": _bitwise_or_logical(logic.bitwise_or, logic.logical_or, "|", False),
    "__xor__": _bitwise_or_logical(logic.bitwise_xor, logic.logical_xor, "^", False),
    "__rand__": _bitwise_or_logical(logic.bitwise_and, logic.logical_and, "&", True),
    "__ror__": _bitwise_or_logical(logic.bitwise_or, logic.logical_or, "|", True),
    "__rxor__": _bitwise_or_logical(logic.bitwise_xor, logic.logical_xor, "^", True),
    "__lshift__": _shift(logic.bitwise_left_shift, "<<", False),
    "__rshift__": _shift(logic.bitwise_right_shift, ">>", False),
    "__rlshift__": _shift(logic.bitwise_left_shift, "<<", True),
    "__rrshift__": _shift(logic.bitwise_right_shift, ">>", True),
    "__eq__": _compare(B.equal), "__ne__": _compare(B.not_equal),
    "__lt__": _compare(B.less_than), "__le__": _compare(B.less_equal),
    "__gt__": _compare(B.greater_than), "__ge__": _compare(B.greater_equal),
}
