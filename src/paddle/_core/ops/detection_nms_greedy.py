"""Greedy NMS without walking every pair in Python: the overlaps that suppress form a sparse
graph, and "keep a box unless a kept, higher-ranked box suppresses it" is settled on that
graph a level at a time.

    pair_jaccard / pair_plain_iou      IoU of paired boxes, as multiclass_nms3 / nms compute it
    overlapping_pairs(boxes, t, pad)   (i, j), i < j, of the boxes that may overlap by > t
    greedy_keep(n, first, second)      which of n ranked boxes greedy NMS keeps

Boxes overlapping by more than a threshold t >= 0 overlap along each axis by more than t times
their extents, so only the pairs a sort-and-sweep finds need an exact IoU (computed with the
kernels' order of operations). Callers use the dense path for negative thresholds and for boxes that are
inverted or NaN, where that shortcut does not hold.
"""
from __future__ import annotations

import numpy as np

from .detection_polygon import bounding_boxes, polygon_iou, polygon_iou_matrix

LEVELS = 16  # rounds of level-at-a-time settling before finishing box by box


def _area(box, pad):
    """Areas of [..., 4] boxes, 0 for inverted ones."""
    inverted = (box[..., 2] < box[..., 0]) | (box[..., 3] < box[..., 1])
    area = (box[..., 2] - box[..., 0] + pad) * (box[..., 3] - box[..., 1] + pad)
    return np.where(inverted, box.dtype.type(0), area)


def pair_jaccard(a, b, normalized: bool):
    """IoU of a[k] and b[k] (broadcast) as multiclass_nms3 and matrix_nms define it: 0 for
    boxes that do not touch, NaN where both areas are zero; pixel boxes count end pixels."""
    apart = (b[..., 0] > a[..., 2]) | (b[..., 2] < a[..., 0]) | (b[..., 1] > a[..., 3]) | \
        (b[..., 3] < a[..., 1])
    pad = a.dtype.type(0 if normalized else 1)
    inter_w = np.minimum(a[..., 2], b[..., 2]) - np.maximum(a[..., 0], b[..., 0]) + pad
    inter_h = np.minimum(a[..., 3], b[..., 3]) - np.maximum(a[..., 1], b[..., 1]) + pad
    inter = inter_w * inter_h
    with np.errstate(divide="ignore", invalid="ignore"):
        iou = inter / ((_area(a, pad) + _area(b, pad)) - inter)
    return np.where(apart, a.dtype.type(0), iou)


def pair_plain_iou(a, b):
    """IoU of a[k] and b[k] as the `nms` op computes it (no +1, overlaps clipped at 0)."""
    zero = a.dtype.type(0)
    inter_w = np.minimum(a[..., 2], b[..., 2]) - np.maximum(a[..., 0], b[..., 0])
    inter_h = np.minimum(a[..., 3], b[..., 3]) - np.maximum(a[..., 1], b[..., 1])
    inter = np.where(inter_w > 0, inter_w, zero) * np.where(inter_h > 0, inter_h, zero)

    def area(box):
        return (box[..., 2] - box[..., 0]) * (box[..., 3] - box[..., 1])
    with np.errstate(divide="ignore", invalid="ignore"):
        return inter / ((area(a) + area(b)) - inter)


def sweepable(boxes) -> bool:
    """Whether overlapping_pairs finds every suppressing pair: no NaN, no inverted box (for
    polygons, of their bounding boxes)."""
    if boxes.shape[1] != 4:
        boxes = bounding_boxes(boxes)
    return bool(np.all((boxes[:, 2] >= boxes[:, 0]) & (boxes[:, 3] >= boxes[:, 1])))


def overlap_matrix(boxes, normalized: bool):
    """multiclass_nms3's IoU of every pair of (n, 4) boxes or (n, 2k) polygons."""
    if boxes.shape[1] == 4:
        return pair_jaccard(boxes[:, None, :], boxes[None, :, :], normalized)
    return polygon_iou_matrix(boxes)


def suppressing_pairs(boxes, threshold, normalized: bool):
    """(i, j), i < j, of the boxes or polygons whose IoU is not <= threshold (>= 0). Polygons
    overlap only where their bounding boxes meet."""
    if boxes.shape[1] == 4:
        i, j = overlapping_pairs(boxes, threshold, 0 if normalized else 1)
        iou = pair_jaccard(boxes[i], boxes[j], normalized)
    else:
        i, j = overlapping_pairs(bounding_boxes(boxes), 0, 0)
        iou = polygon_iou(boxes[j], boxes[i])
    hit = ~(iou <= threshold)
    return i[hit], j[hit]


def overlapping_pairs(boxes, threshold, pad):
    """Index pairs (i, j), i < j, that may overlap by more than threshold (>= 0): IoU > t
    needs the overlap along each axis to exceed t times each box's extent (+ pad, the pixel
    boxes' end pixel). Sweep the boxes by left edge: each pairs, along x, with the boxes
    starting before its right edge less that share; then the same test along y. The bounds
    give up 1e-3 of the threshold, far more than rounding moves an IoU, and meet touching
    boxes at t = 0 (where zero-area boxes make NaN)."""
    slack = float(threshold) * (1 - 1e-3)
    size = boxes[:, 2:].astype(np.float64) - boxes[:, :2] + pad
    by_left = np.argsort(boxes[:, 0], kind="stable")
    left = boxes[by_left, 0].astype(np.float64)
    reach = boxes[by_left, 2] + pad - slack * size[by_left, 0]
    ends = np.searchsorted(left, reach, side="right")
    counts = np.maximum(ends - np.arange(boxes.shape[0]) - 1, 0)
    first = np.repeat(np.arange(boxes.shape[0]), counts)
    starts = np.cumsum(counts) - counts
    second = first + 1 + (np.arange(first.size) - np.repeat(starts, counts))
    i, j = by_left[first], by_left[second]
    overlap_y = np.minimum(boxes[i, 3], boxes[j, 3]).astype(np.float64) - \
        np.maximum(boxes[i, 1], boxes[j, 1]) + pad
    keep = overlap_y >= slack * np.maximum(size[i, 1], size[j, 1])
    i, j = i[keep], j[keep]
    return np.minimum(i, j), np.maximum(i, j)


def greedy_keep(n: int, first, second):
    """keep[i] for boxes ranked 0..n-1 where box first[k] < second[k] suppresses second[k]
    if kept: a box is kept when no kept box ranked before it suppresses it."""
    state = np.zeros(n, np.int8)  # 0 open, 1 kept, 2 suppressed
    for _ in range(LEVELS):
        open_ = state == 0
        if not open_.any():
            return state == 1
        by_kept = np.zeros(n, bool)
        by_kept[second[state[first] == 1]] = True
        undecided = np.bincount(second[state[first] != 2], minlength=n)
        state[open_ & by_kept] = 2
        state[open_ & ~by_kept & (undecided == 0)] = 1
    return _finish(state, first, second)


def _finish(state, first, second):
    """Settle the boxes still open after LEVELS rounds (long chains) one by one, in rank
    order: every box before them is settled by then."""
    by_second = np.argsort(second, kind="stable")
    bounds = np.searchsorted(second[by_second], np.arange(state.size + 1))
    for i in np.flatnonzero(state == 0).tolist():
        before = first[by_second[bounds[i]:bounds[i + 1]]]
        state[i] = 2 if (state[before] == 1).any() else 1
    return state == 1
