"""Non-maximum suppression ops, as Paddle's CPU kernels compute them:

    nms(boxes, iou_threshold)                                  -> kept indices (int64)
    multiclass_nms3(bboxes, scores, rois_num, ...)             -> out, index, nms_rois_num
    matrix_nms(bboxes, scores, ...)                            -> out, index, roisnum

Overlaps are computed in the boxes' own dtype with the kernels' order of operations, so which
box suppresses which is decided exactly as Paddle decides it (ties included: candidates are
ordered by a stable sort on the score). Greedy suppression runs on the sparse graph of
suppressing pairs (detection_nms_greedy.py); multiclass_nms3 also takes polygon boxes
(detection_polygon.py). Output sizes depend on the data: infer_meta reports -1.
"""
from __future__ import annotations

import itertools

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta, meta_of
from ._detection_checks import check_float
from .detection_nms_greedy import (
    greedy_keep,
    overlap_matrix,
    overlapping_pairs,
    pair_jaccard,
    pair_plain_iou,
    suppressing_pairs,
    sweepable,
)
from .detection_polygon import POLYGON_SIZES
from .registry import OPAQUE, defop

# ---- overlaps ------------------------------------------------------------------------------


def jaccard_matrix(boxes, normalized: bool):
    """IoU of every pair of boxes (n, 4) as multiclass_nms3/matrix_nms define it: 0 for boxes
    that do not touch, NaN where both areas are zero."""
    return pair_jaccard(boxes[:, None, :], boxes[None, :, :], normalized)


def plain_iou_matrix(boxes):
    """IoU of every pair as the `nms` op computes it (no +1, overlaps clipped at 0)."""
    return pair_plain_iou(boxes[:, None, :], boxes[None, :, :])


def descending(scores, threshold, top_k: int):
    """Indices of the scores above threshold, highest first (stable), at most top_k (> -1)."""
    candidates = np.flatnonzero(scores > threshold)
    order = candidates[np.argsort(-scores[candidates], kind="stable")]
    if -1 < top_k < order.size:
        order = order[:top_k]
    return order


# ---- nms ------------------------------------------------------------------------------------


def _check_boxes(op: str, boxes, name: str, rank: int, sizes=(4,)) -> None:
    if len(boxes.shape) != rank or boxes.shape[-1] not in (*sizes, -1):
        points = "" if sizes == (4,) else \
            " or the points of a polygon [x1, y1, ..., xk, yk], k = 4, 8, 12 or 16"
        raise ValueError(f"({op}) The input {name} must be a {rank}-D tensor whose last "
                         f"dimension is {' or '.join(map(str, sizes))} (a box [xmin, ymin, "
                         f"xmax, ymax]{points}), but received shape {list(boxes.shape)}.")


def _row_width(bboxes) -> int:
    """Columns of a detection row: label, score and the box coordinates."""
    return -1 if bboxes.shape[-1] == -1 else bboxes.shape[-1] + 2


def _nms_meta(boxes, iou_threshold=0.3):
    _check_boxes("nms", boxes, "boxes", 2)
    check_float("nms", boxes, "boxes")
    return TensorMeta((-1,), _dt.int64)


@defop("nms", "boxes", "out", infer_meta=_nms_meta, pattern=OPAQUE)
def nms(xp, boxes, iou_threshold=0.3):
    """Greedy suppression in the given order: box i is dropped when a kept box before it
    overlaps it by more than iou_threshold."""
    _check_boxes("nms", boxes, "boxes", 2)
    boxes = np.asarray(boxes)
    threshold = boxes.dtype.type(iou_threshold) if boxes.dtype == np.float32 else iou_threshold
    if threshold >= 0 and sweepable(boxes):
        i, j = overlapping_pairs(boxes, threshold, 0)
        hit = pair_plain_iou(boxes[i], boxes[j]) > threshold
        return np.flatnonzero(greedy_keep(boxes.shape[0], i[hit], j[hit])).astype(np.int64)
    iou = plain_iou_matrix(boxes)
    suppressed = np.zeros(boxes.shape[0], bool)
    kept = []
    for i in range(boxes.shape[0]):
        if suppressed[i]:
            continue
        kept.append(i)
        suppressed[i + 1:] |= iou[i, i + 1:] > threshold
    return np.asarray(kept, np.int64)


