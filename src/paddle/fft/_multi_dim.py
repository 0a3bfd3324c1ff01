"""Two- and n-dimensional transforms. The 2-D forms are the n-D ones over two axes (by default
the last two), with Paddle's extra check that s and axes hold exactly two entries. For the
one-sided transforms (rfft*, irfft*, hfft*, ihfft*) the last axis carries the half spectrum."""
from __future__ import annotations

from ..tensor._arg_forms import aliases
from ._plan import check_at_least_ndim, check_two, tensor_arg
from ._transforms import c2c_nd, c2r_nd, r2c_nd


def _two(api, x, s, axes):
    check_at_least_ndim(tensor_arg(api, x), 2)
    check_two(s, axes)


@aliases(x="input", axes="dim")
def fftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """The n-dimensional discrete Fourier transform over `axes` (all axes, or the last len(s)).

    Example:
        >>> import paddle
        >>> paddle.fft.fftn(paddle.ones([2, 2])).numpy()
        array([[4.+0.j, 0.+0.j],
               [0.+0.j, 0.+0.j]], dtype=complex64)
    """
    return c2c_nd("fftn", x, s, axes, norm, True, out)


@aliases(x="input", axes="dim")
def ifftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """The n-dimensional inverse discrete Fourier transform.

    Example:
        >>> import paddle
        >>> paddle.fft.ifftn(paddle.to_tensor([[4.0, 0.0], [0.0, 0.0]])).numpy()
        array([[1.+0.j, 1.+0.j],
               [1.+0.j, 1.+0.j]], dtype=complex64)
    """
    return c2c_nd("ifftn", x, s, axes, norm, False, out)


@aliases(x="input", axes="dim")
def rfftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """The n-dimensional transform of a real signal, one-sided along the last axis.

    Example:
        >>> import paddle
        >>> paddle.fft.rfftn(paddle.ones([2, 4])).shape
        paddle.Size([2, 3])
    """
    return r2c_nd("rfftn", x, s, axes, norm, True, True, out)


@aliases(x="input", axes="dim")
def irfftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """The real n-dimensional signal whose one-sided spectrum is x.

    Example:
        >>> import paddle
        >>> paddle.fft.irfftn(paddle.fft.rfftn(paddle.ones([2, 4]))).numpy()
        array([[1., 1., 1., 1.],
               [1., 1., 1., 1.]], dtype=float32)
    """
    return c2r_nd("irfftn", x, s, axes, norm, False, out)


@aliases(x="input", axes="dim")
def hfftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """The real n-dimensional spectrum of a Hermitian signal given by its first half x.

    Example:
        >>> import paddle
        >>> paddle.fft.hfftn(paddle.to_tensor([[1.0 + 0j, 0j], [0j, 0j]])).numpy()
        array([[1., 1.],
               [1., 1.]], dtype=float32)
    """
    return c2r_nd("hfftn", x, s, axes, norm, True, out)


@aliases(x="input", axes="dim")
def ihfftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """The inverse of hfftn: the first half of the Hermitian signal with real spectrum x.

    Example:
        >>> import paddle
        >>> paddle.fft.ihfftn(paddle.ones([2, 2])).numpy()
        array([[1.-0.j, 0.-0.j],
               [0.-0.j, 0.-0.j]], dtype=complex64)
    """
    return r2c_nd("ihfftn", x, s, axes, norm, False, True, out)


@aliases(x="input", axes="dim")
def fft2(x, s=None, axes=(-2, -1), norm="backward", name=None, *, out=None):
    """The two-dimensional discrete Fourier transform over `axes`.

    Example:
        >>> import paddle
        >>> paddle.fft.fft2(paddle.to_tensor([[0.0, 1.0], [0.0, 1.0]])).numpy()
        array([[ 2.+0.j, -2.+0.j],
               [ 0.+0.j,  0.+0.j]], dtype=complex64)
    """
    _two("fft2", x, s, axes)
    return c2c_nd("fft2", x, s, axes, norm, True, out)


@aliases(x="input", axes="dim")
def ifft2(x, s=None, axes=(-2, -1), norm="backward", name=None, *, out=None):
    """The two-dimensional inverse discrete Fourier transform.

    Example:
        >>> import paddle
        >>> paddle.fft.ifft2(paddle.to_tensor([[4.0, 0.0], [0.0, 0.0]])).numpy()
        array([[1.+0.j, 1.+0.j],
               [1.+0.j, 1.+0.j]], dtype=complex64)
    """
    _two("ifft2", x, s, axes)
    return c2c_nd("ifft2", x, s, axes, norm, False, out)


@aliases(x="input", axes="dim")
def rfft2(x, s=None, axes=(-2, -1), norm="backward", name=None, *, out=None):
    """The two-dimensional transform of a real signal, one-sided along the last axis.

    Example:
        >>> import paddle
        >>> paddle.fft.rfft2(paddle.ones([2, 4])).shape
        paddle.Size([2, 3])
    """
    _two("rfft2", x, s, axes)
    return r2c_nd("rfft2", x, s, axes, norm, True, True, out)


@aliases(x="input", axes="dim")
def irfft2(x, s=None, axes=(-2, -1), norm="backward", name=None, *, out=None):
    """The real two-dimensional signal whose one-sided spectrum is x.

    Example:
        >>> import paddle
        >>> paddle.fft.irfft2(paddle.to_tensor([[4.0 + 0j, 0j], [0j, 0j]])).numpy()
        array([[1., 1.],
               [1., 1.]], dtype=float32)
    """
    _two("irfft2", x, s, axes)
    return c2r_nd("irfft2", x, s, axes, norm, False, out)


@aliases(x="input", axes="dim")
def hfft2(x, s=None, axes=(-2, -1), norm="backward", name=None, *, out=None):
    """The real two-dimensional spectrum of a Hermitian signal given by its first half x.

    Example:
        >>> import paddle
        >>> paddle.fft.hfft2(paddle.to_tensor([[1.0 + 0j, 0j], [0j, 0j]])).numpy()
        array([[1., 1.],
               [1., 1.]], dtype=float32)
    """
    _two("hfft2", x, s, axes)
    return c2r_nd("hfft2", x, s, axes, norm, True, out)


@aliases(x="input", axes="dim")
def ihfft2(x, s=None, axes=(-2, -1), norm="backward", name=None, *, out=None):
    """The inverse of hfft2.

    Example:
        >>> import paddle
        >>> paddle.fft.ihfft2(paddle.ones([2, 2])).numpy()
        array([[1.-0.j, 0.-0.j],
               [0.-0.j, 0.-0.j]], dtype=complex64)
    """
    _two("ihfft2", x, s, axes)
    return r2c_nd("ihfft2", x, s, axes, norm, False, True, out)
