"""How yolo_loss pairs ground truths with predictions, as Paddle's CPU kernel decides it
(in the input dtype, with the kernel's order of operations):

- each gt [cx, cy, w, h] (relative to the image; w or h under 1e-6 marks padding) takes the
  anchor whose shape overlaps it best; when that anchor is in anchor_mask, the prediction of
  that anchor in the gt's grid cell is trained on it;
- a prediction whose box overlaps some gt by more than ignore_thresh leaves the objectness
  loss, unless a gt trains it; the objectness target of a trained prediction is the gt's score
  (the later gt's where two share a prediction).
"""
from __future__ import annotations

import numpy as np

from .detection_boxes import paddle_sigmoid

OP = "yolo_loss"


def _iou_center_size(a, b):
    """IoU of [cx, cy, w, h] boxes (broadcast), with the kernel's order of operations."""
    two = a[0].dtype.type(2)

    def overlap(c1, w1, c2, w2):
        left = np.maximum(c1 - w1 / two, c2 - w2 / two)
        right = np.minimum(c1 + w1 / two, c2 + w2 / two)
        return right - left
    w = overlap(a[0], a[2], b[0], b[2])
    h = overlap(a[1], a[3], b[1], b[3])
    inter = np.where((w < 0) | (h < 0), w.dtype.type(0), w * h)
    with np.errstate(divide="ignore", invalid="ignore"):
        return inter / (a[2] * a[3] + b[2] * b[3] - inter)


# ---- matching -------------------------------------------------------------------------------


class Layout:
    """Shapes and attributes of one call: x seen as (N, A, 5 + C, H, W)."""

    def __init__(self, x, anchors, anchor_mask, class_num, downsample_ratio):
        self.n, _, self.size, _ = x.shape
        self.dtype = x.dtype
        self.anchors = np.asarray(anchors, np.int64).reshape(-1, 2)
        self.mask = list(anchor_mask)
        self.class_num = class_num
        self.input_size = downsample_ratio * self.size
        self.x = x.reshape(self.n, len(self.mask), 5 + class_num, self.size, self.size)


def _gt_valid(gt_box):
    """gts of positive width and height (compared in double, as the kernel's literal is)."""
    size = gt_box[..., 2:].astype(np.float64)
    return ~((size[..., 0] < 1e-6) | (size[..., 1] < 1e-6))


def _float_attr(dtype, value):
    """A float attribute as the kernel holds it: rounded to float32, then in the input dtype."""
    return dtype.type(np.float32(value))


def _ignored_cells(layout, gt_box, valid, ignore_thresh, scale_x_y):
    """Predictions whose best IoU with a valid gt of their image exceeds ignore_thresh."""
    dtype = layout.dtype.type
    x, size = layout.x, layout.size
    scale = _float_attr(layout.dtype, scale_x_y)
    bias = _float_attr(layout.dtype, -0.5 * (float(np.float32(scale_x_y)) - 1.0))
    grid = np.arange(size, dtype=layout.dtype)
    cx = (grid[None, None, None, :] + paddle_sigmoid(x[:, :, 0]) * scale + bias) / dtype(size)
    cy = (grid[None, None, :, None] + paddle_sigmoid(x[:, :, 1]) * scale + bias) / dtype(size)
    anchors = layout.anchors[layout.mask].astype(layout.dtype)
    w = np.exp(x[:, :, 2]) * anchors[None, :, 0, None, None] / dtype(layout.input_size)
    h = np.exp(x[:, :, 3]) * anchors[None, :, 1, None, None] / dtype(layout.input_size)
    pred = [v[..., None] for v in (cx, cy, w, h)]
    gts = [gt_box[:, None, None, None, :, k] for k in range(4)]
    iou = _iou_center_size(pred, gts)
    best = np.where(valid[:, None, None, None, :] & (iou > 0), iou, dtype(0)).max(
        axis=-1, initial=dtype(0))
    return best > _float_attr(layout.dtype, ignore_thresh)


def _best_anchors(layout, gt_box):
    """The anchor whose shape best overlaps each gt (first of equals), IoU kept as float."""
    dtype = layout.dtype.type
    zero = np.zeros((), layout.dtype)
    shapes = layout.anchors.astype(layout.dtype) / dtype(layout.input_size)
    anchor = [zero, zero, shapes[:, 0], shapes[:, 1]]
    gt = [zero, zero, gt_box[..., 2, None], gt_box[..., 3, None]]
    iou = _iou_center_size(anchor, gt).astype(np.float32)
    iou = np.where(iou > 0, iou, np.float32(0))
    best = np.argmax(iou, axis=-1)
    return np.where(iou.max(axis=-1) > 0, best, 0)