nms.no_grad("selects indices")


# ---- multiclass_nms3 ------------------------------------------------------------------------


def _sparse(boxes, threshold, eta) -> bool:
    """Whether the pair graph decides greedy NMS: a fixed threshold >= 0, boxes sweepable."""
    return eta >= 1 and threshold >= 0 and sweepable(boxes)


def greedy_nms(boxes, order, nms_threshold, eta, normalized, pairs=None):
    """NMSFast over the candidates `order` (best first): each kept unless a kept box overlaps
    it by more than the (eta-adapted) threshold. `pairs` are the suppressing pairs of all the
    boxes when known. Returns kept box indices."""
    if order.size == 0:
        return []
    threshold = boxes.dtype.type(nms_threshold)
    if pairs is None and _sparse(boxes[order], threshold, eta):
        pairs = suppressing_pairs(boxes[order], threshold, normalized)
        return order[greedy_keep(order.size, *pairs)].tolist()
    if pairs is not None:
        rank = np.full(boxes.shape[0], -1)
        rank[order] = np.arange(order.size)
        a, b = rank[pairs[0]], rank[pairs[1]]
        both = (a >= 0) & (b >= 0)
        a, b = a[both], b[both]
        return order[greedy_keep(order.size, np.minimum(a, b), np.maximum(a, b))].tolist()
    iou = overlap_matrix(boxes[order], normalized)
    kept = []
    for i in range(order.size):
        if all(iou[i, j] <= threshold for j in kept):
            kept.append(i)
            if eta < 1 and threshold > 0.5:  # eta is a float attribute
                threshold = boxes.dtype.type(threshold * boxes.dtype.type(np.float32(eta)))
    return order[kept].tolist()


def _shared_pairs(boxes, orders, nms_threshold, eta, normalized):
    """The suppressing pairs among every class's candidates, in box indices, when the boxes
    are shared by the classes and the pair graph decides; else None."""
    union = np.unique(np.concatenate([np.zeros(0, np.int64), *orders.values()]))
    threshold = boxes.dtype.type(nms_threshold)
    if union.size == 0 or not _sparse(boxes[union], threshold, eta):
        return None
    i, j = suppressing_pairs(boxes[union], threshold, normalized)
    return union[i], union[j]


def _image_nms(boxes, scores, attrs, per_class_boxes: bool) -> dict:
    """{label: kept box indices} for one image; scores (C, M) with boxes (M, 4), or (M, C)
    with boxes (M, C, 4) when per_class_boxes (the LoD layout)."""
    score_threshold, nms_top_k, keep_top_k, nms_threshold, normalized, eta, background = attrs
    class_scores = scores.T if per_class_boxes else scores
    threshold = boxes.dtype.type(score_threshold)
    orders = {c: descending(class_scores[c], threshold, nms_top_k)
              for c in range(class_scores.shape[0]) if c != background}
    shared = None if per_class_boxes else _shared_pairs(boxes, orders, nms_threshold, eta,
                                                         normalized)
    kept = {}
    for c, order in orders.items():
        class_boxes = boxes[:, c, :] if per_class_boxes else boxes
        chosen = greedy_nms(class_boxes, order, nms_threshold, eta, normalized, shared)
        kept[c] = sorted(chosen) if per_class_boxes else chosen
    total = sum(len(v) for v in kept.values())
    if -1 < keep_top_k < total:
        pairs = [(class_scores[c][i], c, i) for c in sorted(kept) for i in kept[c]]
        order = np.argsort(-np.asarray([p[0] for p in pairs]), kind="stable")[:keep_top_k]
        regrouped: dict = {}
        for k in order:
            regrouped.setdefault(pairs[k][1], []).append(pairs[k][2])
        kept = {c: sorted(v) if per_class_boxes else v for c, v in sorted(regrouped.items())}
    return kept


def _rows(boxes, scores, kept, offset, per_class_boxes):
    """Out rows [label, score, box] and Index entries of one image, labels ascending."""
    rows, index = [], []
    n_class = scores.shape[1] if per_class_boxes else scores.shape[0]
    for c in sorted(kept):
        for i in kept[c]:
            if per_class_boxes:
                rows.append(np.concatenate([[c, scores[i, c]], boxes[i, c]]))
                index.append(offset + i * n_class + c)
            else:
                rows.append(np.concatenate([[c, scores[c, i]], boxes[i]]))
                index.append(offset + i)
    return rows, index


