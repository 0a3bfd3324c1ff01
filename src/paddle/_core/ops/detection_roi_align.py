"""RoIAlign as Paddle's CPU kernels compute it, on the roi_gather / roi_scatter pair:

    roi_align_table(boxes, boxes_num, shape, ..., backward) -> index, weights of the samples
    roi_align(x, boxes, boxes_num, ...)                     -> [R, C, pooled_h, pooled_w]

Each bin averages a grid of bilinear samples (sampling_ratio per side, or ceil(roi size /
bins)). Paddle's forward and backward kernels place the samples differently: backward always
treats rois as at least one cell wide and tall, forward only when not `aligned`. A forward
grid with no samples (an aligned roi of zero width or height) divides 0 by 0, giving NaN, while
its gradient stays finite. So the op runs the forward table and differentiates with the
backward one.
"""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from .detection_roi import check_boxes, empty_table, roi_gather, roi_images, roi_scatter
from .registry import OPAQUE, defop

OP = "roi_align"


def _positions(start, bin_size, bins, grid, backward):
    """Sample coordinates (R, bins, G) in the order of operations of each kernel."""
    dtype = start.dtype.type
    g_max = max(int(grid.max(initial=0)), 1)
    tap = (np.arange(g_max, dtype=start.dtype) + dtype(0.5))[None, None, :]
    cells = grid[:, None, None].astype(start.dtype)
    p = np.arange(bins, dtype=start.dtype)[None, :, None]
    size = bin_size[:, None, None]
    with np.errstate(divide="ignore", invalid="ignore"):  # empty grids are masked by the caller
        if backward:
            return start[:, None, None] + p * size + tap * size / cells
        return start[:, None, None] + size * (p + tap / cells)


def _axis(start, size, bins, grid, limit, backward):
    """Along one axis, (R, bins, G): low and high cell, the weight of the low one, and which
    samples count (inside the grid and within [-1, limit])."""
    dtype = start.dtype.type
    pos = _positions(start, size / dtype(bins), bins, grid, backward)
    outside = (pos < -1.0) | (pos > limit)
    pos = np.where(pos <= 0, dtype(0), pos)
    with np.errstate(invalid="ignore"):
        low = pos.astype(np.int64)
    at_end = low >= limit - 1
    low = np.where(at_end, limit - 1, low)
    high = np.where(at_end, limit - 1, low + 1)
    pos = np.where(at_end, low.astype(start.dtype), pos)
    used = np.arange(pos.shape[2])[None, None, :] < grid[:, None, None]
    return low, high, (high - pos).astype(start.dtype), used & ~outside


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


