"""Random tensors of the `paddle` namespace: rand/randn/uniform/normal/randint/randperm, sampling
from distributions (multinomial, bernoulli, poisson, binomial, gamma) and the RNG state.

Numbers come from one NumPy PCG64 stream seeded by `paddle.seed` (see paddle/_core/random.py):
reproducible run to run, but not the values real Paddle's generator produces.
"""
from __future__ import annotations

import numbers

import numpy as np

from .._core import dtype as _dt
from .._core.autograd.grad_mode import no_grad
from .._core.meta import broadcast_shapes
from .._core.ops import random as R
from .._core.ops.manipulation import expand
from .._core.tensor import Tensor
from .._static_mode import in_dynamic_mode
from ..framework.random import (
    Generator,
    get_cuda_rng_state,
    get_rng_state,
    manual_seed,
    seed,
    set_cuda_rng_state,
    set_rng_state,
)
from ._arg_forms import aliases, finish, shape_arg, size_varargs
from ._convert import require_tensor
from ._random_fill import (
    bernoulli_,
    cauchy_,
    exponential_,
    geometric_,
    log_normal_,
    normal_,
    random_,
    uniform_,
)

_FLOAT_OR_COMPLEX = ("float16", "bfloat16", "float32", "float64", "complex64", "complex128")


def _number(value, api: str, arg: str):
    if type(value) in (int, float):
        return value
    if isinstance(value, Tensor):
        value = value.item()
    if not isinstance(value, numbers.Number):
        raise TypeError(f"({api}) '{arg}' must be a number or a one-element Tensor, but "
                        f"received {type(value).__name__}.")
    return value


def _int_arg(value, api: str, arg: str) -> int:
    value = _number(value, api, arg)
    if isinstance(value, bool) or int(value) != value:
        raise TypeError(f"({api}) '{arg}' must be an integer, but received {value!r}.")
    return int(value)


def _out_dtype(dtype, api: str, allowed=_FLOAT_OR_COMPLEX) -> _dt.DType:
    dt = _dt.default_float() if dtype is None else _dt.to_dtype(dtype)
    R.check_dtype(api, dt, allowed)
    return dt


def _tensor_arg(value, api: str, arg: str) -> Tensor:
    if not isinstance(value, Tensor):
        raise TypeError(f"({api}) '{arg}' must be a Tensor, but received "
                        f"{type(value).__name__}.")
    return value


@size_varargs
def rand(shape, dtype=None, name=None, *, out=None, device=None, requires_grad=False,
         pin_memory=False):
    """Uniform samples from [0, 1) (dtype defaults to the default float).

    Example:
        >>> import paddle
        >>> x = paddle.rand([2, 3])
        >>> x.shape, x.dtype
        (paddle.Size([2, 3]), paddle.float32)
    """
    return uniform(shape, dtype, 0.0, 1.0, out=out, requires_grad=requires_grad)


def uniform(shape, dtype=None, min=0, max=1.0, seed=0, name=None, *, out=None,  # noqa: A002
            device=None, requires_grad=False):
    """Uniform samples from [min, max). A non-zero `seed` gives the same numbers on every call.

    Example:
        >>> import paddle
        >>> x = paddle.uniform([3], min=-1.0, max=1.0)
        >>> bool(((x >= -1) & (x < 1)).all())
        True
    """
    dt = _out_dtype(dtype, "uniform")
    result = R.uniform(None, shape_arg(shape, "uniform"), dt, float(_number(min, "uniform", "min")),
                       float(_number(max, "uniform", "max")), _int_arg(seed, "uniform", "seed"))
    return finish(result, requires_grad, out)


@size_varargs
def randn(shape, dtype=None, name=None, *, out=None, device=None, requires_grad=False,
          pin_memory=False):
    """Standard normal samples (mean 0, std 1).

    Example:
        >>> import paddle
        >>> paddle.randn([2, 2]).shape
        paddle.Size([2, 2])
    """
    return standard_normal(shape, dtype, out=out, requires_grad=requires_grad)


def standard_normal(shape, dtype=None, name=None, *, out=None, device=None,
                    requires_grad=False):
    """Standard normal samples; complex dtypes split the unit variance between real and
    imaginary parts.

    Example:
        >>> import paddle
        >>> paddle.standard_normal([3], 'float64').dtype
        paddle.float64
    """
    dt = _out_dtype(dtype, "standard_normal")
    result = R.gaussian(None, shape_arg(shape, "standard_normal"), 0.0, 1.0, 0, dt)
    return finish(result, requires_grad, out)


def _noise_like(template: Tensor, dtype: _dt.DType) -> Tensor:
    with no_grad():
        return R.gaussian(template, None, 0.0, 1.0, 0, dtype)


