"""The YOLOv3 training loss, as Paddle's CPU kernels compute it (`yolo_loss`; `yolov3_loss` in
legacy programs):

    yolo_loss(x, gt_box, gt_label, gt_score, ...)       -> loss [N]
    yolo_loss_grad(x, gt_box, gt_label, gt_score, ...)  -> d loss[i] / d x for unit loss grads

A trained prediction (detection_yolo_match.py) learns its location (sigmoid cross-entropy on
the cell offsets, L1 on the log sizes, weighted by 2 - w * h), its classes (with optional label
smoothing) and its objectness; the others learn objectness 0 unless ignored. The loss is summed
per image in the kernel's order and precision. The gradient follows Paddle's backward kernel:
where two gts train one prediction, the later one's gradient replaces the earlier one's (the
loss counts both). Paddle's op also returns the objectness and match masks as intermediate
outputs, which its Python API drops; here they are recomputed for the backward pass.
"""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta, meta_of
from ._detection_checks import check_float
from .detection_yolo_match import OP, Layout, last_of_each_cell, match
from .registry import OPAQUE, defop

POSITIVE = 1e-5  # objectness mask values above this are positive samples weighted by the score
IGNORED = -0.5  # ... below this are ignored; in between, negatives


# ---- the kernel's arithmetic ----------------------------------------------------------------


def _sigmoid_cross_entropy(logit, label):
    """max(x, 0) - x * label + log(1 + exp(-|x|)): the product and the exponential in the
    input dtype, the rest in double, rounded once."""
    wide = np.where(logit > 0, logit.astype(np.float64), 0.0)
    product = (logit * label).astype(np.float64)
    tail = np.log(1.0 + np.exp(-np.abs(logit)).astype(np.float64))
    return (wide - product + tail).astype(logit.dtype)


def _sigmoid_cross_entropy_grad(logit, label):
    """sigmoid(x) - label, the exponential in the input dtype, the rest in double."""
    with np.errstate(over="ignore"):
        exp = np.exp(-logit).astype(np.float64)
    return (1.0 / (1.0 + exp) - label).astype(logit.dtype)


# ---- loss terms -----------------------------------------------------------------------------


def _class_targets(targets, layout, smooth):
    """Each trained prediction's class targets: 1 and 0, or with label smoothing moving
    min(1/C, 1/40) of the mass."""
    dtype = layout.dtype.type
    positive, negative = dtype(1), dtype(0)
    if smooth:
        weight = min(1.0 / float(dtype(layout.class_num)), 1.0 / 40)
        positive, negative = dtype(1.0 - weight), dtype(weight)
    return np.where(targets.onehot, positive, negative).astype(layout.dtype)


def _gt_terms(layout, targets, smooth):
    """Per matched gt its 4 location and C class loss terms, in the kernel's order."""
    logits, scale = targets.logits, targets.scale[:, None]
    location = np.concatenate([
        _sigmoid_cross_entropy(logits[:, :2], targets.xy) * scale,
        np.abs(targets.wh - logits[:, 2:4]) * scale], axis=-1)
    classes = _sigmoid_cross_entropy(logits[:, 5:], _class_targets(targets, layout, smooth))
    return np.concatenate([location, classes * targets.score[:, None]], axis=-1)


def _objectness(layout, obj, term):
    """term (the cross-entropy or its gradient) of each prediction's objectness: target 1
    weighted by the mask's score for positives, 0 for negatives, nothing where ignored."""
    logit = layout.x[:, :, 4]
    dtype = layout.dtype.type
    positive = term(logit, dtype(1)) * obj
    negative = term(logit, dtype(0))
    wide = obj.astype(np.float64)
    return np.where(wide > POSITIVE, positive, np.where(wide > IGNORED, negative, dtype(0)))


