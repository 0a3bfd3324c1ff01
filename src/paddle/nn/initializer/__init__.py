"""`paddle.nn.initializer`: how parameters get their first values.

An initializer is called with a parameter and fills it in place. Fan-in/fan-out follow Paddle:
a [in, out] matrix (Linear weight) has fan_in=in, fan_out=out; a convolution weight
[out_c, in_c, *kernel] has fan_in = in_c * prod(kernel) and fan_out = out_c * prod(kernel).
Random initializers draw from the default generator (`paddle.seed`)."""
from __future__ import annotations

import math

import numpy as np

from ..._core import random as _random
from ..._core.tensor import Tensor


class Initializer:
    """Base class: subclasses implement `_values(shape, np_dtype)`."""

    def __call__(self, param, block=None):
        values = self._values(tuple(param._data.shape), param._data.dtype)
        param._data = np.asarray(values).astype(param._data.dtype, copy=False).reshape(
            param._data.shape)
        param._version += 1
        return param

    def _values(self, shape, np_dtype):
        raise NotImplementedError

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in vars(self).items() if not k.startswith("_"))
        return f"{type(self).__name__}({fields})"


def compute_fans(shape) -> tuple[int, int]:
    """Paddle's fan rule (see module docstring)."""
    if len(shape) == 0:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    if len(shape) == 2:
        return shape[0], shape[1]
    receptive = int(np.prod(shape[2:]))
    return shape[1] * receptive, shape[0] * receptive


def _rng():
    return _random.numpy_rng()


class Constant(Initializer):
    """Fill with `value`."""

    def __init__(self, value=0.0):
        self.value = value

    def _values(self, shape, np_dtype):
        return np.full(shape, self.value, dtype=np_dtype)


class ConstantInitializer(Constant):
    """Paddle's legacy name for Constant, which also takes force_cpu (a placement hint that
    host arrays do not need)."""

    def __init__(self, value=0.0, force_cpu=False):
        super().__init__(value)


class Normal(Initializer):
    """Gaussian N(mean, std**2)."""

    def __init__(self, mean=0.0, std=1.0, name=None):
        self.mean, self.std = float(mean), float(std)

    def _values(self, shape, np_dtype):
        return _rng().normal(self.mean, self.std, size=shape)


class TruncatedNormal(Initializer):
    """Gaussian N(mean, std**2) restricted to [a, b] (absolute bounds, as in Paddle)."""

    def __init__(self, mean=0.0, std=1.0, a=-2.0, b=2.0, name=None):
        if a >= b:
            raise ValueError(f"TruncatedNormal: a ({a}) must be less than b ({b})")
        self.mean, self.std, self.a, self.b = float(mean), float(std), float(a), float(b)

    def _values(self, shape, np_dtype):
        # Inverse-CDF sampling of the truncated distribution: exact, no rejection loop.
        from ..._core.ops._kernel_utils import erf, erfinv
        lo = (self.a - self.mean) / (self.std * math.sqrt(2))
        hi = (self.b - self.mean) / (self.std * math.sqrt(2))
        cdf_lo, cdf_hi = erf(np.float64(lo)), erf(np.float64(hi))
        u = _rng().uniform(cdf_lo, cdf_hi, size=shape)
        u = np.clip(u, np.nextafter(-1.0, 0.0), np.nextafter(1.0, 0.0))
        values = self.mean + self.std * math.sqrt(2) * erfinv(np.asarray(u, np.float64))
        return np.clip(values, self.a, self.b)


class Uniform(Initializer):
    """Uniform on [low, high)."""

    def __init__(self, low=-1.0, high=1.0, name=None):
        if low > high:
            raise ValueError(f"Uniform: low ({low}) must not exceed high ({high})")
        self.low, self.high = float(low), float(high)

    def _values(self, shape, np_dtype):
        return _rng().uniform(self.low, self.high, size=shape)


class XavierNormal(Initializer):
    """Glorot normal: std = gain * sqrt(2 / (fan_in + fan_out))."""

    def __init__(self, fan_in=None, fan_out=None, gain=1.0, name=None):
        self.fan_in, self.fan_out, self.gain = fan_in, fan_out, gain

    def _values(self, shape, np_dtype):
        fan_in, fan_out = compute_fans(shape)
        fan_in = self.fan_in if self.fan_in is not None else fan_in
        fan_out = self.fan_out if self.fan_out is not None else fan_out
        std = self.gain * math.sqrt(2.0 / max(fan_in + fan_out, 1))
        return _rng().normal(0.0, std, size=shape)


class XavierUniform(Initializer):
    """Glorot uniform: limit = gain * sqrt(6 / (fan_in + fan_out))."""

    def __init__(self, fan_in=None, fan_out=None, gain=1.0, name=None):
        self.fan_in, self.fan_out, self.gain = fan_in, fan_out, gain

    def _values(self, shape, np_dtype):
        fan_in, fan_out = compute_fans(shape)
        fan_in = self.fan_in if self.fan_in is not None else fan_in
        fan_out = self.fan_out if self.fan_out is not None else fan_out
        limit = self.gain * math.sqrt(6.0 / max(fan_in + fan_out, 1))
        return _rng().uniform(-limit, limit, size=shape)


