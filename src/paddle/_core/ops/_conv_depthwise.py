"""Depthwise convolutions (groups == in channels == out channels: output channel c reads input
channel c alone), the same three functions as _conv_im2col.

im2col would copy the input once per kernel tap only to feed products of depth one, so here
each tap is one broadcast multiply-add over a strided view of the padded input (forward and
input gradient) or one multiply-reduce (weight gradient). With a channel multiplier, or one
input channel, im2col's products are deep enough to win, so only this case comes here.
Channel-first, any number of spatial dims; low-precision inputs are widened to float32 and
rounded back by the callers."""
from __future__ import annotations

import numpy as np

from ..compiler import kernel
from ._conv_im2col import padded_sizes, windows
from .nn_activation_inplace import conv_epilogue


def applies(channels: int, weight_shape, groups: int) -> bool:
    """Whether a conv (or its gradients) with this weight is depthwise in the sense above."""
    return groups > 1 and channels == groups == weight_shape[0] and weight_shape[1] == 1


def correlate(big, w, strides, pads, dilations, out_sizes, epilogue=()):
    """(N, C, *big) x (C, 1, *k) -> (N, C, *out); compiled where numba is installed.
    `epilogue`, when given, is a fused conv's (bias, activation, alpha, beta, scale, shift),
    applied to the result (by the compiled kernel row by row, where it can)."""
    compiled = kernel("depthwise_correlate")
    out = None if compiled is None else compiled(big, w, strides, pads, dilations, out_sizes,
                                                 *epilogue)
    if out is not None:
        return out
    out = _correlate_taps(big, w, strides, pads, dilations, out_sizes)
    if epilogue:
        bias, *activation = epilogue
        conv_epilogue(out, bias, None, *activation)
    return out


def _correlate_taps(big, w, strides, pads, dilations, out_sizes):
    if big.ndim == 4 and tuple(strides) == (1, 1):
        return _correlate_runs(big, w, pads, dilations, out_sizes)
    kernel = w.shape[2:]
    taps = _per_tap(w, len(out_sizes))
    win = windows(big, kernel, strides, pads, dilations, out_sizes)
    out = np.empty(big.shape[:2] + tuple(out_sizes), np.result_type(big, w))
    scratch = np.empty_like(out)
    for index, tap in enumerate(np.ndindex(*kernel)):
        if index == 0:
            np.multiply(win[(Ellipsis,) + tap], taps[index], out=out)
        else:
            out += np.multiply(win[(Ellipsis,) + tap], taps[index], out=scratch)
    return out


def _correlate_runs(big, w, pads, dilations, out_sizes):
    """Unit strides, 2-D: the zero-padded input flattened with its padded row length makes
    each tap's window one contiguous run, so a tap is one multiply-add over long contiguous
    rows (the extra columns are dropped at the end). Same order of sums as the windows."""
    n, c, height, width = big.shape
    (top, bottom), (left, right) = pads
    taps_h, taps_w = w.shape[2:]
    out_h, out_w = out_sizes
    padded_w = max(width + left + right, out_w + (taps_w - 1) * dilations[1])
    padded_h = max(height + top + bottom, out_h + (taps_h - 1) * dilations[0])
    dtype = np.result_type(big, w)
    flat = np.zeros((n, c, padded_h * padded_w + (taps_w - 1) * dilations[1]), dtype)
    plane = flat[:, :, :padded_h * padded_w].reshape(n, c, padded_h, padded_w)
    plane[:, :, top:top + height, left:left + width] = big
    length = out_h * padded_w
    wide = np.empty((n, c, length), dtype)
    scratch = np.empty_like(wide)
    weights = w.reshape(c, -1).astype(dtype, copy=False)
    for index, (a, b) in enumerate(np.ndindex(taps_h, taps_w)):
        start = a * dilations[0] * padded_w + b * dilations[1]
        run, weight = flat[:, :, start:start + length], weights[:, index:index + 1]
        if index == 0:
            np.multiply(run, weight, out=wide)
        else:
            wide += np.multiply(run, weight, out=scratch)
    return np.ascontiguousarray(wide.reshape(n, c, out_h, padded_w)[..., :out_w])


def scatter(small, w, strides, pads, dilations, big_sizes):
    """The adjoint of correlate in its input: (N, C, *out) x (C, 1, *k) -> (N, C, *big)."""
    out_sizes = small.shape[2:]
    kernel = w.shape[2:]
    taps = _per_tap(w, len(out_sizes))
    image = np.zeros(small.shape[:2] + padded_sizes(pads, big_sizes, out_sizes, strides, kernel,
                                                     dilations), np.result_type(small, w))
    scratch = np.empty(small.shape, image.dtype)
    for index, tap in enumerate(np.ndindex(*kernel)):
        target = (slice(None),) * 2 + tuple(
            slice(t * d, t * d + (o - 1) * s + 1, s)
            for t, d, o, s in zip(tap, dilations, out_sizes, strides))
        image[target] += np.multiply(small, taps[index], out=scratch)
    crop = (slice(None),) * 2 + tuple(slice(b, b + s) for (b, _), s in zip(pads, big_sizes))
    return np.ascontiguousarray(image[crop])


def weight_of(big, small, kernel, strides, pads, dilations):
    """The adjoint of correlate in its weight: (N, C, *big) x (N, C, *out) -> (C, 1, *k)."""
    out_sizes = small.shape[2:]
    win = windows(big, kernel, strides, pads, dilations, out_sizes)
    spatial = "pqr"[:len(out_sizes)]
    subscripts = f"nc{spatial},nc{spatial}->c"
    grads = np.empty((small.shape[1], int(np.prod(kernel))), np.result_type(big, small))
    for index, tap in enumerate(np.ndindex(*kernel)):
        grads[:, index] = np.einsum(subscripts, small, win[(Ellipsis,) + tap])
    return grads.reshape((small.shape[1], 1) + tuple(kernel))


def _per_tap(w, nd):
    """The weights as one (C, 1, ...) array per tap, shaped to broadcast over (N, C, *out)."""
    return w.reshape(w.shape[0], -1).T.reshape((-1, w.shape[0]) + (1,) * nd)
