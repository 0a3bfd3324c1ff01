"""RoI pooling, written as one linear primitive pair plus the sampling tables of each method:

    roi_gather(x, index, weights)          out[r, c, b] = sum_k weights * x[image, c, position]
    roi_scatter(values, index, weights, shape)    its adjoint (the gradient of roi_gather)
    roi_tap_products(x, values, index)     both ops' gradient with respect to the weights
    roi_pool_table(x, boxes, boxes_num, ...)  -> index of each bin's maximum (per channel)
    psroi_pool_table(boxes, boxes_num, ...)   -> index, weights of position-sensitive bins

`index` is (R, 1 | C, B, K): for roi r, bin b and tap k, a flat position in the (N * P) plane
of x seen as (N, C, P), or -1 for no tap; weights has the same shape. Because roi_pool and
psroi_pool are a table followed by roi_gather, their gradients (and gradients of gradients) are
roi_scatter / roi_gather, and Paddle's numbers follow from the tables alone. RoIAlign
(detection_roi_align.py) uses the same pair with one table forward and another backward.
"""
from __future__ import annotations

import math

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from .registry import OPAQUE, defop

CHUNK = 1 << 18  # gathered entries per block: a (r, B, K, C) temporary that stays in cache


def _plane(shape) -> int:
    return math.prod(shape[2:])


