"""Weight-decay regularizers: L1Decay and L2Decay.

A regularizer adds the gradient of its penalty to a parameter's gradient before the optimizer
update. Set one on a parameter through `paddle.ParamAttr(regularizer=...)` or on every parameter
through an optimizer's `weight_decay`; the parameter's own regularizer wins.
"""
from __future__ import annotations

import numpy as np

__all__ = ["L1Decay", "L2Decay"]


class WeightDecayRegularizer:
    """Base class: `decay(param)` is the penalty's gradient, added to the parameter's gradient."""

    def __init__(self) -> None:
        self._coeff = 0.0

    def _decay_array(self, param: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def __call__(self, param, grad=None, block=None):
        """The decay term for `param` as a Tensor (what the optimizer adds to `grad`)."""
        from ._core.tensor import wrap
        return wrap(self._decay_array(param._data))

    def __str__(self) -> str:
        raise NotImplementedError


def _check_coeff(kind: str, coeff) -> float:
    if isinstance(coeff, bool) or not isinstance(coeff, (int, float, np.floating, np.integer)):
        raise TypeError(f"({kind}) coeff must be a float, but received {type(coeff).__name__}")
    return coeff


class L1Decay(WeightDecayRegularizer):
    """L1 weight decay: loss += coeff * sum(|w|), so the gradient gains coeff * sign(w).

    Example:
        >>> import paddle
        >>> init = paddle.nn.initializer.Assign([-2.0, 0.0, 3.0])
        >>> w = paddle.create_parameter([3], "float32", default_initializer=init)
        >>> sgd = paddle.optimizer.SGD(1.0, parameters=[w],
        ...                            weight_decay=paddle.regularizer.L1Decay(0.5))
        >>> (w * 0).sum().backward()
        >>> sgd.step()
        >>> w.numpy().tolist()
        [-1.5, 0.0, 2.5]
    """

    def __init__(self, coeff: float = 0.0) -> None:
        super().__init__()
        self._coeff = _check_coeff("L1Decay", coeff)

    def _decay_array(self, param: np.ndarray) -> np.ndarray:
        return np.sign(param) * param.dtype.type(self._coeff)

    def __str__(self) -> str:
        return f"L1Decay, coeff={self._coeff:f}"


class L2Decay(WeightDecayRegularizer):
    """L2 weight decay: loss += 0.5 * coeff * sum(w**2), so the gradient gains coeff * w.

    Example:
        >>> import paddle
        >>> init = paddle.nn.initializer.Assign([2.0, -4.0])
        >>> w = paddle.create_parameter([2], "float32", default_initializer=init)
        >>> sgd = paddle.optimizer.SGD(1.0, parameters=[w],
        ...                            weight_decay=paddle.regularizer.L2Decay(0.5))
        >>> (w * 0).sum().backward()
        >>> sgd.step()
        >>> w.numpy().tolist()
        [1.0, -2.0]
    """

    def __init__(self, coeff: float = 0.0) -> None:
        super().__init__()
        self._coeff = _check_coeff("L2Decay", coeff)

    def _decay_array(self, param: np.ndarray) -> np.ndarray:
        return param * param.dtype.type(self._coeff)

    def __str__(self) -> str:
        return f"L2Decay, coeff={self._coeff:f}"
