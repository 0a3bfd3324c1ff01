"""Elementwise unary functions of the `paddle` namespace (exp, sin, floor, isnan, …), round,
scale, and the in-place forms of the unary ops."""
from __future__ import annotations

from .._core.ops import math_special as S
from .._core.ops import unary as U
from .._core.tensor import Tensor
from ._convert import require_tensor
from .math_common import apply_inplace, write_out


def _unary(op, doc: str, name: str | None = None, out: bool = True, arg: str = "x"):
    """The public function for a one-input op, with Paddle's signature: `(x, name=None)`, plus
    `*, out=None` where Paddle 3.3 has it (`input` instead of `x` for trunc)."""
    api = name or op.name
    # Like Paddle's generated bindings, these take Tensors only (lists, arrays and numbers
    # are a ValueError naming the argument).
    if out:
        def fn(x, name=None, *, out=None):
            require_tensor(api, "x", 0, x)
            return write_out(op(x), out)
    elif arg == "input":
        def fn(input, name=None):  # noqa: A002 - Paddle's parameter name
            require_tensor(api, "input", 0, input)
            return op(input)
    else:
        def fn(x, name=None):
            require_tensor(api, "x", 0, x)
            return op(x)
    fn.__name__ = fn.__qualname__ = api
    fn.__doc__ = doc
    return fn


def _doc(summary: str, call: str, result: str) -> str:
    return (f"{summary}\n\n    Example:\n        >>> import paddle\n        >>> {call}\n"
            + "".join(f"        {line}\n" for line in result.splitlines()))


def _float_doc(summary: str, name: str, values: str, shape: int, printed: str) -> str:
    header = (f"Tensor(shape=[{shape}], dtype=float32, place=Place(cpu), stop_gradient=True,\n"
              f"       {printed})")
    return _doc(summary, f"paddle.{name}(paddle.to_tensor({values}))", header)


exp = _unary(U.exp, _float_doc("Elementwise e ** x.", "exp", "[0., 1.]", 2,
                               "[1.        , 2.71828175]"))
expm1 = _unary(U.expm1, _float_doc("Elementwise e ** x - 1, accurate near 0.", "expm1",
                                   "[0., 1.]", 2, "[0.        , 1.71828187]"))
log = _unary(U.log, _float_doc("Elementwise natural logarithm.", "log", "[1., 4.]", 2,
                               "[0.        , 1.38629436]"))
log2 = _unary(U.log2, _float_doc("Elementwise base-2 logarithm.", "log2", "[1., 8.]", 2,
                                 "[0., 3.]"))
log10 = _unary(U.log10, _float_doc("Elementwise base-10 logarithm.", "log10", "[1., 100.]", 2,
                                   "[0., 2.]"))
log1p = _unary(U.log1p, _float_doc("Elementwise log(1 + x), accurate near 0.", "log1p",
                                   "[0., 1.]", 2, "[0.        , 0.69314718]"))
sqrt = _unary(U.sqrt, _float_doc("Elementwise square root.", "sqrt", "[4., 9.]", 2, "[2., 3.]"))
rsqrt = _unary(U.rsqrt, _float_doc("Elementwise 1 / sqrt(x).", "rsqrt", "[4., 16.]", 2,
                                   "[0.50000000, 0.25000000]"))
reciprocal = _unary(U.reciprocal, _float_doc("Elementwise 1 / x.", "reciprocal", "[2., 4.]",
                                             2, "[0.50000000, 0.25000000]"), out=False)
sin = _unary(U.sin, _float_doc("Elementwise sine.", "sin", "[0., 1.]", 2,
                               "[0.        , 0.84147096]"))
cos = _unary(U.cos, _float_doc("Elementwise cosine.", "cos", "[0., 1.]", 2,
                               "[1.        , 0.54030228]"))
tan = _unary(U.tan, _float_doc("Elementwise tangent.", "tan", "[0., 1.]", 2,
                               "[0.        , 1.55740774]"), out=False)
asin = _unary(U.asin, _float_doc("Elementwise arcsine.", "asin", "[0., 1.]", 2,
                                 "[0.        , 1.57079637]"), out=False)
acos = _unary(U.acos, _float_doc("Elementwise arccosine.", "acos", "[1., 0.]", 2,
                                 "[0.        , 1.57079637]"))
atan = _unary(U.atan, _float_doc("Elementwise arctangent.", "atan", "[0., 1.]", 2,
                                 "[0.        , 0.78539819]"), out=False)
sinh = _unary(U.sinh, _float_doc("Elementwise hyperbolic sine.", "sinh", "[0., 1.]", 2,
                                 "[0.        , 1.17520118]"))
cosh = _unary(U.cosh, _float_doc("Elementwise hyperbolic cosine.", "cosh", "[0., 1.]", 2,
                                 "[1.        , 1.54308057]"))
tanh = _unary(U.tanh, _float_doc("Elementwise hyperbolic tangent.", "tanh", "[0., 1.]", 2,
                                 "[0.        , 0.76159418]"))
