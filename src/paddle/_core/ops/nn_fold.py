"""Sliding-block extraction and its inverse (Paddle's unfold / fold, i.e. im2col / col2im):

    unfold(x, kernel_sizes, strides, paddings, dilations)                 (N, C*kh*kw, L)
    fold(x, output_sizes, kernel_sizes, strides, paddings, dilations)     (N, C, H, W)

Columns are channel-major then kernel row-major; L runs over block positions row-major.
`paddings` holds (before, after) pairs per spatial dim. Paddle's API is 2-D; the ops take any
number of spatial dims (3-D average pooling's gradient is a fold). Each op is the other's
gradient."""
from __future__ import annotations

import math

import numpy as np

from ..meta import TensorMeta, meta_of
from . import _conv_im2col as C
from .nn_conv import conv_out_sizes
from .registry import OPAQUE, defop


def _blocks(op, sizes, kernel, strides, paddings, dilations) -> tuple:
    blocks = conv_out_sizes(op, sizes, kernel, strides, paddings, dilations)
    if any(b <= 0 for b in blocks if b != -1):
        raise ValueError(f"({op}) The sliding blocks {list(blocks)} computed from the input "
                         f"size {list(sizes)}, kernel {list(kernel)}, strides {list(strides)}, "
                         f"paddings {[list(p) for p in paddings]} and dilations "
                         f"{list(dilations)} must be positive.")
    return blocks


def _unfold_meta(x, kernel_sizes, strides, paddings, dilations):
    if x.ndim != 2 + len(kernel_sizes):
        raise ValueError(f"(unfold) The input x must be a {2 + len(kernel_sizes)}-D tensor, "
                         f"but received shape {list(x.shape)}.")
    blocks = _blocks("unfold", x.shape[2:], kernel_sizes, strides, paddings, dilations)
    channels = -1 if x.shape[1] == -1 else x.shape[1] * math.prod(kernel_sizes)
    count = -1 if -1 in blocks else math.prod(blocks)
    return TensorMeta((x.shape[0], channels, count), x.dtype)


@defop("unfold", infer_meta=_unfold_meta, pattern=OPAQUE)
def unfold(xp, x, kernel_sizes, strides, paddings, dilations):
    blocks = _blocks("unfold", x.shape[2:], kernel_sizes, strides, paddings, dilations)
    n, c = x.shape[:2]
    nd = len(kernel_sizes)
    win = C.windows(x, tuple(kernel_sizes), strides, paddings, dilations, blocks)
    order = (0, 1) + tuple(range(2 + nd, 2 + 2 * nd)) + tuple(range(2, 2 + nd))
    cols = np.ascontiguousarray(win.transpose(order))  # (N, C, *kernel, *blocks)
    return cols.reshape(n, c * math.prod(kernel_sizes), math.prod(blocks))


@unfold.grad()
def _(ctx, g):
    return fold(g, tuple(ctx.x.shape[2:]), ctx.kernel_sizes, ctx.strides, ctx.paddings,
                ctx.dilations)


def _fold_meta(x, output_sizes, kernel_sizes, strides, paddings, dilations):
    if x.ndim != 3:
        raise ValueError(f"(fold) The input x must be a 3-D tensor, but received shape "
                         f"{list(x.shape)}.")
    taps = math.prod(kernel_sizes)
    if x.shape[1] != -1 and x.shape[1] % taps:
        raise ValueError(f"(fold) The second dimension of the input ({x.shape[1]}) must be "
                         f"divisible by the product of kernel_sizes ({taps}).")
    blocks = _blocks("fold", output_sizes, kernel_sizes, strides, paddings, dilations)
    if x.shape[2] != -1 and x.shape[2] != math.prod(blocks):
        raise ValueError(f"(fold) The third dimension of the input ({x.shape[2]}) must equal "
                         f"the number of sliding blocks {math.prod(blocks)} ({list(blocks)}) "
                         f"for output_sizes {list(output_sizes)}.")
    channels = -1 if x.shape[1] == -1 else x.shape[1] // taps
    return TensorMeta((x.shape[0], channels) + tuple(output_sizes), x.dtype)


@defop("fold", infer_meta=_fold_meta, pattern=OPAQUE)
def fold(xp, x, output_sizes, kernel_sizes, strides, paddings, dilations):
    _fold_meta(meta_of(x), output_sizes, kernel_sizes, strides, paddings, dilations)
    blocks = _blocks("fold", output_sizes, kernel_sizes, strides, paddings, dilations)
    n = x.shape[0]
    c = x.shape[1] // math.prod(kernel_sizes)
    nd = len(kernel_sizes)
    cols = x.reshape((n, c) + tuple(kernel_sizes) + tuple(blocks))
    order = (1,) + tuple(range(2, 2 + nd)) + (0,) + tuple(range(2 + nd, 2 + 2 * nd))
    return C.col2im(cols.transpose(order), strides, paddings, dilations, tuple(output_sizes))


@fold.grad()
def _(ctx, g):
    return unfold(g, ctx.kernel_sizes, ctx.strides, ctx.paddings, ctx.dilations)