def _scaled(ratio, grid_h, grid_w, backward):
    """A sample's bilinear weights as its bin's share: the forward kernel multiplies by
    1 / count (inf for an empty grid), the backward one divides by count."""
    count = (grid_h * grid_w)[:, None, None, None, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        if backward:
            return ratio / count.astype(ratio.dtype)
        return ratio * (1.0 / count.astype(np.float64)).astype(ratio.dtype)


def _table_meta(boxes, boxes_num, shape, pooled_height, pooled_width, spatial_scale=1.0,
                sampling_ratio=-1, aligned=True, backward=False):
    check_boxes(OP, boxes, boxes_num)
    table = (boxes.shape[0], 1, pooled_height * pooled_width, -1)
    return TensorMeta(table, _dt.int64), TensorMeta(table, boxes.dtype)


@defop("roi_align_table", "boxes boxes_num", ("index", "weights"), infer_meta=_table_meta,
       pattern=OPAQUE, optional_inputs=("boxes_num",))
def roi_align_table(xp, boxes, boxes_num, shape, pooled_height, pooled_width,
                    spatial_scale=1.0, sampling_ratio=-1, aligned=True, backward=False):
    """RoIAlign's taps for an input of `shape` (N, C, H, W), as the forward kernel samples,
    or as the backward kernel does."""
    n, _, height, width = shape
    rois, bins = boxes.shape[0], pooled_height * pooled_width
    if rois == 0:
        return empty_table(bins, boxes.dtype)
    corner, roi_h, roi_w = _roi_sizes(boxes, spatial_scale, aligned, backward)
    grid_h, grid_w = _grids(roi_h, roi_w, pooled_height, pooled_width, sampling_ratio)
    y0, y1, wy, keep_y = _axis(corner[:, 1], roi_h, pooled_height, grid_h, height, backward)
    x0, x1, wx, keep_x = _axis(corner[:, 0], roi_w, pooled_width, grid_w, width, backward)
    image = roi_images(OP, rois, boxes_num, n)[:, None, None, None, None]

    def expand(a, axis):  # (R, P, G) of one axis to (R, Ph, Pw, Gh, Gw)
        return a[:, :, None, :, None] if axis == "y" else a[:, None, :, None, :]

    keep = expand(keep_y, "y") & expand(keep_x, "x")
    ys, xs = (expand(y0, "y"), expand(y1, "y")), (expand(x0, "x"), expand(x1, "x"))
    one = boxes.dtype.type(1)
    wys = (expand(wy, "y"), one - expand(wy, "y"))
    wxs = (expand(wx, "x"), one - expand(wx, "x"))
    index, weights = [], []
    for iy, ix in ((0, 0), (1, 0), (0, 1), (1, 1)):
        index.append(np.where(keep, (image * height + ys[iy]) * width + xs[ix], -1))
        weights.append(np.where(keep, _scaled(wxs[ix] * wys[iy], grid_h, grid_w, backward), 0))
    index = np.stack(index, -1).reshape(rois, 1, bins, -1)
    weights = np.stack(weights, -1).astype(boxes.dtype).reshape(rois, 1, bins, -1)
    if not backward:
        _mark_empty_grids(index, weights, grid_h * grid_w == 0, image[:, 0, 0, 0, 0],
                          height * width)
    return index, weights


def _mark_empty_grids(index, weights, empty, image, plane):
    """Rois whose bins hold no sample average nothing over nothing: one NaN tap each."""
    index[empty, :, :, 0] = (image[empty] * plane)[:, None, None]
    weights[empty, :, :, 0] = np.nan


roi_align_table.no_grad("sampling positions: Paddle gives boxes no gradient")


def _align_meta(x, boxes, boxes_num, pooled_height, pooled_width, spatial_scale=1.0,
                sampling_ratio=-1, aligned=True):
    check_boxes(OP, boxes, boxes_num)
    return TensorMeta((boxes.shape[0], x.shape[1], pooled_height, pooled_width), x.dtype)


@defop(OP, "x boxes boxes_num", infer_meta=_align_meta, pattern=OPAQUE,
       optional_inputs=("boxes_num",))
def roi_align(xp, x, boxes, boxes_num, pooled_height, pooled_width, spatial_scale=1.0,
              sampling_ratio=-1, aligned=True):
    """The average of bilinear samples of x [N, C, H, W] in each bin of every box."""
    index, weights = roi_align_table.kernel(xp, boxes, boxes_num, x.shape, pooled_height,
                                            pooled_width, spatial_scale, sampling_ratio,
                                            aligned)
    out = roi_gather.kernel(xp, x, index, weights)
    return out.reshape(boxes.shape[0], x.shape[1], pooled_height, pooled_width)


@roi_align.grad(save="boxes boxes_num")
def _(ctx, g):
    from .manipulation import reshape
    shape = tuple(ctx.x.shape)
    index, weights = roi_align_table(ctx.boxes, ctx.boxes_num, shape, ctx.pooled_height,
                                     ctx.pooled_width, ctx.spatial_scale, ctx.sampling_ratio,
                                     ctx.aligned, True)
    values = reshape(g, [g.shape[0], g.shape[1], -1])
    return roi_scatter(values, index, weights, shape), None, None
