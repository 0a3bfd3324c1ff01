"""im2col for 2-D convolutions compiled with numba: the column matrix (C * kh * kw, Ho * Wo)
of one sample, each column row one output row's run of a tap (zeros where the tap falls in
the padding), instead of NumPy's copy of a padded, strided window view (5-D, with the column
stride inside: a 3-channel stride-2 first layer's copy cost three to four times its
product). With a column stride the input rows are first split into column phases (one
strided pass over the input instead of one per tap), so every tap copies contiguous runs.
Copies only: the same numbers as the NumPy route."""
from __future__ import annotations

import numpy as np

from .cache import jit


@jit
def _split_columns(image, phases, stride):
    """phases[(c, r), q, k] = image[(c, r), k * stride + q] (rows flattened): each row's column
    phases, so that a strided tap reads one contiguous run of one phase."""
    width, phase_width = image.shape[1], phases.shape[2]
    for row in range(image.shape[0]):
        for q in range(stride):
            for k in range((width - q + stride - 1) // stride):
                phases[row, q, k] = image[row, k * stride + q]
    return phase_width


@jit
def _zero(target):
    for j in range(target.shape[0]):
        target[j] = 0


@jit
def _copy(target, source):
    """target[:] = source, as a loop over non-negative indices (it vectorises)."""
    for j in range(target.shape[0]):
        target[j] = source[j]


@jit
def _fill(phases, height, width, columns, kernel, strides, pads, dilations, out_h, out_w):
    """columns, the flat (C, kh, kw, Ho, Wo) matrix, from the flat column phases (C, H, s',
    ceil(W / s')) of a (C, H, W) image."""
    stride = strides[1]
    phase_width = -(-width // stride)
    channels = phases.shape[0] // (height * stride * phase_width)
    base = 0
    for c in range(channels):
        for a in range(kernel[0]):
            for b in range(kernel[1]):
                offset = b * dilations[1] - pads[1]
                phase, shift = offset % stride, offset // stride
                # outputs whose tap column lies inside the row: [inside_from, inside_to)
                inside_from = min(out_w, max(0, (-offset + stride - 1) // stride))
                inside_to = max(inside_from, min(out_w, (width - 1 - offset) // stride + 1))
                count = inside_to - inside_from
                for i in range(out_h):
                    target = columns[base:base + out_w]
                    base += out_w
                    r = i * strides[0] + a * dilations[0] - pads[0]
                    if r < 0 or r >= height:
                        _zero(target)
                        continue
                    start = ((c * height + r) * stride + phase) * phase_width + shift
                    _zero(target[:inside_from])
                    _copy(target[inside_from:inside_to],
                          phases[start + inside_from:start + inside_from + count])
                    _zero(target[inside_to:])


def im2col(image: np.ndarray, columns: np.ndarray, kernel, strides, pads, dilations) -> bool:
    """Fill `columns` (C, kh, kw, Ho, Wo), C-contiguous, from a (C, H, W) image; False
    (nothing done) for other ranks."""
    if image.ndim != 3 or columns.ndim != 5 or not columns.flags.c_contiguous:
        return False
    stride = strides[1]
    channels, height, width = image.shape
    image = np.ascontiguousarray(image)
    if stride == 1:
        phases = image.reshape(-1)
    else:
        phases = np.empty((channels * height, stride, -(-width // stride)), image.dtype)
        _split_columns(image.reshape(channels * height, width), phases, stride)
        phases = phases.reshape(-1)
    _fill(phases, height, width, columns.reshape(-1), np.asarray(kernel, np.int64),
          np.asarray(strides, np.int64), np.asarray([b for b, _ in pads], np.int64),
          np.asarray(dilations, np.int64), columns.shape[3], columns.shape[4])
    return True
