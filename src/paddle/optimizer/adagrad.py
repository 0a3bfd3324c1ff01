"""Adagrad: per-element learning rates from the accumulated squared gradients."""
from __future__ import annotations


from ._hyper import float_attr, require_set, scalar
from .optimizer import Optimizer

__all__ = ["Adagrad"]


class Adagrad(Optimizer):
    """Adagrad: moment += grad**2; param -= lr * grad / (sqrt(moment) + epsilon).

    Example:
        >>> import paddle
        >>> linear = paddle.nn.Linear(10, 10)
        >>> adagrad = paddle.optimizer.Adagrad(learning_rate=0.1, parameters=linear.parameters())
        >>> linear(paddle.rand([4, 10])).mean().backward()
        >>> adagrad.step()
        >>> adagrad.clear_grad()
    """

    def __init__(self, learning_rate, epsilon=1e-06, parameters=None, weight_decay=None,
                 grad_clip=None, name=None, initial_accumulator_value=0.0) -> None:
        require_set("Adagrad", learning_rate=learning_rate, epsilon=epsilon)
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "adagrad"
        self._epsilon = epsilon
        self.initial_accumulator_value = initial_accumulator_value
        self._default_dict = {"epsilon": epsilon,
                              "initial_accumulator_value": initial_accumulator_value}

    def _create_accumulators(self, target, options) -> None:
        self._add_accumulator("moment", target,
                              fill_value=scalar(options["initial_accumulator_value"]))

    def _update(self, xp, param, grad, accs, lr, options, owner) -> None:
        moment = accs["moment"]
        moment += grad * grad
        denom = xp.sqrt(moment)
        denom += float_attr(param.dtype.type, options["epsilon"])
        step = grad * lr
        step /= denom
        param -= step
