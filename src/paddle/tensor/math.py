"""Elementwise math of the `paddle` namespace: arithmetic with Paddle's type promotion, unary
functions, and their in-place `_` forms."""
from __future__ import annotations

from .._core import dispatch
from .._core import dtype as _dt
from .._core.ops import binary as B
from .._core.ops import unary as U
from .._core.tensor import Tensor
from ._convert import cast_to, ensure_tensor, promote_pair, require_tensor, scalar_tensor


def _write_out(result: Tensor, out: Tensor | None) -> Tensor:
    """Paddle 3.3's `out=` keyword: store the result in an existing tensor and return it."""
    if out is None:
        return result
    if not isinstance(out, Tensor):
        raise TypeError(f"out must be a Tensor, but received {type(out).__name__}")
    out._data = result._data
    out._node = result._node
    out._out_idx = result._out_idx
    out.stop_gradient = result.stop_gradient
    out._version += 1
    return out


def _binary(op, x, y, out=None):
    """Operator path: numbers are accepted on either side and promoted as Paddle does."""
    x, y = promote_pair(x, y, op.name)
    return _write_out(op(x, y), out)


def _tensor_binary(api, op, x, y, out=None):
    """Functional path (`paddle.add(x, y)`): both operands must be Tensors, as in Paddle."""
    require_tensor(api, "x", 0, x)
    require_tensor(api, "y", 1, y)
    return _binary(op, x, y, out)


def _inplace_binary(op, x: Tensor, y):
    if isinstance(y, Tensor):
        y = cast_to(y, x.dtype) if y._data.dtype != x._data.dtype else y
    else:
        y = scalar_tensor(y, x.dtype) if not isinstance(y, (list, tuple)) else ensure_tensor(
            y, x.dtype)
    return dispatch.call_inplace(op, x, (x, y), ())


def add(x, y, name=None, *, alpha=1, out=None):
    """Elementwise x + alpha * y with broadcasting and Paddle's type promotion.

    Example:
        >>> import paddle
        >>> paddle.add(paddle.to_tensor([1., 2.]), paddle.to_tensor([3., 4.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [4., 6.])
    """
    if alpha != 1:
        y = _binary(B.multiply, y, alpha)
    return _tensor_binary("add", B.add, x, y, out)


def subtract(x, y, name=None, *, alpha=1, out=None):
    """Elementwise x - alpha * y."""
    if alpha != 1:
        y = _binary(B.multiply, y, alpha)
    return _tensor_binary("subtract", B.subtract, x, y, out)


def multiply(x, y, name=None, *, out=None):
    """Elementwise x * y."""
    return _tensor_binary("multiply", B.multiply, x, y, out)


def divide(x, y, name=None, *, rounding_mode=None, out=None):
    """Elementwise true division; integer inputs give the default float dtype."""
    require_tensor("divide", "x", 0, x)
    require_tensor("divide", "y", 1, y)
    return _true_divide(x, y, rounding_mode, out)


def _true_divide(x, y, rounding_mode=None, out=None):
    """Division for the `/` operator and paddle.divide: integers divide into the default float,
    bools stay bool (integer division), as in Paddle."""
    if rounding_mode == "floor":
        return floor_divide(x, y, out=out)
    x, y = promote_pair(x, y, "divide")
    if rounding_mode == "trunc":
        return _write_out(B.divide(x, y), out) if x.dtype.kind in "biu" else \
            _write_out(U.trunc(B.divide(x, y)), out)
    if x.dtype.kind in "iu":
        target = _dt.default_float()
        x, y = cast_to(x, target), cast_to(y, target)
    return _write_out(B.divide(x, y), out)


def floor_divide(x, y, name=None, *, out=None):
    """Elementwise floor(x / y)."""
    return _binary(B.floor_divide, x, y, out)


def remainder(x, y, name=None, *, out=None):
    """Elementwise x mod y with the sign of y (Python's %)."""
    return _binary(B.remainder, x, y, out)


mod = remainder
floor_mod = remainder


def pow(x, y, name=None, *, out=None):  # noqa: A001 - Paddle's public name
    """x raised to y: a scalar exponent keeps x's dtype; a tensor exponent broadcasts."""
    if isinstance(y, Tensor):
        return _binary(B.elementwise_pow, x, y, out)
    x = ensure_tensor(x)
    return _write_out(B.pow_op(x, y), out)


