"""SGD: param -= lr * grad."""
from __future__ import annotations

from ._hyper import require_set
from .optimizer import Optimizer

__all__ = ["SGD"]


class SGD(Optimizer):
    """Stochastic gradient descent.

    Example:
        >>> import paddle
        >>> linear = paddle.nn.Linear(10, 10)
        >>> sgd = paddle.optimizer.SGD(learning_rate=0.1, parameters=linear.parameters(),
        ...                            weight_decay=0.01)
        >>> linear(paddle.rand([4, 10])).mean().backward()
        >>> sgd.step()
        >>> sgd.clear_grad()
    """

    def __init__(self, learning_rate=0.001, parameters=None, weight_decay=None, grad_clip=None,
                 multi_precision=False, name=None) -> None:
        require_set("SGD", learning_rate=learning_rate)
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "sgd"
        self._multi_precision = multi_precision

    def _update(self, xp, param, grad, accs, lr, options, owner) -> None:
        param -= grad * lr
