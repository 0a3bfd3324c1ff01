"""Adadelta: step sizes from running averages of squared gradients and squared updates."""
from __future__ import annotations


from ._hyper import float_attr, require_set
from .optimizer import Optimizer

__all__ = ["Adadelta"]


class Adadelta(Optimizer):
    """Adadelta: E[g²] = rho E[g²] + (1 - rho) g²; update = -sqrt((E[Δ²] + eps) / (E[g²] + eps))
    * g; E[Δ²] = rho E[Δ²] + (1 - rho) update²; param += lr * update.

    Example:
        >>> import paddle
        >>> linear = paddle.nn.Linear(10, 10)
        >>> adadelta = paddle.optimizer.Adadelta(learning_rate=0.1,
        ...                                      parameters=linear.parameters())
        >>> linear(paddle.rand([4, 10])).mean().backward()
        >>> adadelta.step()
        >>> adadelta.clear_grad()
    """

    def __init__(self, learning_rate=0.001, epsilon=1e-06, rho=0.95, parameters=None,
                 weight_decay=None, grad_clip=None, name=None) -> None:
        require_set("Adadelta", learning_rate=learning_rate, epsilon=epsilon, rho=rho)
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "adadelta"
        self._epsilon = epsilon
        self._rho = rho
        self._default_dict = {"epsilon": epsilon, "rho": rho}

    def _create_accumulators(self, target, options) -> None:
        self._add_accumulator("_avg_squared_grad", target)
        self._add_accumulator("_avg_squared_update", target)

    def _update(self, xp, param, grad, accs, lr, options, owner) -> None:
        t = param.dtype.type
        rho, eps, one = float_attr(t, options["rho"]), float_attr(t, options["epsilon"]), t(1)
        sq_grad, sq_update = accs["_avg_squared_grad"], accs["_avg_squared_update"]
        sq_grad *= rho
        sq_grad += (grad * grad) * (one - rho)
        update = (sq_update + eps) / (sq_grad + eps)
        xp.sqrt(update, out=update)
        update *= grad
        xp.negative(update, out=update)
        sq_update *= rho
        sq_update += (update * update) * (one - rho)
        param += update * lr
