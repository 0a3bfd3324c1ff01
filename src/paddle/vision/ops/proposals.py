"""`paddle.vision.ops.generate_proposals` and `distribute_fpn_proposals` (two-stage
detectors' RPN outputs and their FPN levels)."""
from __future__ import annotations

from ..._core.ops import detection_proposals as D


def generate_proposals(scores, bbox_deltas, img_size, anchors, variances, pre_nms_top_n=6000,
                       post_nms_top_n=1000, nms_thresh=0.5, min_size=0.1, eta=1.0,
                       pixel_offset=False, return_rois_num=False, name=None):
    """RPN proposals per image: decode anchors [H, W, A, 4] by bbox_deltas [N, 4A, H, W],
    clip to img_size [N, 2], drop small boxes, NMS by scores [N, A, H, W]. Returns
    (rpn_rois [R, 4], rpn_roi_probs [R, 1], rpn_rois_num [N] int32); as in Paddle's
    dynamic mode, return_rois_num must be True.

    Example:
        >>> import paddle
        >>> scores = paddle.rand([1, 3, 4, 4])
        >>> deltas = paddle.rand([1, 12, 4, 4]) * 0.1
        >>> anchors = paddle.rand([4, 4, 3, 4]) * 4
        >>> anchors[..., 2:] += 8
        >>> rois, probs, num = paddle.vision.ops.generate_proposals(
        ...     scores, deltas, paddle.to_tensor([[32., 32.]]), anchors,
        ...     paddle.ones([4, 4, 3, 4]), return_rois_num=True)
        >>> rois.shape[0] == int(num.sum())
        True
    """
    if not return_rois_num:
        raise AssertionError("return_rois_num should be True in dygraph mode.")
    rois, probs, rois_num = D.generate_proposals(
        scores, bbox_deltas, img_size, anchors, variances, int(pre_nms_top_n),
        int(post_nms_top_n), float(nms_thresh), float(min_size), float(eta), bool(pixel_offset))
    return rois, probs, rois_num


def distribute_fpn_proposals(fpn_rois, min_level, max_level, refer_level, refer_scale,
                             pixel_offset=False, rois_num=None, name=None):
    """Assign each roi [R, 4] to an FPN level by its scale. Returns (multi_rois: one tensor
    per level, restore_ind [R, 1] int32, rois_num_per_level: per level the rois of each
    image, or None when rois_num is not given).

    Example:
        >>> import paddle
        >>> rois = paddle.to_tensor([[0., 0., 10., 10.], [0., 0., 300., 300.]])
        >>> multi, restore, nums = paddle.vision.ops.distribute_fpn_proposals(
        ...     rois, 2, 5, 4, 224, rois_num=paddle.to_tensor([2], dtype="int32"))
        >>> [m.shape[0] for m in multi]
        [1, 0, 1, 0]
    """
    if rois_num is None:
        raise AssertionError("(distribute_fpn_proposals) rois_num should not be None in dygraph "
                         "mode.")
    outs = D.distribute_fpn_proposals(fpn_rois, rois_num, int(min_level), int(max_level),
                                      int(refer_level), int(refer_scale), bool(pixel_offset))
    levels = max_level - min_level + 1
    return outs[:levels], outs[-1], outs[levels:2 * levels]