def _loss(layout, targets, obj, gt_count, smooth):
    """Per image, the running sum in the input dtype: gts in order, then objectness."""
    width = 4 + layout.class_num
    per_gt = np.zeros((layout.n, gt_count, width), layout.dtype)
    per_gt[targets.image, targets.gt] = _gt_terms(layout, targets, smooth)
    terms = np.concatenate([per_gt.reshape(layout.n, -1),
                            _objectness(layout, obj, _sigmoid_cross_entropy).reshape(layout.n, -1)], axis=1)
    if terms.shape[1] == 0:
        return np.zeros(layout.n, layout.dtype)
    return np.cumsum(terms, axis=1, dtype=layout.dtype)[:, -1]


# ---- the ops --------------------------------------------------------------------------------


def _check_inputs(x, gt_box, gt_label, gt_score, anchors, anchor_mask, class_num):
    check_float(OP, x, "X")
    check_float(OP, gt_box, "GTBox")
    if len(x.shape) != 4:
        raise ValueError(f"({OP}) Input(X) should be a 4-D tensor, but received shape "
                         f"{list(x.shape)}.")
    if -1 not in x.shape[2:] and x.shape[2] != x.shape[3]:
        raise ValueError(f"({OP}) Input(X) dim[2] and dim[3] should be equal, but received "
                         f"shape {list(x.shape)}.")
    if class_num <= 0:
        raise ValueError(f"({OP}) Attr(class_num) should be an integer greater than 0, but "
                         f"received {class_num}.")
    channels = len(anchor_mask) * (5 + class_num)
    if x.shape[1] not in (-1, channels):
        raise ValueError(f"({OP}) Input(X) dim[1] should be anchor_mask_number * (5 + "
                         f"class_num) = {channels}, but received {x.shape[1]}.")
    _check_gts(gt_box, gt_label, gt_score, x)
    _check_anchors(anchors, anchor_mask)


def _check_gts(gt_box, gt_label, gt_score, x):
    if len(gt_box.shape) != 3 or gt_box.shape[2] not in (-1, 4):
        raise ValueError(f"({OP}) Input(GTBox) should be [N, B, 4], but received shape "
                         f"{list(gt_box.shape)}.")
    if gt_label.dtype != _dt.int32:
        raise TypeError(f"({OP}) Input(GTLabel) must be int32, but received "
                        f"{gt_label.dtype.name}.")
    others = [("GTLabel", gt_label)] + ([("GTScore", gt_score)] if gt_score is not None else [])
    for name, value in others:
        if len(value.shape) != 2 or tuple(value.shape) != tuple(gt_box.shape[:2]):
            raise ValueError(f"({OP}) Input({name}) should be [N, B] = "
                             f"{list(gt_box.shape[:2])} like Input(GTBox), but received shape "
                             f"{list(value.shape)}.")
    if gt_score is not None and gt_score.dtype != x.dtype:
        raise TypeError(f"({OP}) Input(GTScore) must have the dtype of Input(X) "
                        f"({x.dtype.name}), but received {gt_score.dtype.name}.")
    if gt_box.dtype != x.dtype:
        raise TypeError(f"({OP}) Input(GTBox) must have the dtype of Input(X) "
                        f"({x.dtype.name}), but received {gt_box.dtype.name}.")


def _check_anchors(anchors, anchor_mask):
    if len(anchors) % 2:
        raise ValueError(f"({OP}) Attr(anchors) length should be even, but received "
                         f"{len(anchors)}.")
    count = len(anchors) // 2
    for item in anchor_mask:
        if not 0 <= item < count:
            raise ValueError(f"({OP}) Attr(anchor_mask) values must index Attr(anchors) "
                             f"({count} anchors), but received {item}.")


def _loss_meta(x, gt_box, gt_label, gt_score, anchors, anchor_mask, class_num, ignore_thresh,
               downsample_ratio, use_label_smooth=True, scale_x_y=1.0):
    _check_inputs(x, gt_box, gt_label, gt_score, anchors, anchor_mask, class_num)
    return TensorMeta((x.shape[0],), x.dtype)


def _checked_scores(x, gt_box, gt_label, gt_score, anchors, anchor_mask, class_num):
    """The gt scores (1 when absent), after the checks infer_meta makes when tracing."""
    _check_inputs(meta_of(x), meta_of(gt_box), meta_of(gt_label),
                  None if gt_score is None else meta_of(gt_score), anchors, anchor_mask,
                  class_num)
    return np.ones(gt_box.shape[:2], gt_box.dtype) if gt_score is None else gt_score


