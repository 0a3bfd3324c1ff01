"""In-place gradient clipping of parameters (the functional counterparts of nn.ClipGrad*)."""
from __future__ import annotations

import math

import numpy as np

from ..._core import state
from ..._core.tensor import Tensor, wrap

__all__ = ["clip_grad_norm_", "clip_grad_value_"]

_NORM_TYPES = (math.inf, 0.0, 1.0, 2.0)


def _as_list(parameters) -> list:
    if isinstance(parameters, Tensor):
        return [parameters]
    return list(parameters)


def _eager_only(api: str) -> None:
    if state.tracer is not None:
        raise RuntimeError(f"({api}) this API can only run in dynamic mode.")


def _vector_norm(values: np.ndarray, norm_type: float) -> np.ndarray:
    """Paddle's p-norm of a flattened array: max |x| for inf, count of non-zeros for 0."""
    flat = np.abs(values.reshape(-1))
    if norm_type == math.inf:
        return flat.max() if flat.size else np.zeros((), values.dtype)
    if norm_type == 0:
        return np.asarray(np.count_nonzero(flat), values.dtype)
    if norm_type == 1:
        return flat.sum()
    return np.sqrt(np.sum(flat * flat))


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False):
    """Scale the gradients of `parameters` in place so that their total `norm_type`-norm is
    at most `max_norm` (coefficient max_norm / (total + 1e-6), capped at 1); returns the total
    norm of the original gradients.

    Example:
        >>> import paddle
        >>> w = paddle.create_parameter([2], "float32")
        >>> (w * paddle.to_tensor([3.0, 4.0])).sum().backward()
        >>> float(paddle.nn.utils.clip_grad_norm_([w], max_norm=1.0))
        5.0
    """
    _eager_only("clip_grad_norm_")
    norm_type = float(norm_type)
    if norm_type not in _NORM_TYPES:
        raise ValueError(f"(clip_grad_norm_) norm_type only support [inf, 0, 1, 2], but "
                         f"received {norm_type}")
    grads = [p.grad for p in _as_list(parameters) if p.grad is not None]
    if not grads:
        return wrap(np.asarray(0.0, np.float32))
    norms = np.stack([_vector_norm(g._data, norm_type) for g in grads])
    total = norms.max() if norm_type == math.inf else _vector_norm(norms, norm_type)
    if error_if_nonfinite and not np.isfinite(total):
        raise RuntimeError(f"(clip_grad_norm_) The total norm of {norm_type} order of the "
                           "gradients from `parameters` is non-finite, so it cannot be clipped. "
                           "In any case, disable this error and scale the gradient by non-finite "
                           "norm, set `error_if_nonfinite=False`")
    coef = np.minimum(np.asarray(float(max_norm), total.dtype) / (total + total.dtype.type(1e-6)),
                      total.dtype.type(1.0))
    for g in grads:
        np.multiply(g._data, coef, out=g._data, casting="unsafe")
    return wrap(np.asarray(total))


def clip_grad_value_(parameters, clip_value):
    """Clip every gradient of `parameters` in place to [-clip_value, clip_value].

    Example:
        >>> import paddle
        >>> w = paddle.create_parameter([2], "float32")
        >>> (w * paddle.to_tensor([3.0, -0.5])).sum().backward()
        >>> paddle.nn.utils.clip_grad_value_([w], 1.0)
        >>> w.grad.numpy().tolist()
        [1.0, -0.5]
    """
    _eager_only("clip_grad_value_")
    clip_value = float(clip_value)
    for p in _as_list(parameters):
        if p.grad is not None:
            np.clip(p.grad._data, -clip_value, clip_value, out=p.grad._data, casting="unsafe")
