"""The convolution forward as BLAS products written straight into the channel-first result.

Three routes, chosen per geometry (any number of spatial dims, any groups):

- pointwise (1x1 kernel, unit stride, no padding): out[n] = W @ x[n] on the (C, positions)
  layout the input already has, one stacked product over the batch, no copies at all;
- shifted accumulation (unit strides, more input than output channels): one product of every
  tap's weights with the zero-padded inputs of the whole batch, flattened, P = (taps * Co, C)
  @ (C, samples x padded positions); a tap's contribution to output position p is then row
  block t of P at p + offset of t, so the output is the sum of taps shifted views of P
  (contiguous runs, no im2col);
- im2col into one reused buffer per sample and group, then one product.

Products go to BLAS whole when BLAS runs on the calling thread alone (the inference Predictor
pins it to its math-library thread count, 1 by default); with a threaded BLAS, mid-sized
products run through the serial-size pieces of _conv_im2col (threaded BLAS stalls on them
whenever the cores are busy)."""
from __future__ import annotations

import math
import os

import numpy as np

from ..backend.blas_threads import blas_threads
from ..compiler import kernel as compiled_kernel
from . import _conv_im2col as C


def _blas_threads_from_environment() -> int:
    """How many threads OpenBLAS was told to use (its own variable first, as OpenBLAS reads
    them); 0 when nothing says."""
    for name in ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS"):
        value = os.environ.get(name, "").strip()
        if value.isdigit() and int(value) > 0:
            return int(value)
    return 0


_SERIAL_BY_ENVIRONMENT = _blas_threads_from_environment() == 1 or os.cpu_count() == 1


def serial_blas() -> bool:
    """Whether BLAS runs products on the calling thread alone (asked of the library itself
    where it can be: the count changes at run time)."""
    threads = blas_threads()
    return _SERIAL_BY_ENVIRONMENT if threads is None else threads == 1


# A shallow product (K below this) over many columns runs in column blocks of BLOCK_COLUMNS:
# BLAS re-reads its small result tile per block from cache instead of from memory (about 2x
# faster for the first layers of a network, where K is 16-27 and there are 25,000 columns).
SHALLOW = 32
BLOCK_COLUMNS = 1024


def matmul_into(a: np.ndarray, b: np.ndarray, out: np.ndarray) -> None:
    """out[...] = a @ b for a (M, K) and b, out stacked (..., K, P), (..., M, P)."""
    m, k = a.shape
    columns = b.shape[-1]
    size = m * k * columns
    if size <= C.SERIAL_GEMM or size >= C.LARGE_PRODUCT or serial_blas():
        if k >= SHALLOW or columns <= 4 * BLOCK_COLUMNS:
            np.matmul(a, b, out=out)
            return
        for start in range(0, columns, BLOCK_COLUMNS):
            block = slice(start, start + BLOCK_COLUMNS)
            np.matmul(a, b[..., block], out=out[..., block])
        return
    for index in np.ndindex(*b.shape[:-2]):
        out[index] = C.group_matmul(a[None], b[index][None])[0]


def correlate(x, w, strides, pads, dilations, groups, out_sizes) -> np.ndarray:
    """(N, C, *big) x (Co, C/G, *k) -> (N, Co, *out), float32 or float64."""
    n, co = x.shape[0], w.shape[0]
    out = np.empty((n, co) + tuple(out_sizes), x.dtype if x.dtype == w.dtype else
                   np.result_type(x, w))
    if out.size == 0:
        return out
    out3 = out.reshape(n, co, -1)
    unit_strides = min(strides) == max(strides) == 1
    if groups == 1 and w.shape[2:] == (1, 1) and unit_strides and pads == ((0, 0), (0, 0)):
        # the common 2-D pointwise conv, without the general route's bookkeeping; on a 1x1
        # image (squeeze-and-excitation) one (N, C) x (C, Co) product serves the whole batch
        if out3.shape[2] == 1:
            matmul_into(x.reshape(n, -1), w.reshape(co, -1).T, out3.reshape(n, co))
        else:
            matmul_into(w.reshape(co, -1), x.reshape(n, x.shape[1], -1), out3)
    elif all(k == 1 for k in w.shape[2:]) and unit_strides and \
            not any(b or a for b, a in pads):
        _pointwise(x, w, groups, out3)
    elif unit_strides and w.shape[1] >= co // groups and x.shape[0] * groups <= 4:
        _shifted(x, w, pads, dilations, groups, out_sizes, out3)
    else:
        _im2col(x, w, strides, pads, dilations, groups, out_sizes, out3)
    return out


def _group_slices(channels: int, groups: int):
    size = channels // groups
    return [slice(g * size, (g + 1) * size) for g in range(groups)]


def _pointwise(x, w, groups, out3) -> None:
    n, c = x.shape[:2]
    x3 = x.reshape(n, c, -1)
    w2 = w.reshape(w.shape[0], -1)
    for cin, cout in zip(_group_slices(c, groups), _group_slices(w.shape[0], groups)):
        matmul_into(w2[cout], x3[:, cin], out3[:, cout])


