"""RAdam: Adam with the variance of the adaptive learning rate rectified."""
from __future__ import annotations

import numpy as np

from ._hyper import float_attr, require_set
from .nadam import _check_ranges
from .optimizer import Optimizer

__all__ = ["RAdam"]


class RAdam(Optimizer):
    """RAdam (Liu et al. 2019): while the approximated SMA length rho_t <= 5 the step is plain
    momentum SGD with the bias-corrected first moment; afterwards the Adam step is scaled by
    the variance rectification term.

    Example:
        >>> import paddle
        >>> linear = paddle.nn.Linear(10, 10)
        >>> radam = paddle.optimizer.RAdam(learning_rate=0.01, parameters=linear.parameters())
        >>> linear(paddle.rand([4, 10])).mean().backward()
        >>> radam.step()
        >>> radam.clear_grad()
    """

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1.0e-8,
                 parameters=None, weight_decay=None, grad_clip=None, name=None) -> None:
        require_set("RAdam", learning_rate=learning_rate)
        _check_ranges("RAdam", learning_rate, beta1, beta2, epsilon)
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "radam"
        self._beta1 = beta1
        self._beta2 = beta2
        self._epsilon = epsilon
        self._default_dict = {"beta1": beta1, "beta2": beta2, "epsilon": epsilon}

    def _create_accumulators(self, target, options) -> None:
        dtype = "float32" if target._data.dtype.itemsize < 4 else None
        for name in ("beta1_pow", "beta2_pow", "rho"):
            self._add_accumulator(name, target, fill_value=1.0, dtype=dtype)
        self._add_accumulator("moment1", target, dtype=dtype)
        self._add_accumulator("moment2", target, dtype=dtype)

    def _update(self, xp, param, grad, accs, lr, options, owner) -> None:
        t = param.dtype.type
        b1, b2 = float_attr(t, options["beta1"]), float_attr(t, options["beta2"])
        one, two = t(1), t(2)
        b1_pow, b2_pow, rho = accs["beta1_pow"], accs["beta2_pow"], accs["rho"]
        b1_pow *= b1
        b2_pow *= b2
        # rho holds t * beta2**t / (1 - beta2**t), kept by a recurrence that needs no t
        rho *= b2 - b2_pow
        rho += b2_pow
        rho /= one - b2_pow
        m1, m2 = accs["moment1"], accs["moment2"]
        m1 *= b1
        m1 += grad * (one - b1)
        m2 *= b2
        m2 += grad * (one - b2) * grad
        rho_inf = two / (one - b2) - one
        rho_t = rho_inf - two * rho
        m1_hat = m1 / (one - b1_pow)
        four = t(4)
        with np.errstate(invalid="ignore", divide="ignore"):
            rect = xp.sqrt((rho_t - four) * (rho_t - two) * rho_inf /
                           ((rho_inf - four) * (rho_inf - two) * rho_t))
            adaptive = xp.sqrt(one - b2_pow) / (xp.sqrt(m2) + float_attr(t, options["epsilon"]))
        rectified = rho_t > t(5)
        step = xp.where(rectified, lr * m1_hat * rect * adaptive, lr * m1_hat)
        param -= step