def maximum(x, y, name=None, *, out=None):
    """Elementwise maximum (NaN propagates)."""
    return _tensor_binary("maximum", B.maximum, x, y, out)


def minimum(x, y, name=None, *, out=None):
    """Elementwise minimum (NaN propagates)."""
    return _tensor_binary("minimum", B.minimum, x, y, out)


def fmax(x, y, name=None, *, out=None):
    """Elementwise maximum ignoring NaN."""
    return _tensor_binary("fmax", B.fmax, x, y, out)


def fmin(x, y, name=None, *, out=None):
    """Elementwise minimum ignoring NaN."""
    return _tensor_binary("fmin", B.fmin, x, y, out)


def atan2(x, y, name=None, *, out=None):
    """Elementwise arctangent of x / y using the signs of both."""
    x, y = promote_pair(x, y, "atan2")
    return _write_out(B.atan2(x, y), out)


def _unary(op, doc: str):
    def fn(x, name=None, *, out=None):
        return _write_out(op(ensure_tensor(x)), out)
    fn.__name__ = op.name
    fn.__qualname__ = op.name
    fn.__doc__ = doc
    return fn


exp = _unary(U.exp, "Elementwise e ** x.")
expm1 = _unary(U.expm1, "Elementwise e ** x - 1.")
log = _unary(U.log, "Elementwise natural logarithm.")
log2 = _unary(U.log2, "Elementwise base-2 logarithm.")
log10 = _unary(U.log10, "Elementwise base-10 logarithm.")
log1p = _unary(U.log1p, "Elementwise log(1 + x).")
sqrt = _unary(U.sqrt, "Elementwise square root.")
rsqrt = _unary(U.rsqrt, "Elementwise 1 / sqrt(x).")
reciprocal = _unary(U.reciprocal, "Elementwise 1 / x.")
sin = _unary(U.sin, "Elementwise sine.")
cos = _unary(U.cos, "Elementwise cosine.")
tan = _unary(U.tan, "Elementwise tangent.")
asin = _unary(U.asin, "Elementwise arcsine.")
acos = _unary(U.acos, "Elementwise arccosine.")
atan = _unary(U.atan, "Elementwise arctangent.")
sinh = _unary(U.sinh, "Elementwise hyperbolic sine.")
cosh = _unary(U.cosh, "Elementwise hyperbolic cosine.")
tanh = _unary(U.tanh, "Elementwise hyperbolic tangent.")
asinh = _unary(U.asinh, "Elementwise inverse hyperbolic sine.")
acosh = _unary(U.acosh, "Elementwise inverse hyperbolic cosine.")
atanh = _unary(U.atanh, "Elementwise inverse hyperbolic tangent.")
erf = _unary(U.erf, "Elementwise error function.")
erfinv = _unary(U.erfinv, "Elementwise inverse error function.")
lgamma = _unary(U.lgamma, "Elementwise log |Gamma(x)|.")
digamma = _unary(U.digamma, "Elementwise digamma (derivative of lgamma).")
i0 = _unary(U.i0, "Modified Bessel function of the first kind, order 0.")
i0e = _unary(U.i0e, "Exponentially scaled Bessel function i0.")
i1 = _unary(U.i1, "Modified Bessel function of the first kind, order 1.")
i1e = _unary(U.i1e, "Exponentially scaled Bessel function i1.")
abs = _unary(U.abs_op, "Elementwise absolute value.")  # noqa: A001
neg = _unary(U.neg, "Elementwise negation.")
square = _unary(U.square, "Elementwise x * x.")
sign = _unary(U.sign, "Elementwise sign (-1, 0 or 1).")
floor = _unary(U.floor, "Elementwise floor.")
ceil = _unary(U.ceil, "Elementwise ceiling.")
trunc = _unary(U.trunc, "Elementwise truncation toward zero.")
isnan = _unary(U.isnan, "Elementwise test for NaN.")
isinf = _unary(U.isinf, "Elementwise test for ±inf.")
isfinite = _unary(U.isfinite, "Elementwise test for finite values.")


def sigmoid(x, name=None):
    """Elementwise logistic sigmoid 1 / (1 + e ** -x)."""
    return U.sigmoid(ensure_tensor(x))


