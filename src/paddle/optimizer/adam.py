"""Adam (with optional AMSGrad) and the update rule AdamW shares."""
from __future__ import annotations

import numpy as np

from ._hyper import check_non_negative, check_unit_interval, require_set, scalar
from ._scratch import chunks, flat_views, scratch
from .optimizer import Optimizer

__all__ = ["Adam"]


def adam_update(xp, param, grad, accs, lr, beta1, beta2, epsilon, amsgrad) -> None:
    """One Adam step in place, with Paddle's arithmetic: the moments and the bias-corrected
    learning rate in the parameter's dtype, the final parameter update in float64."""
    t = param.dtype.type
    b1, b2, one = t(beta1), t(beta2), t(1)
    b1_pow, b2_pow = accs["beta1_pow_acc"], accs["beta2_pow_acc"]
    correction = xp.sqrt(one - b2_pow[0])
    consts = (b1, one - b1, b2, one - b2, np.float64(lr * (correction / (one - b1_pow[0]))),
              np.float64(t(epsilon) * correction))
    arrays = [param, grad if grad.flags.c_contiguous else xp.ascontiguousarray(grad),
              accs["moment1"], accs["moment2"]] + ([accs["moment2_max"]] if amsgrad else [])
    views = flat_views(*arrays)
    if views is None:
        _adam_block(xp, *arrays, *consts, amsgrad=amsgrad)
    else:
        for part in chunks(views[0].size):
            _adam_block(xp, *(v[part] for v in views), *consts, amsgrad=amsgrad)
    b1_pow *= b1
    b2_pow *= b2


def _adam_block(xp, param, grad, m1, m2, *rest, amsgrad) -> None:
    m2_max = rest[0] if amsgrad else None
    b1, one_minus_b1, b2, one_minus_b2, lr_t, eps_t = rest[-6:]
    tmp = scratch(xp, "adam32", param.dtype, param.size).reshape(param.shape)
    wide = scratch(xp, "adam64", np.float64, param.size).reshape(param.shape)
    xp.multiply(m1, b1, out=m1)
    xp.multiply(grad, one_minus_b1, out=tmp)
    xp.add(m1, tmp, out=m1)
    xp.multiply(m2, b2, out=m2)
    xp.multiply(grad, one_minus_b2, out=tmp)
    xp.multiply(tmp, grad, out=tmp)
    xp.add(m2, tmp, out=m2)
    if amsgrad:
        xp.maximum(m2_max, m2, out=m2_max)
        m2 = m2_max
    xp.sqrt(m2, out=wide, dtype=np.float64)
    xp.add(wide, eps_t, out=wide)
    xp.divide(m1, wide, out=wide)
    xp.multiply(wide, lr_t, out=wide)
    xp.subtract(param, wide, out=wide)
    xp.copyto(param, wide, casting="unsafe")


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

    def _update(self, xp, param, grad, accs, lr, options, owner) -> None:
        adam_update(xp, param, grad, accs, lr, scalar(options["beta1"]), scalar(options["beta2"]),
                    scalar(options["epsilon"]), self._amsgrad)