def _normal_of_tensors(mean, std) -> Tensor:
    """mean + std * N(0, 1) shaped like the tensor argument(s); gradients reach mean and std."""
    like = mean if isinstance(mean, Tensor) else std
    R.check_dtype("normal", like.dtype, _FLOAT_OR_COMPLEX)
    if isinstance(mean, Tensor) and isinstance(std, Tensor) and mean.shape != std.shape:
        if mean.size == std.size:
            std = std.reshape(mean.shape)  # Paddle pairs equal-sized tensors element-wise
        else:
            shape = broadcast_shapes("normal", tuple(mean.shape), tuple(std.shape))
            with no_grad():
                like = expand(like, list(shape))
    return _noise_like(like, like.dtype) * std + mean


@aliases(shape="size")
def normal(mean=0.0, std=1.0, shape=None, name=None, *, out=None):
    """Normal samples with the given mean and standard deviation. Tensor means/stds give
    per-element parameters (and the output their shape); a complex mean gives complex samples.

    Example:
        >>> import paddle
        >>> paddle.normal(shape=[2, 3]).shape
        paddle.Size([2, 3])
        >>> paddle.normal(paddle.to_tensor([0.0, 100.0]), 1.0).shape
        paddle.Size([2])
    """
    if isinstance(mean, Tensor) or isinstance(std, Tensor):
        return finish(_normal_of_tensors(mean, std), out=out)
    if shape is None:
        raise ValueError("(normal) 'shape' must be given when mean and std are numbers.")
    mean = _number(mean, "normal", "mean")
    dt = _dt.complex64 if isinstance(mean, complex) else _dt.default_float()
    result = R.gaussian(None, shape_arg(shape, "normal"), mean,
                        float(_number(std, "normal", "std")), 0, dt)
    return finish(result, out=out)


def log_normal(mean=1.0, std=2.0, shape=None, name=None):
    """exp of normal samples: a log-normal distribution whose log has `mean` and `std`.

    Example:
        >>> import paddle
        >>> bool((paddle.log_normal(shape=[4]) > 0).all())
        True
    """
    return normal(mean, std, shape).exp()


def randint(low=0, high=None, shape=[1], dtype=None, name=None):  # noqa: B006 - Paddle's default
    """Integers drawn uniformly from [low, high) ([0, low) when high is None); int64 by default.

    Example:
        >>> import paddle
        >>> x = paddle.randint(0, 10, [3])
        >>> x.dtype
        paddle.int64
    """
    low = _int_arg(low, "randint", "low")
    if high is None:
        if low <= 0:
            raise ValueError("(randint) If high is None, low must be greater than 0, but "
                             f"received low = {low}.")
        low, high = 0, low
    high = _int_arg(high, "randint", "high")
    dt = _dt.int64 if dtype is None else _dt.to_dtype(dtype)
    R.check_dtype("randint", dt, ("int32", "int64"))
    if isinstance(shape, np.ndarray) and not in_dynamic_mode():
        # a static program takes shape as a list, a tuple or a Tensor only, as Paddle checks
        raise TypeError("(randint) The type of 'shape' must be list, tuple or Tensor in static "
                        f"mode, but received {type(shape).__name__}.")
    return R.randint(None, low, high, shape_arg(shape, "randint"), dt)


def randint_like(x, low=0, high=None, dtype=None, name=None):
    """Random integers in [low, high) shaped like x, stored as `dtype` (default x's dtype).

    Example:
        >>> import paddle
        >>> paddle.randint_like(paddle.zeros([2, 2]), 0, 5).dtype
        paddle.float32
    """
    require_tensor("randint_like", "x", 0, x)
    low = _int_arg(low, "randint_like", "low")
    if high is None:
        if low <= 0:
            raise ValueError("(randint_like) If high is None, low must be greater than 0, but "
                             f"received low = {low}.")
        low, high = 0, low
    high = _int_arg(high, "randint_like", "high")
    dt = x.dtype if dtype is None else _dt.to_dtype(dtype)
    R.check_dtype("randint_like", dt, ("bool", "int32", "int64", "float16", "float32",
                                       "float64"))
    with no_grad():
        return R.randint(x, low, high, None, dt)


def randperm(n, dtype="int64", name=None, *, out=None, device=None, requires_grad=False,
             pin_memory=False):
    """A random permutation of 0 … n-1.

    Example:
        >>> import paddle
        >>> sorted(paddle.randperm(4).tolist())
        [0, 1, 2, 3]
    """
    result = R.randperm(_int_arg(n, "randperm", "n"), _dt.to_dtype(dtype))
    return finish(result, requires_grad, out)


