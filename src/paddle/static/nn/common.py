"""`paddle.static.nn.fc`: a fully connected layer created in place, with Paddle's parameter
names (fc_0.w_0, fc_0.b_0, …)."""
from __future__ import annotations

import math

from ..._core.tensor import Tensor

__all__ = ["fc"]


def fc(x, size, num_flatten_dims=1, weight_attr=None, bias_attr=None, activation=None,
       name=None):
    """out = activation(sum_i flatten(x_i) @ w_i + b): each input is flattened to a matrix at
    `num_flatten_dims` (the leading dims are kept), multiplied by its own weight, and the
    products summed before the bias and activation.

    Example:
        >>> import paddle
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2, 3], "float32")
        >>> list(paddle.static.nn.fc(x, 4, num_flatten_dims=2).shape)
        [-1, 2, 4]
        >>> paddle.disable_static()
    """
    from ...nn import functional as F
    from ...nn.layer.layers import Layer
    inputs = list(x) if isinstance(x, (list, tuple)) else [x]
    _check(inputs, size, num_flatten_dims, activation)
    holder = Layer(name_scope=name or "fc", dtype=inputs[0].dtype)
    products = []
    for t in inputs:
        kept = list(t.shape[:num_flatten_dims])
        width = math.prod(t.shape[num_flatten_dims:])
        weight = holder.create_parameter([width, size], weight_attr, t.dtype)
        # unknown leading dims copy the input's (0); a known flat shape needs no reshape
        flat = t if len(t.shape) == num_flatten_dims + 1 else t.reshape(
            [0 if d < 0 else d for d in kept] + [width])
        products.append(flat.matmul(weight))
    out = products[0] if len(products) == 1 else _add_n(products)
    bias = holder.create_parameter([size], bias_attr, inputs[0].dtype, is_bias=True)
    if bias is not None:
        out = out + bias
    return out if activation is None else getattr(F, activation)(out)


def _add_n(tensors):
    from ...tensor.math_pairwise import add_n
    return add_n(tensors)


def _check(inputs, size, num_flatten_dims, activation) -> None:
    for i, t in enumerate(inputs):
        if not isinstance(t, Tensor):
            raise TypeError(f"(fc) input {i} must be a Tensor, but received {type(t).__name__}")
        if not 1 <= num_flatten_dims < len(t.shape):
            raise ValueError(f"(fc) num_flatten_dims must be in [1, {len(t.shape)}) for an input "
                             f"of shape {list(t.shape)}, but received {num_flatten_dims}")
        if any(d < 0 for d in t.shape[num_flatten_dims:]):
            raise ValueError(f"(fc) the dims of input {i} from num_flatten_dims on must be known "
                             f"to size the weight, but the input has shape {list(t.shape)}")
    if isinstance(size, bool) or not isinstance(size, int) or size <= 0:
        raise ValueError(f"(fc) size must be a positive int, but received {size!r}")
    if activation is not None and not isinstance(activation, str):
        raise TypeError(f"(fc) activation must be a str (e.g. 'relu') or None, but received "
                        f"{type(activation).__name__}")
