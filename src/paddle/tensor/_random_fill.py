"""In-place random fills: `x.uniform_()`, `x.normal_()`, `x.exponential_()`, … overwrite x with
samples of x's shape and dtype.

Like Paddle, a fill on a leaf that requires gradients raises, and a filled non-leaf passes a zero
gradient back (its new value does not depend on the old one). Fills that are a transform of a
uniform or normal sample follow Paddle's own formulas, so the distributions match Paddle's.
"""
from __future__ import annotations

import math
import numbers

import numpy as np

from .._core import dispatch
from .._core.ops import random as R
from .._core.ops import unary as U
from .._core.ops.manipulation import cast
from .._core.tensor import Tensor
from ._arg_forms import aliases

_FLOATS = ("float16", "bfloat16", "float32", "float64")


def _target(x, api: str) -> Tensor:
    if not isinstance(x, Tensor):
        raise TypeError(f"({api}) x must be a Tensor, but received {type(x).__name__}.")
    return x


def _scalar(value, api: str, arg: str):
    if isinstance(value, Tensor):
        value = value.item()
    if not isinstance(value, numbers.Number):
        raise TypeError(f"({api}) '{arg}' must be a number, but received "
                        f"{type(value).__name__}.")
    return value


def _write(x: Tensor, sample: Tensor) -> Tensor:
    """Store `sample` in x through a recorded cast, so autograd and tracing see the write."""
    return dispatch.call_inplace(cast, x, (sample,), (x.dtype,))


def uniform_(x, min=0, max=1.0, seed=0, name=None):  # noqa: A002 - Paddle's names
    """Fill x in place with uniform samples from [min, max).

    Example:
        >>> import paddle
        >>> x = paddle.zeros([3]).uniform_(-1.0, 1.0)
        >>> bool(((x >= -1) & (x < 1)).all())
        True
    """
    x = _target(x, "uniform_")
    attrs = (None, x.dtype, float(_scalar(min, "uniform_", "min")),
             float(_scalar(max, "uniform_", "max")), int(_scalar(seed, "uniform_", "seed")))
    return dispatch.call_inplace(R.uniform, x, (x,), attrs)


def normal_(x, mean=0.0, std=1.0, name=None):
    """Fill x in place with normal samples of the given mean and standard deviation.

    Example:
        >>> import paddle
        >>> paddle.zeros([2, 2]).normal_(0.0, 0.1).shape
        paddle.Size([2, 2])
    """
    x = _target(x, "normal_")
    mean = _scalar(mean, "normal_", "mean")
    attrs = (None, mean if isinstance(mean, complex) else float(mean),
             float(_scalar(std, "normal_", "std")), 0, x.dtype)
    return dispatch.call_inplace(R.gaussian, x, (x,), attrs)


def log_normal_(x, mean=1.0, std=2.0, name=None):
    """Fill x in place with exp(N(mean, std)) samples.

    Example:
        >>> import paddle
        >>> bool((paddle.zeros([4]).log_normal_() > 0).all())
        True
    """
    x = _target(x, "log_normal_")
    sample = R.gaussian(x, None, float(_scalar(mean, "log_normal_", "mean")),
                        float(_scalar(std, "log_normal_", "std")), 0, x.dtype)
    return _write(x, U.exp(sample))


@aliases(lam="lambd")
def exponential_(x, lam=1.0, name=None):
    """Fill x in place with Exponential(lam) samples: -log(1 - u) / lam.

    Example:
        >>> import paddle
        >>> bool((paddle.zeros([4]).exponential_(2.0) >= 0).all())
        True
    """
    x = _target(x, "exponential_")
    R.check_dtype("exponential_", x.dtype, _FLOATS)
    u = R.uniform(x, None, x.dtype, 0.0, 1.0, 0)
    return _write(x, U.log1p(-u) * (-1.0 / float(_scalar(lam, "exponential_", "lam"))))