def _image_slices(bboxes, scores, rois_num):
    """(boxes, scores, index offset) per image: a batch (N, M, 4)/(N, C, M), or the LoD
    layout (M, C, 4)/(M, C) split by rois_num."""
    if scores.ndim == 3:
        m = scores.shape[2]
        return [(bboxes[i], scores[i], i * m) for i in range(scores.shape[0])]
    if rois_num is None:
        raise ValueError("(multiclass_nms3) 2-D scores need the per-image box counts "
                         "(RoisNum), but none were given.")
    starts = np.concatenate([[0], np.cumsum(np.asarray(rois_num).reshape(-1))]).astype(int)
    return [(bboxes[s:e], scores[s:e], s * scores.shape[1])
            for s, e in itertools.pairwise(starts)]


def _multiclass_meta(bboxes, scores, rois_num=None, score_threshold=0.05, nms_top_k=1000,
                     keep_top_k=100, nms_threshold=0.3, normalized=True, nms_eta=1.0,
                     background_label=0):
    op = "multiclass_nms3"
    check_float(op, bboxes, "BBoxes")
    check_float(op, scores, "Scores")
    if len(scores.shape) == 3:
        _check_boxes(op, bboxes, "BBoxes", 3, (4, *POLYGON_SIZES))
        if -1 not in (scores.shape[2], bboxes.shape[1]) and scores.shape[2] != bboxes.shape[1]:
            raise ValueError(f"({op}) The 3rd dimension of Scores {list(scores.shape)} must "
                             f"equal the 2nd dimension of BBoxes {list(bboxes.shape)} (the "
                             "number of boxes).")
        images = scores.shape[0]
    elif len(scores.shape) == 2:
        _check_boxes(op, bboxes, "BBoxes", 3)
        images = -1 if rois_num is None else rois_num.shape[0]
    else:
        raise ValueError(f"({op}) Scores must be a 2-D or 3-D tensor, but received shape "
                         f"{list(scores.shape)}.")
    return (TensorMeta((-1, _row_width(bboxes)), bboxes.dtype), TensorMeta((-1, 1), _dt.int32),
            TensorMeta((images,), _dt.int32))


@defop("multiclass_nms3", "bboxes scores rois_num", ("out", "index", "nms_rois_num"),
       infer_meta=_multiclass_meta, pattern=OPAQUE, optional_inputs=("rois_num",))
def multiclass_nms3(xp, bboxes, scores, rois_num=None, score_threshold=0.05, nms_top_k=1000,
                    keep_top_k=100, nms_threshold=0.3, normalized=True, nms_eta=1.0,
                    background_label=0):
    """Per image and class, greedy NMS; then the best keep_top_k detections of the image,
    grouped by ascending label. Out rows are [label, score, x1, y1, x2, y2]; Index is the
    flat position of each kept box among the batch's boxes (times classes for 2-D scores).
    Boxes of 8, 16, 24 or 32 numbers are polygons, compared by their polygon IoU."""
    _multiclass_meta(meta_of(bboxes), meta_of(scores),
                     None if rois_num is None else meta_of(rois_num))
    attrs = (score_threshold, nms_top_k, keep_top_k, nms_threshold, normalized, nms_eta,
             background_label)
    per_class_boxes = scores.ndim == 2
    rows, index, counts = [], [], []
    for boxes, image_scores, offset in _image_slices(bboxes, scores, rois_num):
        if boxes.shape[0] == 0:
            counts.append(0)
            continue
        kept = _image_nms(boxes, image_scores, attrs, per_class_boxes)
        image_rows, image_index = _rows(boxes, image_scores, kept, offset, per_class_boxes)
        rows += image_rows
        index += image_index
        counts.append(len(image_rows))
    width = bboxes.shape[-1] + 2
    out = np.asarray(rows, bboxes.dtype).reshape(-1, width)
    return (out, np.asarray(index, np.int32).reshape(-1, 1), np.asarray(counts, np.int32))


multiclass_nms3.no_grad("selects detections")


# ---- matrix_nms -----------------------------------------------------------------------------


