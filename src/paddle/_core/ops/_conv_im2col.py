"""NumPy building blocks of the convolution kernels: sliding-window views (im2col), their
adjoint (col2im) and the three matrix products a convolution needs.

Everything is channel-first, with any number of spatial dims. A convolution relates a "big"
tensor (the conv input, the transposed-conv output) to a "small" one through a geometry:
kernel size, strides, per-side paddings ((before, after) per spatial dim) and dilations.

    scatter(small, w)   -> big       transposed conv forward (and the conv's input VJP)
    weight_of(big, small) -> w       the conv's weight VJP

Column matrices are taps-major, (G, C/G * taps, N * positions): copying the window view into
that layout moves runs along the last spatial dim, and each product is one 2-D BLAS gemm per
group (transposes are passed to BLAS, never copied). Low-precision inputs are widened to
float32 and rounded back by the callers. The conv forward itself is in _conv_gemm."""
from __future__ import annotations

import math

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view


def span(kernel: int, dilation: int) -> int:
    """How many input positions one dilated kernel covers."""
    return dilation * (kernel - 1) + 1


def pad_zeros(x: np.ndarray, pads) -> np.ndarray:
    """Zero-pad the spatial dims (all dims after the first two) by (before, after) pairs."""
    if not any(b or a for b, a in pads):
        return x
    shape = x.shape[:2] + tuple(d + b + a for d, (b, a) in zip(x.shape[2:], pads))
    out = np.zeros(shape, x.dtype)
    out[(slice(None), slice(None)) + tuple(slice(b, b + d) for d, (b, _) in
                                           zip(x.shape[2:], pads))] = x
    return out


def windows(x: np.ndarray, kernel, strides, pads, dilations, out_sizes) -> np.ndarray:
    """A view of shape (N, C, *out_sizes, *kernel): the input patch under every output
    position, taken from the zero-padded input. A window reaching past the padding (Paddle
    allows one when the size division truncates toward zero) reads zeros there."""
    nd = len(kernel)
    spans = tuple(span(k, d) for k, d in zip(kernel, dilations))
    pads = tuple((b, max(a, (o - 1) * s + sp - size - b)) for (b, a), o, s, sp, size in
                 zip(pads, out_sizes, strides, spans, x.shape[2:]))
    padded = pad_zeros(x, pads)
    view = sliding_window_view(padded, spans, axis=tuple(range(2, 2 + nd)))
    index = (slice(None), slice(None))
    index += tuple(slice(0, (o - 1) * s + 1, s) for o, s in zip(out_sizes, strides))
    index += tuple(slice(None, None, d) for d in dilations)
    return view[index]


