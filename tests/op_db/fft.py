"""op_db entries for the Fourier transform ops fft_c2c, fft_r2c and fft_c2r: every norm, both
directions, one- and multi-axis transforms, odd and even lengths, batches and empty inputs.

The generic numeric gradient check covers real inputs and outputs only, and each of these ops
has a complex side; their gradients (first and second order) are checked through real ->
complex -> real compositions in tests/tensor/test_fft.py and against Paddle in the goldens."""
from .entry import Sample, entry


def _real(rng, dtype, shape):
    return rng.uniform(-2, 2, shape).astype(dtype)


def _complex(rng, dtype, shape):
    return (rng.uniform(-2, 2, shape) + 1j * rng.uniform(-2, 2, shape)).astype(dtype)


def _c2c_samples(rng, dtype):
    x = _complex(rng, dtype, (3, 5))
    return [Sample((x,), ([1], "backward", True), name="last axis"),
            Sample((x,), ([0], "ortho", False), name="inverse ortho"),
            Sample((x,), ([0, 1], "forward", True), name="2-D forward norm"),
            Sample((_complex(rng, dtype, (2, 3, 4)),), ([0, 2], "backward", False), name="3-D"),
            Sample((_complex(rng, dtype, (0, 4)),), ([1], "backward", True), name="empty")]


def _r2c_samples(rng, dtype):
    x = _real(rng, dtype, (3, 6))
    return [Sample((x,), ([1], "backward", True, True), name="rfft"),
            Sample((x,), ([1], "ortho", False, True), name="ihfft ortho"),
            Sample((x,), ([0, 1], "forward", True, True), name="rfft2"),
            Sample((_real(rng, dtype, (3, 5)),), ([1, 0], "backward", True, False),
                   name="two-sided, odd"),
            Sample((_real(rng, dtype, (0, 4)),), ([1], "backward", True, True), name="empty")]


def _c2r_samples(rng, dtype):
    x = _complex(rng, dtype, (3, 4))
    return [Sample((x,), ([1], "backward", False, 0), name="irfft even"),
            Sample((x,), ([1], "ortho", False, 7), name="irfft odd"),
            Sample((x,), ([1], "backward", True, 0), name="hfft"),
            Sample((x,), ([0, 1], "forward", False, 6), name="irfft2"),
            Sample((_complex(rng, dtype, (2, 0)),), ([0], "backward", False, 0), name="empty")]


_COMPLEX = ("complex64", "complex128")
entry("fft_c2c", _c2c_samples, dtypes=_COMPLEX, grad=False, rtol=1e-4, atol=1e-5)
entry("fft_r2c", _r2c_samples, grad=False, rtol=1e-4, atol=1e-5)
entry("fft_c2r", _c2r_samples, dtypes=_COMPLEX, grad=False, rtol=1e-4, atol=1e-5)