asinh = _unary(U.asinh, _float_doc("Elementwise inverse hyperbolic sine.", "asinh", "[0., 1.]",
                                   2, "[0.        , 0.88137358]"), out=False)
acosh = _unary(U.acosh, _float_doc("Elementwise inverse hyperbolic cosine.", "acosh",
                                   "[1., 2.]", 2, "[0.        , 1.31695795]"))
atanh = _unary(U.atanh, _float_doc("Elementwise inverse hyperbolic tangent.", "atanh",
                                   "[0., 0.5]", 2, "[0.        , 0.54930615]"))
erf = _unary(S.erf, _float_doc("Elementwise error function.", "erf", "[0., 1.]", 2,
                               "[0.        , 0.84270078]"), out=False)
erfinv = _unary(S.erfinv, _float_doc("Elementwise inverse error function (±inf outside "
                                     "[-1, 1]).", "erfinv", "[0., 0.5]", 2,
                                     "[0.        , 0.47693628]"), out=False)
lgamma = _unary(S.lgamma, _float_doc("Elementwise log |Γ(x)|.", "lgamma", "[1., 4.]", 2,
                                     "[0.        , 1.79175949]"), out=False)
digamma = _unary(S.digamma, _float_doc("Elementwise digamma ψ(x), the derivative of lgamma.",
                                       "digamma", "[1., 2.]", 2,
                                       "[-0.57721567,  0.42278433]"), out=False)
i0 = _unary(S.i0, _float_doc("Modified Bessel function of the first kind, order 0.", "i0",
                             "[0., 1.]", 2, "[0.99999994, 1.26606596]"), out=False)
i0e = _unary(S.i0e, _float_doc("Exponentially scaled i0: exp(-|x|) i0(x).", "i0e", "[0., 1.]",
                               2, "[0.99999994, 0.46575963]"), out=False)
i1 = _unary(S.i1, _float_doc("Modified Bessel function of the first kind, order 1.", "i1",
                             "[0., 1.]", 2, "[0.        , 0.56515908]"), out=False)
i1e = _unary(S.i1e, _float_doc("Exponentially scaled i1: exp(-|x|) i1(x).", "i1e", "[0., 1.]",
                               2, "[0.        , 0.20791042]"), out=False)
abs = _unary(U.abs_op, _float_doc("Elementwise absolute value (|z| for complex z).", "abs",  # noqa: A001
                                  "[-1., 2.]", 2, "[1., 2.]"), name="abs")
neg = _unary(U.neg, _float_doc("Elementwise negation (bool tensors stay unchanged).", "neg",
                               "[-1., 2.]", 2, "[ 1., -2.]"), out=False)
square = _unary(U.square, _float_doc("Elementwise x * x.", "square", "[-1., 2.]", 2,
                                     "[1., 4.]"), out=False)
sign = _unary(U.sign, _float_doc("Elementwise sign: -1, 0 or 1 (z / |z| for complex z).",
                                 "sign", "[-3., 0.]", 2, "[-1.,  0.]"))
floor = _unary(U.floor, _float_doc("Elementwise floor (integers are returned unchanged).",
                                   "floor", "[-1.5, 1.5]", 2, "[-2.,  1.]"))
ceil = _unary(U.ceil, _float_doc("Elementwise ceiling (integers are returned unchanged).",
                                 "ceil", "[-1.5, 1.5]", 2, "[-1.,  2.]"))
trunc = _unary(U.trunc, _float_doc("Elementwise rounding toward zero.", "trunc", "[-1.5, 1.5]",
                                   2, "[-1.,  1.]"), out=False, arg="input")


def _predicate_doc(summary: str, name: str, values: str, printed: str) -> str:
    return _doc(summary, f"paddle.{name}(paddle.to_tensor({values}))",
                "Tensor(shape=[2], dtype=bool, place=Place(cpu), stop_gradient=True,\n"
                f"       {printed})")


isnan = _unary(U.isnan, _predicate_doc("Elementwise test for NaN.", "isnan",
                                        "[1., float('nan')]", "[False, True ]"), out=False)
isinf = _unary(U.isinf, _predicate_doc("Elementwise test for ±inf.", "isinf",
                                        "[1., float('inf')]", "[False, True ]"), out=False)
isfinite = _unary(U.isfinite, _predicate_doc("Elementwise test for finite values.", "isfinite",
                                              "[1., float('inf')]", "[True , False]"),
                  out=False)


def sigmoid(x, name=None, *, out=None):
    """Elementwise logistic sigmoid 1 / (1 + e ** -x).

    Example:
        >>> import paddle
        >>> paddle.sigmoid(paddle.to_tensor([0., 2.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0.50000000, 0.88079709])
    """
    require_tensor("sigmoid", "x", 0, x)
    return write_out(U.sigmoid(x), out)


def round(x, decimals=0, name=None, *, out=None):  # noqa: A001 - Paddle's public name
    """Elementwise rounding to `decimals` places, halves to even (2.5 -> 2).

    Example:
        >>> import paddle
        >>> paddle.round(paddle.to_tensor([-2.5, 0.5, 1.26]))
        Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [-2.,  0.,  1.])
    """
    require_tensor("round", "x", 0, x)
    return write_out(U.round_op(x, int(decimals)), out)


