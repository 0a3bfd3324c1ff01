"""Momentum (heavy ball, optionally Nesterov)."""
from __future__ import annotations

from ..regularizer import L2Decay
from ._hyper import float_attr, require_set
from .optimizer import Optimizer

__all__ = ["Momentum"]


class Momentum(Optimizer):
    """SGD with momentum: velocity = momentum * velocity + grad; param -= lr * velocity (Nesterov:
    param -= lr * (grad + momentum * velocity)).

    `rescale_grad` is accepted for compatibility; like Paddle's CPU kernel, it does not scale
    the gradient.

    Example:
        >>> import paddle
        >>> linear = paddle.nn.Linear(10, 10)
        >>> momentum = paddle.optimizer.Momentum(learning_rate=0.1, momentum=0.9,
        ...                                      parameters=linear.parameters())
        >>> linear(paddle.rand([4, 10])).mean().backward()
        >>> momentum.step()
        >>> momentum.clear_grad()
    """

    def __init__(self, learning_rate=0.001, momentum=0.9, parameters=None, use_nesterov=False,
                 weight_decay=None, grad_clip=None, multi_precision=False, rescale_grad=1.0,
                 use_multi_tensor=False, name=None) -> None:
        require_set("Momentum", learning_rate=learning_rate, momentum=momentum)
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "momentum"
        self._momentum = momentum
        self._use_nesterov = bool(use_nesterov)
        self._multi_precision = multi_precision
        self._rescale_grad = rescale_grad
        self._use_multi_tensor = use_multi_tensor
        self._default_dict = {"momentum": momentum, "use_nesterov": use_nesterov,
                              "rescale_grad": rescale_grad}

    def _decay_term(self, regularizer, param):
        # Paddle fuses L2 decay into the momentum kernel, whose coefficient is a float32 attribute
        if isinstance(regularizer, L2Decay):
            return param * float_attr(param.dtype.type, regularizer._coeff)
        return regularizer._decay_array(param)

    def _create_accumulators(self, target, options) -> None:
        self._add_accumulator("velocity", target)

    def _update(self, xp, param, grad, accs, lr, options, owner) -> None:
        mu = float_attr(param.dtype.type, options["momentum"])
        velocity = accs["velocity"]
        velocity *= mu
        velocity += grad
        if options["use_nesterov"]:
            step = velocity * mu
            step += grad
            step *= lr
        else:
            step = velocity * lr
        param -= step
