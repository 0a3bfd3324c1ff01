"""The dropout family: dropout (elementwise or along chosen axes), dropout1d/2d/3d (whole
channels) and the self-normalizing alpha_dropout / feature_alpha_dropout.

Masks come from the default generator, so paddle.seed makes them reproducible; they are not
Paddle's bit stream (see paddle/_core/random.py)."""
from __future__ import annotations

import numbers
import warnings

from ..._core import dtype as _dt
from ..._core import state
from ..._core.autograd.grad_mode import is_grad_enabled
from ..._core.ops import nn_dropout as D
from ..._core.ops import random as R
from ..._core.tensor import Tensor
from ...tensor._arg_forms import aliases
from ...tensor._convert import cast_to, require_tensor
from ...tensor.math import _write_out
from ...tensor.random import uniform

_MODES = ("upscale_in_train", "downscale_in_infer")
_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def _probability(p):
    if isinstance(p, Tensor):
        return float(p.item())
    if isinstance(p, bool) or not isinstance(p, numbers.Real):
        raise TypeError(f"(dropout) p argument should be a number or Variable, but received "
                        f"{type(p).__name__}.")
    if not 0 <= p <= 1:
        raise ValueError(f"(dropout) p argument should between 0 and 1, but received {p}.")
    return float(p)


@aliases(x="input")
def dropout(x, p=0.5, axis=None, training=True, inplace=False, mode="upscale_in_train",
            name=None):
    """Zero each element (or each slice along `axis`) with probability p. mode
    'upscale_in_train' scales the kept values by 1 / (1 - p) in training; 'downscale_in_infer'
    keeps them and scales by (1 - p) at inference instead.

    Example:
        >>> import paddle
        >>> x = paddle.ones([2, 3])
        >>> paddle.nn.functional.dropout(x, p=0.5, training=False)
        Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[1., 1., 1.],
                [1., 1., 1.]])
    """
    require_tensor("dropout", "x", 0, x)
    if not isinstance(p, Tensor) and isinstance(p, numbers.Real) and p == 0:
        return x
    p = _probability(p)
    if mode not in _MODES:
        raise ValueError("(dropout) mode argument should be 'downscale_in_infer' or "
                         f"'upscale_in_train', but received {mode!r}.")
    if axis is None:
        op_mode = "downgrade_in_infer" if mode == "downscale_in_infer" else mode
        attrs = (p, not training, op_mode, 0, False)
        return _dropout_inplace(x, attrs) if inplace else D.dropout(x, *attrs)[0]
    return _dropout_along(x, p, axis, training, inplace, mode)


def _dropout_inplace(x, attrs):
    """x takes the dropout result and its place in the autograd graph (the op's gradient needs
    only its mask, not x's old value)."""
    if is_grad_enabled() and not x.stop_gradient and x.is_leaf:
        raise ValueError(f"(dropout_) Leaf Tensor ({x.name}) that doesn't stop gradient can't "
                         "use inplace strategy.")
    return _write_out(D.dropout(x, *attrs)[0], x)


def _dropout_along(x, p, axis, training, inplace, mode):
    """One keep/drop decision per index of the `axis` dims, shared along all other dims."""
    if isinstance(axis, bool) or not isinstance(axis, (int, list, tuple)):
        raise TypeError(f"(dropout) datatype of axis argument should be int or list, but "
                        f"received {type(axis).__name__}.")
    if inplace:
        raise NotImplementedError("(dropout) inplace is not supported together with axis.")
    if not training:
        return x * (1 - p) if mode == "downscale_in_infer" else x
    if p == 1:
        return x * 0
    axes = [axis] if isinstance(axis, int) else list(axis)
    if len(axes) > x.ndim:
        raise ValueError(f"(dropout) length of axis should not be greater than dimensions of "
                         f"x:{x.ndim}, but get length of axis: {len(axes)}")
    if min(axes) < 0 or max(axes) > x.ndim - 1:
        raise ValueError(f"(dropout) axis value should be greater than or equal to 0 and less "
                         f"than dimensions of x:{x.ndim}, but get axis value:{max(axes)}")
    if state.tracer is not None:  # a for_test clone of a static program evaluates instead
        from ...static.test_clone import training_branch
        return training_branch(lambda: _drop_along(x, p, axes, mode),
                               lambda: x * (1 - p) if mode == "downscale_in_infer" else x)
    return _drop_along(x, p, axes, mode)


def _drop_along(x, p, axes, mode):
    mask_shape = [x.shape[i] if i in axes else 1 for i in range(x.ndim)]
    keep = _keep_mask(mask_shape, p, x.dtype, x)
    scaled = x * (1 / (1 - p)) if mode == "upscale_in_train" else x
    return scaled * keep