class _Kaiming(Initializer):
    """He initialisation: the spread is gain / sqrt(fan), where fan is the parameter's fan-in
    (or the given `fan_in`) with mode='fan_in', and its fan-out with mode='fan_out'."""

    def __init__(self, fan_in=None, negative_slope=0.0, nonlinearity="relu", mode="fan_in"):
        name = type(self).__name__
        if mode not in ("fan_in", "fan_out"):
            raise ValueError(f"({name}) mode must be 'fan_in' or 'fan_out', but received "
                             f"{mode!r}")
        if mode == "fan_out" and fan_in is not None:
            raise ValueError(f"({name}) mode is 'fan_out' but fan_in is set to {fan_in}; "
                             "set fan_in to None")
        self.fan_in, self.negative_slope, self.nonlinearity = fan_in, negative_slope, nonlinearity
        self.mode = mode

    def _fan(self, shape) -> float:
        fan_in, fan_out = compute_fans(shape)
        if self.mode == "fan_out":
            return fan_out
        return fan_in if self.fan_in is None else self.fan_in

    def _gain(self) -> float:
        return calculate_gain(self.nonlinearity, self.negative_slope)


class KaimingNormal(_Kaiming):
    """He normal: std = gain / sqrt(fan) (fan chosen by `mode`, see _Kaiming)."""

    def _values(self, shape, np_dtype):
        std = self._gain() / math.sqrt(max(self._fan(shape), 1))
        return _rng().normal(0.0, std, size=shape)


class KaimingUniform(_Kaiming):
    """He uniform: limit = gain * sqrt(3 / fan) (fan chosen by `mode`, see _Kaiming)."""

    def _values(self, shape, np_dtype):
        limit = self._gain() * math.sqrt(3.0 / max(self._fan(shape), 1))
        return _rng().uniform(-limit, limit, size=shape)


class Assign(Initializer):
    """Copy a given array, list or Tensor. As in Paddle, the parameter takes the value's shape
    (Linear(2, 2) with Assign([2, 2]) holds a weight of shape [2])."""

    def __init__(self, value, name=None):
        self.value = value

    def __call__(self, param, block=None):
        value = self.value._data if isinstance(self.value, Tensor) else np.asarray(self.value)
        param._data = np.array(value, dtype=param._data.dtype)
        param._version += 1
        return param


class Orthogonal(Initializer):
    """A (semi-)orthogonal matrix over the flattened trailing dims, scaled by gain."""

    def __init__(self, gain=1.0, name=None):
        self.gain = gain

    def _values(self, shape, np_dtype):
        if len(shape) < 2:
            raise ValueError(f"Orthogonal initializer needs a parameter of rank >= 2, got "
                             f"shape {list(shape)}")
        rows, cols = shape[0], int(np.prod(shape[1:]))
        flat = _rng().normal(0.0, 1.0, size=(max(rows, cols), min(rows, cols)))
        q, r = np.linalg.qr(flat)
        q = q * np.sign(np.diag(r))
        if rows < cols:
            q = q.T
        return self.gain * q[:rows, :cols].reshape(shape)


class Dirac(Initializer):
    """Identity-preserving convolution kernels: out channel i reads in channel i at the center,
    per group."""

    def __init__(self, groups=1, name=None):
        self.groups = int(groups)

    def _values(self, shape, np_dtype):
        if len(shape) not in (3, 4, 5):
            raise ValueError(f"Dirac initializer needs a 3-D, 4-D or 5-D convolution weight, "
                             f"got shape {list(shape)}")
        if shape[0] % self.groups:
            raise ValueError(f"Dirac initializer: out channels ({shape[0]}) must be divisible "
                             f"by groups ({self.groups})")
        values = np.zeros(shape)
        per_group = shape[0] // self.groups
        center = tuple(k // 2 for k in shape[2:])
        for g in range(self.groups):
            for i in range(min(per_group, shape[1])):
                values[(g * per_group + i, i) + center] = 1.0
        return values


class Bilinear(Initializer):
    """Bilinear upsampling kernels for transposed convolutions (shape [C, 1|C, K, K])."""

    def _values(self, shape, np_dtype):
        if len(shape) != 4 or shape[2] != shape[3]:
            raise ValueError(f"Bilinear initializer needs a 4-D weight with square kernels, "
                             f"got shape {list(shape)}")
        size = shape[3]
        f = math.ceil(size / 2.0)
        c = (2 * f - 1 - f % 2) / (2.0 * f)
        index = np.arange(int(np.prod(shape)), dtype=np.float64)
        x = index % size
        y = (index / size) % size  # true division, reproducing Paddle's kernel
        return ((1 - np.abs(x / f - c)) * (1 - np.abs(y / f - c))).reshape(shape)


def calculate_gain(nonlinearity, param=None):
    """The recommended gain for a nonlinearity (as Paddle defines it)."""
    linear = ("sigmoid", "linear", "conv1d", "conv2d", "conv3d", "conv1d_transpose",
              "conv2d_transpose", "conv3d_transpose")
    if nonlinearity in linear:
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        slope = 0.01 if param is None else float(param)
        return math.sqrt(2.0 / (1 + slope ** 2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError(f"calculate_gain: nonlinearity {nonlinearity!r} is not supported")


_GLOBAL = {"weight": None, "bias": None}


def set_global_initializer(weight_init, bias_init=None):
    """Initializers used by layers whose ParamAttr gives none (None restores the defaults)."""
    _GLOBAL["weight"], _GLOBAL["bias"] = weight_init, bias_init


def global_initializer(is_bias: bool):
    return _GLOBAL["bias" if is_bias else "weight"]


# Paddle's older names for the same classes
NormalInitializer = Normal
TruncatedNormalInitializer = TruncatedNormal
UniformInitializer = Uniform
NumpyArrayInitializer = Assign
MSRAInitializer = KaimingNormal
XavierInitializer = XavierUniform

__all__ = ["Initializer", "Constant", "Normal", "TruncatedNormal", "Uniform", "XavierNormal",
           "XavierUniform", "KaimingNormal", "KaimingUniform", "Assign", "Orthogonal", "Dirac",
           "Bilinear", "calculate_gain", "set_global_initializer"]