@aliases(x="input")
def multinomial(x, num_samples=1, replacement=False, name=None, *, out=None):
    """Category indices drawn from the (unnormalised) weights in each row of x (1-D or 2-D).

    Example:
        >>> import paddle
        >>> paddle.multinomial(paddle.to_tensor([0.0, 1.0, 0.0]), 1).tolist()
        [1]
    """
    x = _tensor_arg(x, "multinomial", "x")
    result = R.multinomial(x, _int_arg(num_samples, "multinomial", "num_samples"),
                           bool(replacement))
    return finish(result, out=out)


def bernoulli(x, p=None, name=None):
    """0/1 samples: 1 with probability x (element-wise), or with probability p when given.

    Example:
        >>> import paddle
        >>> paddle.bernoulli(paddle.to_tensor([0.0, 1.0])).tolist()
        [0.0, 1.0]
    """
    x = _tensor_arg(x, "bernoulli", "x")
    if p is None:
        return R.bernoulli(x)
    p = float(_number(p, "bernoulli", "p"))
    if not 0 <= p <= 1:
        bound = ">= 0" if p < 0 else "<= 1"
        raise IndexError(f"(bernoulli) The probability should be {bound}, but got {p:f}")
    R.check_dtype("bernoulli", x.dtype, ("float32", "float64"))
    with no_grad():
        return (R.uniform(x, None, x.dtype, 0.0, 1.0, 0) < p).astype(x.dtype)


def poisson(x, name=None):
    """Poisson counts with the rates in x (same dtype as x); the gradient to x is zero.

    Example:
        >>> import paddle
        >>> paddle.poisson(paddle.to_tensor([0.0, 0.0])).tolist()
        [0.0, 0.0]
    """
    return R.poisson(_tensor_arg(x, "poisson", "x"))


def binomial(count, prob, name=None):
    """int64 counts of successes in `count` trials with success probability `prob`.

    Example:
        >>> import paddle
        >>> paddle.binomial(paddle.to_tensor([5, 7]), paddle.to_tensor([1.0, 0.0])).tolist()
        [5, 0]
    """
    return R.binomial(_tensor_arg(count, "binomial", "count"),
                      _tensor_arg(prob, "binomial", "prob"))


def standard_gamma(x, name=None):
    """Gamma(x, 1) samples for the shape parameters in x.

    Example:
        >>> import paddle
        >>> paddle.standard_gamma(paddle.to_tensor([1.0, 2.0])).shape
        paddle.Size([2])
    """
    return R.standard_gamma(_tensor_arg(x, "standard_gamma", "x"))


def rand_like(input, name=None, *, dtype=None, device=None, requires_grad=False):  # noqa: A002
    """Uniform [0, 1) samples shaped like `input` (dtype defaults to input's).

    Example:
        >>> import paddle
        >>> paddle.rand_like(paddle.zeros([2], 'float64')).dtype
        paddle.float64
    """
    x = _tensor_arg(input, "rand_like", "input")
    dt = _out_dtype(x.dtype if dtype is None else dtype, "rand_like")
    with no_grad():
        result = R.uniform(x, None, dt, 0.0, 1.0, 0)
    return finish(result, requires_grad)


@aliases(x="input")
def randn_like(x, dtype=None, name=None, *, device=None, requires_grad=False):
    """Standard normal samples shaped like x (dtype defaults to x's).

    Example:
        >>> import paddle
        >>> paddle.randn_like(paddle.zeros([3])).shape
        paddle.Size([3])
    """
    x = _tensor_arg(x, "randn_like", "x")
    dt = _out_dtype(x.dtype if dtype is None else dtype, "randn_like")
    return finish(_noise_like(x, dt), requires_grad)


__all__ = [
    "seed", "manual_seed", "get_rng_state", "set_rng_state", "get_cuda_rng_state",
    "set_cuda_rng_state", "Generator", "rand", "uniform", "randn", "standard_normal", "normal",
    "log_normal", "randint", "randint_like", "randperm", "multinomial", "bernoulli", "poisson",
    "binomial", "standard_gamma", "rand_like", "randn_like", "normal_", "log_normal_",
    "bernoulli_", "cauchy_", "geometric_",
]

# Only these are Tensor methods in Paddle; the rest are `paddle.*` functions alone.
NOT_METHODS = set(__all__) - {"multinomial", "normal_", "log_normal_", "bernoulli_", "cauchy_",
                              "geometric_"}
EXTRA_METHODS = {"uniform_": uniform_, "exponential_": exponential_, "random_": random_}
# paddle.tensor.methods binds the modules it lists, and creation is not among them yet, so the
# creation module's Tensor methods (new_zeros, set_, …) ride along here.
