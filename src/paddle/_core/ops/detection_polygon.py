"""Overlaps of polygon boxes [x1, y1, ..., xk, yk] (k = 4, 8, 12 or 16 points), as
multiclass_nms3 measures them:

- a polygon's area is the shoelace sum over its vertices in order, accumulated in the input
  dtype, |sum / 2|: a self-intersecting polygon's loops cancel where they turn opposite ways;
- the overlap of two polygons is the area of their intersection under the even-odd rule
  (a point is inside a polygon when a ray from it crosses the outline an odd number of times),
  which is what Paddle's polygon clipper (GPC) computes;
- IoU = overlap / (area1 + area2 - overlap), but 0 when either area or the overlap is 0.

The intersection area is found slab by slab: between consecutive y's of the vertices and of
the crossings of any two edges, no edges cross, so at every height the intersection is the same
set of intervals between the same edges and its width changes linearly; the width at the slab's
middle times its height is the slab's area exactly. The parity of the crossings left of a point
says whether it lies inside each polygon.

Paddle sums the absolute areas of the contours GPC returns; where an intersection has holes
(possible only when a polygon of 6 or more points crosses itself) GPC reports some holes as
contours of their own, whose areas then count as overlap. That case is not reproduced: here
holes are never overlap.
"""
from __future__ import annotations

import numpy as np

POLYGON_SIZES = (8, 16, 24, 32)
PAIRS_PER_BLOCK = 256  # polygon pairs measured together: bounds the (pairs, slabs, edges) arrays


def polygon_areas(polygons):
    """Shoelace areas of (..., 2k) polygons in their dtype, summed in vertex order."""
    x, y = polygons[..., 0::2], polygons[..., 1::2]
    terms = x * np.roll(y, -1, axis=-1) - y * np.roll(x, -1, axis=-1)
    total = np.cumsum(terms, axis=-1, dtype=polygons.dtype)[..., -1]
    return np.abs(total.astype(np.float64) / 2.0).astype(polygons.dtype)


def _edges(polygons):
    """(P, k, 4) edges [x1, y1, x2, y2] of (P, 2k) polygons, closing the outline, in double."""
    x, y = polygons[:, 0::2].astype(np.float64), polygons[:, 1::2].astype(np.float64)
    return np.stack([x, y, np.roll(x, -1, axis=1), np.roll(y, -1, axis=1)], axis=-1)


def _crossing_heights(edges):
    """(P, E * (E - 1) / 2) heights where two edges cross inside both (NaN elsewhere)."""
    i, j = np.triu_indices(edges.shape[1], 1)
    a, b = edges[:, i], edges[:, j]
    ax, ay = a[..., 2] - a[..., 0], a[..., 3] - a[..., 1]
    bx, by = b[..., 2] - b[..., 0], b[..., 3] - b[..., 1]
    ox, oy = b[..., 0] - a[..., 0], b[..., 1] - a[..., 1]
    with np.errstate(divide="ignore", invalid="ignore"):
        den = ax * by - ay * bx
        t = (ox * by - oy * bx) / den
        u = (ox * ay - oy * ax) / den
        inside = (t > 0) & (t < 1) & (u > 0) & (u < 1)
        return np.where(inside, a[..., 1] + t * ay, np.nan)


def _intersection_areas(first, second):
    """Even-odd intersection areas (P,) in double of polygon pairs (P, 2k) each."""
    edges = np.concatenate([_edges(first), _edges(second)], axis=1)
    owner = np.arange(edges.shape[1]) >= first.shape[1] // 2
    heights = np.sort(np.concatenate([edges[..., 1], _crossing_heights(edges)], axis=1), axis=1)
    middle = (heights[:, :-1, None] + heights[:, 1:, None]) / 2  # NaN past the last height
    slab = np.nan_to_num(np.diff(heights, axis=1))
    low = np.minimum(edges[..., 1], edges[..., 3])[:, None, :]
    high = np.maximum(edges[..., 1], edges[..., 3])[:, None, :]
    crosses = (low < middle) & (middle < high)
    x1, y1, x2, y2 = (edges[:, None, :, k] for k in range(4))
    with np.errstate(divide="ignore", invalid="ignore"):
        at = np.where(crosses, x1 + (middle - y1) * (x2 - x1) / (y2 - y1), np.inf)
    order = np.argsort(at, axis=2)
    at = np.take_along_axis(at, order, axis=2)
    mine = np.broadcast_to(owner, at.shape)
    mine = np.take_along_axis(mine, order, axis=2)
    real = np.isfinite(at)
    inside_first = np.cumsum(real & ~mine, axis=2) % 2 == 1
    inside_second = np.cumsum(real & mine, axis=2) % 2 == 1
    both = inside_first[..., :-1] & inside_second[..., :-1] & real[..., 1:]
    width = np.where(both, np.diff(np.where(real, at, 0), axis=2), 0).sum(axis=2)
    return (width * slab).sum(axis=1)


def polygon_iou(first, second):
    """IoU of polygon pairs first[p], second[p] (P, 2k) in their dtype, as PolyIoU."""
    dtype = first.dtype.type
    inter = np.zeros(first.shape[0])
    for start in range(0, first.shape[0], PAIRS_PER_BLOCK):
        block = slice(start, start + PAIRS_PER_BLOCK)
        inter[block] = _intersection_areas(first[block], second[block])
    inter = inter.astype(first.dtype)
    area1, area2 = polygon_areas(first), polygon_areas(second)
    with np.errstate(divide="ignore", invalid="ignore"):
        iou = inter / ((area1 + area2) - inter)
    return np.where((area1 == 0) | (area2 == 0) | (inter == 0), dtype(0), iou)


def polygon_iou_matrix(polygons):
    """IoU of every pair of (n, 2k) polygons."""
    n = polygons.shape[0]
    i, j = np.triu_indices(n, 1)
    out = np.zeros((n, n), polygons.dtype)
    out[i, j] = out[j, i] = polygon_iou(polygons[j], polygons[i])
    return out


def bounding_boxes(polygons):
    """[x min, y min, x max, y max] of (n, 2k) polygons (NaN where a coordinate is)."""
    x, y = polygons[:, 0::2], polygons[:, 1::2]
    corners = [x.min(axis=1), y.min(axis=1), x.max(axis=1), y.max(axis=1)]
    return np.stack(corners, axis=1)
