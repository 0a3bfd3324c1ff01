"""The strong-Wolfe line search LBFGS uses (Nocedal & Wright, Algorithms 3.5 and 3.6), on flat
NumPy vectors. Values Paddle keeps as float32 tensors stay NumPy float32 scalars here, so the
comparisons round the way Paddle's do."""
from __future__ import annotations

import numpy as np


def dot(x: np.ndarray, y: np.ndarray):
    return (x * y).sum(axis=-1)


def cubic_interpolate(x1, f1, g1, x2, f2, g2, bounds=None):
    """The minimiser of the cubic through (x1, f1, g1) and (x2, f2, g2), clamped to bounds."""
    if bounds is not None:
        low, high = bounds
    else:
        low, high = (x1, x2) if x1 <= x2 else (x2, x1)
    d1 = g1 + g2 - 3 * (f1 - f2) / (x1 - x2)
    d2_square = d1 ** 2 - g1 * g2
    if d2_square < 0:
        return (low + high) / 2.0
    d2 = np.sqrt(d2_square)
    if x1 <= x2:
        min_pos = x2 - (x2 - x1) * ((g2 + d2 - d1) / (g2 - g1 + 2 * d2))
    else:
        min_pos = x1 - (x1 - x2) * ((g1 + d2 - d1) / (g1 - g2 + 2 * d2))
    return min(max(min_pos, low), high)


class _Point:
    """A trial step: its size, loss, gradient and directional derivative."""

    __slots__ = ("f", "g", "gtd", "t")

    def __init__(self, t, f, g, gtd):
        self.t, self.f, self.g, self.gtd = t, f, g, gtd


def strong_wolfe(evaluate, alpha, d, loss, grad, gtd, c1=1e-4, c2=0.9,
                 tolerance_change=1e-9, max_ls=25):
    """Find a step satisfying the strong Wolfe conditions along d; `evaluate(alpha)` returns
    (loss, flat_grad) at x + alpha * d. Returns (loss, flat_grad, alpha, evaluations)."""
    d_norm = np.abs(d).max()
    start = _Point(0, loss, grad.copy(), gtd)
    new_loss, new_grad = evaluate(alpha)
    evals = 1
    new = _Point(alpha, new_loss, new_grad, dot(new_grad, d))
    prev = start
    bracket, done, ls_iter = None, False, 0
    while ls_iter < max_ls:
        if new.f > loss + c1 * new.t * gtd or (ls_iter > 1 and new.f >= prev.f):
            bracket = [prev, _copy(new)]
            break
        if abs(new.gtd) <= -c2 * gtd:
            bracket, done = [new], True
            break
        if new.gtd >= 0:
            bracket = [prev, _copy(new)]
            break
        low_step = new.t + 0.01 * (new.t - prev.t)
        high_step = new.t * 10
        step = cubic_interpolate(prev.t, prev.f, prev.gtd, new.t, new.f, new.gtd,
                                 bounds=(low_step, high_step))
        prev = _copy(new)
        new_loss, new_grad = evaluate(step)
        evals += 1
        new = _Point(step, new_loss, new_grad, dot(new_grad, d))
        ls_iter += 1
    if ls_iter == max_ls:
        bracket = [_Point(0, loss, grad, None), _Point(new.t, new.f, new.g, None)]
    best, extra = _zoom(evaluate, bracket, done, ls_iter, d, d_norm, loss, gtd, c1, c2,
                        tolerance_change, max_ls)
    return best.f, best.g, best.t, evals + extra


def _copy(p: _Point) -> _Point:
    return _Point(p.t, p.f, p.g.copy(), p.gtd)


def _zoom(evaluate, bracket, done, ls_iter, d, d_norm, loss, gtd, c1, c2, tolerance_change,
          max_ls):
    """Shrink the bracket until a point satisfies the strong Wolfe conditions."""
    evals = 0
    insufficient = False
    low, high = (0, 1) if bracket[0].f <= bracket[-1].f else (1, 0)
    while not done and ls_iter < max_ls:
        if abs(bracket[1].t - bracket[0].t) * d_norm < tolerance_change:
            break
        a, b = bracket
        step = cubic_interpolate(a.t, a.f, a.gtd, b.t, b.f, b.gtd)
        step, insufficient = _keep_away_from_ends(step, a.t, b.t, insufficient)
        new_loss, new_grad = evaluate(step)
        evals += 1
        new = _Point(step, new_loss, new_grad.copy(), dot(new_grad, d))
        ls_iter += 1
        if new.f > loss + c1 * step * gtd or new.f >= bracket[low].f:
            bracket[high] = new
            low, high = (0, 1) if bracket[0].f <= bracket[1].f else (1, 0)
            continue
        if abs(new.gtd) <= -c2 * gtd:
            done = True
        elif new.gtd * (bracket[high].t - bracket[low].t) >= 0:
            bracket[high] = bracket[low]
        bracket[low] = new
    return bracket[low], evals


def _keep_away_from_ends(step, a, b, insufficient):
    """Move a trial step that lands within 10% of the bracket's ends back inside (once it
    made too little progress), as the safeguarded zoom does."""
    top, bottom = max(a, b), min(a, b)
    eps = 0.1 * (top - bottom)
    if min(top - step, step - bottom) >= eps:
        return step, False
    if insufficient or step >= top or step <= bottom:
        step = top - eps if abs(step - top) < abs(step - bottom) else bottom + eps
        return step, False
    return step, True
