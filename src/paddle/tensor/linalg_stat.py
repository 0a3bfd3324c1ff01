"""Covariance and correlation matrices of `paddle.linalg` (rows are variables by default)."""
from __future__ import annotations

import numpy as np

from .._core.ops.linalg_checks import prim
from .._core.tensor import Tensor, wrap
from ._convert import require_tensor
from .linalg_common import float_input


def _observations(api, x, rowvar):
    x = float_input(api, x)
    if not 1 <= x.ndim <= 2:
        raise ValueError(f"({api}) Input(x) only support N-D (1<=N<=2) tensor in {api}, but "
                         f"received length of Input(input) is {x.ndim}.")
    if x.dtype.kind == "c":
        raise TypeError(f"({api}) The input must be float32 or float64, but received "
                        f"{x.dtype.name}.")
    rows = x.reshape([1, -1]) if x.ndim == 1 else x
    return rows if rowvar or rows.shape[0] == 1 else rows.mT


def _weights(name, weights, count, dtype, integral):
    if weights is None:
        return None
    w = weights if isinstance(weights, Tensor) else wrap(np.asarray(weights))
    if w.ndim > 1:
        raise ValueError(f"(cov) Input({name}) only support N-D (N<=1) tensor in cov, but "
                         f"received shape {list(w.shape)}.")
    if w.shape[0] != count:
        raise ValueError(f"(cov) The number of Input({name}) should equal to x's dim[1]: "
                         f"{count}, but received size of Input({name}) is {w.shape[0]}.")
    values = w.numpy()
    if (values < 0).any():
        raise ValueError(f"(cov) The value of Input({name}) cannot be negative, but received "
                         f"min of Input({name}) is {values.min()}.")
    if integral and not (values == np.round(values)).all():
        raise ValueError(f"(cov) Input({name}) must be integer.")
    return w.astype(dtype)


def cov(x, rowvar=True, ddof=True, fweights=None, aweights=None, name=None):
    """Covariance matrix of the variables in x (rows when rowvar, else columns), with optional
    integer frequency weights and observation weights; ddof=True divides by N - 1.

    Example:
        >>> import paddle
        >>> paddle.linalg.cov(paddle.to_tensor([[0., 1., 2.], [2., 1., 0.]]))
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[ 1., -1.],
                [-1.,  1.]])
    """
    require_tensor("cov", "x", 0, x)
    data = _observations("cov", x, rowvar)
    count = data.shape[1]
    fw = _weights("fweights", fweights, count, data.dtype, True)
    aw = _weights("aweights", aweights, count, data.dtype, False)
    weights = fw if aw is None else (aw if fw is None else fw * aw)
    if weights is None:
        total = wrap(np.asarray(count, data._data.dtype))
        weighted, mean = data, data.sum(axis=1) / total
    else:
        total = weights.sum()
        if float(total) == 0:
            raise ValueError("(cov) The sum of weights is zero, can't be normalized.")
        weighted = data * weights
        mean = weighted.sum(axis=1) / total
    if weights is not None and aw is not None and ddof:
        factor = total - (weights * aw).sum() / total
    else:
        factor = total - float(bool(ddof))
    factor = prim("maximum")(factor, factor * 0)
    centered = data - mean.unsqueeze(1)
    return ((centered @ weighted.mT) / factor).squeeze()


def corrcoef(x, rowvar=True, name=None):
    """Pearson correlation coefficients of the variables in x, clipped to [-1, 1].

    Example:
        >>> import paddle
        >>> paddle.linalg.corrcoef(paddle.to_tensor([[0., 1., 2.], [2., 1., 0.]]))
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[ 1., -1.],
                [-1.,  1.]])
    """
    require_tensor("corrcoef", "x", 0, x)
    _observations("corrcoef", x, rowvar)
    c = cov(x, rowvar)
    if c.ndim == 0:
        return c / c
    std = (c * wrap(np.eye(c.shape[0], dtype=c._data.dtype))).sum(axis=1).sqrt()
    c = c / std.unsqueeze(1) / std.unsqueeze(0)
    one = wrap(np.asarray(1, c._data.dtype))
    return prim("minimum")(prim("maximum")(c, -one), one)


__all__ = ["corrcoef", "cov"]
