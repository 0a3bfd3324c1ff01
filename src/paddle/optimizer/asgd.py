"""ASGD: averaged SGD over the gradients of the last batch_num steps."""
from __future__ import annotations

from ._hyper import require_set
from .optimizer import Optimizer

__all__ = ["ASGD"]


class ASGD(Optimizer):
    """ASGD: keeps the last batch_num gradients (y) and their running sum (d); param -= lr /
    min(step, batch_num) * d.

    Example:
        >>> import paddle
        >>> linear = paddle.nn.Linear(10, 10)
        >>> asgd = paddle.optimizer.ASGD(learning_rate=0.01, batch_num=3,
        ...                              parameters=linear.parameters())
        >>> linear(paddle.rand([4, 10])).mean().backward()
        >>> asgd.step()
        >>> asgd.clear_grad()
    """

    def __init__(self, learning_rate=0.001, batch_num=1, parameters=None, weight_decay=None,
                 grad_clip=None, multi_precision=False, name=None) -> None:
        require_set("ASGD", learning_rate=learning_rate, batch_num=batch_num)
        if not 0 < batch_num:
            raise ValueError("(ASGD) batch_num should be greater than 0, but received "
                             f"{batch_num}")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "asgd"
        self._multi_precision = multi_precision
        self._n = batch_num

    def _create_accumulators(self, target, options) -> None:
        shape = list(target._data.shape)
        self._add_accumulator("d", target)
        self._add_accumulator("y", target, shape=[self._n, *shape])
        self._add_accumulator("m", target, shape=[1], dtype="int64")

    def _update(self, xp, param, grad, accs, lr, options, owner) -> None:
        d, ys, m = accs["d"], accs["y"], accs["m"]
        slot = int(m[0]) % self._n
        m += 1
        d -= ys[slot]
        d += grad
        ys[slot] = grad
        count = param.dtype.type(min(int(m[0]), self._n))
        param -= d * (lr / count)
