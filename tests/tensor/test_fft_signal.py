"""paddle.signal beyond the goldens: stft against a direct NumPy computation, the istft round
trip, numeric first and second gradients through stft/istft, frame/overlap_add tracing and
the docstring examples."""
import doctest

import numpy as np
from gradcheck import check_double_vjp, check_vjp

import paddle

S = paddle.signal


def test_stft_matches_numpy_frames():
    x = np.random.default_rng(0).standard_normal((2, 50))
    window = np.hanning(16)
    got = S.stft(paddle.to_tensor(x), 16, 5, window=paddle.to_tensor(window)).numpy()
    padded = np.pad(x, [(0, 0), (8, 8)], mode="reflect")
    starts = range(0, padded.shape[1] - 16 + 1, 5)
    frames = np.stack([padded[:, s:s + 16] * window for s in starts], axis=1)
    np.testing.assert_allclose(got, np.fft.rfft(frames, axis=-1).transpose(0, 2, 1),
                               rtol=1e-10, atol=1e-10)


def test_istft_inverts_stft_with_length():
    x = np.random.default_rng(1).standard_normal(61).astype("float32")
    y = paddle.to_tensor(x).stft(12, 3, window=paddle.to_tensor(np.hanning(14)[1:-1]
                                                                .astype("float32")))
    back = y.istft(12, 3, window=paddle.to_tensor(np.hanning(14)[1:-1].astype("float32")),
                   length=61)
    np.testing.assert_allclose(back.numpy(), x, atol=1e-5)


def _stft_power(t):
    y = S.stft(t, 8, 3)
    return paddle.real(y) ** 2 + paddle.imag(y) ** 2


def _stft_round_trip(t):
    y = S.stft(t * t, 6, 2, normalized=True)
    return S.istft(y * paddle.real(y), 6, 2, normalized=True)


def test_gradients_numerically():
    x = np.random.default_rng(2).uniform(-1, 1, (2, 20))
    for fn in (_stft_power, _stft_round_trip):
        check_vjp(fn, [x])
        check_double_vjp(fn, [x])


def test_frame_traces_with_inferred_shape():
    from paddle._core.tracing import Tracer

    with Tracer() as tracer:
        y = S.overlap_add(S.frame(paddle.ones([2, 11]), 4, 3), 3)
    assert [op.opdef.name for op in tracer.ops if op.opdef is not None][-2:] == \
        ["frame", "overlap_add"]
    assert y._data.value.meta.shape == (2, 10)


def test_docstring_examples_run():
    result = doctest.testmod(S, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 0
