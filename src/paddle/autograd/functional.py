"""Jacobian and Hessian as lazily evaluated, indexable matrices (paddle.autograd.jacobian)."""
from __future__ import annotations

from .._core.tensor import Tensor


def _grad(outputs, inputs, grad_outputs):
    from . import grad
    return grad(outputs, inputs, grad_outputs, retain_graph=True, create_graph=True,
                allow_unused=True)


class Jacobian:
    """J[i, j] = d ys_flat[i] / d xs_flat[j], rows computed on demand; `J[:]` is the full matrix.
    With batch_axis=0 the first axis is a batch: J has shape [B, M, N]."""

    def __init__(self, ys: Tensor, xs: Tensor, batch_axis=None):
        if batch_axis not in (None, 0):
            raise ValueError(f"batch_axis must be None or 0, but received {batch_axis}")
        self._ys, self._xs, self._batched = ys, xs, batch_axis == 0
        if self._batched:
            self._m = _numel(ys.shape[1:])
            self._n = _numel(xs.shape[1:])
            self.shape = [ys.shape[0], self._m, self._n]
        else:
            self._m, self._n = _numel(ys.shape), _numel(xs.shape)
            self.shape = [self._m, self._n] if ys.ndim else [self._n]
        self._rows = {}

    def _row(self, i: int) -> Tensor:
        from .. import zeros_like
        if i not in self._rows:
            ys = self._ys
            seed = zeros_like(ys)
            flat = seed.reshape([ys.shape[0], -1]) if self._batched else seed.reshape([-1])
            if self._batched:
                flat[:, i] = 1.0
            else:
                flat[i] = 1.0
            (g,) = _grad([ys], [self._xs], [flat.reshape(ys.shape)])
            if g is None:
                g = zeros_like(self._xs)
            self._rows[i] = g.reshape([self._xs.shape[0], -1]) if self._batched else \
                g.reshape([-1])
        return self._rows[i]

    def _full(self) -> Tensor:
        from .. import stack
        if self._batched:
            return stack([self._row(i) for i in range(self._m)], axis=1)
        if self._ys.ndim == 0:
            return self._row(0)
        return stack([self._row(i) for i in range(self._m)], axis=0)

    def __getitem__(self, index):
        return self._full()[index]

    def numpy(self):
        return self._full().numpy()


class Hessian(Jacobian):
    """The Jacobian of the gradient of a scalar function."""

    def __init__(self, ys: Tensor, xs: Tensor, batch_axis=None):
        (g,) = _grad([ys], [xs], None)
        super().__init__(g, xs, batch_axis)


def _numel(shape) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


def _map(fn, ys, xs, batch_axis):
    ys_seq = isinstance(ys, (list, tuple))
    xs_seq = isinstance(xs, (list, tuple))
    if ys_seq and xs_seq:
        return tuple(tuple(fn(y, x, batch_axis) for x in xs) for y in ys)
    if ys_seq:
        return tuple(fn(y, xs, batch_axis) for y in ys)
    if xs_seq:
        return tuple(fn(ys, x, batch_axis) for x in xs)
    return fn(ys, xs, batch_axis)


def jacobian(ys, xs, batch_axis=None):
    """The Jacobian of ys with respect to xs (tuples of Jacobians for sequences)."""
    return _map(Jacobian, ys, xs, batch_axis)


def hessian(ys, xs, batch_axis=None):
    """The Hessian of a scalar ys with respect to xs."""
    if isinstance(ys, (list, tuple)):
        raise TypeError("hessian: ys must be a single scalar Tensor")
    return _map(Hessian, ys, xs, batch_axis)
