"""paddle.signal: the short-time Fourier transform (stft) and its inverse (istft), built on the
frame/overlap_add ops and paddle.fft. Also bound as Tensor.stft / Tensor.istft.

Argument problems are AssertionErrors with Paddle's messages, as Paddle checks them with
asserts."""
from __future__ import annotations

from ._core import dtype as _dt
from ._core.ops import fft_frames as _frames
from ._core.ops.pad import pad as _pad
from ._core.tensor import Tensor
from .fft._transforms import c2c, c2r, r2c
from .tensor.creation import ones

__all__ = ["istft", "stft"]


def frame(x, frame_length, hop_length, axis=-1, name=None):
    """Slice x into overlapping frames: [..., seq] -> [..., frame_length, num_frames] for
    axis=-1, [seq, ...] -> [num_frames, frame_length, ...] for axis=0.

    Example:
        >>> import paddle
        >>> paddle.signal.frame(paddle.arange(6.0), 4, 2).numpy()
        array([[0., 2.],
               [1., 3.],
               [2., 4.],
               [3., 5.]], dtype=float32)
    """
    if not isinstance(frame_length, int) or frame_length <= 0:
        raise ValueError(f"Unexpected frame_length: {frame_length}. It should be an positive "
                         f"integer.")
    return _frames.frame(x, frame_length, hop_length, axis)


def overlap_add(x, hop_length, axis=-1, name=None):
    """Sum frames back into a sequence, each starting hop_length after the previous one.

    Example:
        >>> import paddle
        >>> paddle.signal.overlap_add(paddle.ones([3, 2]), 2).numpy()
        array([1., 1., 2., 1., 1.], dtype=float32)
    """
    return _frames.overlap_add(x, hop_length, axis)


def _centered_window(window, win_length, n_fft, dtype):
    if window is not None:
        assert len(window.shape) == 1 and window.shape[0] == win_length, (
            f"expected a 1D window tensor of size equal to win_length({win_length}), but got "
            f"window with shape {window.shape}.")
    else:
        window = ones([win_length], dtype=dtype)
    if win_length < n_fft:
        left = (n_fft - win_length) // 2
        window = _pad(window, [(left, n_fft - win_length - left)], "constant", 0.0)
    return window


def _check_lengths(n_fft, hop_length, win_length):
    hop_length = n_fft // 4 if hop_length is None else hop_length
    win_length = n_fft if win_length is None else win_length
    return hop_length, win_length


