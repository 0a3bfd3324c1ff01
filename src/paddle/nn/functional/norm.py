"""Normalization functionals: batch_norm, layer_norm, group_norm, instance_norm,
local_response_norm and rms_norm."""
from __future__ import annotations

import inspect
import numbers

import numpy as np

from ..._core import state
from ..._core.ops import REGISTRY
from ..._core.ops import nn_batch_norm as BN
from ..._core.ops import nn_norm as N
from ..._core.tensor import Tensor
from ._aliases import keyword_aliases

__all__ = ["batch_norm", "layer_norm", "group_norm", "instance_norm", "local_response_norm",
           "rms_norm"]

_BN_FORMATS = ("NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC")
_SPATIAL_FORMATS = ("NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC")


def _tensor(api: str, name: str, value) -> Tensor:
    if not isinstance(value, Tensor):
        raise TypeError(f"({api}) The argument '{name}' must be a Tensor, but received "
                        f"{type(value).__name__}.")
    return value


def _optional(api: str, name: str, value):
    return None if value is None else _tensor(api, name, value)


def _write_running(running: Tensor, new: Tensor) -> None:
    """Store updated running statistics in place, as Paddle's batch_norm does. The version is
    left alone: the statistics are state, not values a pending backward depends on. While
    tracing a static program the update is recorded as a state write that runs each time the
    program does."""
    if state.tracer is not None:
        state.tracer.write_state(running, new)
        return
    np.copyto(running._data, new._data, casting="unsafe")


def batch_norm(x, running_mean, running_var, weight=None, bias=None, training=False,
               momentum=0.9, epsilon=1e-05, data_format="NCHW", use_global_stats=None,
               name=None):
    """Batch normalization over every axis but the channel axis, updating running statistics
    (running = momentum * running + (1 - momentum) * batch, biased variance) when batch
    statistics are used.

    Example:
        >>> import paddle
        >>> x = paddle.arange(12, dtype="float32").reshape([2, 1, 2, 3])
        >>> mean, var = paddle.zeros([1]), paddle.ones([1])
        >>> paddle.nn.functional.batch_norm(x, mean, var, training=True).shape
        paddle.Size([2, 1, 2, 3])
    """
    api = "batch_norm"
    x = _tensor(api, "x", x)
    if x.ndim < 2:
        raise ValueError(f"({api}) The input x must be at least 2-D [N, C, ...], but received "
                         f"shape {list(x.shape)}.")
    if data_format not in _BN_FORMATS:
        raise ValueError(f"({api}) data_format must be one of {list(_BN_FORMATS)}, but "
                         f"received {data_format!r}.")
    layout = "NCHW" if data_format[1] == "C" else "NHWC"
    if use_global_stats is None:
        use_global_stats, trainable_statistics = not training, False
    else:
        trainable_statistics = not use_global_stats
    out, mean_out, var_out, _, _ = BN.batch_norm(
        x, _tensor(api, "running_mean", running_mean), _tensor(api, "running_var", running_var),
        _optional(api, "weight", weight), _optional(api, "bias", bias), not training,
        float(momentum), float(epsilon), layout, bool(use_global_stats), trainable_statistics)
    if BN.uses_batch_stats(not training, use_global_stats, trainable_statistics):
        _write_running(running_mean, mean_out)
        _write_running(running_var, var_out)
    return out


def _normalized_shape(value) -> list:
    if isinstance(value, numbers.Integral):
        return [int(value)]
    if isinstance(value, (list, tuple)):
        return [int(v) for v in value]
    raise ValueError("(layer_norm) `normalized_shape` should be int, list of ints or tuple of "
                     f"ints, but received {type(value).__name__}.")


@keyword_aliases(x="input", epsilon="eps")
def layer_norm(x, normalized_shape, weight=None, bias=None, epsilon=1e-05, name=None):
    """Normalize over the trailing `normalized_shape` dims; weight and bias are 1-D of size
    prod(normalized_shape).

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([[1.0, 2.0, 3.0], [2.0, 2.0, 5.0]])
        >>> paddle.nn.functional.layer_norm(x, 3).shape
        paddle.Size([2, 3])
    """
    shape = _normalized_shape(normalized_shape)  # checked first, as Paddle does
    x = _tensor("layer_norm", "x", x)
    begin = x.ndim - len(shape)
    if begin < 0 or list(x.shape[begin:]) != shape:
        raise ValueError(f"(layer_norm) Given normalized_shape is {shape}, expected input with "
                         f"shape [*, {str(shape)[1:]}, but got input shape {list(x.shape)}.")
    out, _, _ = N.layer_norm(x, _optional("layer_norm", "weight", weight),
                             _optional("layer_norm", "bias", bias), float(epsilon), begin)
    return out


def _group_norm_args(args, kwargs):
    """Paddle accepts both (x, num_groups, epsilon, weight, bias, data_format) and the
    PyTorch-style (input, num_groups, weight, bias, eps)."""
    for alias, canonical in (("input", "x"), ("eps", "epsilon")):
        if alias in kwargs:
            if canonical in kwargs:
                raise TypeError(f"group_norm() got multiple values for argument '{canonical}'")
            kwargs[canonical] = kwargs.pop(alias)
    if len(args) >= 3 and not isinstance(args[2], float):
        for key, value in zip(("weight", "bias", "epsilon"), args[2:5]):
            if key in kwargs:
                raise TypeError(f"group_norm() got multiple values for argument '{key}'")
            kwargs[key] = value
        args = args[:2]
    return args, kwargs


