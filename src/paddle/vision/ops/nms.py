"""`paddle.vision.ops.nms` and `matrix_nms`: non-maximum suppression over boxes."""
from __future__ import annotations

import paddle

from ..._core.ops import detection_nms as D


def nms(boxes, iou_threshold=0.3, scores=None, category_idxs=None, categories=None,
        top_k=None):
    """Indices (int64) of the boxes [N, 4] kept by greedy NMS.

    Without `scores` the boxes are taken in the given order; with `scores` the highest-scored
    box comes first, and with `category_idxs`/`categories` NMS runs per category and the
    kept boxes of all categories are returned by descending score (at most `top_k`).

    Example:
        >>> import paddle
        >>> boxes = paddle.to_tensor([[0., 0., 10., 10.], [1., 1., 11., 11.],
        ...                           [20., 20., 30., 30.]])
        >>> paddle.vision.ops.nms(boxes, 0.5, paddle.to_tensor([0.9, 0.8, 0.7])).tolist()
        [0, 2]
    """
    if scores is None:
        return D.nms(boxes, float(iou_threshold))
    order = paddle.argsort(scores, descending=True)
    if category_idxs is None:
        return order[D.nms(boxes[order], float(iou_threshold))]
    if top_k is not None and top_k > scores.shape[0]:
        raise AssertionError(f"(nms) top_k should be smaller equal than the number of boxes, but "
                             f"received top_k={top_k} for {scores.shape[0]} boxes")
    if categories is None:
        raise AssertionError("(nms) if category_idxs is given, categories which is a list of "
                             "unique id of all categories is necessary")
    kept = [_category_keep(boxes, scores, category_idxs, c, iou_threshold) for c in categories]
    kept = paddle.sort(paddle.concat([k for k in kept if k.shape[0]] or
                                     [paddle.zeros([0], "int64")]))
    if top_k is None:
        return kept[paddle.argsort(scores[kept], descending=True)]
    # Paddle ranks the top_k by topk, whose order among equal scores differs from argsort's
    _, best = paddle.topk(scores[kept], min(top_k, kept.shape[0]))
    return kept[best]


def _category_keep(boxes, scores, category_idxs, category, iou_threshold):
    members = paddle.nonzero(category_idxs == category).reshape([-1])
    if members.shape[0] <= 1:
        return members
    order = paddle.argsort(scores[members], descending=True)
    return members[order[D.nms(boxes[members[order]], float(iou_threshold))]]


def matrix_nms(bboxes, scores, score_threshold, post_threshold, nms_top_k, keep_top_k,
               use_gaussian=False, gaussian_sigma=2.0, background_label=0, normalized=True,
               return_index=False, return_rois_num=True, name=None):
    """Matrix NMS (SOLOv2): the scores of boxes overlapping higher-scored ones decay (linearly
    or with a Gaussian) instead of being removed.

    bboxes is [N, M, 4], scores [N, C, M]. Returns (out, rois_num, index): out rows
    [label, score, x1, y1, x2, y2], rois_num the detections per image (None unless
    return_rois_num), index their flat box positions (None unless return_index).

    Example:
        >>> import paddle
        >>> boxes = paddle.to_tensor([[[0., 0., 1., 1.], [0., 0., 1., .9]]])
        >>> scores = paddle.to_tensor([[[0.1, 0.1], [0.9, 0.8]]])
        >>> out, num, _ = paddle.vision.ops.matrix_nms(boxes, scores, 0.5, 0.1, 10, 10)
        >>> num.tolist()
        [1]
    """
    out, index, rois_num = D.matrix_nms(bboxes, scores, float(score_threshold), int(nms_top_k),
                                        int(keep_top_k), float(post_threshold),
                                        bool(use_gaussian), float(gaussian_sigma),
                                        int(background_label), bool(normalized))
    return out, rois_num if return_rois_num else None, index if return_index else None
