"""Sample frequencies of a transform (fftfreq, rfftfreq) and the shifts that move the zero
frequency to the centre of a spectrum (fftshift) and back (ifftshift)."""
from __future__ import annotations

from collections.abc import Sequence

from .._core import dtype as _dt
from ..tensor._arg_forms import aliases, finish
from ..tensor._ranges import arange
from ..tensor.manip_slice import roll
from ._plan import tensor_arg


def _spacing(n, d) -> float:
    if d * n == 0:
        raise ValueError("d or n should not be 0.")
    return 1.0 / (n * d)


def fftfreq(n, d=1.0, dtype=None, name=None, *, out=None, device=None, requires_grad=False):
    """The frequency of each bin of an n-point transform with sample spacing d:
    [0, 1, ..., (n - 1) // 2, -(n // 2), ..., -1] / (d * n).

    Example:
        >>> import paddle
        >>> paddle.fft.fftfreq(4, d=0.5).numpy()
        array([ 0. ,  0.5, -1. , -0.5], dtype=float32)
    """
    step = _spacing(n, d)
    negatives = n // 2
    bins = arange(-negatives, (n + 1) // 2, dtype=dtype or _dt.get_default_dtype())
    return finish(roll(bins, -negatives) * step, requires_grad, out)


def rfftfreq(n, d=1.0, dtype=None, name=None, *, out=None, device=None, requires_grad=False):
    """The frequency of each bin of an n-point one-sided (rfft) transform:
    [0, 1, ..., n // 2] / (d * n).

    Example:
        >>> import paddle
        >>> paddle.fft.rfftfreq(4, d=0.5).numpy()
        array([0. , 0.5, 1. ], dtype=float32)
    """
    step = _spacing(n, d)
    bins = arange(0, n // 2 + 1, dtype=dtype or _dt.get_default_dtype())
    return finish(bins * step, requires_grad, out)


def _shifts(x, axes, extra):
    if axes is None:
        axes = list(range(x.ndim))
    elif isinstance(axes, int):
        return [(x.shape[axes] + extra) // 2], [axes]
    elif not isinstance(axes, Sequence) or not all(isinstance(a, int) for a in axes):
        raise TypeError(f"axes must be None, an int or a sequence of ints, but received "
                        f"{axes!r}")
    return [(x.shape[a] + extra) // 2 for a in axes], list(axes)


@aliases(x="input", axes="dim")
def fftshift(x, axes=None, name=None):
    """Roll each of `axes` (all by default) by half its length, bringing the zero frequency to
    the centre.

    Example:
        >>> import paddle
        >>> paddle.fft.fftshift(paddle.fft.fftfreq(5)).numpy()
        array([-0.4, -0.2,  0. ,  0.2,  0.4], dtype=float32)
    """
    x = tensor_arg("fftshift", x)
    shifts, axes = _shifts(x, axes, 0)
    return roll(x, shifts, axes)


@aliases(x="input", axes="dim")
def ifftshift(x, axes=None, name=None):
    """The inverse of fftshift (they differ on odd lengths).

    Example:
        >>> import paddle
        >>> paddle.fft.ifftshift(paddle.fft.fftshift(paddle.fft.fftfreq(5))).numpy()
        array([ 0. ,  0.2,  0.4, -0.4, -0.2], dtype=float32)
    """
    x = tensor_arg("ifftshift", x)
    shifts, axes = _shifts(x, axes, 1)
    return roll(x, shifts, axes)