def _keep_mask(shape, p: float, dtype, x):
    """1 with probability 1 - p, else 0, drawn as uniform >= p like Paddle. A program whose
    mask has dims known only at run time draws in the shape of a slice of x (index 0 along the
    dims the mask is shared over), so the draw keeps those dims unknown."""
    if -1 in shape:
        like = x[tuple(slice(None) if size != 1 else slice(0, 1) for size in shape)]
        draw = R.uniform(like, list(shape), _dt.float32, 0.0, 1.0, 0)
    else:
        draw = uniform(shape, dtype="float32", min=0.0, max=1.0)
    return cast_to(draw >= p, dtype)


@aliases(input="x")
def dropout1d(input, p=0.5, training=True, inplace=False):
    """Drop whole channels of a [C, L] or [N, C, L] input."""
    require_tensor("dropout1d", "input", 0, input)
    if not 0 <= p <= 1:
        raise ValueError(f"(dropout1d) dropout probability must be in [0, 1], got {p}")
    if input.ndim not in (2, 3):
        raise RuntimeError(f"(dropout1d) dropout1d expects 2D or 3D input, got {input.ndim}D")
    if inplace:
        warnings.warn("inplace=True is not supported by dropout1d and is ignored.")
    batched = input if input.ndim == 3 else input.unsqueeze(0)
    out = dropout(batched, p=p, axis=1, training=training)
    return out if input.ndim == 3 else out.squeeze(0)


def _channel_dropout(api, x, p, training, data_format, layouts, rank):
    require_tensor(api, "x", 0, x)
    if x.ndim != rank:
        raise ValueError(f"({api}) dimensions of x should be {rank}, but received {x.ndim} != "
                         f"{rank}")
    if data_format not in layouts:
        raise ValueError(f"({api}) Attr(data_format) should be '{layouts[0]}' or "
                         f"'{layouts[1]}'. Received Attr(data_format): {data_format}.")
    channel_axis = 1 if data_format == layouts[0] else rank - 1
    return dropout(x, p=p, axis=[0, channel_axis], training=training, mode="upscale_in_train")


def dropout2d(x, p=0.5, training=True, data_format="NCHW", name=None):
    """Drop whole channels of a 4-D input (NCHW or NHWC).

    Example:
        >>> import paddle
        >>> paddle.nn.functional.dropout2d(paddle.ones([1, 2, 2, 2]), training=False).shape
        paddle.Size([1, 2, 2, 2])
    """
    return _channel_dropout("dropout2d", x, p, training, data_format, ("NCHW", "NHWC"), 4)


def dropout3d(x, p=0.5, training=True, data_format="NCDHW", name=None):
    """Drop whole channels of a 5-D input (NCDHW or NDHWC)."""
    return _channel_dropout("dropout3d", x, p, training, data_format, ("NCDHW", "NDHWC"), 5)


def _alpha_dropout(api, x, p, training, per_channel):
    """Dropout that keeps SELU activations at zero mean and unit variance: dropped values are
    set to SELU's negative saturation value, then everything is scaled and shifted back."""
    require_tensor(api, "x", 0, x)
    if isinstance(p, bool) or not isinstance(p, numbers.Real):
        raise TypeError(f"({api}) p argument should be a float or int, but received "
                        f"{type(p).__name__}.")
    if not 0 <= p <= 1:
        raise ValueError(f"({api}) p argument should between 0 and 1, but received {p}.")
    if not training:
        return x
    if p == 1:
        return x * 0
    saturation = -_SELU_ALPHA * _SELU_SCALE
    a = ((1 - p) * (1 + p * saturation ** 2)) ** -0.5
    b = -a * saturation * p
    if per_channel:
        if x.ndim < 2:
            raise ValueError(f"({api}) Feature alpha dropout needs at least 2D input, but "
                             f"received x of shape {list(x.shape)}.")
        shape = list(x.shape[:2]) + [1] * (x.ndim - 2)
    else:
        shape = list(x.shape)
    keep = _keep_mask(shape, p, x.dtype, x)
    return (x * keep + (1 - keep) * saturation) * a + b


def alpha_dropout(x, p=0.5, training=True, name=None):
    """Alpha dropout (for SELU networks): each element dropped with probability p.

    Example:
        >>> import paddle
        >>> paddle.nn.functional.alpha_dropout(paddle.ones([2]), 0.5, training=False)
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1., 1.])
    """
    return _alpha_dropout("alpha_dropout", x, p, training, per_channel=False)


def feature_alpha_dropout(x, p=0.5, training=True, name=None):
    """Alpha dropout of whole channels (axis 1) of an input with at least 2 dims."""
    return _alpha_dropout("feature_alpha_dropout", x, p, training, per_channel=True)


__all__ = ["dropout", "dropout1d", "dropout2d", "dropout3d", "alpha_dropout",
           "feature_alpha_dropout"]
