"""The tap sum of the shifted-product convolution (ops/_conv_gemm) compiled with numba: each
output row is the first tap's run of the product copied, then every other tap's run added, in
tap order as the NumPy route adds whole shifted blocks, so both give the same numbers. Only
the output's own columns are summed and written, straight into the result, instead of summing
padded rows into a scratch block and cropping it."""
from __future__ import annotations

import numpy as np

from .cache import jit


@jit
def _shifted_sum(product, offsets, out, row_length):
    taps, channels = product.shape[0], product.shape[1]
    out_h, out_w = out.shape[1], out.shape[2]
    for c in range(channels):
        for h in range(out_h):
            row = out[c, h]
            start = h * row_length + offsets[0]
            first = product[0, c, start:start + out_w]
            for j in range(out_w):
                row[j] = first[j]
            for t in range(1, taps):
                start = h * row_length + offsets[t]
                source = product[t, c, start:start + out_w]
                for j in range(out_w):
                    row[j] += source[j]


def shifted_sum(product: np.ndarray, offsets, out: np.ndarray, row_length: int) -> bool:
    """out (Co, Ho, Wo) = sum over taps t of product[t, :, h * row_length + offsets[t] + w];
    False (nothing done) unless the shapes are the 2-D case this kernel covers."""
    if out.ndim != 3 or product.ndim != 3 or not out.flags.c_contiguous:
        return False
    _shifted_sum(product, np.asarray(offsets, np.int64), out, row_length)
    return True
