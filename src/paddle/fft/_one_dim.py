"""One-dimensional transforms: fft/ifft (complex), rfft/irfft (real signal, one-sided
spectrum) and hfft/ihfft (Hermitian signal, real spectrum)."""
from __future__ import annotations

from ..tensor._arg_forms import aliases
from ._transforms import c2c, c2r, r2c


@aliases(x="input", axis="dim")
def fft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """The discrete Fourier transform of x along `axis`, trimmed or zero-padded to `n`.

    Real and integer inputs are transformed as complex (float32 -> complex64, float64 ->
    complex128, integers through the default float dtype).

    Example:
        >>> import paddle
        >>> paddle.fft.fft(paddle.to_tensor([1.0, 2.0, 3.0, 4.0])).numpy()
        array([10.+0.j, -2.+2.j, -2.+0.j, -2.-2.j], dtype=complex64)
    """
    return c2c("fft", x, n, axis, norm, True, out)


@aliases(x="input", axis="dim")
def ifft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """The inverse discrete Fourier transform of x along `axis` (scaled by 1/n by default).

    Example:
        >>> import paddle
        >>> paddle.fft.ifft(paddle.to_tensor([4.0, 0.0, 0.0, 0.0])).numpy()
        array([1.+0.j, 1.+0.j, 1.+0.j, 1.+0.j], dtype=complex64)
    """
    return c2c("ifft", x, n, axis, norm, False, out)


@aliases(x="input", axis="dim")
def rfft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """The transform of a real signal: the n // 2 + 1 non-negative frequency bins.

    Example:
        >>> import paddle
        >>> paddle.fft.rfft(paddle.to_tensor([0.0, 1.0, 0.0, 0.0])).numpy()
        array([ 1.+0.j,  0.-1.j, -1.+0.j], dtype=complex64)
    """
    return r2c("rfft", x, n, axis, norm, True, True, out)


@aliases(x="input", axis="dim")
def irfft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """The real signal of length n (default 2 * (m - 1)) whose one-sided spectrum is x.

    Example:
        >>> import paddle
        >>> paddle.fft.irfft(paddle.to_tensor([1.0 + 0j, -1j, -1.0 + 0j])).numpy()
        array([0., 1., 0., 0.], dtype=float32)
    """
    return c2r("irfft", x, n, axis, norm, False, out)


@aliases(x="input", axis="dim")
def hfft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """The real spectrum of a signal with Hermitian symmetry, given by its first half x.

    Example:
        >>> import paddle
        >>> paddle.fft.hfft(paddle.to_tensor([1.0 + 0j, 2.0 + 0j, 3.0 + 0j])).numpy()
        array([ 8., -2.,  0., -2.], dtype=float32)
    """
    return c2r("hfft", x, n, axis, norm, True, out)


@aliases(x="input", axis="dim")
def ihfft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """The inverse of hfft: the first half of the Hermitian signal with real spectrum x.

    Example:
        >>> import paddle
        >>> paddle.fft.ihfft(paddle.to_tensor([4.0, 0.0, 0.0, 0.0])).numpy()
        array([1.-0.j, 1.-0.j, 1.-0.j], dtype=complex64)
    """
    return r2c("ihfft", x, n, axis, norm, False, True, out)
