"""Special functions of the `paddle` namespace: gammaln, polygamma, multigammaln, the
regularized incomplete gamma functions, logit, stanh and sinc (with their in-place forms)."""
from __future__ import annotations

import math

from .._core.ops import math_special as S
from .._core.ops import math_unary as MU
from .._core.ops import reduction as R
from .._core.ops import unary as U
from .._core.tensor import Tensor
from ._convert import ensure_tensor, require_tensor
from .math_common import apply_inplace
from .math_promotion import need_tensor, promote_strict


def _require_float(api: str, x: Tensor, allowed: str = "f") -> None:
    if x._data.dtype.kind not in allowed:
        raise TypeError(f"({api}) The data type of x must be floating point, but received "
                        f"{x.dtype.name}")


def gammaln(x, name=None):
    """Elementwise log |Γ(x)| (the same values as paddle.lgamma).

    Example:
        >>> import paddle
        >>> paddle.gammaln(paddle.to_tensor([1., 4.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0.        , 1.79175949])
    """
    require_tensor("gammaln", "x", 0, x)
    return S.lgamma(x)


def polygamma(x, n, name=None):
    """The n-th derivative of the digamma function (n = 0 is digamma itself).

    Example:
        >>> import paddle
        >>> paddle.polygamma(paddle.to_tensor([1., 2.]), 1)
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1.64493406, 0.64493412])
    """
    require_tensor("polygamma", "x", 0, x)
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError(f"(polygamma) The input of n must be int type, but received: "
                        f"{type(n)} ")
    if n < 0:
        raise ValueError(f"(polygamma) The input of n must be greater than or equal to 0. But "
                         f"received n = {n}")
    return S.digamma(x) if n == 0 else S.polygamma(x, n)


def multigammaln(x, p, name=None):
    """Multivariate log-gamma of dimension p: log Γ_p(x) = p(p-1)/4 log π + Σ_j lgamma(x - j/2)
    for j = 0 … p-1.

    Example:
        >>> import paddle
        >>> paddle.multigammaln(paddle.to_tensor([2.5, 4.]), 2)
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0.85704780, 3.56509781])
    """
    require_tensor("multigammaln", "x", 0, x)
    if not isinstance(p, int) or p < 1:
        raise ValueError(f"(multigammaln) The p must be an integer greater than or equal to 1, "
                         f"but received p is {p}.")
    _require_float("multigammaln", x)
    offsets = ensure_tensor([0.5 * j for j in range(1 - p, 1)], x.dtype)
    terms = S.lgamma(x.unsqueeze(-1) + offsets)
    return R.sum_op(terms, (terms.ndim - 1,), None, False) + 0.25 * p * (p - 1) * math.log(
        math.pi)


def _gamma_operands(api: str, x, y):
    need_tensor(x, api, "x")
    need_tensor(y, api, "y")
    if not bool((x >= 0).all()):
        raise ValueError("The input argument x must be greater than or equal to 0.")
    if not bool((y >= 0).all()):
        raise ValueError("The input argument y must be greater than or equal to 0.")
    return promote_strict(x, y, api)


def gammaincc(x, y, name=None):
    """Regularized upper incomplete gamma function Q(x, y) = Γ(x, y) / Γ(x), for x, y ≥ 0.

    Example:
        >>> import paddle
        >>> paddle.gammaincc(paddle.to_tensor([0.5, 1.]), paddle.to_tensor([0.5, 2.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0.31731051, 0.13533528])
    """
    return S.gammaincc(*_gamma_operands("gammaincc", x, y))


def gammainc(x, y, name=None):
    """Regularized lower incomplete gamma function P(x, y) = 1 - Q(x, y), for x, y ≥ 0.

    Example:
        >>> import paddle
        >>> paddle.gammainc(paddle.to_tensor([0.5, 1.]), paddle.to_tensor([0.5, 2.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0.68268949, 0.86466473])
    """
    return 1 - S.gammaincc(*_gamma_operands("gammainc", x, y))


def logit(x, eps=None, name=None):
    """Elementwise log(x / (1 - x)); with eps, x is first clipped to [eps, 1 - eps].

    Example:
        >>> import paddle
        >>> paddle.logit(paddle.to_tensor([0.25, 0.5]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [-1.09861231,  0.        ])
    """
    require_tensor("logit", "x", 0, x)
    return MU.logit(x, float(eps or 0.0))


def stanh(x, scale_a=0.67, scale_b=1.7159, name=None):
    """Scaled tanh: scale_b * tanh(scale_a * x).

    Example:
        >>> import paddle
        >>> paddle.stanh(paddle.to_tensor([0., 1.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0.        , 1.00376701])
    """
    require_tensor("stanh", "x", 0, x)
    return U.tanh(x * scale_a) * scale_b


def sinc(x, name=None):
    """Normalized sinc: sin(πx) / (πx), and 1 at x = 0.

    Example:
        >>> import paddle
        >>> paddle.sinc(paddle.to_tensor([0., 0.5]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1.        , 0.63661975])
    """
    need_tensor(x, "sinc", "x")
    _require_float("sinc", x, "fc")
    return MU.sinc(x)


def gammaln_(x, name=None):
    """In-place version of paddle.gammaln: x is overwritten and returned."""
    return apply_inplace("gammaln_", x, gammaln)


def polygamma_(x, n, name=None):
    """In-place version of paddle.polygamma: x is overwritten and returned."""
    return apply_inplace("polygamma_", x, lambda t: polygamma(t, n))


def multigammaln_(x, p, name=None):
    """In-place version of paddle.multigammaln: x is overwritten and returned."""
    return apply_inplace("multigammaln_", x, lambda t: multigammaln(t, p))


def gammaincc_(x, y, name=None):
    """In-place version of paddle.gammaincc: x is overwritten and returned."""
    return apply_inplace("gammaincc_", x, lambda t: gammaincc(t, y))


def gammainc_(x, y, name=None):
    """In-place version of paddle.gammainc: x is overwritten and returned."""
    return apply_inplace("gammainc_", x, lambda t: gammainc(t, y))


def logit_(x, eps=None, name=None):
    """In-place version of paddle.logit: x is overwritten and returned."""
    return apply_inplace("logit_", x, lambda t: logit(t, eps))


def sinc_(x, name=None):
    """In-place version of paddle.sinc: x is overwritten and returned."""
    return apply_inplace("sinc_", x, sinc)


__all__ = ["gammaln", "polygamma", "multigammaln", "gammaincc", "gammainc", "logit", "stanh",
           "sinc", "gammaln_", "polygamma_", "multigammaln_", "gammaincc_", "gammainc_",
           "logit_", "sinc_"]
