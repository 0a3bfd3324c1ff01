"""Helpers of the Optimizer base: argument checks, per-parameter options, low-precision
updates."""
from __future__ import annotations

import numpy as np

from .._core import dtype as _dt
from .._core.tensor import Tensor
from ..regularizer import L2Decay, WeightDecayRegularizer


def check_parameters(owner: str, parameters) -> list:
    if parameters is None:
        raise AttributeError(f"({owner}) parameters argument given to the Optimizer should not "
                             "be None in dygraph mode.")
    if isinstance(parameters, Tensor):
        raise TypeError(f"({owner}) `parameters` should be an iterable of paddle Tensors, but "
                        f"received a single {type(parameters).__name__}")
    if isinstance(parameters, dict):
        raise TypeError(f"({owner}) `parameters` should not be a dict; for parameter groups "
                        "pass a list of dicts")
    params = list(parameters)
    for p in params:
        if not isinstance(p, (Tensor, dict)):
            raise TypeError(f"({owner}) every item of `parameters` must be a Tensor or a dict "
                            f"(a parameter group), but received {type(p).__name__}")
    return params


def as_regularizer(weight_decay):
    if weight_decay is None or isinstance(weight_decay, WeightDecayRegularizer):
        return weight_decay
    if isinstance(weight_decay, (int, float)) and not isinstance(weight_decay, bool):
        return L2Decay(float(weight_decay))
    raise TypeError("weight_decay must be a float or a paddle.regularizer.L1Decay/L2Decay, but "
                    f"received {type(weight_decay).__name__}")


# float16's and bfloat16's NumPy types (bfloat16's once ml_dtypes is loaded)
LOW_NP = _dt.LOW_PRECISION_NP


def optimize_attr(param) -> dict:
    attr = getattr(param, "optimize_attr", None)
    if attr is None:
        attr = {"learning_rate": 1.0}
        param.optimize_attr = attr
    return attr


def lr_multiplier(param) -> float:
    attr = getattr(param, "optimize_attr", None)
    return 1.0 if not attr else attr.get("learning_rate", 1.0)


def update_in_float32(update, data, grad, accs, lr, options, owner) -> None:
    """Run `update` on float32 copies of a float16/bfloat16 parameter and its low-precision
    accumulators, then round the results back (Paddle computes these in float32)."""
    work = data.astype(np.float32)
    arrays = {k: (t._data.astype(np.float32) if t._data.dtype in LOW_NP else t._data)
              for k, t in accs.items()}
    update(work, grad.astype(np.float32), arrays, np.float32(lr), options, owner)
    np.copyto(data, work, casting="unsafe")
    for k, t in accs.items():
        if t._data.dtype in LOW_NP:
            np.copyto(t._data, arrays[k], casting="unsafe")