def _shifted(x, w, pads, dilations, groups, out_sizes, out3) -> None:
    n, c = x.shape[:2]
    kernel = w.shape[2:]
    padded = tuple(size + b + a for size, (b, a) in zip(x.shape[2:], pads))
    # Output rows keep the padded row length (the extra columns are cropped at the end), so a
    # tap's block is one contiguous run starting at the tap's offset into the padded image.
    run = out_sizes[0] * math.prod(padded[1:])
    plane_strides = [math.prod(padded[t + 1:]) for t in range(len(padded))]
    offsets = [sum(t * d * f for t, d, f in zip(tap, dilations, plane_strides))
               for tap in np.ndindex(*kernel)]
    length = max(math.prod(padded), offsets[-1] + run)
    # every sample's padded image in a segment of its own: one product serves the batch
    flat = np.zeros((c, n, length), x.dtype)
    images = flat[:, :, :math.prod(padded)].reshape((c, n) + padded)
    inner = (slice(None), slice(None)) + tuple(slice(b, b + s) for (b, _), s in
                                               zip(pads, x.shape[2:]))
    images[inner] = np.moveaxis(x, 0, 1)
    cog = w.shape[0] // groups
    wide = np.empty((cog, run), out3.dtype)
    crop = (slice(None), slice(None)) + tuple(slice(0, o) for o in out_sizes[1:])
    compiled = compiled_kernel("shifted_sum")
    for cin, cout in zip(_group_slices(c, groups), _group_slices(w.shape[0], groups)):
        taps_first = np.moveaxis(w[cout].reshape(cog, w.shape[1], -1), 2, 0)
        stacked = np.ascontiguousarray(taps_first).reshape(-1, w.shape[1])
        products = np.empty((len(offsets), cog, n, length), out3.dtype)
        matmul_into(stacked, flat[cin].reshape(-1, n * length),
                    products.reshape(-1, n * length))
        for i in range(n):
            product = products[:, :, i]
            if compiled is not None and compiled(product, offsets, out3[i, cout].reshape(
                    (cog,) + tuple(out_sizes)), math.prod(padded[1:])):
                continue
            np.copyto(wide, product[0, :, offsets[0]:offsets[0] + run])
            for tap in range(1, len(offsets)):
                wide += product[tap, :, offsets[tap]:offsets[tap] + run]
            shaped = wide.reshape((cog, out_sizes[0]) + padded[1:])
            out3[i, cout] = shaped[crop].reshape(cog, -1)


def _im2col(x, w, strides, pads, dilations, groups, out_sizes, out3) -> None:
    n, c = x.shape[:2]
    kernel = w.shape[2:]
    nd = len(kernel)
    out_sizes = tuple(out_sizes)
    cg = c // groups
    taps = math.prod(kernel)
    columns = np.empty((cg,) + tuple(kernel) + out_sizes, x.dtype)
    # (C/G, *out, *k) window view -> the (C/G, *k, *out) column layout
    order = (0,) + tuple(range(1 + nd, 1 + 2 * nd)) + tuple(range(1, 1 + nd))
    w2 = w.reshape(w.shape[0], -1)
    compiled = compiled_kernel("im2col")
    for i in range(n):
        win = None
        for cin, cout in zip(_group_slices(c, groups), _group_slices(w.shape[0], groups)):
            if compiled is None or not compiled(x[i, cin], columns, kernel, strides, pads,
                                                dilations):
                if win is None:
                    win = C.windows(x[i:i + 1], kernel, strides, pads, dilations, out_sizes)[0]
                np.copyto(columns, win[cin].transpose(order))
            matmul_into(w2[cout], columns.reshape(cg * taps, -1), out3[i, cout])


def disjoint_tiles(kernel, strides, pads, dilations, small_sizes, big_sizes) -> bool:
    """Whether a transposed conv's taps never overlap: stride equal to the kernel, no
    padding or dilation, and the output exactly the input times the stride."""
    return (tuple(kernel) == tuple(strides) and not any(b or a for b, a in pads)
            and all(d == 1 for d in dilations)
            and all(s * k == b for s, k, b in zip(small_sizes, kernel, big_sizes)))


def scatter_disjoint(x, w, groups, big_sizes) -> np.ndarray:
    """The transposed conv with disjoint tiles: each input position's product with the
    weights is one output tile, so it is one product (taps * Co, C) @ (C, positions) per sample
    and group, then one strided copy per tap (output positions tap + k * stride)."""
    n, c = x.shape[:2]
    kernel, small = tuple(w.shape[2:]), tuple(x.shape[2:])
    cog = w.shape[1]
    out = np.empty((n, cog * groups) + tuple(big_sizes), np.result_type(x, w))
    x3 = x.reshape(n, c, -1)
    for cin, cout in zip(_group_slices(c, groups), _group_slices(cog * groups, groups)):
        weights = np.ascontiguousarray(np.moveaxis(w[cin].reshape(c // groups, -1), 0, 1))
        product = np.empty((n, weights.shape[0], x3.shape[2]), out.dtype)
        matmul_into(weights, x3[:, cin], product)
        shaped = product.reshape((n, cog) + kernel + small)
        for tap in np.ndindex(*kernel):
            target = (slice(None), cout) + tuple(slice(t, None, k) for t, k in zip(tap, kernel))
            out[target] = shaped[(slice(None), slice(None)) + tap]
    return out