def _cells(layout, gt_box, matched):
    """The grid cell (gi, gj) of each gt: truncated cx * W, cy * H."""
    size = layout.dtype.type(layout.size)
    gi = (gt_box[..., 0] * size).astype(np.int64)
    gj = (gt_box[..., 1] * size).astype(np.int64)
    outside = matched & ((gi < 0) | (gi >= layout.size) | (gj < 0) | (gj >= layout.size))
    if outside.any():
        i, t = np.argwhere(outside)[0]
        raise ValueError(f"({OP}) gt_box[{i}, {t}] = {gt_box[i, t].tolist()} has its center "
                         f"outside the image: centers must lie in [0, 1).")
    return gi, gj


def _match_mask(layout, gt_box, valid):
    """Per gt, the position in anchor_mask of its best anchor; -1 when absent or invalid."""
    slots = np.full(len(layout.anchors), -1, np.int32)
    for k, a in reversed(list(enumerate(layout.mask))):  # the first position of a repeat
        slots[a] = k
    return np.where(valid, slots[_best_anchors(layout, gt_box)], np.int32(-1))


class Targets:
    """Logits and targets of the matched gts, flattened in (image, gt) order."""

    def __init__(self, layout, gt_box, gt_label, gt_score, match_mask):
        dtype = layout.dtype.type
        self.image, self.gt = np.nonzero(match_mask >= 0)
        self.slot = match_mask[self.image, self.gt]
        gi, gj = _cells(layout, gt_box, match_mask >= 0)
        self.gi, self.gj = gi[self.image, self.gt], gj[self.image, self.gt]
        self.logits = layout.x[self.image, self.slot, :, self.gj, self.gi]  # (K, 5 + C)
        box = gt_box[self.image, self.gt]
        anchor = layout.anchors[np.asarray(layout.mask)[self.slot]].astype(layout.dtype)
        size, input_size = dtype(layout.size), dtype(layout.input_size)
        self.xy = np.stack([box[:, 0] * size - self.gi.astype(layout.dtype),
                            box[:, 1] * size - self.gj.astype(layout.dtype)], axis=-1)
        self.wh = np.log(box[:, 2:] * input_size / anchor)
        self.score = gt_score[self.image, self.gt]
        area = (box[:, 2] * box[:, 3]).astype(np.float64)
        self.scale = ((2.0 - area) * self.score.astype(np.float64)).astype(layout.dtype)
        labels = gt_label[self.image, self.gt]
        self.onehot = labels[:, None] == np.arange(layout.class_num)[None, :]

    def cells(self, chosen, entries=False):
        """Index of the chosen gts' cells in (N, A, H, W), or with entries in x's layout."""
        lead = (self.image[chosen], self.slot[chosen])
        cell = (self.gj[chosen], self.gi[chosen])
        return lead + (slice(None),) + cell if entries else lead + cell


def last_of_each_cell(layout, targets):
    """Positions in the matched list whose (image, anchor, cell) no later gt takes."""
    keys = ((targets.image * len(layout.mask) + targets.slot) * layout.size + targets.gj) * \
        layout.size + targets.gi
    _, first_from_end = np.unique(keys[::-1], return_index=True)
    return np.sort(keys.size - 1 - first_from_end)


def match(layout, gt_box, gt_label, gt_score, ignore_thresh, scale_x_y):
    """(Targets of the trained predictions, objectness_mask [N, A, H, W]): -1 ignored, 0
    negative, else the positive weight; and gt_match_mask [N, B]: each gt's anchor slot."""
    valid = _gt_valid(gt_box)
    match_mask = _match_mask(layout, gt_box, valid)
    targets = Targets(layout, gt_box, gt_label, gt_score, match_mask)
    obj = np.where(_ignored_cells(layout, gt_box, valid, ignore_thresh, scale_x_y),
                   layout.dtype.type(-1), layout.dtype.type(0))
    keep = last_of_each_cell(layout, targets)
    obj[targets.cells(keep)] = targets.score[keep]
    return targets, obj, match_mask
