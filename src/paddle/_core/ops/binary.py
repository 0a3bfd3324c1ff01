"""Elementwise binary ops (broadcasting). Inputs arrive with equal dtypes: type promotion happens
in the public API layer before the op is called, so every op here sees one dtype."""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta, broadcast_binary, broadcast_shapes, same_as, same_shape
from . import _kernel_utils as K
from . import unary
from ._grad_utils import sum_to_shape
from .registry import BROADCAST, ELEMENTWISE, defop


class EnforceNotMet(ValueError):
    """An invalid input value found by a kernel (integer division by zero). Paddle raises its
    own `EnforceNotMet` here; ours carries the same name and is a ValueError."""


def _check_int_divisor(op: str, x, y) -> None:
    if x.dtype.kind in "biu" and not y.all():
        raise EnforceNotMet(f"({op}) Integer division by zero encountered in (floor/trunc) "
                            "divide. Please check the input value.")


@defop("add", "x y", infer_meta=broadcast_binary("add"), pattern=BROADCAST, ref=np.add)
def add(xp, x, y):
    return xp.add(x, y)


@add.grad()
def _(ctx, g):
    need_x, need_y = ctx.needs_grad
    return (sum_to_shape(g, ctx.x.shape) if need_x else None,
            sum_to_shape(g, ctx.y.shape) if need_y else None)


@defop("subtract", "x y", infer_meta=broadcast_binary("subtract"), pattern=BROADCAST,
       ref=np.subtract)
def subtract(xp, x, y):
    if x.dtype.kind == "b":  # (cheaper than comparing with np.bool_)
        return xp.logical_xor(x, y)
    return xp.subtract(x, y)


@subtract.grad()
def _(ctx, g):
    need_x, need_y = ctx.needs_grad
    return (sum_to_shape(g, ctx.x.shape) if need_x else None,
            sum_to_shape(unary.neg(g), ctx.y.shape) if need_y else None)


@defop("multiply", "x y", infer_meta=broadcast_binary("multiply"), pattern=BROADCAST,
       ref=np.multiply)
def multiply(xp, x, y):
    if x.dtype.kind == "b":
        return xp.logical_and(x, y)
    return xp.multiply(x, y)


def _conj(t):
    """Complex gradients use the conjugate of the other operand (Paddle's convention)."""
    if t._data.dtype.kind != "c":
        return t
    from .math_complex import conj
    return conj(t)


@multiply.grad(save="x y")
def _(ctx, g):
    need_x, need_y = ctx.needs_grad
    x, y = ctx.x, ctx.y
    if x._data.dtype.kind == "c":
        x, y = _conj(x), _conj(y)
    return (sum_to_shape(g * y, x._data.shape) if need_x else None,
            sum_to_shape(g * x, y._data.shape) if need_y else None)


@defop("divide", "x y", infer_meta=broadcast_binary("divide"), pattern=BROADCAST,
       ref=np.true_divide)
def divide(xp, x, y):
    """Floats divide truly; integers (reached through rounding_mode='trunc' and bool operands)
    divide truncating toward zero, as Paddle's integer kernel does."""
    if x.dtype.kind in "biu":
        _check_int_divisor("divide", x, y)
        if x.dtype == np.bool_:
            return x & y
        quotient = xp.abs(x) // xp.abs(y)
        return xp.where((x < 0) != (y < 0), -quotient, quotient).astype(x.dtype)
    with np.errstate(divide="ignore", invalid="ignore"):
        return K.same_dtype_math(xp.true_divide, x, y)


@divide.grad(save="x y")
def _(ctx, g):
    need_x, need_y = ctx.needs_grad
    gx = g / _conj(ctx.y)
    return (sum_to_shape(gx, ctx.x.shape) if need_x else None,
            sum_to_shape(-gx * _conj(ctx.x / ctx.y), ctx.y.shape) if need_y else None)


@defop("floor_divide", "x y", infer_meta=broadcast_binary("floor_divide"), pattern=BROADCAST,
       ref=np.floor_divide)
