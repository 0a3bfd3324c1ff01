"""Adam (with optional AMSGrad) and the update rule AdamW shares."""
from __future__ import annotations

import numpy as np

from ._hyper import check_non_negative, check_unit_interval, require_set, scalar
from .optimizer import Optimizer

__all__ = ["Adam"]


def adam_update(param, grad, accs, lr, beta1, beta2, epsilon, amsgrad) -> None:
    """One Adam step in place, with Paddle's arithmetic: the moments and the bias-corrected
    learning rate in the parameter's dtype, the final parameter update in float64."""
    t = param.dtype.type
    b1, b2, one = t(beta1), t(beta2), t(1)
    m1, m2 = accs["moment1"], accs["moment2"]
    b1_pow, b2_pow = accs["beta1_pow_acc"], accs["beta2_pow_acc"]
    correction = np.sqrt(one - b2_pow[0])
    lr_t = lr * (correction / (one - b1_pow[0]))
    eps_t = t(epsilon) * correction
    m1 *= b1
    m1 += grad * (one - b1)
    m2 *= b2
    m2 += grad * (one - b2) * grad
    if amsgrad:
        np.maximum(accs["moment2_max"], m2, out=accs["moment2_max"])
        m2 = accs["moment2_max"]
    step = np.sqrt(m2, dtype=np.float64)
    step += np.float64(eps_t)
    np.divide(m1, step, out=step)
    step *= np.float64(lr_t)
    wide = param.astype(np.float64)
    wide -= step
    np.copyto(param, wide, casting="unsafe")
    b1_pow *= b1
    b2_pow *= b2


def add_adam_accumulators(opt, target, options, amsgrad) -> None:
    """moment1/moment2 (and moment2_max), beta1/beta2 powers of shape [1] starting at the betas
    (float32 for float16/bfloat16 targets)."""
    dtype = "float32" if target._data.dtype.itemsize < 4 else None
    opt._add_accumulator("moment1", target, dtype=dtype)
    opt._add_accumulator("moment2", target, dtype=dtype)
    if amsgrad:
        opt._add_accumulator("moment2_max", target, dtype=dtype)
    for name, key, default in (("beta1_pow_acc", "beta1", 0.9), ("beta2_pow_acc", "beta2", 0.999)):
        beta = options[key]
        # Paddle starts the power at the default beta when beta is given as a Tensor
        fill = default if hasattr(beta, "_data") else beta
        opt._add_accumulator(name, target, fill_value=fill, shape=[1], dtype=dtype)


class Adam(Optimizer):
    """Adam: adaptive moment estimation (amsgrad=True keeps the running maximum of the second
    moment). `lazy_mode` and `use_multi_tensor` only matter for sparse gradients and fused
    kernels; the numbers are the same.

    Example:
        >>> import paddle
        >>> linear = paddle.nn.Linear(10, 10)
        >>> adam = paddle.optimizer.Adam(learning_rate=0.01, parameters=linear.parameters())
        >>> linear(paddle.rand([4, 10])).mean().backward()
        >>> adam.step()
        >>> adam.clear_grad()
    """

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08,
                 parameters=None, weight_decay=None, grad_clip=None, lazy_mode=False,
                 multi_precision=False, use_multi_tensor=False, amsgrad=False, name=None) -> None:
        require_set("Adam", learning_rate=learning_rate, beta1=beta1, beta2=beta2,
                    epsilon=epsilon)
        check_unit_interval("Adam", beta1=beta1, beta2=beta2)
        check_non_negative("Adam", epsilon=epsilon)
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "adam"
        self._beta1 = beta1
        self._beta2 = beta2
        self._epsilon = epsilon
        self._lazy_mode = lazy_mode
        self._multi_precision = multi_precision
        self._use_multi_tensor = use_multi_tensor
        self._amsgrad = amsgrad
        self._default_dict = {"beta1": beta1, "beta2": beta2, "epsilon": epsilon,
                              "lazy_mode": lazy_mode}

    def _create_accumulators(self, target, options) -> None:
        add_adam_accumulators(self, target, options, self._amsgrad)

    def _update(self, param, grad, accs, lr, options, owner) -> None:
        adam_update(param, grad, accs, lr, scalar(options["beta1"]), scalar(options["beta2"]),
                    scalar(options["epsilon"]), self._amsgrad)