def scale(x, scale=1.0, bias=0.0, bias_after_scale=True, act=None, name=None):
    """scale * x + bias, or scale * (x + bias) when bias_after_scale is False; integer x takes
    scale and bias converted to its dtype first, as Paddle does.

    Example:
        >>> import paddle
        >>> paddle.scale(paddle.to_tensor([1., 2.]), scale=2.0, bias=1.0)
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [3., 5.])
    """
    require_tensor("scale", "x", 0, x)
    if isinstance(scale, Tensor):
        scale = scale.item()
    out = U.scale(x, float(scale), float(bias), bool(bias_after_scale))
    if act is not None:
        from ..nn import functional
        out = getattr(functional, act)(out)
    return out


def _inplace_unary(fn, api: str, arg: str = "x"):
    """`x.exp_()`: the function's result written back into x."""
    if arg == "input":
        def inplace(input, name=None):  # noqa: A002 - Paddle's parameter name
            return apply_inplace(api, input, fn)
    else:
        def inplace(x, name=None):
            return apply_inplace(api, x, fn)
    inplace.__name__ = inplace.__qualname__ = api
    inplace.__doc__ = f"In-place version of paddle.{api[:-1]}: x is overwritten and returned."
    return inplace


_scale = scale


def round_(x, decimals=0, name=None):
    """In-place version of paddle.round: x is overwritten and returned."""
    return apply_inplace("round_", x, lambda t: round(t, decimals))


def scale_(x, scale=1.0, bias=0.0, bias_after_scale=True, act=None, name=None):
    """In-place version of paddle.scale: x is overwritten and returned."""
    return apply_inplace("scale_", x, lambda t: _scale(t, scale, bias, bias_after_scale, act))


exp_ = _inplace_unary(exp, "exp_")
expm1_ = _inplace_unary(expm1, "expm1_")
log_ = _inplace_unary(log, "log_")
log2_ = _inplace_unary(log2, "log2_")
log10_ = _inplace_unary(log10, "log10_")
log1p_ = _inplace_unary(log1p, "log1p_")
sqrt_ = _inplace_unary(sqrt, "sqrt_")
rsqrt_ = _inplace_unary(rsqrt, "rsqrt_")
reciprocal_ = _inplace_unary(reciprocal, "reciprocal_")
sin_ = _inplace_unary(sin, "sin_")
cos_ = _inplace_unary(cos, "cos_")
tan_ = _inplace_unary(tan, "tan_")
asin_ = _inplace_unary(asin, "asin_")
acos_ = _inplace_unary(acos, "acos_")
atan_ = _inplace_unary(atan, "atan_")
sinh_ = _inplace_unary(sinh, "sinh_")
cosh_ = _inplace_unary(cosh, "cosh_")
tanh_ = _inplace_unary(tanh, "tanh_")
asinh_ = _inplace_unary(asinh, "asinh_")
acosh_ = _inplace_unary(acosh, "acosh_")
atanh_ = _inplace_unary(atanh, "atanh_")
erf_ = _inplace_unary(erf, "erf_")
erfinv_ = _inplace_unary(erfinv, "erfinv_")
lgamma_ = _inplace_unary(lgamma, "lgamma_")
digamma_ = _inplace_unary(digamma, "digamma_")
i0_ = _inplace_unary(i0, "i0_")
abs_ = _inplace_unary(abs, "abs_")
neg_ = _inplace_unary(neg, "neg_")
square_ = _inplace_unary(square, "square_")
floor_ = _inplace_unary(floor, "floor_")
ceil_ = _inplace_unary(ceil, "ceil_")
sigmoid_ = _inplace_unary(sigmoid, "sigmoid_")
trunc_ = _inplace_unary(trunc, "trunc_", arg="input")

__all__ = [
    "exp", "expm1", "log", "log2", "log10", "log1p", "sqrt", "rsqrt", "reciprocal", "sin",
    "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
    "erf", "erfinv", "lgamma", "digamma", "i0", "i0e", "i1", "i1e", "abs", "neg", "square",
    "sign", "floor", "ceil", "trunc", "isnan", "isinf", "isfinite", "sigmoid", "round", "scale",
    "expm1_", "log_", "log2_", "log10_", "log1p_", "sin_", "cos_", "tan_", "asin_", "acos_",
    "atan_", "sinh_", "cosh_", "tanh_", "asinh_", "acosh_", "atanh_", "erf_", "lgamma_",
    "digamma_", "i0_", "abs_", "neg_", "square_", "trunc_",
]
# Paddle has these only as Tensor methods, not as paddle.* functions.
METHOD_ONLY = ["exp_", "sqrt_", "rsqrt_", "reciprocal_", "floor_", "ceil_", "sigmoid_",
               "erfinv_", "round_", "scale_"]
# And these only as paddle.* functions.
NOT_METHODS = {"erf_", "expm1_"}
