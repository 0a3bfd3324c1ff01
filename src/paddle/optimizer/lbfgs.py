"""LBFGS: limited-memory BFGS driven by a closure that re-evaluates the loss."""
from __future__ import annotations

import numpy as np

from .._core.autograd.grad_mode import enable_grad, no_grad
from .._core.tensor import Tensor, wrap
from ._line_search import dot, strong_wolfe
from .optimizer import Optimizer

__all__ = ["LBFGS"]

_STATE_ARRAYS = ("d", "H_diag", "prev_flat_grad")
_STATE_LISTS = ("old_yk", "old_sk", "ro", "al")


class LBFGS(Optimizer):
    """L-BFGS. `step(closure)` runs up to max_iter iterations; `closure()` must clear the
    gradients, compute the loss, call `backward()` and return the loss. With
    line_search_fn='strong_wolfe' each step length comes from a strong-Wolfe line search,
    otherwise it is learning_rate (scaled down on the first iteration).

    Example:
        >>> import paddle
        >>> init = paddle.nn.initializer.Assign([1.0, -1.0])
        >>> w = paddle.create_parameter([2], "float32", default_initializer=init)
        >>> opt = paddle.optimizer.LBFGS(learning_rate=1.0, parameters=[w],
        ...                              line_search_fn="strong_wolfe")
        >>> def closure():
        ...     opt.clear_grad()
        ...     loss = ((w - paddle.to_tensor([3.0, 2.0])) ** 2).sum()
        ...     loss.backward()
        ...     return loss
        >>> _ = opt.step(closure)
        >>> [round(v, 4) for v in w.numpy().tolist()]
        [3.0, 2.0]
    """

    def __init__(self, learning_rate=1.0, max_iter=20, max_eval=None, tolerance_grad=1e-07,
                 tolerance_change=1e-09, history_size=100, line_search_fn=None, parameters=None,
                 weight_decay=None, grad_clip=None, name=None) -> None:
        self.learning_rate = learning_rate
        self.max_iter = max_iter
        self.max_eval = max_iter * 5 // 4 if max_eval is None else max_eval
        self.tolerance_grad = tolerance_grad
        self.tolerance_change = tolerance_change
        self.history_size = history_size
        self.line_search_fn = line_search_fn
        self.state: dict = {}
        super().__init__(1.0, parameters, weight_decay, grad_clip, name)
        groups = self._param_groups
        self._params = groups[-1]["params"] if self._is_grouped() else list(groups)

    # ---- flat views of the parameters and gradients -------------------------------------------
    def _gather_flat_grad(self) -> np.ndarray:
        return np.concatenate([np.zeros(p._data.size, p._data.dtype) if p.grad is None
                               else p.grad._data.reshape(-1) for p in self._params])

    def _add_grad(self, alpha, direction: np.ndarray) -> None:
        offset = 0
        for p in self._params:
            size = p._data.size
            update = direction[offset:offset + size].reshape(p._data.shape) * alpha
            np.copyto(p._data, p._data + update, casting="unsafe")
            p._version += 1
            offset += size

    def _evaluate(self, closure) -> float:
        with enable_grad():
            return float(closure())

    def _directional_evaluate(self, closure, x, alpha, d):
        self._add_grad(alpha, d)
        loss = self._evaluate(closure)
        flat_grad = self._gather_flat_grad()
        for p, saved in zip(self._params, x):
            np.copyto(p._data, saved)
        return loss, flat_grad

    # ---- the iteration -----------------------------------------------------------------------
    @no_grad()
    def step(self, closure) -> Tensor:
        """Run up to max_iter L-BFGS iterations; returns the loss of the first evaluation."""
        if not callable(closure):
            raise TypeError("(LBFGS.step) closure must be a function that computes the loss, "
                            f"but received {type(closure).__name__}")
        self._require_eager("step")
        state = self.state
        state.setdefault("func_evals", 0)
        state.setdefault("n_iter", 0)
        with enable_grad():
            orig_loss = closure()
        loss = float(orig_loss)
        state["func_evals"] += 1
        flat_grad = self._gather_flat_grad()
        if np.abs(flat_grad).max() <= self.tolerance_grad:
            return orig_loss
        self._iterate(closure, state, loss, flat_grad)
        return orig_loss

    def _iterate(self, closure, state, loss, flat_grad) -> None:
        current_evals, n_iter = 1, 0
        alpha = state.get("alpha")
        while n_iter < self.max_iter:
            n_iter += 1
            state["n_iter"] += 1
            d = self._direction(state, flat_grad, alpha)
            state["prev_flat_grad"] = flat_grad.copy()
            prev_loss = loss
            if state["n_iter"] == 1:
                alpha = min(1.0, 1.0 / np.abs(flat_grad).sum()) * self.learning_rate
            else:
                alpha = self.learning_rate
            gtd = dot(flat_grad, d)
            state["d"], state["alpha"], state["prev_loss"] = d, alpha, prev_loss
            if gtd > -self.tolerance_change:
                break
            loss, flat_grad, alpha, evals, optimal = self._advance(
                closure, d, alpha, loss, flat_grad, gtd, n_iter)
            state["alpha"] = alpha
            current_evals += evals
            state["func_evals"] += evals
            if optimal or n_iter == self.max_iter or current_evals >= self.max_eval:
                break
            if np.abs(d * alpha).max() <= self.tolerance_change:
                break
            if abs(loss - prev_loss) < self.tolerance_change:
                break

    def _advance(self, closure, d, alpha, loss, flat_grad, gtd, n_iter):
        """Move along d (line search or fixed step); returns the new loss and gradient, the
        step taken, the evaluations spent and whether the gradient is small enough."""
        if self.line_search_fn is not None:
            if self.line_search_fn != "strong_wolfe":
                raise RuntimeError("(LBFGS) only 'strong_wolfe' is supported as line_search_fn, "
                                   f"but received {self.line_search_fn!r}")
            x_init = [p._data.copy() for p in self._params]
            loss, flat_grad, alpha, evals = strong_wolfe(
                lambda a: self._directional_evaluate(closure, x_init, a, d), alpha, d, loss,
                flat_grad, gtd)
            self._add_grad(alpha, d)
            return loss, flat_grad, alpha, evals, np.abs(flat_grad).max() <= self.tolerance_grad
        self._add_grad(alpha, d)
        if n_iter == self.max_iter:
            return loss, flat_grad, alpha, 0, False
        loss = self._evaluate(closure)
        flat_grad = self._gather_flat_grad()
        return loss, flat_grad, alpha, 1, np.abs(flat_grad).max() <= self.tolerance_grad

    def _direction(self, state, flat_grad, alpha) -> np.ndarray:
        """The quasi-Newton direction: -H grad by the two-loop recursion over the history."""
        if state["n_iter"] == 1:
            state["old_yk"], state["old_sk"], state["ro"] = [], [], []
            state["H_diag"] = np.asarray(1.0, dtype=flat_grad.dtype)
            return -flat_grad
        self._remember(state, flat_grad, alpha)
        old_yk, old_sk, ro = state["old_yk"], state["old_sk"], state["ro"]
        al = state.setdefault("al", [None] * self.history_size)
        q = -flat_grad
        for i in range(len(old_yk) - 1, -1, -1):
            al[i] = dot(old_sk[i], q) * ro[i]
            q = q + old_yk[i] * -al[i]
        r = q * state["H_diag"]
        for i in range(len(old_yk)):
            be_i = dot(old_yk[i], r) * ro[i]
            r = r + old_sk[i] * (al[i] - be_i)
        return r

    def _remember(self, state, flat_grad, alpha) -> None:
        """Push the latest curvature pair (y, s) when it is positive enough."""
        y = flat_grad - state["prev_flat_grad"]
        s = state["d"] * flat_grad.dtype.type(alpha)
        ys = dot(y, s)
        if ys > 1e-10:
            if len(state["old_yk"]) == self.history_size:
                for key in ("old_yk", "old_sk", "ro"):
                    state[key].pop(0)
            state["old_yk"].append(y)
            state["old_sk"].append(s)
            state["ro"].append(1.0 / ys)
            state["H_diag"] = ys / dot(y, y)

    # ---- state -------------------------------------------------------------------------------
    def state_dict(self) -> dict:
        """{'state': …}: the iteration counters, last direction and step, and the history."""
        packed = {}
        for key, value in self.state.items():
            if key in _STATE_ARRAYS:
                value = wrap(np.asarray(value))
            elif key in _STATE_LISTS:
                value = [None if v is None else wrap(np.asarray(v)) for v in value]
            packed[key] = value
        return {"state": packed}

    def set_state_dict(self, state_dict: dict) -> None:
        """Restore the state saved by `state_dict()`."""
        state = {}
        for key, value in dict(state_dict.get("state", {})).items():
            if key in _STATE_ARRAYS:
                value = _array(value)
            elif key in _STATE_LISTS:
                value = [None if v is None else _array(v) for v in value]
            state[key] = value
        self.state = state

    load_state_dict = set_state_dict

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        raise NotImplementedError("LBFGS optimizer does not use this way to minimize loss. "
                                  "Please refer 'Examples' of LBFGS() for usage.")


def _array(value) -> np.ndarray:
    if isinstance(value, Tensor):
        return value._data.copy()
    return np.array(value)
