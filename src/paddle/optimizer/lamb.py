"""Lamb: Adam moments with a layer-wise trust ratio."""
from __future__ import annotations

import numpy as np

from ._hyper import float_attr, require_set
from .optimizer import Optimizer

__all__ = ["Lamb"]


class Lamb(Optimizer):
    """LAMB: r = m̂ / (sqrt(v̂) + epsilon) + lamb_weight_decay * param; param -= lr * (‖param‖ /
    ‖r‖) * r. Parameters for which exclude_from_weight_decay_fn(param) is True get no decay and,
    unless always_adapt, no trust ratio.

    Example:
        >>> import paddle
        >>> linear = paddle.nn.Linear(10, 10)
        >>> lamb = paddle.optimizer.Lamb(learning_rate=0.002, parameters=linear.parameters(),
        ...                              lamb_weight_decay=0.01)
        >>> linear(paddle.rand([4, 10])).mean().backward()
        >>> lamb.step()
        >>> lamb.clear_grad()
    """

    def __init__(self, learning_rate=0.001, lamb_weight_decay=0.01, beta1=0.9, beta2=0.999,
                 epsilon=1e-06, parameters=None, grad_clip=None,
                 exclude_from_weight_decay_fn=None, multi_precision=False, always_adapt=False,
                 name=None) -> None:
        require_set("Lamb", learning_rate=learning_rate, beta1=beta1, beta2=beta2,
                    epsilon=epsilon)
        super().__init__(learning_rate, parameters, None, grad_clip, name)
        self.type = "lamb"
        self._beta1 = beta1
        self._beta2 = beta2
        self._epsilon = epsilon
        self._lamb_weight_decay = lamb_weight_decay
        self._exclude_from_weight_decay_fn = exclude_from_weight_decay_fn
        self._multi_precision = multi_precision
        self.always_adapt = always_adapt
        self._default_dict = {"beta1": beta1, "beta2": beta2, "epsilon": epsilon,
                              "lamb_weight_decay": lamb_weight_decay,
                              "exclude_from_weight_decay_fn": exclude_from_weight_decay_fn}

    def _create_accumulators(self, target, options) -> None:
        dtype = "float32" if target._data.dtype.itemsize < 4 else None
        self._add_accumulator("moment1", target, dtype=dtype)
        self._add_accumulator("moment2", target, dtype=dtype)
        for name, key, default in (("beta1_pow_acc", "beta1", 0.9),
                                   ("beta2_pow_acc", "beta2", 0.999)):
            beta = options[key]
            fill = default if hasattr(beta, "_data") else beta
            self._add_accumulator(name, target, fill_value=fill, shape=[1], dtype=dtype)

    def _update(self, xp, param, grad, accs, lr, options, owner) -> None:
        t = param.dtype.type
        b1, b2, one = float_attr(t, options["beta1"]), float_attr(t, options["beta2"]), t(1)
        exclude = options["exclude_from_weight_decay_fn"]
        excluded = exclude is not None and exclude(owner)
        decay = float_attr(t, 0.0 if excluded else options["lamb_weight_decay"])
        m1, m2 = accs["moment1"], accs["moment2"]
        b1_pow, b2_pow = accs["beta1_pow_acc"], accs["beta2_pow_acc"]
        m1 *= b1
        m1 += grad * (one - b1)
        m2 *= b2
        m2 += grad * (one - b2) * grad
        ratio_r = m1 / (one - b1_pow[0])
        denom = xp.sqrt(m2 / (one - b2_pow[0]))
        denom += float_attr(t, options["epsilon"])
        ratio_r /= denom
        ratio_r += param * decay
        trust = self._trust_ratio(xp, param, ratio_r, decay)
        param -= ratio_r * (lr * trust)
        b1_pow *= b1
        b2_pow *= b2

    def _trust_ratio(self, xp, param, update, decay):
        t = param.dtype.type
        if decay == 0 and not self.always_adapt:
            return t(1)
        param_norm = t(xp.sqrt(xp.sum(xp.square(param, dtype=np.float64))))
        update_norm = t(xp.sqrt(xp.sum(xp.square(update, dtype=np.float64))))
        if param_norm > 0 and update_norm > 0:
            return param_norm / update_norm
        return t(1)