def stft(x, n_fft, hop_length=None, win_length=None, window=None, center=True,
         pad_mode="reflect", normalized=False, onesided=None, name=None):
    """The short-time Fourier transform of a signal [seq] or batch [batch, seq]: windowed
    frames of n_fft samples every hop_length, transformed to [(batch,) freq, num_frames].

    Example:
        >>> import paddle
        >>> paddle.signal.stft(paddle.ones([16]), n_fft=8).shape
        paddle.Size([5, 9])
    """
    rank = len(x.shape)
    assert rank in (1, 2), f"x should be a 1D or 2D real tensor, but got rank of x is {rank}"
    if rank == 1:
        x = x.unsqueeze(0)
    hop_length, win_length = _check_lengths(n_fft, hop_length, win_length)
    assert hop_length > 0, f"hop_length should be > 0, but got {hop_length}."
    assert 0 < n_fft <= x.shape[-1], \
        f"n_fft should be in (0, seq_length({x.shape[-1]})], but got {n_fft}."
    assert 0 < win_length <= n_fft, \
        f"win_length should be in (0, n_fft({n_fft})], but got {win_length}."
    window = _centered_window(window, win_length, n_fft, x.dtype)
    if center:
        assert pad_mode in ("constant", "reflect"), \
            f'pad_mode should be "reflect" or "constant", but got "{pad_mode}".'
        x = _pad(x, [(0, 0), (n_fft // 2, n_fft // 2)], pad_mode, 0.0)
    frames = _frames.frame(x, n_fft, hop_length, -1).transpose([0, 2, 1]) * window
    norm = "ortho" if normalized else "backward"
    framed_complex = frames.dtype.is_complex
    onesided = not framed_complex if onesided is None else onesided
    if framed_complex:
        assert not onesided, "onesided should be False when input or window is a complex Tensor."
    if x.dtype.is_complex:
        out = c2c("stft", frames, None, -1, norm, True)
    else:
        out = r2c("stft", frames, None, -1, norm, True, onesided)
    out = out.transpose([0, 2, 1])
    return out.squeeze(0) if rank == 1 else out


def _check_istft_input(x, n_fft, hop_length, win_length, onesided):
    assert 0 < hop_length <= win_length, \
        f"hop_length should be in (0, win_length({win_length})], but got {hop_length}."
    assert 0 < win_length <= n_fft, \
        f"win_length should be in (0, n_fft({n_fft})], but got {win_length}."
    assert x.size != 0, "x should not be an empty tensor."
    fft_size = x.shape[-2]
    if onesided:
        assert fft_size == n_fft // 2 + 1, (
            f"fft_size should be equal to n_fft // 2 + 1({n_fft // 2 + 1}) when onesided is "
            f"True, but got {fft_size}.")
    else:
        assert fft_size == n_fft, \
            f"fft_size should be equal to n_fft({n_fft}) when onesided is False, but got " \
            f"{fft_size}."


def _trim(out, envelope, n_fft, center, length):
    start = n_fft // 2 if center else 0
    if length is not None:
        return out[:, start:start + length], envelope[start:start + length]
    if center:
        return out[:, start:-start], envelope[start:-start]
    return out, envelope


def istft(x, n_fft, hop_length=None, win_length=None, window=None, center=True,
          normalized=False, onesided=True, length=None, return_complex=False, name=None):
    """The inverse short-time Fourier transform: frames of [(batch,) freq, num_frames] (real
    input is taken as complex, as in Paddle) are transformed back, windowed, overlap-added and divided by the summed squared window.

    Example:
        >>> import paddle
        >>> x = paddle.rand([32])
        >>> y = paddle.signal.istft(paddle.signal.stft(x, n_fft=8), n_fft=8)
        >>> bool(paddle.allclose(x, y, atol=1e-6))
        True
    """
    if not isinstance(x, Tensor):
        raise TypeError(f"(istft) x must be a Tensor, but received {type(x).__name__}")
    rank = len(x.shape)
    assert rank in (2, 3), f"x should be a 2D or 3D complex tensor, but got rank of x is {rank}"
    if rank == 2:
        x = x.unsqueeze(0)
    hop_length, win_length = _check_lengths(n_fft, hop_length, win_length)
    _check_istft_input(x, n_fft, hop_length, win_length, onesided)
    real_dtype = _dt.float32 if x.dtype in (_dt.float32, _dt.complex64) else _dt.float64
    window = _centered_window(window, win_length, n_fft, real_dtype)
    x = x.transpose([0, 2, 1])
    norm = "ortho" if normalized else "backward"
    if return_complex:
        assert not onesided, ("onesided should be False when input(output of istft) or window "
                              "is a complex Tensor.")
        frames = c2c("istft", x, None, -1, norm, False)
    else:
        assert not window.dtype.is_complex, \
            "Data type of window should not be complex when return_complex is False."
        if onesided is False:
            x = x[:, :, : n_fft // 2 + 1]
        frames = c2r("istft", x, None, -1, norm, False)
    out = _frames.overlap_add((frames * window).transpose([0, 2, 1]), hop_length, -1)
    squared = (window * window).unsqueeze(0).tile([x.shape[1], 1]).transpose([1, 0])
    envelope = _frames.overlap_add(squared, hop_length, -1)
    out, envelope = _trim(out, envelope, n_fft, center, length)
    if envelope.abs().min().item() < 1e-11:
        raise ValueError("Abort istft because Nonzero Overlap Add (NOLA) condition failed. See "
                         "scipy.signal.check_NOLA for the constraint.")
    out = out / envelope
    return out.squeeze(0) if rank == 2 else out
