"""NAdam: Adam with Nesterov momentum and a momentum-decay schedule."""
from __future__ import annotations


from ._hyper import float_attr, require_set, scalar
from .optimizer import Optimizer

__all__ = ["NAdam"]

_MOMENTUM_DECAY_BASE = 0.96


class NAdam(Optimizer):
    """NAdam (Dozat 2016, with PyTorch's momentum schedule mu_t = beta1 * (1 - 0.5 *
    0.96**(t * momentum_decay))).

    Example:
        >>> import paddle
        >>> linear = paddle.nn.Linear(10, 10)
        >>> nadam = paddle.optimizer.NAdam(learning_rate=0.01, parameters=linear.parameters())
        >>> linear(paddle.rand([4, 10])).mean().backward()
        >>> nadam.step()
        >>> nadam.clear_grad()
    """

    def __init__(self, learning_rate=0.002, beta1=0.9, beta2=0.999, epsilon=1.0e-8,
                 momentum_decay=0.004, parameters=None, weight_decay=None, grad_clip=None,
                 name=None) -> None:
        require_set("NAdam", learning_rate=learning_rate)
        _check_ranges("NAdam", learning_rate, beta1, beta2, epsilon)
        if not 0.0 <= momentum_decay:
            raise ValueError(f"(NAdam) Invalid momentum_decay value: {momentum_decay}, expect "
                             "momentum_decay >= 0.")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "nadam"
        self._beta1 = beta1
        self._beta2 = beta2
        self._epsilon = epsilon
        self._momentum_decay = momentum_decay
        self._default_dict = {"beta1": beta1, "beta2": beta2, "epsilon": epsilon,
                              "momentum_decay": momentum_decay}

    def _create_accumulators(self, target, options) -> None:
        dtype = "float32" if target._data.dtype.itemsize < 4 else None
        for name in ("momentum_decay_pow", "beta2_pow", "mu_product"):
            self._add_accumulator(name, target, fill_value=1.0, dtype=dtype)
        self._add_accumulator("moment1", target, dtype=dtype)
        self._add_accumulator("moment2", target, dtype=dtype)

    def _update(self, xp, param, grad, accs, lr, options, owner) -> None:
        t = param.dtype.type
        b1, b2, one = float_attr(t, options["beta1"]), float_attr(t, options["beta2"]), t(1)
        psi, base, half = float_attr(t, options["momentum_decay"]), t(_MOMENTUM_DECAY_BASE), t(0.5)
        decay_pow, b2_pow, mu_product = (accs["momentum_decay_pow"], accs["beta2_pow"],
                                         accs["mu_product"])
        decay_pow *= base
        b2_pow *= b2
        mu_t = b1 * (one - half * xp.power(decay_pow, psi))
        mu_next = b1 * (one - half * xp.power(decay_pow * base, psi))
        mu_product *= mu_t
        m1, m2 = accs["moment1"], accs["moment2"]
        m1 *= b1
        m1 += grad * (one - b1)
        m2 *= b2
        m2 += grad * (one - b2) * grad
        denom = xp.sqrt(m2 / (one - b2_pow))
        denom += float_attr(t, options["epsilon"])
        step = ((one - mu_t) / (one - mu_product)) * grad
        step += (mu_next / (one - mu_product * mu_next)) * m1
        step *= lr
        step /= denom
        param -= step


def _check_ranges(owner, learning_rate, beta1, beta2, epsilon) -> None:
    """NAdam/RAdam argument checks (Paddle's messages)."""
    if isinstance(learning_rate, (float, int)) and not 0.0 <= learning_rate:
        raise ValueError(f"({owner}) Invalid learning rate: {learning_rate}, expect "
                         "learning_rate >= 0.")
    if not 0.0 <= epsilon:
        raise ValueError(f"({owner}) Invalid epsilon value: {epsilon}, expect epsilon >= 0.")
    if not 0.0 <= scalar(beta1) < 1.0:
        raise ValueError(f"({owner}) Invalid beta1: {beta1}, expect 0. <= beta1 < 1.0.")
    if not 0.0 <= scalar(beta2) < 1.0:
        raise ValueError(f"({owner}) Invalid beta2: {beta2}, expect 0. <= beta2 < 1.0.")