def columns(win: np.ndarray, groups: int) -> np.ndarray:
    """im2col per group, (G, C/G * taps, N * positions), from a (N, C, *out, *kernel) view."""
    n, c = win.shape[:2]
    nd = (win.ndim - 2) // 2
    grouped = win.reshape((n, groups, c // groups) + win.shape[2:])
    order = (1, 2) + tuple(range(3 + nd, 3 + 2 * nd)) + (0,) + tuple(range(3, 3 + nd))
    rows = c // groups * math.prod(win.shape[2 + nd:])
    return grouped.transpose(order).reshape(groups, rows, n * math.prod(win.shape[2:2 + nd]))


def channels_major(small: np.ndarray, groups: int) -> np.ndarray:
    """(N, Co, *out) -> (G, Co/G, N * positions), matching the columns' position order."""
    n, co = small.shape[:2]
    positions = math.prod(small.shape[2:])
    grouped = small.reshape(n, groups, co // groups, positions)
    return grouped.transpose(1, 2, 0, 3).reshape(groups, co // groups, n * positions)


# Products of at least this many multiply-adds go to BLAS whole, threads and all.
LARGE_PRODUCT = 1 << 25
# OpenBLAS runs a gemm of at most this many multiply-adds on the calling thread alone. Threaded
# BLAS stalls for tens of milliseconds on mid-sized products whenever the cores are busy (e.g.
# with data-loading workers), so smaller products are cut into pieces of this size: serial BLAS
# speed, never a stall.
SERIAL_GEMM = 1 << 18
# Pieces narrower than this waste BLAS; such products run in NumPy's einsum loop instead.
MIN_PIECE = 8


def group_matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a[g] @ b[g] for every group, (G, M, K) x (G, K, N) -> (G, M, N). Large products run as
    one 2-D gemm per group written straight into the result (stacked matmul falls off BLAS for
    transposed operands); smaller ones in serial-size pieces cut along N, or along K with the
    partial products summed."""
    _, m, k = a.shape
    n = b.shape[2]
    if m * k * n >= LARGE_PRODUCT:
        return _per_group(a, b)
    if m * k * MIN_PIECE <= SERIAL_GEMM:
        return _pieces_along_n(a, b, SERIAL_GEMM // (m * k))
    if m * n * MIN_PIECE <= SERIAL_GEMM:
        return _pieces_along_k(a, b, SERIAL_GEMM // (m * n))
    return np.einsum("gij,gjk->gik", a, b)


def _per_group(a, b):
    if a.shape[0] == 1:
        return np.matmul(a[0], b[0])[None]
    out = np.empty((a.shape[0], a.shape[1], b.shape[2]), np.result_type(a, b))
    for ag, bg, og in zip(a, b, out):
        np.matmul(ag, bg, out=og)
    return out


def _pieces_along_n(a, b, width):
    """Columns of b in pieces of `width`, one stacked matmul over (group, piece) whose
    results land in place: strided views keep every piece a BLAS operand, no copies."""
    g, m, k = a.shape
    n = b.shape[2]
    out = np.empty((g, m, n), np.result_type(a, b))
    pieces = n // width
    body = pieces * width
    if pieces:
        b_view = b[:, :, :body].reshape(g, k, pieces, width).transpose(0, 2, 1, 3)
        out_view = out[:, :, :body].reshape(g, m, pieces, width).transpose(0, 2, 1, 3)
        np.matmul(a[:, None], b_view, out=out_view)
    if body < n:
        np.matmul(a, b[:, :, body:], out=out[:, :, body:])
    return out


def _pieces_along_k(a, b, depth):
    """The contraction in pieces of `depth`, the partial products summed."""
    g, m, k = a.shape
    pieces = k // depth
    body = pieces * depth
    a_view = a[:, :, :body].reshape(g, m, pieces, depth).transpose(0, 2, 1, 3)
    b_view = b[:, :body].reshape(g, pieces, depth, b.shape[2])
    out = np.matmul(a_view, b_view).sum(axis=1)
    if body < k:
        out += np.matmul(a[:, :, body:], b[:, body:])
    return out


def scatter(small, w, strides, pads, dilations, groups, big_sizes):
    """The adjoint of correlate in its input (transposed convolution / col2im):
    (N, Co, *out) x (Co, C/G, *k) -> (N, C, *big)."""
    n = small.shape[0]
    out_sizes = small.shape[2:]
    cg = w.shape[1]
    if 0 in out_sizes:
        return np.zeros((n, groups * cg) + tuple(big_sizes), small.dtype)
    kernel = tuple(w.shape[2:])
    weights = np.swapaxes(w.reshape(groups, w.shape[0] // groups, -1), 1, 2)
    padded = padded_sizes(pads, big_sizes, out_sizes, strides, kernel, dilations)
    if not _widen_for_col2im(weights.shape, small.shape, padded, strides):
        cols = group_matmul(weights, channels_major(small, groups))
        cols = cols.reshape((groups * cg,) + kernel + (n,) + tuple(out_sizes))
        return col2im(cols, strides, pads, dilations, big_sizes)
    # Widen every spatial dim but the first to the padded image's size (the new columns are
    # zeros). Flattened, each tap's block is then one contiguous run of the padded image, so
    # col2im adds long runs instead of short rows.
    small = pad_zeros(small, [(0, 0)] + [(0, p - o) for p, o in zip(padded[1:], out_sizes[1:])])
    cols = group_matmul(weights, channels_major(small, groups))
    run = out_sizes[0] * math.prod(padded[1:])
    cols = cols.reshape(groups * cg, math.prod(kernel), n, run)
    plane_strides = [math.prod(padded[t + 1:]) for t in range(len(padded))]
    offsets = [sum(t * d * f for t, d, f in zip(tap, dilations, plane_strides))
               for tap in np.ndindex(*kernel)]
    plane = math.prod(padded)
    flat = np.zeros((groups * cg, n, max(plane, max(offsets) + run)), cols.dtype)
    for tap, offset in enumerate(offsets):
        flat[:, :, offset:offset + run] += cols[:, tap]
    image = flat[:, :, :plane].reshape((groups * cg, n) + padded)
    crop = (slice(None),) * 2 + tuple(slice(b, b + s) for (b, _), s in zip(pads, big_sizes))
    return np.ascontiguousarray(np.swapaxes(image[crop], 0, 1))


def _widen_for_col2im(weights_shape, small_shape, padded, strides) -> bool:
    """Whether scatter's product should run over widened outputs (unit strides only): always
    for products small enough that col2im's short rows dominate, and for large ones (where
    the product dominates) only when the widening adds little work."""
    if any(s != 1 for s in strides):
        return False
    g, rows, depth = weights_shape
    out_sizes = small_shape[2:]
    product = g * rows * depth * small_shape[0] * math.prod(out_sizes)
    extra = math.prod(padded[1:]) / math.prod(out_sizes[1:])
    return product < LARGE_PRODUCT or extra <= 1.0625


def padded_sizes(pads, big_sizes, out_sizes, strides, kernel, dilations) -> tuple:
    """The zero-padded image's size per spatial dim: the input and its paddings, or more when
    the last window reaches past them."""
    return tuple(max(b + a + size, (o - 1) * s + span(k, d)) for (b, a), size, o, s, k, d
                 in zip(pads, big_sizes, out_sizes, strides, kernel, dilations))


def col2im(cols, strides, pads, dilations, big_sizes):
    """Sum patches back into an image: cols is (C, *kernel, N, *out), the result (N, C, *big)
    with each tap's block added at its dilated, strided offset. The sums run channel-major,
    the layout cols already has, and the image is transposed to (N, C, ...) once at the end."""
    nd = len(big_sizes)
    c = cols.shape[0]
    kernel = cols.shape[1:1 + nd]
    n = cols.shape[1 + nd]
    out_sizes = cols.shape[2 + nd:]
    padded = np.zeros((c, n) + padded_sizes(pads, big_sizes, out_sizes, strides, kernel,
                                            dilations), cols.dtype)
    if 0 not in out_sizes:
        for tap in np.ndindex(*kernel):
            target = (slice(None),) * 2 + tuple(
                slice(t * d, t * d + (o - 1) * s + 1, s)
                for t, d, o, s in zip(tap, dilations, out_sizes, strides))
            padded[target] += cols[(slice(None),) + tap]
    crop = (slice(None),) * 2 + tuple(slice(b, b + s) for (b, _), s in zip(pads, big_sizes))
    return np.ascontiguousarray(np.swapaxes(padded[crop], 0, 1))


def weight_of(big, small, kernel, strides, pads, dilations, groups):
    """The adjoint of correlate in its weight: (N, C, *big) x (N, Co, *out) -> (Co, C/G, *k)."""
    c = big.shape[1]
    co = small.shape[1]
    if small.size == 0:
        return np.zeros((co, c // groups) + tuple(kernel), big.dtype)
    cols = columns(windows(big, kernel, strides, pads, dilations, small.shape[2:]), groups)
    w = group_matmul(channels_major(small, groups), np.swapaxes(cols, 1, 2))
    return w.reshape((co, c // groups) + tuple(kernel))