def floor_divide(xp, x, y):
    _check_int_divisor("floor_divide", x, y)
    with np.errstate(divide="ignore", invalid="ignore"):
        return K.same_dtype_math(xp.floor_divide, x, y)


floor_divide.no_grad("piecewise constant")


def _float_remainder(x, y):
    """fmod moved onto the divisor's sign; a zero result keeps fmod's sign (-0.0 % 3 is -0.0),
    unlike NumPy's remainder."""
    with np.errstate(divide="ignore", invalid="ignore"):
        rest = np.fmod(x, y)
        wrap = (rest != 0) & ((rest < 0) != (y < 0))
        return np.where(wrap, rest + y, rest)


def _complex_remainder(x, y):
    """x - y·q with the quotient q = x / y rounded half away from zero in each part, as
    Paddle's complex kernel does."""
    with np.errstate(divide="ignore", invalid="ignore"):
        q = x / y
        rounded = (np.trunc(q.real + np.copysign(0.5, q.real))
                   + 1j * np.trunc(q.imag + np.copysign(0.5, q.imag)))
        return (x - y * rounded).astype(x.dtype)


@defop("remainder", "x y", infer_meta=broadcast_binary("remainder"), pattern=BROADCAST,
       ref=np.remainder)
def remainder(xp, x, y):
    _check_int_divisor("remainder", x, y)
    if x.dtype.kind in "biu":
        return xp.remainder(x, y)
    if x.dtype.kind == "c":
        return _complex_remainder(x, y)
    return K.same_dtype_math(_float_remainder, x, y)


@remainder.grad(save="x y")
def _(ctx, g):
    need_x, need_y = ctx.needs_grad
    return (sum_to_shape(g, ctx.x.shape) if need_x else None,
            sum_to_shape(-g * floor_divide(ctx.x, ctx.y), ctx.y.shape) if need_y else None)


def _int_power(x, y):
    """Integer powers; a negative exponent gives 1/x**|y| truncated toward zero, which is 0
    except for bases 1 and -1 (Paddle also maps base 0 to 0)."""
    negative = y < 0
    out = np.power(x, np.where(negative, -y, y))
    odd = (y % 2) != 0
    small = np.where(x == 1, 1, np.where((x == -1) & odd, -1, np.where(x == -1, 1, 0)))
    return np.where(negative, small, out).astype(x.dtype)


def _negative_zero_or_inf(x):
    return np.signbit(x) & ((x == 0) | np.isinf(x))