def _blocks(rois: int, bins: int, per_bin: int):
    """(rois, bins) slices whose gathered taps stay within CHUNK entries: whole rois at a
    time, or runs of bins of one roi when a single roi holds more."""
    if bins * per_bin <= CHUNK:
        step = max(1, CHUNK // max(bins * per_bin, 1))
        return [(slice(s, min(s + step, rois)), slice(None)) for s in range(0, rois, step)]
    step = max(1, CHUNK // max(per_bin, 1))
    return [(slice(r, r + 1), slice(b, min(b + step, bins)))
            for r in range(rois) for b in range(0, bins, step)]


def _valid(index, weights):
    valid = index >= 0
    return np.where(valid, index, 0), np.where(valid, weights, 0).astype(weights.dtype)


def _channel_index(index, channels: int, plane: int, images: int):
    """Per-channel index tables as flat positions in x.reshape(-1): position p of image i
    and channel c is (i * C + c) * P + p = index + (i * (C - 1) + c) * P."""
    channel = np.arange(channels).reshape(1, channels, 1, 1) * plane
    if images == 1:
        return index + channel
    return index + (index // plane) * ((channels - 1) * plane) + channel


def _gather_meta(x, index, weights):
    if len(index.shape) != 4 or tuple(index.shape) != tuple(weights.shape):
        raise ValueError(f"(roi_gather) index and weights must be (R, C|1, B, K) alike, but "
                         f"received {list(index.shape)} and {list(weights.shape)}.")
    return TensorMeta((index.shape[0], x.shape[1], index.shape[2]), x.dtype)


@defop("roi_gather", "x index weights", infer_meta=_gather_meta, pattern=OPAQUE)
def roi_gather(xp, x, index, weights):
    """Weighted taps of x for every (roi, channel, bin)."""
    rois, shared, bins, taps = index.shape
    n, c = x.shape[:2]
    plane = _plane(x.shape)
    safe, w = _valid(index, weights.astype(x.dtype))
    out = np.zeros((rois, c, bins), x.dtype)
    if rois == 0 or taps == 0 or x.size == 0:
        return out
    if shared != 1:
        flat = _channel_index(safe, c, plane, n)
        if taps == 1:  # one tap per bin (roi_pool's maxima): no sum
            return x.reshape(-1)[flat[..., 0]] * w[..., 0]
        return (x.reshape(-1)[flat] * w).sum(-1).astype(x.dtype)
    table = x.reshape(n, c, plane).transpose(0, 2, 1).reshape(n * plane, c)
    for r, b in _blocks(rois, bins, taps * c):
        out[r, :, b] = np.einsum("rbk,rbkc->rcb", w[r, 0, b], table[safe[r, 0, b]])
    return out


@roi_gather.grad(save="x index weights")
def _(ctx, g):
    weights = roi_tap_products(ctx.x, g, ctx.index) if ctx.needs_grad[2] else None
    return roi_scatter(g, ctx.index, ctx.weights, tuple(ctx.x.shape)), None, weights


def _scatter_meta(values, index, weights, shape):
    return TensorMeta(tuple(shape), values.dtype)


@defop("roi_scatter", "values index weights", infer_meta=_scatter_meta, pattern=OPAQUE)
def roi_scatter(xp, values, index, weights, shape):
    """Sum weights * values[r, c, b] into an (N, C, *spatial) array at the tapped positions
    (bincount: sums in double, rounded once)."""
    rois, shared, bins, taps = index.shape
    n, c = shape[:2]
    plane = _plane(shape)
    safe, w = _valid(index, weights.astype(values.dtype))
    if shared != 1:
        flat = _channel_index(safe, c, plane, n)
        out = np.bincount(flat.ravel(), (values[..., None] * w).ravel(), n * c * plane)
        return out.astype(values.dtype).reshape(shape)
    table = np.zeros(n * plane * c)
    channel = np.arange(c)
    for r, b in _blocks(rois, bins, taps * c):
        spread = np.einsum("rbk,rcb->rbkc", w[r, 0, b], values[r, :, b])
        flat = safe[r, 0, b][..., None] * c + channel
        table += np.bincount(flat.ravel(), spread.ravel(), table.size)
    table = table.astype(values.dtype).reshape(n, plane, c)
    return table.transpose(0, 2, 1).reshape(shape).copy()


@roi_scatter.grad(save="values index weights")
def _(ctx, g):
    weights = roi_tap_products(g, ctx.values, ctx.index) if ctx.needs_grad[2] else None
    return roi_gather(g, ctx.index, ctx.weights), None, weights


def _products_meta(x, values, index):
    return TensorMeta(tuple(index.shape), x.dtype)


@defop("roi_tap_products", "x values index", infer_meta=_products_meta, pattern=OPAQUE)
def roi_tap_products(xp, x, values, index):
    """sum_c values[r, c, b] * x at tap k (per channel for per-channel tables): the gradient
    of roi_gather with respect to its weights, and of roi_scatter's."""
    rois, shared, bins, taps = index.shape
    n, c = x.shape[:2]
    plane = _plane(x.shape)
    valid = index >= 0
    safe = np.where(valid, index, 0)
    if shared != 1:
        out = x.reshape(-1)[_channel_index(safe, c, plane, n)] * values[..., None]
        return np.where(valid, out, 0).astype(x.dtype)
    out = np.zeros(index.shape, x.dtype)
    if rois == 0 or taps == 0 or x.size == 0:
        return out
    table = x.reshape(n, c, plane).transpose(0, 2, 1).reshape(n * plane, c)
    for r, b in _blocks(rois, bins, taps * c):
        out[r, 0, b] = np.einsum("rcb,rbkc->rbk", values[r, :, b], table[safe[r, 0, b]])
    return np.where(valid, out, 0).astype(x.dtype)


@roi_tap_products.grad(save="x values index")
def _(ctx, g):
    return (roi_scatter(ctx.values, ctx.index, g, tuple(ctx.x.shape)),
            roi_gather(ctx.x, ctx.index, g), None)


# ---- which image each roi belongs to ------------------------------------------------------


def roi_images(op: str, rois: int, boxes_num, batch: int) -> np.ndarray:
    if boxes_num is None:
        if batch != 1:
            raise ValueError(f"({op}) boxes_num is required when the batch holds {batch} "
                             "images.")
        return np.zeros(rois, np.int64)
    counts = np.asarray(boxes_num).reshape(-1).astype(np.int64)
    if counts.size != batch:
        raise ValueError(f"({op}) The batch size of rois and the batch size of images must be "
                         f"the same. But received the batch size of rois is {counts.size}, and "
                         f"the batch size of images is {batch}.")
    if counts.sum() != rois:
        raise ValueError(f"({op}) boxes_num adds up to {int(counts.sum())} boxes, but boxes "
                         f"holds {rois}.")
    return np.repeat(np.arange(batch), counts)


def check_boxes(op, boxes, boxes_num):
    if len(boxes.shape) != 2 or boxes.shape[1] not in (4, -1):
        raise ValueError(f"({op}) The boxes must be a 2-D tensor [num_boxes, 4], but received "
                         f"shape {list(boxes.shape)}.")
    if boxes_num is not None and boxes_num.dtype not in (_dt.int32, _dt.int64):
        raise TypeError(f"({op}) boxes_num must be int32 or int64, but received "
                        f"{boxes_num.dtype.name}.")


def empty_table(bins, dtype):
    return np.zeros((0, 1, bins, 0), np.int64), np.zeros((0, 1, bins, 0), dtype)


# ---- roi_pool -----------------------------------------------------------------------------


def _pool_bins(start, size, bins, limit):
    """[start, end) cell range of every bin along one axis, (R, bins) each."""
    bin_size = size.astype(np.float32) / np.float32(bins)
    p = np.arange(bins, dtype=np.float32)
    lo = np.floor(p[None, :] * bin_size[:, None]).astype(np.int64) + start[:, None]
    hi = np.ceil((p[None, :] + 1) * bin_size[:, None]).astype(np.int64) + start[:, None]
    return np.clip(lo, 0, limit), np.clip(hi, 0, limit)


def _pool_meta(x, boxes, boxes_num, pooled_height, pooled_width, spatial_scale=1.0):
    check_boxes("roi_pool", boxes, boxes_num)
    return TensorMeta((boxes.shape[0], x.shape[1], pooled_height * pooled_width, 1), _dt.int64)


@defop("roi_pool_table", "x boxes boxes_num", "index", infer_meta=_pool_meta, pattern=OPAQUE,
       optional_inputs=("boxes_num",))
def roi_pool_table(xp, x, boxes, boxes_num, pooled_height, pooled_width, spatial_scale=1.0):
    """The first maximum of every (roi, channel, bin) region, -1 for empty bins (output 0)."""
    n, c, height, width = x.shape
    rois, bins = boxes.shape[0], pooled_height * pooled_width
    index = np.full((rois, c, bins, 1), -1, np.int64)
    if rois == 0:
        return index
    corners = round_half_away(boxes * x.dtype.type(spatial_scale)).astype(np.int64)
    h = np.maximum(corners[:, 3] - corners[:, 1] + 1, 1)
    w = np.maximum(corners[:, 2] - corners[:, 0] + 1, 1)
    h0, h1 = _pool_bins(corners[:, 1], h, pooled_height, height)
    w0, w1 = _pool_bins(corners[:, 0], w, pooled_width, width)
    image = roi_images("roi_pool", rois, boxes_num, n)
    keys = {}
    for r in range(rois):
        i = int(image[r])
        if i not in keys:
            keys[i] = _cell_keys(x[i])
        best = _first_maxima(keys[i], (h0[r], h1[r]), (w0[r], w1[r]))
        index[r, :, :, 0] = np.where(best >= 0, i * height * width + best, -1)
    return index


_LOW = (1 << 32) - 1


def _order_keys(values):
    """Integers in [0, 2**32) ordered as the values are (equal values, equal keys)."""
    if values.dtype == np.float32:
        bits = (values + np.float32(0)).view(np.int32).astype(np.int64)  # -0 is 0
        return np.where(bits < 0, bits ^ 0x7FFFFFFF, bits) + (1 << 31)
    _, rank = np.unique(values, return_inverse=True)
    return rank.reshape(values.shape)


def _cell_keys(plane):
    """(H + 1, W + 1, C) unsigned keys of one image (channels last: the reductions run over
    whole rows of channels): the value's order in the high 32 bits and, in the low ones, a
    number that is larger for earlier cells, so that the largest key of a region is its first
    maximum in row-major order. The extra row and column (0) let a region end at the
    border."""
    channels, height, width = plane.shape
    first = np.uint64(_LOW) - np.arange(height * width, dtype=np.uint64).reshape(height, width)
    keys = np.zeros((height + 1, width + 1, channels), np.uint64)
    order = _order_keys(plane).astype(np.uint64).transpose(1, 2, 0)
    keys[:height, :width] = (order << np.uint64(32)) | first[:, :, None]
    return keys


def _first_maxima(keys, rows, cols):
    """Flat position (C, Ph * Pw) of the first maximum of each bin of one roi, -1 for empty
    bins: the largest key over the bin's columns, then over its rows (keys (H, W, C))."""
    (y_lo, y_hi), (x_lo, x_hi) = rows, cols
    y0, x0 = int(y_lo.min()), int(x_lo.min())
    window = keys[y0:int(y_hi.max()) + 1, x0:int(x_hi.max()) + 1]
    across = _bin_max(window, x_lo - x0, x_hi - x0, axis=1)
    best = _bin_max(across, y_lo - y0, y_hi - y0, axis=0)
    cell = (np.uint64(_LOW) - (best & np.uint64(_LOW))).astype(np.int64)  # (Ph, Pw, C)
    empty = (y_hi <= y_lo)[:, None, None] | (x_hi <= x_lo)[None, :, None]
    return np.where(empty, -1, cell).reshape(-1, keys.shape[2]).T


def _bin_max(keys, lo, hi, axis):
    """The largest key of each bin [lo, hi) along axis: bins hold a few cells, so step
    through their k-th cells (the last one again where a bin is shorter)."""
    best = None
    for k in range(max(int((hi - lo).max()), 1)):
        cells = np.take(keys, np.minimum(lo + k, hi - 1), axis=axis)
        best = cells if best is None else np.maximum(best, cells)
    return best


roi_pool_table.no_grad("positions of maxima")


def round_half_away(values):
    """std::round: halves away from zero (np.round rounds halves to even)."""
    return np.sign(values) * np.floor(np.abs(values) + 0.5)


# ---- psroi_pool ---------------------------------------------------------------------------


def _ps_meta(boxes, boxes_num, shape, pooled_height, pooled_width, spatial_scale=1.0):
    check_boxes("psroi_pool", boxes, boxes_num)
    table = (boxes.shape[0], 1, pooled_height * pooled_width, -1)
    return TensorMeta(table, _dt.int64), TensorMeta(table, boxes.dtype)


def _ps_bins(start, size, bins, limit):
    dtype = start.dtype.type
    bin_size = size / dtype(bins)
    p = np.arange(bins, dtype=start.dtype)
    lo = np.floor(bin_size[:, None] * p[None, :] + start[:, None]).astype(np.int64)
    hi = np.ceil(bin_size[:, None] * (p[None, :] + 1) + start[:, None]).astype(np.int64)
    return np.clip(lo, 0, limit), np.clip(hi, 0, limit)


@defop("psroi_pool_table", "boxes boxes_num", ("index", "weights"), infer_meta=_ps_meta,
       pattern=OPAQUE, optional_inputs=("boxes_num",))
def psroi_pool_table(xp, boxes, boxes_num, shape, pooled_height, pooled_width,
                     spatial_scale=1.0):
    """Position-sensitive average taps. Positions index x seen as (N, C_out, bins * H * W):
    output channel c of bin b reads input channel c * bins + b."""
    n, _, height, width = shape
    if boxes.shape[0] == 0:
        return empty_table(pooled_height * pooled_width, boxes.dtype)
    dtype = boxes.dtype.type
    scale = dtype(spatial_scale)
    rounded = round_half_away(boxes)
    x0, y0 = rounded[:, 0] * scale, rounded[:, 1] * scale
    x1, y1 = (rounded[:, 2] + dtype(1)) * scale, (rounded[:, 3] + dtype(1)) * scale
    roi_h = np.maximum(y1 - y0, dtype(0.1))
    roi_w = np.maximum(x1 - x0, dtype(0.1))
    h0, h1 = _ps_bins(y0, roi_h, pooled_height, height)
    w0, w1 = _ps_bins(x0, roi_w, pooled_width, width)
    rois, bins = boxes.shape[0], pooled_height * pooled_width
    tall = max(int((h1 - h0).max(initial=0)), 1)
    wide = max(int((w1 - w0).max(initial=0)), 1)
    rows = h0[:, :, None, None, None] + np.arange(tall)[None, None, None, :, None]
    cols = w0[:, None, :, None, None] + np.arange(wide)[None, None, None, None, :]
    inside = (rows < h1[:, :, None, None, None]) & (cols < w1[:, None, :, None, None])
    area = ((h1 - h0)[:, :, None] * (w1 - w0)[:, None, :]).astype(boxes.dtype)
    image = roi_images("psroi_pool", rois, boxes_num, n)[:, None, None, None, None]
    bin_id = np.arange(bins).reshape(1, pooled_height, pooled_width, 1, 1)
    flat = ((image * bins + bin_id) * height + rows) * width + cols
    with np.errstate(divide="ignore"):
        share = np.where(area > 0, dtype(1) / area, dtype(0))
    index = np.where(inside, flat, -1).reshape(rois, 1, bins, -1)
    weights = np.where(inside, share[:, :, :, None, None], dtype(0))
    return index, weights.astype(boxes.dtype).reshape(rois, 1, bins, -1)


psroi_pool_table.no_grad("sampling positions: Paddle gives boxes no gradient")
