"""paddle.fft: discrete Fourier transforms (NumPy's pocketfft kernels behind the fft_c2c,
fft_r2c and fft_c2r ops), their sample frequencies and spectrum shifts."""
from ._helpers import fftfreq, fftshift, ifftshift, rfftfreq
from ._multi_dim import (
                         fft2,
                         fftn,
                         hfft2,
                         hfftn,
                         ifft2,
                         ifftn,
                         ihfft2,
                         ihfftn,
                         irfft2,
                         irfftn,
                         rfft2,
                         rfftn,
)
from ._one_dim import fft, hfft, ifft, ihfft, irfft, rfft

__all__ = [
                         "fft",
                         "fft2",
                         "fftfreq",
                         "fftn",
                         "fftshift",
                         "hfft",
                         "hfft2",
                         "hfftn",
                         "ifft",
                         "ifft2",
                         "ifftn",
                         "ifftshift",
                         "ihfft",
                         "ihfft2",
                         "ihfftn",
                         "irfft",
                         "irfft2",
                         "irfftn",
                         "rfft",
                         "rfft2",
                         "rfftfreq",
                         "rfftn",
]
