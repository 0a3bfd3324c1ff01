"""paddle.fft against real Paddle: every transform's values and dtypes (float32/float64/int
inputs, every norm, n/s trimming and padding, negative axes, empty inputs), gradients through
real -> complex -> real chains and into complex inputs, frequencies, shifts and error types."""

NORMS = ["backward", "ortho", "forward"]
ONE_DIM = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]
MULTI = ["fft2", "ifft2", "rfft2", "irfft2", "hfft2", "ihfft2",
         "fftn", "ifftn", "rfftn", "irfftn", "hfftn", "ihfftn"]
REAL_IN = {"rfft", "ihfft", "rfft2", "ihfft2", "rfftn", "ihfftn"}


def _signal(np, shape, dtype, complex_input):
    rng = np.random.default_rng(len(shape) * 7 + shape[-1])
    x = rng.uniform(-2, 2, shape)
    if complex_input:
        x = x + 1j * rng.uniform(-2, 2, shape)
        return x.astype("complex64" if dtype == "float32" else "complex128")
    return x.astype(dtype)


def _transform(name, dtype, norm, **kwargs):
    def case(paddle, np):
        shape = (3, 6) if name in MULTI else (2, 7)
        x = paddle.to_tensor(_signal(np, shape, dtype, name not in REAL_IN))
        return getattr(paddle.fft, name)(x, norm=norm, **kwargs)
    case.rtol, case.atol = 1e-5, 1e-5
    return case


CASES = {}
for _name in ONE_DIM + MULTI:
    for _norm in NORMS:
        CASES[f"{_name}_{_norm}_f32"] = _transform(_name, "float32", _norm)
    CASES[f"{_name}_f64"] = _transform(_name, "float64", "backward")
for _name in ONE_DIM:
    CASES[f"{_name}_n5_axis0"] = _transform(_name, "float64", "ortho", n=5, axis=0)
    CASES[f"{_name}_n10_axis_neg1"] = _transform(_name, "float32", "backward", n=10, axis=-1)
for _name in MULTI:
    CASES[f"{_name}_s_pad_trim"] = _transform(_name, "float64", "backward", s=[4, 5])
    CASES[f"{_name}_axes_reversed"] = _transform(_name, "float32", "forward", axes=[-1, 0])
for _name in ["fftn", "rfftn", "irfftn", "hfftn"]:
    CASES[f"{_name}_s_only"] = _transform(_name, "float64", "backward", s=[5])


def _from_values(name, values, dtype=None):
    def case(paddle, np):
        return getattr(paddle.fft, name)(paddle.to_tensor(values, dtype=dtype))
    return case


for _name in ONE_DIM:
    CASES[f"{_name}_int64"] = _from_values(_name, [1, 2, 3, 4])
    CASES[f"{_name}_float16"] = _from_values(_name, [1.0, 2.0, 3.0], "float16")
    CASES[f"{_name}_bool"] = _from_values(_name, [True, False])
CASES["fft_empty"] = lambda paddle, np: paddle.fft.fft(paddle.zeros([0, 3]), axis=0)
CASES["rfft_empty_batch"] = lambda paddle, np: paddle.fft.rfft(paddle.zeros([0, 4]))
CASES["irfft_single_bin"] = lambda paddle, np: paddle.fft.irfft(paddle.to_tensor([2.0 + 1j]))
CASES["irfft_n1"] = lambda paddle, np: paddle.fft.irfft(paddle.to_tensor([2.0 + 1j, 3j]), n=1)
CASES["rfft_complex_rejected"] = _from_values("rfft", [1.0 + 1j, 2.0])


def _error(call):
    def case(paddle, np):
        x = paddle.to_tensor(np.arange(12.0).reshape(3, 4))
        return call(paddle.fft, x)
    return case


ERRORS = {
    "n_zero": lambda F, x: F.fft(x, n=0),
    "n_float": lambda F, x: F.fft(x, n=2.0),
    "axis_out_of_range": lambda F, x: F.rfft(x, axis=2),
    "axis_float": lambda F, x: F.ifft(x, axis=0.0),
    "bad_norm": lambda F, x: F.fft(x, norm="none"),
    "fft2_rank1": lambda F, x: F.fft2(x[0]),
    "fft2_s_len": lambda F, x: F.fft2(x, s=[2]),
    "fft2_axes_len": lambda F, x: F.rfft2(x, axes=[0]),
    "fftn_s_axes_mismatch": lambda F, x: F.fftn(x, s=[2], axes=[0, 1]),
    "fftn_s_negative": lambda F, x: F.irfftn(x, s=[2, -1]),
    "fftn_axes_out_of_range": lambda F, x: F.hfftn(x, axes=[0, 2]),
    "fftn_s_too_long": lambda F, x: F.ifftn(x, s=[2, 2, 2]),
    "scalar_input": lambda F, x: F.fft(x[0, 0]),
    "fftfreq_zero": lambda F, x: F.fftfreq(0),
}
for _label, _call in ERRORS.items():
    CASES[f"error_{_label}"] = _error(_call)


