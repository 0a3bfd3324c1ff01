"""Rprop: resilient backpropagation (sign-based steps with adaptive per-element sizes)."""
from __future__ import annotations


from ._hyper import require_set
from .optimizer import Optimizer

__all__ = ["Rprop"]


class Rprop(Optimizer):
    """Rprop: each element's step size grows by etas[1] while its gradient keeps its sign and
    shrinks by etas[0] when the sign flips (that step is then skipped), within
    learning_rate_range; param -= sign(grad) * step_size.

    Example:
        >>> import paddle
        >>> linear = paddle.nn.Linear(10, 10)
        >>> rprop = paddle.optimizer.Rprop(learning_rate=0.001, parameters=linear.parameters())
        >>> linear(paddle.rand([4, 10])).mean().backward()
        >>> rprop.step()
        >>> rprop.clear_grad()
    """

    def __init__(self, learning_rate=0.001, learning_rate_range=(1e-5, 50), parameters=None,
                 etas=(0.5, 1.2), grad_clip=None, multi_precision=False, name=None) -> None:
        require_set("Rprop", learning_rate=learning_rate)
        low, high = learning_rate_range
        if not 0.0 < low <= learning_rate <= high:
            raise ValueError("(Rprop) '0.0 < learning_rate_range[0] <= learning_rate <= "
                             "learning_rate_range[1]' must be true")
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError("(Rprop) '0.0 < etas[0] < 1.0 < etas[1]' must be true")
        super().__init__(learning_rate, parameters, 0.0, grad_clip, name)
        self.type = "rprop"
        self._initial_learning_rate = learning_rate
        self._multi_precision = multi_precision
        self._learning_rate_range = (low, high)
        self._etas = tuple(etas)

    def _create_accumulators(self, target, options) -> None:
        self._add_accumulator("prevs", target)
        self._add_accumulator("learning_rates", target, fill_value=self._initial_learning_rate)

    def _update(self, xp, param, grad, accs, lr, options, owner) -> None:
        t = param.dtype.type
        prevs, sizes = accs["prevs"], accs["learning_rates"]
        agreement = grad * prevs
        grow = agreement > 0
        shrink = agreement < 0
        low, high = (t(v) for v in self._learning_rate_range)
        eta_minus, eta_plus = (t(v) for v in self._etas)
        sizes[grow] = xp.minimum(sizes[grow] * eta_plus, high)
        sizes[shrink] = xp.maximum(sizes[shrink] * eta_minus, low)
        step_grad = xp.where(shrink, t(0), grad)
        prevs[...] = step_grad
        param -= xp.sign(step_grad) * sizes