def group_norm(*args, **kwargs):
    """Group normalization: channels split into `num_groups` groups, each normalised over its
    channels and the spatial dims; per-channel weight and bias.

    Signature: group_norm(x, num_groups, epsilon=1e-05, weight=None, bias=None,
    data_format='NCHW', name=None) (also (input, num_groups, weight, bias, eps)).

    Example:
        >>> import paddle
        >>> x = paddle.arange(24, dtype="float32").reshape([2, 4, 3])
        >>> paddle.nn.functional.group_norm(x, 2).shape
        paddle.Size([2, 4, 3])
    """
    args, kwargs = _group_norm_args(args, kwargs)
    return _group_norm(*args, **kwargs)


def _group_norm(x, num_groups, epsilon=1e-05, weight=None, bias=None, data_format="NCHW",
                name=None):
    x = _tensor("group_norm", "x", x)
    if data_format not in _SPATIAL_FORMATS + ("NC",):
        raise ValueError(f"(group_norm) unsupported data layout: {data_format}")
    layout = "NCHW" if data_format[1] == "C" else "NHWC"
    out, _, _ = N.group_norm(x, _optional("group_norm", "weight", weight),
                             _optional("group_norm", "bias", bias), float(epsilon),
                             int(num_groups), layout)
    return out


group_norm.__signature__ = inspect.signature(_group_norm)


def instance_norm(x, running_mean=None, running_var=None, weight=None, bias=None,
                  use_input_stats=True, momentum=0.9, eps=1e-05, data_format="NCHW", name=None):
    """Normalize each sample's channels over their spatial dims (always the input's own
    statistics, channel-first layout — as Paddle's dynamic graph does; running_mean,
    running_var, use_input_stats and momentum are accepted and unused).

    Example:
        >>> import paddle
        >>> x = paddle.arange(12, dtype="float32").reshape([1, 2, 6])
        >>> paddle.nn.functional.instance_norm(x).shape
        paddle.Size([1, 2, 6])
    """
    x = _tensor("instance_norm", "x", x)
    if x.ndim < 2:
        raise ValueError(f"(instance_norm) The input x must be at least 2-D [N, C, ...], but "
                         f"received shape {list(x.shape)}.")
    out, _, _ = N.group_norm(x, _optional("instance_norm", "weight", weight),
                             _optional("instance_norm", "bias", bias), float(eps), x.shape[1],
                             "NCHW")
    return out


def local_response_norm(x, size, alpha=0.0001, beta=0.75, k=1.0, data_format="NCHW",
                        name=None):
    """x / (k + alpha * mean of x² over a window of `size` neighbouring channels) ** beta
    (the window is zero-padded by size // 2 before and (size - 1) // 2 after).

    Example:
        >>> import paddle
        >>> x = paddle.ones([1, 3, 2, 2])
        >>> paddle.nn.functional.local_response_norm(x, size=3).shape
        paddle.Size([1, 3, 2, 2])
    """
    x = _tensor("local_response_norm", "x", x)
    if data_format not in _SPATIAL_FORMATS:
        raise ValueError("(local_response_norm) data_format should be in one of [NCL, NCHW, "
                         f"NCDHW, NLC, NHWC, NDHWC], but got {data_format}")
    if x.ndim < 3:
        raise ValueError("(local_response_norm) Expected 3D or higher dimensionality input, "
                         f"but got {x.ndim} dimensions")
    for i, d in enumerate(x.shape[1:], 1):
        if d <= 0:
            raise ValueError("(local_response_norm) Expected every dim's size to be larger "
                             f"than 0, but the size of the {i}-th dim is {d}")
    axis = x.ndim - 1 if data_format[-1] == "C" else 1
    window = _channel_window_sum(x * x, int(size), axis)
    div = (window * (float(alpha) / int(size)) + float(k)) ** float(beta)
    return x / div


def _channel_window_sum(sq, size, axis):
    """Sum of `size` consecutive channels, zero-padded size // 2 before and (size-1) // 2
    after, so the result keeps the channel count."""
    concat, full = REGISTRY["concat"], REGISTRY["full"]
    channels = sq.shape[axis]

    def zeros(n):
        shape = list(sq.shape)
        shape[axis] = n
        return full(shape, 0, sq.dtype)

    padded = concat([zeros(size // 2), sq, zeros((size - 1) // 2)], axis)
    total = None
    for offset in range(size):
        index = [slice(None)] * sq.ndim
        index[axis] = slice(offset, offset + channels)
        part = padded[tuple(index)]
        total = part if total is None else total + part
    return total


def rms_norm(input, normalized_shape, weight=None, eps=1e-05, name=None):  # noqa: A002
    """Root-mean-square normalization over the trailing `normalized_shape` dims:
    out = input / sqrt(mean(input²) + eps) * weight. Returns (out, invvar) where invvar is the
    float32 reciprocal RMS per leading index.

    Example:
        >>> import paddle
        >>> out, invvar = paddle.nn.functional.rms_norm(paddle.ones([2, 4]), [4])
        >>> out.shape, invvar.shape
        (paddle.Size([2, 4]), paddle.Size([2]))
    """
    x = _tensor("rms_norm", "input", input)
    shape = _normalized_shape(normalized_shape)
    begin = x.ndim - len(shape)
    if begin < 0 or list(x.shape[begin:]) != shape:
        raise ValueError(f"(rms_norm) normalized_shape {shape} must match the trailing dims of "
                         f"the input shape {list(x.shape)}.")
    axes = list(range(begin, x.ndim))
    work = x.astype("float32") if x.dtype.name in ("float16", "bfloat16") else x
    invvar = REGISTRY["rsqrt"](REGISTRY["mean"](work * work, axes, True) + float(eps))
    out = (work * invvar).astype(x.dtype)
    if weight is not None:
        out = out * _tensor("rms_norm", "weight", weight).reshape(shape)
    return out, REGISTRY["reshape"](invvar, list(x.shape[:begin])).astype("float32")
