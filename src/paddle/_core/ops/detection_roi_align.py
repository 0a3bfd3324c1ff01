"""RoIAlign as Paddle's CPU kernels compute it:

    roi_align_factors(boxes, boxes_num, shape, ..., backward) -> ay [R, Ph, H], ax [R, Pw, W],
                                                                 image [R]
    roi_bilinear(x, ay, ax, image)           out[r, c, p, q] = sum ay[r,p,y] x[i,c,y,x] ax[r,q,x]
    roi_bilinear_adjoint(g, ay, ax, image, shape)   its adjoint (the gradient of roi_bilinear)
    roi_align(x, boxes, boxes_num, ...)      -> [R, C, pooled_h, pooled_w]

Each bin averages a grid of bilinear samples (sampling_ratio per side, or ceil(roi size /
bins)). A sample is dropped when its row or its column lies outside [-1, size], so the average
factors into one weight matrix per axis: ay[r, p, y] sums the row weights of bin row p's
samples (times 1 / samples), ax likewise for columns, and each roi costs two small matrix
products over the window it touches.

Paddle's forward and backward kernels place the samples differently: backward always treats
rois as at least one cell wide and tall, forward only when not `aligned`. A forward grid with
no samples (an aligned roi of zero width or height) divides 0 by 0, giving NaN, while its
gradient stays finite. So roi_align runs the forward factors and differentiates with the
backward ones.
"""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from .detection_roi import check_boxes, roi_images
from .registry import OPAQUE, defop

OP = "roi_align"


# ---- the factors ----------------------------------------------------------------------------


def _positions(start, bin_size, bins, grid, backward):
    """Sample coordinates (R, bins, G) in the order of operations of each kernel."""
    dtype = start.dtype.type
    g_max = max(int(grid.max(initial=0)), 1)
    tap = (np.arange(g_max, dtype=start.dtype) + dtype(0.5))[None, None, :]
    cells = grid[:, None, None].astype(start.dtype)
    p = np.arange(bins, dtype=start.dtype)[None, :, None]
    size = bin_size[:, None, None]
    with np.errstate(divide="ignore", invalid="ignore"):  # empty grids are masked below
        if backward:
            return start[:, None, None] + p * size + tap * size / cells
        return start[:, None, None] + size * (p + tap / cells)


def _axis_factor(start, size, bins, grid, limit, backward):
    """(R, bins, limit): the summed bilinear weights of each bin's samples on each cell."""
    dtype = start.dtype.type
    pos = _positions(start, size / dtype(bins), bins, grid, backward)
    counted = (np.arange(pos.shape[2])[None, None, :] < grid[:, None, None]) & \
        ~((pos < -1.0) | (pos > limit))
    pos = np.where(pos <= 0, dtype(0), pos)
    with np.errstate(invalid="ignore"):
        low = pos.astype(np.int64)
    at_end = low >= limit - 1
    low = np.where(at_end, limit - 1, low)
    high = np.where(at_end, limit - 1, low + 1)
    pos = np.where(at_end, low.astype(start.dtype), pos)
    low_weight = np.where(counted, high - pos, 0).astype(np.float64)
    high_weight = np.where(counted, 1 - (high - pos), 0).astype(np.float64)
    rows = (np.arange(start.shape[0])[:, None, None] * bins + np.arange(bins)[None, :, None])
    slots = rows.shape[0] * bins * limit
    factor = np.bincount(np.where(counted, rows * limit + low, 0).ravel(), low_weight.ravel(),
                         slots) + \
        np.bincount(np.where(counted, rows * limit + high, 0).ravel(), high_weight.ravel(),
                    slots)
    return factor.astype(np.float64).reshape(start.shape[0], bins, limit)  # no rois: ints


def _grids(roi_h, roi_w, pooled_height, pooled_width, sampling_ratio):
    if sampling_ratio > 0:
        grid = np.full(roi_h.shape[0], sampling_ratio, np.int64)
        return grid, grid
    dtype = roi_h.dtype.type
    return (np.ceil(roi_h / dtype(pooled_height)).astype(np.int64),
            np.ceil(roi_w / dtype(pooled_width)).astype(np.int64))


