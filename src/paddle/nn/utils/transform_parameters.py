"""Flattening parameters into one vector and back (no gradient is recorded)."""
from __future__ import annotations

import numpy as np

from ..._core.tensor import Tensor, wrap

__all__ = ["parameters_to_vector", "vector_to_parameters"]


def parameters_to_vector(parameters, name=None):
    """Concatenate the flattened `parameters` into one 1-D tensor (stop_gradient=False, like
    Paddle, but not connected to the parameters in the autograd graph).

    Example:
        >>> import paddle
        >>> fc = paddle.nn.Linear(3, 2)
        >>> paddle.nn.utils.parameters_to_vector(fc.parameters()).shape
        paddle.Size([8])
    """
    parameters = list(parameters)
    if not parameters:
        raise ValueError("(parameters_to_vector) parameters must not be empty")
    dtype = parameters[0]._data.dtype
    out = wrap(np.concatenate([p._data.reshape(-1).astype(dtype, copy=False)
                               for p in parameters]))
    out.stop_gradient = False
    return out


def vector_to_parameters(vec, parameters, name=None):
    """Copy consecutive slices of the 1-D `vec` into `parameters` (in order, reshaped to each
    parameter's shape); `vec` may be longer than needed, not shorter.

    Example:
        >>> import paddle
        >>> fc = paddle.nn.Linear(3, 2)
        >>> paddle.nn.utils.vector_to_parameters(paddle.ones([8]), fc.parameters())
        >>> fc.bias.numpy().tolist()
        [1.0, 1.0]
    """
    if not isinstance(vec, Tensor) or vec.ndim != 1:
        raise ValueError("(vector_to_parameters) vec must be a 1-D Tensor, but received "
                         f"{getattr(vec, 'shape', type(vec).__name__)}")
    parameters = list(parameters)
    sizes = [int(np.prod(p._data.shape)) for p in parameters]
    if sum(sizes) > vec.shape[0]:
        raise ValueError("(vector_to_parameters) The total_elements of vec should be equal to or "
                         f"larger than the number of elements in parameters ({sum(sizes)}), but "
                         f"vec has {vec.shape[0]}.")
    offset = 0
    for p, size in zip(parameters, sizes):
        chunk = vec._data[offset:offset + size].reshape(p._data.shape)
        p._data = chunk.astype(p._data.dtype, copy=True)
        p._version += 1
        offset += size
