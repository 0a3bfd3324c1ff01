"""`paddle.vision.ops.yolo_loss`: the YOLOv3 training loss of one detection head."""
from __future__ import annotations

from ..._core.ops import detection_yolo_loss as D


def _int_list(value, what):
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"(yolo_loss) {what} must be a list or tuple, but received "
                        f"{type(value).__name__}.")
    return tuple(int(v) for v in value)


def yolo_loss(x, gt_box, gt_label, anchors, anchor_mask, class_num, ignore_thresh,
              downsample_ratio, gt_score=None, use_label_smooth=True, name=None,
              scale_x_y=1.0):
    """YOLOv3 loss per image [N] of the head x [N, len(anchor_mask) * (5 + class_num), H, H].

    gt_box [N, B, 4] holds (center x, center y, width, height) relative to the image (boxes of
    zero size are padding), gt_label [N, B] int32 their classes and gt_score [N, B] optional
    mixup weights. Each gt trains the prediction of its best-shaped anchor in its grid cell;
    predictions overlapping a gt by more than ignore_thresh leave the objectness loss.

    Example:
        >>> import paddle
        >>> x = paddle.rand([2, 14, 8, 8])
        >>> gt_box = paddle.to_tensor([[[0.3, 0.4, 0.2, 0.3]], [[0.6, 0.5, 0.4, 0.2]]])
        >>> gt_label = paddle.to_tensor([[0], [1]], dtype="int32")
        >>> loss = paddle.vision.ops.yolo_loss(x, gt_box, gt_label, [10, 13, 16, 30],
        ...                                    [0, 1], 2, 0.7, 8)
        >>> loss.shape
        paddle.Size([2])
    """
    return D.yolo_loss(x, gt_box, gt_label, gt_score, _int_list(anchors, "anchors"),
                       _int_list(anchor_mask, "anchor_mask"), int(class_num),
                       float(ignore_thresh), int(downsample_ratio), bool(use_label_smooth),
                       float(scale_x_y))