def _roi_sizes(boxes, spatial_scale, aligned, backward):
    """Top-left corners and (height, width) of the rois in input cells."""
    dtype = boxes.dtype.type
    corner = boxes * dtype(np.float32(spatial_scale)) - dtype(0.5 if aligned else 0)
    roi_w = corner[:, 2] - corner[:, 0]
    roi_h = corner[:, 3] - corner[:, 1]
    if backward or not aligned:
        roi_w, roi_h = np.maximum(roi_w, dtype(1)), np.maximum(roi_h, dtype(1))
    return corner, roi_h, roi_w


def _share(grid_h, grid_w):
    """Each sample's share of its bin, 1 / samples: inf for an empty grid."""
    with np.errstate(divide="ignore"):
        return 1.0 / (grid_h * grid_w).astype(np.float64)


def _factors_meta(boxes, boxes_num, shape, pooled_height, pooled_width, spatial_scale=1.0,
                  sampling_ratio=-1, aligned=True, backward=False):
    check_boxes(OP, boxes, boxes_num)
    rois = boxes.shape[0]
    return (TensorMeta((rois, pooled_height, shape[2]), boxes.dtype),
            TensorMeta((rois, pooled_width, shape[3]), boxes.dtype),
            TensorMeta((rois,), _dt.int64))


@defop("roi_align_factors", "boxes boxes_num", ("ay", "ax", "image"), infer_meta=_factors_meta,
       pattern=OPAQUE, optional_inputs=("boxes_num",))
def roi_align_factors(xp, boxes, boxes_num, shape, pooled_height, pooled_width,
                      spatial_scale=1.0, sampling_ratio=-1, aligned=True, backward=False):
    """RoIAlign's row and column weights for an input of `shape` (N, C, H, W), as the
    forward kernel samples or as the backward kernel does; rois whose forward grid is empty
    get NaN rows (0 / 0)."""
    n, _, height, width = shape
    image = roi_images(OP, boxes.shape[0], boxes_num, n)
    corner, roi_h, roi_w = _roi_sizes(boxes, spatial_scale, aligned, backward)
    grid_h, grid_w = _grids(roi_h, roi_w, pooled_height, pooled_width, sampling_ratio)
    ay = _axis_factor(corner[:, 1], roi_h, pooled_height, grid_h, height, backward)
    ax = _axis_factor(corner[:, 0], roi_w, pooled_width, grid_w, width, backward)
    with np.errstate(invalid="ignore"):
        ay = ay * _share(grid_h, grid_w)[:, None, None]
    if not backward:  # both factors, so that the roi's window is not empty either way
        ay[grid_h * grid_w == 0] = ax[grid_h * grid_w == 0] = np.nan
    return ay.astype(boxes.dtype), ax.astype(boxes.dtype), image


roi_align_factors.no_grad("sampling positions: Paddle gives boxes no gradient")


# ---- the separable pair ---------------------------------------------------------------------


def _windows(factor):
    """Per roi, the [first, last + 1) cells its factor touches (NaN counts), as lists."""
    touched = (factor != 0).any(axis=1)
    first = np.argmax(touched, axis=1)
    last = factor.shape[2] - np.argmax(touched[:, ::-1], axis=1)
    last = np.where(touched.any(axis=1), last, first)
    return first.tolist(), last.tolist()


def _pieces(ay, ax, image):
    """(roi, image, rows slice, cols slice) of every roi that touches the input."""
    (y0, y1), (x0, x1) = _windows(ay), _windows(ax)
    return [(r, i, slice(y0[r], y1[r]), slice(x0[r], x1[r]))
            for r, i in enumerate(image.tolist()) if y1[r] > y0[r] and x1[r] > x0[r]]