def _decays(iou, max_iou, use_gaussian, sigma):
    """Each candidate's decay factor: the minimum over higher-scored boxes j of
    f(iou_ij, max_iou_j), 1 for the first."""
    dtype = iou.dtype.type
    n = iou.shape[0]
    lower = np.tril(np.ones((n, n), bool), -1)
    if use_gaussian:
        decay = np.exp((max_iou[None, :] * max_iou[None, :] - iou * iou) * dtype(sigma))
    else:
        # Paddle divides with double literals: (1. - iou) / (1. - max_iou)
        with np.errstate(divide="ignore", invalid="ignore"):
            decay = ((1.0 - iou.astype(np.float64)) /
                     (1.0 - max_iou[None, :].astype(np.float64))).astype(iou.dtype)
    decay = np.where(lower, decay, dtype(1))
    # std::min keeps the running minimum when a decay is NaN: fmin does the same
    return np.fmin.reduce(decay, axis=1)


def _matrix_class(boxes, scores, attrs):
    """(kept indices, decayed scores) of one class."""
    score_threshold, post_threshold, nms_top_k, normalized, use_gaussian, sigma = attrs
    dtype = boxes.dtype.type
    order = descending(scores, dtype(score_threshold), nms_top_k)
    if order.size == 0:
        return [], []
    iou = jaccard_matrix(boxes[order], normalized)
    iou = np.where(np.tril(np.ones(iou.shape, bool), -1), iou, dtype(0))
    max_iou = np.fmax.reduce(iou, axis=1)
    decayed = (_decays(iou, max_iou, use_gaussian, sigma) * scores[order]).astype(boxes.dtype)
    keep = decayed > dtype(post_threshold)
    return order[keep].tolist(), decayed[keep].tolist()


def _matrix_meta(bboxes, scores, score_threshold, nms_top_k, keep_top_k, post_threshold=0.0,
                 use_gaussian=False, gaussian_sigma=2.0, background_label=0, normalized=True):
    op = "matrix_nms"
    check_float(op, bboxes, "bboxes")
    check_float(op, scores, "scores")
    _check_boxes(op, bboxes, "bboxes", 3)
    if len(scores.shape) != 3:
        raise ValueError(f"({op}) The input scores must be a 3-D tensor [N, C, M], but received "
                         f"shape {list(scores.shape)}.")
    return (TensorMeta((-1, _row_width(bboxes)), bboxes.dtype), TensorMeta((-1, 1), _dt.int32),
            TensorMeta((scores.shape[0],), _dt.int32))


@defop("matrix_nms", "bboxes scores", ("out", "index", "roisnum"), infer_meta=_matrix_meta,
       pattern=OPAQUE)
def matrix_nms(xp, bboxes, scores, score_threshold, nms_top_k, keep_top_k, post_threshold=0.0,
               use_gaussian=False, gaussian_sigma=2.0, background_label=0, normalized=True):
    """Matrix NMS (SOLOv2): scores decay by their overlap with higher-scored boxes instead of
    being dropped; per image the keep_top_k best decayed detections, best first. Boxes only:
    Paddle's kernel has no polygon IoU."""
    _matrix_meta(meta_of(bboxes), meta_of(scores), score_threshold, nms_top_k, keep_top_k)
    attrs = (score_threshold, post_threshold, nms_top_k, normalized, use_gaussian,
             gaussian_sigma)
    rows, index, counts = [], [], []
    m = scores.shape[2]
    for i in range(scores.shape[0]):
        found = []
        for c in range(scores.shape[1]):
            if c == background_label:
                continue
            kept, decayed = _matrix_class(bboxes[i], scores[i, c], attrs)
            found += [(s, c, k) for k, s in zip(kept, decayed)]
        order = np.argsort(-np.asarray([f[0] for f in found], bboxes.dtype), kind="stable")
        if keep_top_k > -1:
            order = order[:keep_top_k]
        for k in order:
            score, c, box = found[k]
            rows.append(np.concatenate([[c, score], bboxes[i, box]]))
            index.append(i * m + box)
        counts.append(len(order))
    out = np.asarray(rows, bboxes.dtype).reshape(-1, bboxes.shape[-1] + 2)
    return out, np.asarray(index, np.int32).reshape(-1, 1), np.asarray(counts, np.int32)


matrix_nms.no_grad("selects detections")
