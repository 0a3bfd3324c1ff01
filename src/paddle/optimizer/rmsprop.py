"""RMSProp (optionally centered, with momentum)."""
from __future__ import annotations


from ._hyper import float_attr, require_set
from .optimizer import Optimizer

__all__ = ["RMSProp"]


class RMSProp(Optimizer):
    """RMSProp: mean_square = rho * mean_square + (1 - rho) * grad²; momentum = momentum_coeff *
    momentum + lr * grad / sqrt(mean_square + epsilon) (centered: subtract the squared running
    mean of the gradient under the root); param -= momentum.

    Example:
        >>> import paddle
        >>> linear = paddle.nn.Linear(10, 10)
        >>> rmsprop = paddle.optimizer.RMSProp(learning_rate=0.1, parameters=linear.parameters())
        >>> linear(paddle.rand([4, 10])).mean().backward()
        >>> rmsprop.step()
        >>> rmsprop.clear_grad()
    """

    def __init__(self, learning_rate, rho=0.95, epsilon=1e-06, momentum=0.0, centered=False,
                 parameters=None, weight_decay=None, grad_clip=None, name=None) -> None:
        require_set("RMSProp", learning_rate=learning_rate, rho=rho, epsilon=epsilon,
                    momentum=momentum)
        for label, value in (("epsilon", epsilon), ("momentum", momentum), ("rho", rho)):
            if not 0.0 <= value:
                raise ValueError(f"(RMSProp) Invalid value of {label}, expect {label} >= 0., "
                                 f"but received {value}")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "rmsprop"
        self._rho = rho
        self._epsilon = epsilon
        self._momentum = momentum
        self._centered = centered
        self._default_dict = {"rho": rho, "epsilon": epsilon, "momentum": momentum,
                              "centered": centered}

    def _create_accumulators(self, target, options) -> None:
        for name in ("momentum", "mean_square", "mean_grad"):
            self._add_accumulator(name, target)

    def _update(self, xp, param, grad, accs, lr, options, owner) -> None:
        t = param.dtype.type
        rho, one = float_attr(t, options["rho"]), t(1)
        eps, mu = float_attr(t, options["epsilon"]), float_attr(t, options["momentum"])
        mean_square, mean_grad, momentum = accs["mean_square"], accs["mean_grad"], accs["momentum"]
        mean_square *= rho
        mean_square += grad * (one - rho) * grad
        if options["centered"]:
            mean_grad *= rho
            mean_grad += grad * (one - rho)
            denom = mean_square - mean_grad * mean_grad
        else:
            denom = mean_square.copy()
        denom += eps
        xp.sqrt(denom, out=denom)
        momentum *= mu
        momentum += (grad * lr) / denom
        param -= momentum
