"""Binary elementwise ops beyond arithmetic: heaviside, copysign, nextafter, gcd/lcm, and the
n-ary add_n and multiplex. Operands arrive with one dtype (the public layer promotes)."""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta, broadcast_binary
from . import _kernel_utils as K
from ._grad_utils import sum_to_shape
from .binary import where
from .unary import sign
from .registry import BROADCAST, ELEMENTWISE, OPAQUE, defop


def _heaviside_ref(x, y):
    return np.where(x == 0, y, (x > 0).astype(x.dtype))


@defop("heaviside", "x y", infer_meta=broadcast_binary("heaviside"), pattern=BROADCAST,
       ref=_heaviside_ref)
def heaviside(xp, x, y):
    """y where x == 0, else 1 for x > 0 and 0 otherwise (so NaN gives 0, as in Paddle)."""
    x, y = xp.broadcast_arrays(x, y)
    return xp.where(x == 0, y, (x > 0).astype(x.dtype))


@heaviside.grad(save="x")
def _(ctx, g):
    need_x, need_y = ctx.needs_grad
    hit = (ctx.x == 0).astype(g.dtype)
    return (sum_to_shape(g * 0, ctx.x.shape) if need_x else None,
            sum_to_shape(g * hit, ctx.y.shape) if need_y else None)


def _copysign(x, y):
    if x.dtype == np.bool_:  # a bool has no sign to copy
        return np.broadcast_to(x, np.broadcast_shapes(x.shape, y.shape)).copy()
    if x.dtype.kind in "iu":
        return np.where(np.signbit(y), -np.abs(x), np.abs(x)).astype(x.dtype)
    return K.same_dtype_math(np.copysign, x, y)


@defop("copysign", "x y", infer_meta=broadcast_binary("copysign"), pattern=BROADCAST,
       ref=np.copysign)
def copysign(xp, x, y):
    """|x| with the sign bit of y (integers keep their dtype; -0.0 counts as negative)."""
    return _copysign(x, y)


@copysign.grad(save="x y")
def _(ctx, g):
    # d(|x|·s)/dx = sign(x)·s, where s = ±1 is y's sign bit; 0 at x == 0
    need_x, need_y = ctx.needs_grad
    x = ctx.x
    direction = sign(x) * copysign(x * 0 + 1, ctx.y)
    return (sum_to_shape(g * direction, x.shape) if need_x else None,
            sum_to_shape(g * 0, ctx.y.shape) if need_y else None)


@defop("nextafter", "x y", infer_meta=broadcast_binary("nextafter"), pattern=BROADCAST,
       ref=np.nextafter)
def nextafter(xp, x, y):
    if x.dtype.kind not in "f":
        raise TypeError(f"(nextafter) x and y must be float32 or float64 tensors, but received "
                        f"{_dt.from_numpy_dtype(x.dtype).name}")
    return K.same_dtype_math(xp.nextafter, x, y)


nextafter.no_grad("piecewise constant in y and the identity up to rounding in x")


def _float_gcd(x, y):
    """Euclid's algorithm on |x|, |y| with fmod, for floating inputs (Paddle accepts them)."""
    a, b = np.abs(x), np.abs(y)
    a, b = np.maximum(a, b), np.minimum(a, b)
    live = b != 0
    while live.any():
        rest = np.fmod(a, np.where(live, b, 1))
        a = np.where(live, b, a)
        b = np.where(live, rest, 0)
        live = b != 0
    return a


def _gcd(x, y):
    x, y = np.broadcast_arrays(x, y)
    if x.dtype.kind in "iu":
        return np.gcd(x, y)
    if x.dtype.kind == "b":
        raise TypeError("(gcd) x and y must be integer or floating tensors, but received bool")
    return K.same_dtype_math(_float_gcd, x, y)


@defop("gcd", "x y", infer_meta=broadcast_binary("gcd"), pattern=BROADCAST, ref=np.gcd)
def gcd(xp, x, y):
    return _gcd(x, y)


gcd.no_grad("integer-valued")


@defop("lcm", "x y", infer_meta=broadcast_binary("lcm"), pattern=BROADCAST, ref=np.lcm)
def lcm(xp, x, y):
    """|x·y| // gcd(x, y), and 0 where the gcd is 0."""
    divisor = _gcd(x, y)
    zero = divisor == 0
    safe = np.where(zero, 1, divisor).astype(divisor.dtype)
    product = np.abs(K.same_dtype_math(np.multiply, *np.broadcast_arrays(x, y)))
    quotient = K.same_dtype_math(np.floor_divide, product, safe)
    return np.where(zero, 0, quotient).astype(divisor.dtype)


lcm.no_grad("integer-valued")