def cauchy_(x, loc=0, scale=1, name=None):
    """Fill x in place with loc + scale * tan(pi * (z - 0.5)).

    As in Paddle 3.3, z is a standard *normal* sample (a true Cauchy would use a uniform one),
    so the values follow Paddle's distribution, which has heavy tails like a Cauchy's.

    Example:
        >>> import paddle
        >>> paddle.cauchy_(paddle.zeros([3]), loc=1.0, scale=2.0).shape
        paddle.Size([3])
    """
    x = _target(x, "cauchy_")
    z = R.gaussian(x, None, 0.0, 1.0, 0, x.dtype)
    angle = (z - 0.5) * math.pi
    return _write(x, U.tan(angle) * float(_scalar(scale, "cauchy_", "scale"))
                  + float(_scalar(loc, "cauchy_", "loc")))


def geometric_(x, probs, name=None):
    """Fill x in place with log(u) / log(1 - probs), u uniform in (0, 1].

    This is Paddle 3.3's formula: a continuous value whose ceiling is Geometric(probs)
    (the number of trials up to the first success).

    Example:
        >>> import paddle
        >>> bool((paddle.geometric_(paddle.zeros([4]), 0.3) >= 0).all())
        True
    """
    x = _target(x, "geometric_")
    R.check_dtype("geometric_", x.dtype, _FLOATS)
    tiny = float(np.finfo(np.float32 if x.dtype.itemsize <= 4 else np.float64).tiny)
    u = R.uniform(x, None, x.dtype, tiny, 1.0, 0)
    # 0 - p rather than -p: for p = 0 the log must be +0.0, so log(u) / +0.0 gives -inf
    if isinstance(probs, Tensor):
        log_fail = U.log1p(0.0 - probs.astype(x.dtype))
    else:
        with np.errstate(divide="ignore"):
            log_fail = float(np.log1p(0.0 - np.float64(_scalar(probs, "geometric_", "probs"))))
    return _write(x, U.log(u) / log_fail)


def bernoulli_(x, p=0.5, name=None):
    """Fill x in place with 0/1 samples, 1 with probability p (a number or a Tensor that
    broadcasts to x).

    Example:
        >>> import paddle
        >>> paddle.zeros([3]).bernoulli_(1.0).tolist()
        [1.0, 1.0, 1.0]
    """
    x = _target(x, "bernoulli_")
    R.check_dtype("bernoulli_", x.dtype, _FLOATS)
    if not isinstance(p, Tensor):
        p = float(_scalar(p, "bernoulli_", "p"))
    u = R.uniform(x, None, x.dtype, 0.0, 1.0, 0)
    return _write(x, u < p)


def _random_bounds(x: Tensor, from_: int, to) -> tuple:
    """Paddle's default range: every integer exactly representable in x's dtype."""
    if to is not None:
        return from_, to
    if from_ != 0:
        return 0, from_
    dtype = x.dtype
    if dtype.kind == "f":
        mantissa = {"float32": 24, "float64": 53, "float16": 11}.get(dtype.name, 8)
        return 0, 2 ** mantissa
    return 0, int(np.iinfo(dtype.np_dtype).max)


def random_(x, from_=0, to=None, *, generator=None):
    """Fill x in place with integers drawn uniformly from [from_, to); without bounds, from
    every integer x's dtype represents exactly.

    Example:
        >>> import paddle
        >>> x = paddle.zeros([4], 'int32').random_(0, 3)
        >>> bool(((x >= 0) & (x < 3)).all())
        True
    """
    x = _target(x, "random_")
    if x.dtype.kind not in "iuf":
        raise TypeError(f"(random_) x must have an integer or floating dtype, but received "
                        f"{x.dtype.name}.")
    low, high = _random_bounds(x, int(_scalar(from_, "random_", "from_")),
                               None if to is None else int(_scalar(to, "random_", "to")))
    if low >= high:
        raise ValueError(f"(random_) random_ expects 'from' to be less than 'to', but got "
                         f"from={low} >= to={high}")
    return dispatch.call_inplace(R.randint, x, (x,), (low, high, None, x.dtype))
