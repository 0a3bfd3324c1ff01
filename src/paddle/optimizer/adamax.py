"""Adamax: Adam with the infinity norm in place of the second moment."""
from __future__ import annotations


from ._hyper import check_non_negative, check_unit_interval, float_attr, require_set, scalar
from .optimizer import Optimizer

__all__ = ["Adamax"]


class Adamax(Optimizer):
    """Adamax: moment = beta1 * moment + (1 - beta1) * grad; inf_norm = max(beta2 * inf_norm +
    epsilon, |grad|); param -= lr / (1 - beta1**t) * moment / inf_norm.

    Example:
        >>> import paddle
        >>> linear = paddle.nn.Linear(10, 10)
        >>> adamax = paddle.optimizer.Adamax(learning_rate=0.1, parameters=linear.parameters())
        >>> linear(paddle.rand([4, 10])).mean().backward()
        >>> adamax.step()
        >>> adamax.clear_grad()
    """

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08,
                 parameters=None, weight_decay=None, grad_clip=None, name=None) -> None:
        require_set("Adamax", learning_rate=learning_rate, beta1=beta1, beta2=beta2,
                    epsilon=epsilon)
        check_unit_interval("Adamax", beta1=beta1, beta2=beta2)
        check_non_negative("Adamax", epsilon=epsilon)
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "adamax"
        self._beta1 = beta1
        self._beta2 = beta2
        self._epsilon = epsilon
        self._default_dict = {"beta1": beta1, "beta2": beta2, "epsilon": epsilon}

    def _create_accumulators(self, target, options) -> None:
        dtype = "float32" if target._data.dtype.itemsize < 4 else None
        self._add_accumulator("moment", target, dtype=dtype)
        self._add_accumulator("inf_norm", target, dtype=dtype)
        # the power keeps the parameter's own dtype in Paddle
        self._add_accumulator("beta1_pow_acc", target, fill_value=scalar(options["beta1"]),
                              shape=[1])

    def _update(self, xp, param, grad, accs, lr, options, owner) -> None:
        t = param.dtype.type
        b1, b2, one = float_attr(t, options["beta1"]), float_attr(t, options["beta2"]), t(1)
        moment, inf_norm, b1_pow = accs["moment"], accs["inf_norm"], accs["beta1_pow_acc"]
        moment *= b1
        moment += grad * (one - b1)
        inf_norm *= b2
        inf_norm += float_attr(t, options["epsilon"])
        xp.maximum(inf_norm, xp.abs(grad), out=inf_norm)
        lr_t = lr / (one - t(b1_pow[0]))
        param -= (moment / inf_norm) * lr_t
        # the power is scaled by a separate op that takes beta1 at full precision
        b1_pow *= b1_pow.dtype.type(scalar(options["beta1"]))
