"""Region-proposal ops of two-stage detectors (Faster/Mask R-CNN), as Paddle's CPU kernels
compute them:

    generate_proposals(scores, bbox_deltas, im_shape, anchors, variances, ...)
        -> rpn_rois [R, 4], rpn_roi_probs [R, 1], rpn_rois_num [N]     (op generate_proposals_v2)
    distribute_fpn_proposals(fpn_rois, rois_num, min_level, max_level, ...)
        -> one rois tensor per level, one count tensor per level, restore_index [R, 1]

Sizes depend on the data (infer_meta reports -1). Neither op has a gradient in Paddle.
"""
from __future__ import annotations

import math

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from ._detection_checks import check_float, check_rank
from .detection_nms import greedy_nms
from .registry import OPAQUE, defop

BBOX_CLIP = math.log(1000.0 / 16.0)


# ---- generate_proposals -------------------------------------------------------------------


def _decode_anchors(anchors, deltas, variances, offset):
    """Proposals from anchors and RPN deltas; log-size deltas are capped at log(1000/16)."""
    dtype = anchors.dtype
    aw = anchors[:, 2] - anchors[:, 0] + offset
    ah = anchors[:, 3] - anchors[:, 1] + offset
    acx = (anchors[:, 0] + 0.5 * aw.astype(np.float64)).astype(dtype)
    acy = (anchors[:, 1] + 0.5 * ah.astype(np.float64)).astype(dtype)
    cx = variances[:, 0] * deltas[:, 0] * aw + acx
    cy = variances[:, 1] * deltas[:, 1] * ah + acy
    clip = dtype.type(BBOX_CLIP)
    w = np.exp(np.minimum(variances[:, 2] * deltas[:, 2], clip)) * aw
    h = np.exp(np.minimum(variances[:, 3] * deltas[:, 3], clip)) * ah
    return np.stack([cx - w / 2, cy - h / 2, cx + w / 2 - offset, cy + h / 2 - offset], axis=1)


def _clip_and_filter(boxes, im_shape, min_size, offset, pixel_offset):
    """Boxes clipped to the image and the indices of those large enough (and centred inside
    the image, with pixel offsets)."""
    im_h, im_w = im_shape[0], im_shape[1]
    zero = boxes.dtype.type(0)
    x = np.maximum(np.minimum(boxes[:, 0::2], im_w - offset), zero)
    y = np.maximum(np.minimum(boxes[:, 1::2], im_h - offset), zero)
    boxes = np.stack([x[:, 0], y[:, 0], x[:, 1], y[:, 1]], axis=1)
    ws = boxes[:, 2] - boxes[:, 0] + offset
    hs = boxes[:, 3] - boxes[:, 1] + offset
    min_size = max(np.float32(min_size), np.float32(1.0))
    keep = (ws >= min_size) & (hs >= min_size)
    if pixel_offset:
        keep &= (boxes[:, 0] + ws / 2 <= im_w) & (boxes[:, 1] + hs / 2 <= im_h)
    return boxes, np.flatnonzero(keep)


def _proposal_nms(boxes, scores, threshold, eta, pixel_offset):
    """Kept positions, highest score first; equal scores go later index first, as the
    kernel's ascending stable sort popped from the back does."""
    order = np.argsort(scores, kind="stable")[::-1]
    return np.asarray(greedy_nms(boxes, order, threshold, eta, not pixel_offset), np.int64)


def _image_proposals(scores, deltas, im_shape, anchors, variances, attrs):
    pre_nms_top_n, post_nms_top_n, nms_thresh, min_size, eta, pixel_offset = attrs
    offset = anchors.dtype.type(1 if pixel_offset else 0)
    order = np.argsort(-scores, kind="stable")
    if 0 < pre_nms_top_n < scores.size:
        order = order[:pre_nms_top_n]
    proposals = _decode_anchors(anchors[order], deltas[order], variances[order], offset)
    proposals, keep = _clip_and_filter(proposals, im_shape, min_size, offset, pixel_offset)
    if keep.size == 0:
        return np.zeros((1, 4), anchors.dtype), np.zeros((1, 1), anchors.dtype)
    boxes, kept_scores = proposals[keep], scores[order][keep]
    if nms_thresh <= 0:
        return boxes, kept_scores[:, None]
    chosen = _proposal_nms(boxes, kept_scores, nms_thresh, eta, pixel_offset)
    if 0 < post_nms_top_n < chosen.size:
        chosen = chosen[:post_nms_top_n]
    return boxes[chosen], kept_scores[chosen][:, None]


def _proposals_meta(scores, bbox_deltas, im_shape, anchors, variances, pre_nms_top_n=6000,
                    post_nms_top_n=1000, nms_thresh=0.5, min_size=0.1, eta=1.0,
                    pixel_offset=True):
    op = "generate_proposals"
    for name, value in (("Scores", scores), ("BboxDeltas", bbox_deltas)):
        check_rank(op, value, name, (4,))
        check_float(op, value, name)
    check_rank(op, im_shape, "ImShape", (2,))
    return (TensorMeta((-1, 4), scores.dtype), TensorMeta((-1, 1), scores.dtype),
            TensorMeta((scores.shape[0],), _dt.int32))


