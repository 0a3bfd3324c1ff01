"""`paddle.vision.ops.box_coder`, `prior_box` and `yolo_box`: box coding and anchors."""
from __future__ import annotations

from ..._core.ops import detection_boxes as D
from ..._core.tensor import Tensor


def box_coder(prior_box, prior_box_var, target_box, code_type="encode_center_size",
              box_normalized=True, axis=0, name=None):
    """Encode target boxes against prior boxes as center-size offsets, or decode offsets back
    into boxes. `prior_box_var` is a Tensor [M, 4] or four numbers.

    Example:
        >>> import paddle
        >>> prior = paddle.to_tensor([[0., 0., 2., 2.]])
        >>> target = paddle.to_tensor([[1., 1., 3., 3.]])
        >>> paddle.vision.ops.box_coder(prior, [1., 1., 1., 1.], target).shape
        paddle.Size([1, 1, 4])
    """
    if isinstance(prior_box_var, Tensor):
        return D.box_coder(prior_box, prior_box_var, target_box, code_type, box_normalized,
                           axis, ())
    if isinstance(prior_box_var, (list, tuple)):
        if len(prior_box_var) != 4:
            raise ValueError("(box_coder) Input prior_box_var must be Variable or list|tuple "
                             f"with 4 elements, but received {len(prior_box_var)} elements.")
        return D.box_coder(prior_box, None, target_box, code_type, box_normalized, axis,
                           tuple(float(v) for v in prior_box_var))
    raise TypeError("Input prior_box_var must be Variable or list|tuple")


def _as_list(value):
    return list(value) if isinstance(value, (list, tuple)) else [value]


def prior_box(input, image, min_sizes, max_sizes=None, aspect_ratios=[1.0],  # noqa: B006
              variance=[0.1, 0.1, 0.2, 0.2], flip=False, clip=False,  # noqa: B006
              steps=[0.0, 0.0], offset=0.5, min_max_aspect_ratios_order=False,  # noqa: B006
              name=None):
    """SSD prior boxes for every cell of the feature map `input` [N, C, H, W], normalized by
    the size of `image`; returns (boxes, variances), both [H, W, num_priors, 4].

    Example:
        >>> import paddle
        >>> box, var = paddle.vision.ops.prior_box(paddle.rand([1, 3, 6, 9]),
        ...                                        paddle.rand([1, 3, 9, 12]), [2.0, 4.0])
        >>> box.shape
        paddle.Size([6, 9, 2, 4])
    """
    steps = _as_list(steps)
    if len(steps) != 2:
        raise ValueError("steps should be (step_w, step_h)")
    max_sizes = _as_list(max_sizes) if max_sizes is not None else []
    if not (max_sizes and max_sizes[0] > 0):
        max_sizes = []
    return D.prior_box(input, image, tuple(map(float, _as_list(min_sizes))),
                       tuple(map(float, max_sizes)),
                       tuple(map(float, _as_list(aspect_ratios))),
                       tuple(map(float, _as_list(variance))), bool(flip), bool(clip),
                       float(steps[0]), float(steps[1]), float(offset),
                       bool(min_max_aspect_ratios_order))


def yolo_box(x, img_size, anchors, class_num, conf_thresh, downsample_ratio, clip_bbox=True,
             name=None, scale_x_y=1.0, iou_aware=False, iou_aware_factor=0.5):
    """Decode a YOLOv3 head [N, A * (5 + class_num), H, W] into boxes [N, A*H*W, 4] in the
    pixels of img_size (int32 [N, 2], height then width) and scores [N, A*H*W, class_num].

    Example:
        >>> import paddle
        >>> x = paddle.rand([1, 2 * 7, 4, 4])
        >>> img_size = paddle.to_tensor([[64, 64]], dtype="int32")
        >>> boxes, scores = paddle.vision.ops.yolo_box(x, img_size, [10, 13, 16, 30], 2,
        ...                                            0.01, 16)
        >>> boxes.shape, scores.shape
        (paddle.Size([1, 32, 4]), paddle.Size([1, 32, 2]))
    """
    if not isinstance(anchors, (list, tuple)):
        raise TypeError(f"(yolo_box) anchors must be a list or tuple, but received "
                        f"{type(anchors).__name__}.")
    return D.yolo_box(x, img_size, tuple(int(a) for a in anchors), int(class_num),
                      float(conf_thresh), int(downsample_ratio), bool(clip_bbox),
                      float(scale_x_y), bool(iou_aware), float(iou_aware_factor))