def _add_n_meta(inputs):
    first = inputs[0]
    for i, t in enumerate(inputs[1:], 1):
        if t.dtype is not first.dtype:
            raise ValueError(f"(add_n) All inputs must have the same dtype, but inputs[0] is "
                             f"{first.dtype.name} and inputs[{i}] is {t.dtype.name}")
        if t.shape != first.shape:
            raise ValueError(f"(add_n) The input tensor X of AddNOp must have same shape. But "
                             f"received X[0]'s shape = {list(first.shape)}, X[{i}]'s shape = "
                             f"{list(t.shape)}.")
    return TensorMeta(first.shape, first.dtype)


@defop("add_n", "inputs", infer_meta=_add_n_meta, pattern=ELEMENTWISE, list_inputs=("inputs",),
       ref=lambda inputs: np.sum(np.stack(inputs), axis=0).astype(inputs[0].dtype))
def add_n(xp, inputs):
    _add_n_meta([TensorMeta(a.shape, _dt.from_numpy_dtype(a.dtype)) for a in inputs])
    total = inputs[0].copy()
    for a in inputs[1:]:
        total += a
    return total


@add_n.grad()
def _(ctx, g):
    return ([g if need else None for need in ctx.needs_grad[0]],)


def _multiplex_meta(inputs, index):
    if index.dtype is not _dt.int32:
        raise ValueError(f"(multiplex) The index must be an int32 tensor, but received "
                         f"{index.dtype.name}")
    if len(index.shape) != 2:
        raise RuntimeError(f"(multiplex) The index tensor must be a vector with 2 dimensions, "
                           f"but received shape {list(index.shape)}")
    return TensorMeta(inputs[0].shape, inputs[0].dtype)


@defop("multiplex", "inputs index", infer_meta=_multiplex_meta, pattern=OPAQUE,
       list_inputs=("inputs",),
       ref=lambda inputs, index: np.stack(inputs)[index[:, 0], np.arange(len(index))])
def multiplex(xp, inputs, index):
    """Row i of the result is row i of inputs[index[i, 0]]."""
    _multiplex_meta([TensorMeta(inputs[0].shape, _dt.from_numpy_dtype(inputs[0].dtype))],
                    TensorMeta(index.shape, _dt.from_numpy_dtype(index.dtype)))
    rows = index.reshape(-1)
    if rows.size and (rows.min() < 0 or rows.max() >= len(inputs)):
        raise RuntimeError("(multiplex) index exceeds the number of candidate tensors: got "
                           f"{rows.tolist()} for {len(inputs)} inputs.")
    return xp.stack(inputs)[rows, xp.arange(rows.size)]


@multiplex.grad(save="index")
def _(ctx, g):
    from .manipulation import reshape
    picks = reshape(ctx.index, [-1] + [1] * (len(g.shape) - 1))
    zeros = g * 0
    grads = [where(picks == k, g, zeros) if need else None
             for k, need in enumerate(ctx.needs_grad[0])]
    return grads, None


def _isin_meta(x, test_x, assume_unique=False, invert=False):
    return TensorMeta(x.shape, _dt.bool_)


@defop("isin", "x test_x", infer_meta=_isin_meta, pattern=OPAQUE, ref=np.isin)
def isin(xp, x, test_x, assume_unique=False, invert=False):
    return xp.isin(x, test_x, assume_unique=assume_unique, invert=invert)


isin.no_grad("boolean result")


def _isclose_meta(x, y, rtol=1e-05, atol=1e-08, equal_nan=False):
    if len(x.shape) != len(y.shape):
        raise RuntimeError("(isclose) Input(Input) and Input(Other) must have the same "
                           f"dimension size, but received {list(x.shape)} and {list(y.shape)}.")
    if x.dtype is not y.dtype:
        raise ValueError(f"(isclose) x and y must have the same dtype, but received "
                         f"{x.dtype.name} and {y.dtype.name}")
    for i, (a, b) in enumerate(zip(x.shape, y.shape)):
        if a != b and -1 not in (a, b):
            raise RuntimeError(f"(isclose) The value at dim {i} of Input(Input) is not equal "
                               f"to the Input(Other): {a} != {b}.")
    return TensorMeta(x.shape, _dt.bool_)


@defop("isclose", "x y", infer_meta=_isclose_meta, pattern=ELEMENTWISE, ref=np.isclose)
def isclose(xp, x, y, rtol=1e-05, atol=1e-08, equal_nan=False):
    """x == y or |x - y| <= atol + rtol·|y|, literally (so -inf is close to inf, whose
    tolerance is infinite, as in Paddle); same shapes, no broadcasting."""
    _isclose_meta(TensorMeta(x.shape, _dt.from_numpy_dtype(x.dtype)),
                  TensorMeta(y.shape, _dt.from_numpy_dtype(y.dtype)))
    with np.errstate(invalid="ignore"):
        close = (x == y) | (xp.abs(x - y) <= atol + rtol * xp.abs(y))
    if equal_nan:
        close |= xp.isnan(x) & xp.isnan(y)
    return close


isclose.no_grad("boolean result")