@defop("generate_proposals", "scores bbox_deltas im_shape anchors variances",
       ("rpn_rois", "rpn_roi_probs", "rpn_rois_num"), infer_meta=_proposals_meta,
       pattern=OPAQUE)
def generate_proposals(xp, scores, bbox_deltas, im_shape, anchors, variances,
                       pre_nms_top_n=6000, post_nms_top_n=1000, nms_thresh=0.5, min_size=0.1,
                       eta=1.0, pixel_offset=True):
    """Per image: the pre_nms_top_n best anchors, decoded by their deltas, clipped to the
    image, filtered by min_size, then NMS and the post_nms_top_n best."""
    n = scores.shape[0]
    flat_scores = scores.transpose(0, 2, 3, 1).reshape(n, -1)
    flat_deltas = bbox_deltas.transpose(0, 2, 3, 1).reshape(n, -1, 4)
    anchors = anchors.reshape(-1, 4)
    variances = variances.reshape(-1, 4)
    attrs = (pre_nms_top_n, post_nms_top_n, nms_thresh, min_size, eta, pixel_offset)
    rois, probs = [], []
    for i in range(n):
        boxes, box_scores = _image_proposals(flat_scores[i], flat_deltas[i],
                                             im_shape[i].astype(scores.dtype), anchors,
                                             variances, attrs)
        rois.append(boxes)
        probs.append(box_scores)
    counts = np.asarray([len(r) for r in rois], np.int32)
    if not rois:
        return np.zeros((0, 4), scores.dtype), np.zeros((0, 1), scores.dtype), counts
    return (np.concatenate(rois).astype(scores.dtype), np.concatenate(probs).astype(scores.dtype),
            counts)


generate_proposals.no_grad("Paddle defines no gradient for generate_proposals")


# ---- distribute_fpn_proposals -------------------------------------------------------------


def roi_levels(rois, min_level, max_level, refer_level, refer_scale, pixel_offset):
    """The FPN level of each roi: floor(log2(sqrt(area) / refer_scale + 1e-6) + refer_level),
    clamped to [min_level, max_level]."""
    dtype = rois.dtype.type
    w = rois[:, 2] - rois[:, 0]
    h = rois[:, 3] - rois[:, 1]
    if pixel_offset:
        w, h = w + 1, h + 1
    inverted = (rois[:, 2] < rois[:, 0]) | (rois[:, 3] < rois[:, 1])
    scale = np.sqrt(np.where(inverted, dtype(0), w * h).astype(rois.dtype))
    level = np.floor(np.log2(scale / dtype(refer_scale) + dtype(1e-6)) + refer_level)
    return np.clip(level, min_level, max_level).astype(np.int64)


def _distribute_meta(fpn_rois, rois_num, min_level, max_level, refer_level, refer_scale,
                     pixel_offset=False):
    op = "distribute_fpn_proposals"
    check_rank(op, fpn_rois, "FpnRois", (2,))
    check_float(op, fpn_rois, "FpnRois")
    levels = max_level - min_level + 1
    images = -1 if rois_num is None else rois_num.shape[0]
    return ((TensorMeta((-1, 4), fpn_rois.dtype),) * levels +
            (TensorMeta((images,), _dt.int32),) * levels +
            (TensorMeta((fpn_rois.shape[0], 1), _dt.int32),))


@defop("distribute_fpn_proposals", "fpn_rois rois_num", ("multi_fpn_rois",),
       infer_meta=_distribute_meta, pattern=OPAQUE, optional_inputs=("rois_num",),
       list_output=True)
def distribute_fpn_proposals(xp, fpn_rois, rois_num, min_level, max_level, refer_level,
                             refer_scale, pixel_offset=False):
    """Sort rois into FPN levels by their scale. Returns the rois of each level (image by
    image, in input order), each level's per-image counts, and restore_index: where each
    input roi sits in the concatenation of the levels."""
    counts = np.asarray(rois_num).reshape(-1) if rois_num is not None else \
        np.asarray([fpn_rois.shape[0]])
    image = np.repeat(np.arange(counts.size), counts)
    level = roi_levels(fpn_rois, min_level, max_level, refer_level, refer_scale, pixel_offset)
    levels = range(min_level, max_level + 1)
    # within a level, rois stay grouped by image in input order: a stable sort by level
    order = np.argsort(level, kind="stable")
    restore = np.empty(fpn_rois.shape[0], np.int32)
    restore[order] = np.arange(order.size, dtype=np.int32)
    per_level = [fpn_rois[level == lvl] for lvl in levels]
    per_level_counts = [np.bincount(image[level == lvl], minlength=counts.size).astype(np.int32)
                        for lvl in levels]
    return per_level + per_level_counts + [restore.reshape(-1, 1)]


distribute_fpn_proposals.no_grad("Paddle defines no gradient for distribute_fpn_proposals")