@defop(OP, "x gt_box gt_label gt_score", "loss", infer_meta=_loss_meta, pattern=OPAQUE,
       optional_inputs=("gt_score",))
def yolo_loss(xp, x, gt_box, gt_label, gt_score, anchors, anchor_mask, class_num,
              ignore_thresh, downsample_ratio, use_label_smooth=True, scale_x_y=1.0):
    """Per image, the YOLOv3 loss of the head x [N, A * (5 + C), H, H] against gt_box
    [N, B, 4] (cx, cy, w, h relative to the image; w or h of 0 marks padding), gt_label
    [N, B] int32 and gt_score [N, B] (mixup weights, 1 when absent)."""
    score = _checked_scores(x, gt_box, gt_label, gt_score, anchors, anchor_mask, class_num)
    layout = Layout(x, anchors, anchor_mask, class_num, downsample_ratio)
    targets, obj, _ = match(layout, gt_box, gt_label, score, ignore_thresh, scale_x_y)
    return _loss(layout, targets, obj, gt_box.shape[1], use_label_smooth)


@yolo_loss.grad(save="x gt_box gt_label gt_score")
def _(ctx, g):
    from .manipulation import reshape
    unit = yolo_loss_grad(ctx.x, ctx.gt_box, ctx.gt_label, ctx.gt_score, ctx.anchors,
                          ctx.anchor_mask, ctx.class_num, ctx.ignore_thresh,
                          ctx.downsample_ratio, ctx.use_label_smooth, ctx.scale_x_y)
    return unit * reshape(g, [-1, 1, 1, 1]), None, None, None


def _grad_meta(x, gt_box, gt_label, gt_score, anchors, anchor_mask, class_num, ignore_thresh,
               downsample_ratio, use_label_smooth=True, scale_x_y=1.0):
    _check_inputs(x, gt_box, gt_label, gt_score, anchors, anchor_mask, class_num)
    return TensorMeta(x.shape, x.dtype)


def _gt_grads(layout, targets, smooth):
    logits, scale = targets.logits, targets.scale[:, None]
    location = np.concatenate([
        _sigmoid_cross_entropy_grad(logits[:, :2], targets.xy) * scale,
        np.where(logits[:, 2:4] > targets.wh, layout.dtype.type(1),
                 layout.dtype.type(-1)) * scale], axis=-1)
    classes = _sigmoid_cross_entropy_grad(logits[:, 5:], _class_targets(targets, layout,
                                                                         smooth))
    return location, classes * targets.score[:, None]


@defop("yolo_loss_grad", "x gt_box gt_label gt_score", infer_meta=_grad_meta, pattern=OPAQUE,
       optional_inputs=("gt_score",))
def yolo_loss_grad(xp, x, gt_box, gt_label, gt_score, anchors, anchor_mask, class_num,
                   ignore_thresh, downsample_ratio, use_label_smooth=True, scale_x_y=1.0):
    """d loss[i] / d x for loss gradients of 1 (Paddle's yolo_loss backward kernel)."""
    score = _checked_scores(x, gt_box, gt_label, gt_score, anchors, anchor_mask, class_num)
    layout = Layout(x, anchors, anchor_mask, class_num, downsample_ratio)
    targets, obj, _ = match(layout, gt_box, gt_label, score, ignore_thresh, scale_x_y)
    grad = np.zeros(layout.x.shape, x.dtype)
    grad[:, :, 4] = _objectness(layout, obj, _sigmoid_cross_entropy_grad)
    keep = last_of_each_cell(layout, targets)
    location, classes = _gt_grads(layout, targets, use_label_smooth)
    cells = targets.cells(keep, entries=True)
    rows = grad[cells]
    rows[:, :4], rows[:, 5:] = location[keep], classes[keep]
    grad[cells] = rows
    return grad.reshape(x.shape)


yolo_loss_grad.no_grad("Paddle defines no second derivative of yolo_loss")
