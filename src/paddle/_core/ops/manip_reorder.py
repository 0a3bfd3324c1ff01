"""Ops that move elements without changing their values: flip, roll, and the triangular masks
tril/triu. Axes arrive normalised (non-negative) from the public layer."""
from __future__ import annotations

import numpy as np

from ..meta import TensorMeta, same_as
from .registry import INJECTIVE, defop


def _flip_ref(x, axis):
    return np.flip(x, axis)


@defop("flip", infer_meta=same_as("x"), pattern=INJECTIVE, ref=_flip_ref)
def flip(xp, x, axis):
    return xp.flip(x, tuple(axis)).copy() if axis else x.copy()


@flip.grad()
def _(ctx, g):
    return flip(g, ctx.axis)


def _roll_ref(x, shifts, axis):
    return np.roll(x, shifts, axis)


@defop("roll", infer_meta=same_as("x"), pattern=INJECTIVE, ref=_roll_ref)
def roll(xp, x, shifts, axis=None):
    """axis None rolls the flattened tensor by shifts[0] and restores the shape."""
    if axis is None:
        return xp.roll(x.reshape(-1), shifts[0]).reshape(x.shape)
    return xp.roll(x, tuple(shifts), tuple(axis))


@roll.grad()
def _(ctx, g):
    return roll(g, [-s for s in ctx.shifts], ctx.axis)


def _check_matrix(name: str, shape: tuple) -> None:
    if len(shape) < 2:
        raise ValueError(f"({name}) The input must be at least 2-D, but received shape "
                         f"{list(shape)}.")


def _triangular(name, np_fn):
    def infer_meta(x, diagonal=0):
        _check_matrix(name, x.shape)
        return TensorMeta(x.shape, x.dtype)

    @defop(name, infer_meta=infer_meta, pattern=INJECTIVE, ref=np_fn)
    def kernel(xp, x, diagonal=0):
        _check_matrix(name, x.shape)
        return np_fn(x, diagonal)

    @kernel.grad()
    def _(ctx, g):
        return kernel(g, ctx.diagonal)

    return kernel


tril = _triangular("tril", np.tril)
triu = _triangular("triu", np.triu)