def _grad_real_chain(forward, backward):
    def case(paddle, np):
        x = paddle.to_tensor(np.linspace(-1.0, 2.0, 12).reshape(3, 4) ** 2, stop_gradient=False)
        spectrum = forward(paddle.fft, x)
        spectrum = spectrum * paddle.to_tensor(np.arange(spectrum.size, dtype="float64")
                                               .reshape(spectrum.shape) / 7 + 0.5)
        y = backward(paddle.fft, spectrum)
        loss = (y * y).sum() + (paddle.real(spectrum) * paddle.imag(spectrum)).sum()
        (gx,) = paddle.grad([loss], [x])
        return y, gx
    case.rtol, case.atol = 1e-6, 1e-8
    return case


GRAD_CHAINS = {
    "fft_ifft": (lambda F, x: F.fft(x, n=6), lambda F, z: paddle_real(F.ifft(z))),
    "rfft_irfft": (lambda F, x: F.rfft(x, norm="ortho"), lambda F, z: F.irfft(z, n=5)),
    "rfft_hfft": (lambda F, x: F.rfft(x, axis=0), lambda F, z: F.hfft(z, axis=0,
                                                                     norm="forward")),
    "ihfft_irfft": (lambda F, x: F.ihfft(x), lambda F, z: F.irfft(z)),
    "rfft2_irfft2": (lambda F, x: F.rfft2(x, s=[4, 6]), lambda F, z: F.irfft2(z, s=[3, 5])),
    "fftn_ifftn": (lambda F, x: F.fftn(x, axes=[1, 0]), lambda F, z: paddle_real(F.ifftn(z))),
    "rfftn_hfftn": (lambda F, x: F.rfftn(x), lambda F, z: F.hfftn(z, norm="ortho")),
    "ihfft2_irfftn": (lambda F, x: F.ihfft2(x), lambda F, z: F.irfftn(z, s=[3, 7])),
}


def paddle_real(z):
    return z.real()


for _label, (_fwd, _bwd) in GRAD_CHAINS.items():
    CASES[f"grad_{_label}"] = _grad_real_chain(_fwd, _bwd)


def _grad_complex_input(name, **kwargs):
    def case(paddle, np):
        z = paddle.to_tensor(_signal(np, (3, 4), "float64", True), stop_gradient=False)
        y = getattr(paddle.fft, name)(z, **kwargs)
        weights = paddle.to_tensor(np.linspace(0.5, 1.5, y.size).reshape(y.shape))
        part = y if y.dtype in (paddle.float32, paddle.float64) else y.imag()
        (gz,) = paddle.grad([(part * weights).sum()], [z])
        return gz
    case.rtol, case.atol = 1e-6, 1e-8
    return case


for _name, _kw in [("fft", {}), ("ifft", {"norm": "ortho"}), ("irfft", {}),
                   ("irfft", {"n": 7}), ("hfft", {"axis": 0}), ("fft2", {}),
                   ("irfft2", {"norm": "forward"}), ("hfftn", {"s": [3, 5]})]:
    _suffix = "_".join(f"{k}{v}" for k, v in _kw.items())
    CASES[f"grad_complex_{_name}_{_suffix}"] = _grad_complex_input(_name, **_kw)


# Real Paddle has no second-order gradient for its fft ops (it raises); ours is checked
# numerically in tests/tensor/test_fft.py.


def _freq(name, n, d, dtype=None):
    def case(paddle, np):
        return getattr(paddle.fft, name)(n, d, dtype=dtype)
    return case


for _n in [1, 4, 5]:
    CASES[f"fftfreq_{_n}"] = _freq("fftfreq", _n, 0.3)
    CASES[f"rfftfreq_{_n}"] = _freq("rfftfreq", _n, 2.0)
CASES["fftfreq_float64"] = _freq("fftfreq", 6, 0.1, "float64")
CASES["rfftfreq_int64"] = _freq("rfftfreq", 6, 0.5, "int64")


def _shift(name, shape, axes):
    def case(paddle, np):
        x = paddle.to_tensor(np.arange(int(np.prod(shape)), dtype="float32").reshape(shape))
        return getattr(paddle.fft, name)(x, axes=axes)
    return case


# Real Paddle 3.3.1 fails on explicit axes (an int axis raises SystemError inside roll, a list
# raises ValueError); those follow NumPy's fftshift here, checked in tests/tensor/test_fft.py.
for _name in ["fftshift", "ifftshift"]:
    CASES[f"{_name}_all"] = _shift(_name, (3, 5), None)
    CASES[f"{_name}_all_3d"] = _shift(_name, (2, 3, 5), None)
