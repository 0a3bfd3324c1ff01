"""paddle.signal.stft/istft against real Paddle: windows shorter than n_fft, hops, centring
with reflect/constant padding, normalization, one- and two-sided spectra, complex input,
float64, the round trip with and without `length`, gradients, the Tensor methods and errors."""


def _signal(np, shape, dtype="float32"):
    t = np.arange(int(np.prod(shape))).reshape(shape)
    return (np.sin(0.3 * t) + 0.1 * np.cos(1.7 * t) ** 2).astype(dtype)


def _hann(paddle, np, n, dtype="float32"):
    return paddle.to_tensor(np.hanning(n + 2)[1:-1].astype(dtype))


def _stft(shape=(40,), dtype="float32", window=None, **kwargs):
    def case(paddle, np):
        x = paddle.to_tensor(_signal(np, shape, dtype))
        win = None if window is None else _hann(paddle, np, window, dtype)
        return paddle.signal.stft(x, window=win, **kwargs)
    case.rtol, case.atol = 1e-5, 1e-5
    return case


CASES = {
    "stft_defaults": _stft(n_fft=8),
    "stft_batch_hop": _stft((2, 37), n_fft=10, hop_length=3),
    "stft_window_shorter": _stft((2, 40), n_fft=12, win_length=9, window=9, hop_length=4),
    "stft_constant_pad": _stft(n_fft=8, pad_mode="constant"),
    "stft_not_centered": _stft(n_fft=8, hop_length=5, center=False),
    "stft_normalized_two_sided": _stft((3, 24), n_fft=6, normalized=True, onesided=False),
    "stft_float64_odd": _stft((29,), "float64", n_fft=7, hop_length=2, window=7),
    "stft_method": lambda paddle, np: paddle.to_tensor(_signal(np, (20,))).stft(4, 2),
}


def _complex_stft(paddle, np):
    x = _signal(np, (2, 30), "float64")
    z = paddle.to_tensor(x + 1j * x[:, ::-1])
    return paddle.signal.stft(z, n_fft=8, hop_length=3, center=False)


CASES["stft_complex_input"] = _complex_stft


def _round_trip(shape=(2, 40), n_fft=8, hop=2, window=True, length=None, **kwargs):
    def case(paddle, np):
        x = paddle.to_tensor(_signal(np, shape))
        win = _hann(paddle, np, n_fft) if window else None
        y = paddle.signal.stft(x, n_fft, hop, window=win, **kwargs)
        return paddle.signal.istft(y, n_fft, hop, window=win, length=length, **kwargs)
    case.rtol, case.atol = 1e-5, 1e-5
    return case


CASES.update({
    "istft_round_trip": _round_trip(),
    "istft_boxcar_length": _round_trip((37,), 10, 5, window=False, length=37),
    "istft_normalized": _round_trip((2, 32), 8, 4, normalized=True),
    "istft_not_centered": _round_trip((33,), 8, 2, center=False),
    "istft_not_centered_length": _round_trip((33,), 8, 2, center=False, length=20),
})


def _istft_two_sided(paddle, np):
    x = paddle.to_tensor(_signal(np, (2, 24), "float64"))
    y = paddle.signal.stft(x, 6, 2, onesided=False)
    return (paddle.signal.istft(y, 6, 2, onesided=False),
            paddle.signal.istft(y, 6, 2, onesided=False, return_complex=True))


def _istft_method(paddle, np):
    y = paddle.signal.stft(paddle.to_tensor(_signal(np, (24,))), 8, 2)
    return y.istft(8, 2)


def _grads(paddle, np):
    x = paddle.to_tensor(_signal(np, (2, 30), "float64"), stop_gradient=False)
    win = _hann(paddle, np, 8, "float64")
    win.stop_gradient = False
    y = paddle.signal.stft(x, 8, 3, window=win)
    back = paddle.signal.istft(y * y.abs(), 8, 3, window=win)
    loss = (y.real() * y.imag()).sum() + (back * back).sum()
    return paddle.grad([loss], [x, win])


CASES["istft_two_sided"] = _istft_two_sided
CASES["istft_method"] = _istft_method
CASES["grad_stft_istft_x_and_window"] = _grads
_grads.rtol, _grads.atol = 1e-6, 1e-8


def _error(call):
    def case(paddle, np):
        return call(paddle, paddle.signal, paddle.to_tensor(_signal(np, (2, 16))))
    return case


ERRORS = {
    "stft_rank3": lambda P, S, x: S.stft(x.unsqueeze(0), 4),
    "stft_n_fft_too_long": lambda P, S, x: S.stft(x, 17),
    "stft_win_length": lambda P, S, x: S.stft(x, 4, win_length=5),
    "stft_window_size": lambda P, S, x: S.stft(x, 4, window=P.ones([3])),
    "stft_pad_mode": lambda P, S, x: S.stft(x, 4, pad_mode="circular"),
    "stft_hop_zero": lambda P, S, x: S.stft(x, 4, hop_length=0),
    "istft_real_input_bad_size": lambda P, S, x: S.istft(x, 4),
    "istft_fft_size": lambda P, S, x: S.istft(S.stft(x, 4), 6),
    "istft_hop_above_window": lambda P, S, x: S.istft(S.stft(x, 4), 4, hop_length=5),
    "istft_nola": lambda P, S, x: S.istft(S.stft(x, 8, 4), 8, 4, window=P.zeros([8])),
}
for _label, _call in ERRORS.items():
    CASES[f"error_{_label}"] = _error(_call)
CASES["istft_real_input_taken_as_complex"] = _error(lambda P, S, x: S.istft(x[:, :3], 4, 1))


def _framing(name, shape, *args):
    def case(paddle, np):
        x = paddle.to_tensor(_signal(np, shape, "float64"), stop_gradient=False)
        y = getattr(paddle.signal, name)(x, *args)
        weights = paddle.to_tensor(np.linspace(-1.0, 1.0, y.size).reshape(y.shape))
        (gx,) = paddle.grad([(y * weights).sum()], [x])
        return y, gx
    return case


CASES.update({
    "frame_last": _framing("frame", (2, 11), 4, 3),
    "frame_axis0": _framing("frame", (10, 2), 4, 2, 0),
    "frame_whole": _framing("frame", (5,), 5, 1),
    "overlap_add_last": _framing("overlap_add", (2, 4, 3), 2),
    "overlap_add_axis0": _framing("overlap_add", (3, 4, 2), 3, 0),
    "frame_int64": lambda paddle, np: paddle.signal.frame(paddle.arange(9), 3, 2),
    "overlap_add_int32": lambda paddle, np: paddle.signal.overlap_add(
        paddle.arange(12, dtype="int32").reshape([4, 3]), 2),
    "error_frame_axis": _error(lambda P, S, x: S.frame(x, 4, 2, axis=1)),
    "error_frame_too_long": _error(lambda P, S, x: S.frame(x, 17, 2)),
    "error_frame_hop": _error(lambda P, S, x: S.frame(x, 4, 0)),
    "error_overlap_add_axis": _error(lambda P, S, x: S.overlap_add(x, 2, axis=1)),
})