def round(x, decimals=0, name=None, *, out=None):  # noqa: A001
    """Elementwise rounding half away from zero (to `decimals` places)."""
    return _write_out(U.round_op(ensure_tensor(x), decimals), out)


def _inplace_unary(op):
    def fn(x, name=None):
        return dispatch.call_inplace(op, x, (x,), ())
    fn.__name__ = op.name + "_"
    fn.__doc__ = f"In-place version of {op.name}; returns x."
    return fn


exp_ = _inplace_unary(U.exp)
sqrt_ = _inplace_unary(U.sqrt)
rsqrt_ = _inplace_unary(U.rsqrt)
reciprocal_ = _inplace_unary(U.reciprocal)
floor_ = _inplace_unary(U.floor)
ceil_ = _inplace_unary(U.ceil)
tanh_ = _inplace_unary(U.tanh)
abs_ = _inplace_unary(U.abs_op)
neg_ = _inplace_unary(U.neg)
sin_ = _inplace_unary(U.sin)
cos_ = _inplace_unary(U.cos)
log_ = _inplace_unary(U.log)
sigmoid_ = _inplace_unary(U.sigmoid)
square_ = _inplace_unary(U.square)
trunc_ = _inplace_unary(U.trunc)


def round_(x, decimals=0, name=None):
    return dispatch.call_inplace(U.round_op, x, (x,), (decimals,))


def add_(x, y, name=None):
    """In-place x += y; returns x."""
    return _inplace_binary(B.add, x, y)


def subtract_(x, y, name=None):
    """In-place x -= y; returns x."""
    return _inplace_binary(B.subtract, x, y)


def multiply_(x, y, name=None):
    """In-place x *= y; returns x."""
    return _inplace_binary(B.multiply, x, y)


def divide_(x, y, name=None):
    """In-place x /= y; returns x."""
    return _inplace_binary(B.divide, x, y)


def floor_divide_(x, y, name=None):
    return _inplace_binary(B.floor_divide, x, y)


def remainder_(x, y, name=None):
    return _inplace_binary(B.remainder, x, y)


mod_ = remainder_
floor_mod_ = remainder_


def pow_(x, y, name=None):
    if isinstance(y, Tensor):
        return _inplace_binary(B.elementwise_pow, x, y)
    return dispatch.call_inplace(B.pow_op, x, (x,), (y,))


def maximum_(x, y, name=None):
    return _inplace_binary(B.maximum, x, y)


def minimum_(x, y, name=None):
    return _inplace_binary(B.minimum, x, y)


def scale(x, scale=1.0, bias=0.0, bias_after_scale=True, act=None, name=None):
    """scale * x + bias (or scale * (x + bias) when bias_after_scale is False)."""
    x = ensure_tensor(x)
    if isinstance(scale, Tensor):
        scale = scale.item()
    out = U.scale(x, float(scale), float(bias), bool(bias_after_scale))
    if act is not None:
        from .. import nn
        out = getattr(nn.functional, act)(out)
    return out


def scale_(x, scale=1.0, bias=0.0, bias_after_scale=True, act=None, name=None):
    """In-place scale; returns x."""
    if isinstance(scale, Tensor):
        scale = scale.item()
    return dispatch.call_inplace(U.scale, x, (x,), (float(scale), float(bias),
                                                     bool(bias_after_scale)))


__all__ = [
    "add", "subtract", "multiply", "divide", "floor_divide", "remainder", "mod", "floor_mod",
    "pow", "maximum", "minimum", "fmax", "fmin", "atan2", "exp", "expm1", "log", "log2",
    "log10", "log1p", "sqrt", "rsqrt", "reciprocal", "sin", "cos", "tan", "asin", "acos",
    "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "erf", "erfinv", "lgamma",
    "digamma", "i0", "i0e", "i1", "i1e", "abs", "neg", "square", "sign", "floor", "ceil",
    "trunc", "isnan", "isinf", "isfinite", "sigmoid", "round", "exp_", "sqrt_", "rsqrt_",
    "reciprocal_", "floor_", "ceil_", "tanh_", "abs_", "neg_", "sin_", "cos_", "log_",
    "sigmoid_", "square_", "trunc_", "round_", "add_", "subtract_", "multiply_", "divide_",
    "floor_divide_", "remainder_", "mod_", "floor_mod_", "pow_", "maximum_", "minimum_",
    "scale", "scale_",
]