def _c_power(x, y):
    """C's pow, which Paddle's kernels follow: unlike NumPy, a -0.0 or -inf base with an
    exponent that is not an odd integer gives the result for +0.0 / +inf (pow(-inf, 0.5) is
    inf, not NaN)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.power(x, y)
        if x.dtype.kind == "c":
            return out
        odd_integer = np.mod(y, 2) == 1
        return np.where(_negative_zero_or_inf(x) & ~odd_integer, np.power(-x, y), out)


@defop("elementwise_pow", "x y", infer_meta=broadcast_binary("elementwise_pow"),
       pattern=BROADCAST, ref=np.power)
def elementwise_pow(xp, x, y):
    if x.dtype.kind in "iu":
        return _int_power(x, y)
    return K.same_dtype_math(_c_power, x, y)


@elementwise_pow.grad(save="x y out")
def _(ctx, g):
    # Paddle's choices at the edges: d/dx is 0 where y == 0 (even at x == 0), and d/dy is 0
    # where x == 0 (instead of out * log(0)); negative bases give NaN for d/dy.
    need_x, need_y = ctx.needs_grad
    x, y = ctx.x, ctx.y
    gx = gy = None
    if need_x:
        gx = where(y == 0, g * 0, g * y * elementwise_pow(x, y - 1))
        gx = sum_to_shape(gx, x.shape)
    if need_y:
        x_zero = x == 0
        safe_x = where(x_zero, x * 0 + 1, x)
        gy = sum_to_shape(where(x_zero, g * 0, g * ctx.out * unary.log(safe_x)), y.shape)
    return gx, gy


@defop("pow", infer_meta=same_as("x"), pattern=ELEMENTWISE, ref=np.power)
def pow_op(xp, x, y=1.0):
    """x ** y for a scalar y; integer x takes y truncated to an integer, as Paddle does."""
    if x.dtype.kind in "biu":
        return _int_power(x, np.asarray(int(y), x.dtype))
    return K.same_dtype_math(lambda v: _c_power(v, v.dtype.type(y)), x)


@pow_op.grad(save="x")
def _(ctx, g):
    if ctx.y == 0:
        return g * 0
    return g * ctx.y * pow_op(ctx.x, ctx.y - 1)


def _minmax_grad(ctx, g, wins):
    """The winner takes the gradient; ties split it evenly and NaNs pass none, as in Paddle."""
    need_x, need_y = ctx.needs_grad
    x, y = ctx.x, ctx.y
    half_tie = (x == y).astype(g.dtype) * 0.5
    return (sum_to_shape(g * (wins(x, y).astype(g.dtype) + half_tie), x.shape) if need_x
            else None,
            sum_to_shape(g * (wins(y, x).astype(g.dtype) + half_tie), y.shape) if need_y
            else None)


def _fminmax_grad(ctx, g, pick_x):
    """fmax/fmin: the gradient goes to the chosen operand; x wins ties and NaN pairs."""
    need_x, need_y = ctx.needs_grad
    mask = pick_x(ctx.x, ctx.y).astype(g.dtype)
    return (sum_to_shape(g * mask, ctx.x.shape) if need_x else None,
            sum_to_shape(g * (1 - mask), ctx.y.shape) if need_y else None)


@defop("maximum", "x y", infer_meta=broadcast_binary("maximum"), pattern=BROADCAST,
       ref=np.maximum)
def maximum(xp, x, y):
    return xp.maximum(x, y)


@maximum.grad(save="x y")
def _(ctx, g):
    return _minmax_grad(ctx, g, lambda x, y: x > y)


@defop("minimum", "x y", infer_meta=broadcast_binary("minimum"), pattern=BROADCAST,
       ref=np.minimum)
def minimum(xp, x, y):
    return xp.minimum(x, y)


@minimum.grad(save="x y")
def _(ctx, g):
    return _minmax_grad(ctx, g, lambda x, y: x < y)


@defop("fmax", "x y", infer_meta=broadcast_binary("fmax"), pattern=BROADCAST, ref=np.fmax)
def fmax(xp, x, y):
    return xp.fmax(x, y)


@fmax.grad(save="x y")
def _(ctx, g):
    return _fminmax_grad(ctx, g, lambda x, y: (x >= y) | unary.isnan(y))


@defop("fmin", "x y", infer_meta=broadcast_binary("fmin"), pattern=BROADCAST, ref=np.fmin)
def fmin(xp, x, y):
    return xp.fmin(x, y)


@fmin.grad(save="x y")
def _(ctx, g):
    return _fminmax_grad(ctx, g, lambda x, y: (x <= y) | unary.isnan(y))


def _atan2_meta(x, y):
    """atan2 of integers is computed in float64, as Paddle does."""
    dtype = x.dtype if x.dtype.kind in "fc" else _dt.float64
    return TensorMeta(broadcast_shapes("atan2", x.shape, y.shape), dtype)


@defop("atan2", "x y", infer_meta=_atan2_meta, pattern=BROADCAST,
       ref=np.arctan2)
def atan2(xp, x, y):
    if x.dtype.kind in "biu":
        return xp.arctan2(x.astype(np.float64), y.astype(np.float64))
    return K.same_dtype_math(xp.arctan2, x, y)


@atan2.grad(save="x y")
def _(ctx, g):
    need_x, need_y = ctx.needs_grad
    x, y = ctx.x, ctx.y
    denom = x * x + y * y
    return (sum_to_shape(g * y / denom, x.shape) if need_x else None,
            sum_to_shape(-g * x / denom, y.shape) if need_y else None)


def _where_meta(condition, x, y):
    shape = broadcast_shapes("where", broadcast_shapes("where", condition.shape, x.shape),
                             y.shape)
    return TensorMeta(shape, x.dtype)


@defop("where", "condition x y", infer_meta=_where_meta, pattern=BROADCAST, ref=np.where)
def where(xp, condition, x, y):
    return xp.where(condition, x, y)


@where.grad(save="condition")
def _(ctx, g):
    _, need_x, need_y = ctx.needs_grad
    zeros = g * 0
    cond = ctx.condition
    return (None,
            sum_to_shape(where(cond, g, zeros), ctx.x.shape) if need_x else None,
            sum_to_shape(where(cond, zeros, g), ctx.y.shape) if need_y else None)


# ---- comparisons, logic and bits (no gradient) -------------------------------------------

def _no_grad_binary(name, fn, bool_result, reason):
    meta = broadcast_binary(name, _dt.bool_ if bool_result else None)

    @defop(name, "x y", infer_meta=meta, pattern=BROADCAST, ref=fn)
    def kernel(xp, x, y):
        return fn(x, y)

    return kernel.no_grad(reason)


equal = _no_grad_binary("equal", np.equal, True, "boolean result")
not_equal = _no_grad_binary("not_equal", np.not_equal, True, "boolean result")
less_than = _no_grad_binary("less_than", np.less, True, "boolean result")
less_equal = _no_grad_binary("less_equal", np.less_equal, True, "boolean result")
greater_than = _no_grad_binary("greater_than", np.greater, True, "boolean result")
greater_equal = _no_grad_binary("greater_equal", np.greater_equal, True, "boolean result")
logical_and = _no_grad_binary("logical_and", np.logical_and, True, "boolean result")
logical_or = _no_grad_binary("logical_or", np.logical_or, True, "boolean result")
logical_xor = _no_grad_binary("logical_xor", np.logical_xor, True, "boolean result")
bitwise_and = _no_grad_binary("bitwise_and", np.bitwise_and, False, "integer result")
bitwise_or = _no_grad_binary("bitwise_or", np.bitwise_or, False, "integer result")
bitwise_xor = _no_grad_binary("bitwise_xor", np.bitwise_xor, False, "integer result")


def _logical_view(x):
    """The same bits as an unsigned array, so shifts move zeros in from the left."""
    return x.view(np.dtype(f"u{x.dtype.itemsize}")) if x.dtype.kind == "i" else x


@defop("bitwise_left_shift", "x y", infer_meta=broadcast_binary("bitwise_left_shift"),
       pattern=BROADCAST, ref=np.left_shift)
def bitwise_left_shift(xp, x, y, is_arithmetic=True):
    return xp.left_shift(x, y)


@defop("bitwise_right_shift", "x y", infer_meta=broadcast_binary("bitwise_right_shift"),
       pattern=BROADCAST, ref=np.right_shift)
def bitwise_right_shift(xp, x, y, is_arithmetic=True):
    if is_arithmetic or x.dtype.kind != "i":
        return xp.right_shift(x, y)
    shifted = xp.right_shift(_logical_view(np.ascontiguousarray(x)), y.astype(np.uint64))
    return shifted.astype(_logical_view(x).dtype).view(x.dtype)


bitwise_left_shift.no_grad("integer result")
bitwise_right_shift.no_grad("integer result")


@defop("logical_not", infer_meta=same_shape(_dt.bool_), pattern=ELEMENTWISE,
       ref=np.logical_not)
def logical_not(xp, x):
    return xp.logical_not(x)


logical_not.no_grad("boolean result")


@defop("bitwise_not", infer_meta=same_as("x"), pattern=ELEMENTWISE, ref=np.invert)
def bitwise_not(xp, x):
    return xp.invert(x)


bitwise_not.no_grad("integer result")