def _bilinear_meta(x, ay, ax, image):
    return TensorMeta((ay.shape[0], x.shape[1], ay.shape[1], ax.shape[1]), x.dtype)


@defop("roi_bilinear", "x ay ax image", infer_meta=_bilinear_meta, pattern=OPAQUE)
def roi_bilinear(xp, x, ay, ax, image):
    """Per roi r, ay[r] @ x[image[r], c] @ ax[r].T for every channel c."""
    rois, bins_h, _ = ay.shape
    cells = np.ascontiguousarray(x.transpose(0, 2, 3, 1))  # (N, H, W, C)
    out = np.zeros((rois, bins_h, ax.shape[1], x.shape[1]), x.dtype)
    for r, i, rows, cols in _pieces(ay, ax, image):
        patch = cells[i, rows, cols]
        down = ay[r, :, rows] @ patch.reshape(patch.shape[0], -1)
        out[r] = ax[r, :, cols] @ down.reshape(bins_h, patch.shape[1], -1)
    return out.transpose(0, 3, 1, 2).copy()


@roi_bilinear.grad(save="ay ax image")
def _(ctx, g):
    return roi_bilinear_adjoint(g, ctx.ay, ctx.ax, ctx.image, tuple(ctx.x.shape)), None, None, \
        None


def _adjoint_meta(values, ay, ax, image, shape):
    return TensorMeta(tuple(shape), values.dtype)


@defop("roi_bilinear_adjoint", "values ay ax image", infer_meta=_adjoint_meta, pattern=OPAQUE)
def roi_bilinear_adjoint(xp, values, ay, ax, image, shape):
    """Spread each roi's values [C, Ph, Pw] back over its window: ay[r].T @ v @ ax[r]."""
    n, channels, height, width = shape
    spread = values.transpose(0, 2, 3, 1)  # (R, Ph, Pw, C)
    cells = np.zeros((n, height, width, channels), values.dtype)
    for r, i, rows, cols in _pieces(ay, ax, image):
        across = ax[r, :, cols].T @ spread[r]  # (Ph, Sx, C)
        up = ay[r, :, rows].T @ across.reshape(across.shape[0], -1)
        cells[i, rows, cols] += up.reshape(up.shape[0], across.shape[1], channels)
    return cells.transpose(0, 3, 1, 2).copy()


@roi_bilinear_adjoint.grad(save="ay ax image")
def _(ctx, g):
    return roi_bilinear(g, ctx.ay, ctx.ax, ctx.image), None, None, None


# ---- the op ---------------------------------------------------------------------------------


def _align_meta(x, boxes, boxes_num, pooled_height, pooled_width, spatial_scale=1.0,
                sampling_ratio=-1, aligned=True):
    check_boxes(OP, boxes, boxes_num)
    return TensorMeta((boxes.shape[0], x.shape[1], pooled_height, pooled_width), x.dtype)


@defop(OP, "x boxes boxes_num", infer_meta=_align_meta, pattern=OPAQUE,
       optional_inputs=("boxes_num",))
def roi_align(xp, x, boxes, boxes_num, pooled_height, pooled_width, spatial_scale=1.0,
              sampling_ratio=-1, aligned=True):
    """The average of bilinear samples of x [N, C, H, W] in each bin of every box."""
    ay, ax, image = roi_align_factors.kernel(xp, boxes, boxes_num, x.shape, pooled_height,
                                             pooled_width, spatial_scale, sampling_ratio,
                                             aligned)
    return roi_bilinear.kernel(xp, x, ay, ax, image)


@roi_align.grad(save="boxes boxes_num")
def _(ctx, g):
    shape = tuple(ctx.x.shape)
    ay, ax, image = roi_align_factors(ctx.boxes, ctx.boxes_num, shape, ctx.pooled_height,
                                      ctx.pooled_width, ctx.spatial_scale, ctx.sampling_ratio,
                                      ctx.aligned, True)
    return roi_bilinear_adjoint(g, ay, ax, image, shape), None, None
