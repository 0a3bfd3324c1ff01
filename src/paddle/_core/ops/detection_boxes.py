"""Box coding and anchor ops of the SSD / YOLO families, as Paddle's CPU kernels compute them:

    box_coder(prior_box, prior_box_var, target_box, ...)   encode/decode center-size offsets
    prior_box(input, image, ...)                          -> boxes, variances  [H, W, P, 4]
    yolo_box(x, img_size, ...)                            -> boxes [N, A*H*W, 4], scores

Arithmetic runs in the input dtype with the kernels' order of operations (Paddle's sigmoid is
evaluated in double and rounded, as its `1.0 / (1.0 + exp(-x))` does). None of them has a
gradient in Paddle.
"""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta, meta_of
from ._detection_checks import check_float, check_rank
from .registry import OPAQUE, defop

# ---- box_coder ----------------------------------------------------------------------------


def _center_size(boxes, pixel):
    """(center x, center y, width, height) of [x1, y1, x2, y2] boxes; pixel boxes count the
    end pixel (+1 on the sizes)."""
    w = boxes[..., 2] - boxes[..., 0] + pixel
    h = boxes[..., 3] - boxes[..., 1] + pixel
    return boxes[..., 0] + w / 2, boxes[..., 1] + h / 2, w, h


def _encode(prior, variance, target, pixel):
    pcx, pcy, pw, ph = _center_size(prior[None, :, :], pixel)
    tcx = (target[:, None, 2] + target[:, None, 0]) / 2
    tcy = (target[:, None, 3] + target[:, None, 1]) / 2
    tw = target[:, None, 2] - target[:, None, 0] + pixel
    th = target[:, None, 3] - target[:, None, 1] + pixel
    out = np.stack([(tcx - pcx) / pw, (tcy - pcy) / ph, np.log(np.abs(tw / pw)),
                    np.log(np.abs(th / ph))], axis=-1)
    return out if variance is None else out / variance


def _decode(prior, variance, target, pixel):
    pcx, pcy, pw, ph = _center_size(prior, pixel)
    vx, vy, vw, vh = (variance[..., k] for k in range(4))
    cx = vx * target[..., 0] * pw + pcx
    cy = vy * target[..., 1] * ph + pcy
    w = np.exp(vw * target[..., 2]) * pw
    h = np.exp(vh * target[..., 3]) * ph
    return np.stack([cx - w / 2, cy - h / 2, cx + w / 2 - pixel, cy + h / 2 - pixel], axis=-1)


def _box_coder_meta(prior_box, prior_box_var, target_box, code_type="encode_center_size",
                    box_normalized=True, axis=0, variance=()):
    op = "box_coder"
    check_float(op, prior_box, "PriorBox")
    check_float(op, target_box, "TargetBox")
    check_rank(op, prior_box, "PriorBox", (2,))
    if code_type == "encode_center_size":
        check_rank(op, target_box, "TargetBox", (2,))
        return TensorMeta((target_box.shape[0], prior_box.shape[0], 4), prior_box.dtype)
    if code_type != "decode_center_size":
        raise ValueError(f"({op}) code_type must be 'encode_center_size' or "
                         f"'decode_center_size', but received '{code_type}'.")
    check_rank(op, target_box, "TargetBox", (3,))
    _check_decode_priors(tuple(target_box.shape), tuple(prior_box.shape), axis)
    return TensorMeta(tuple(target_box.shape), prior_box.dtype)


def _check_decode_priors(target_shape, prior_shape, axis):
    dim = 1 if axis == 0 else 0
    if -1 not in (target_shape[dim], prior_shape[0]) and target_shape[dim] != prior_shape[0]:
        raise ValueError(f"(box_coder) When axis is {axis}, the dimension {dim} of TargetBox "
                         f"{list(target_shape)} should be equal to the first dimension of "
                         f"PriorBox {list(prior_shape)}.")


@defop("box_coder", "prior_box prior_box_var target_box", infer_meta=_box_coder_meta,
       pattern=OPAQUE, optional_inputs=("prior_box_var",))
def box_coder(xp, prior_box, prior_box_var, target_box, code_type="encode_center_size",
              box_normalized=True, axis=0, variance=()):
    """Encode target boxes [N, 4] against priors [M, 4] into [N, M, 4] offsets, or decode
    offsets [N, M, 4] back into boxes (priors along dim 1 when axis is 0, dim 0 when 1)."""
    if code_type not in ("encode_center_size", "decode_center_size"):
        raise ValueError(f"(box_coder) code_type must be 'encode_center_size' or "
                         f"'decode_center_size', but received '{code_type}'.")
    if prior_box_var is not None and len(variance):
        raise ValueError("(box_coder) Input 'PriorBoxVar' and attribute 'variance' should not "
                         "be used at the same time.")
    if len(variance) not in (0, 4):
        raise ValueError(f"(box_coder) Size of attribute 'variance' should be 4, but received "
                         f"size = {len(variance)}.")
    dtype = prior_box.dtype
    pixel = dtype.type(0 if box_normalized else 1)
    var = prior_box_var if prior_box_var is not None else (
        np.asarray(variance, dtype) if len(variance) else None)
    if target_box.size == 0 or prior_box.size == 0:
        rows = target_box.shape[0]
        cols = prior_box.shape[0] if code_type == "encode_center_size" else target_box.shape[1]
        return np.zeros((rows, cols, 4), dtype)
    if code_type == "encode_center_size":
        return _encode(prior_box, None if var is None else var[None], target_box,
                       pixel).astype(dtype)
    _check_decode_priors(target_box.shape, prior_box.shape, axis)
    if var is None:
        var = np.ones(4, dtype)
    if var.ndim == 2:
        var = var[None] if axis == 0 else var[:, None]
    prior = prior_box[None] if axis == 0 else prior_box[:, None]
    return _decode(prior, var, target_box, pixel).astype(dtype)


box_coder.no_grad("Paddle defines no gradient for box_coder")


# ---- prior_box ----------------------------------------------------------------------------


def expand_aspect_ratios(aspect_ratios, flip: bool) -> list:
    """1 first, then each new ratio (and its inverse with flip); near-duplicates dropped."""
    ratios = [1.0]
    for ar in aspect_ratios:
        if all(abs(ar - r) >= 1e-6 for r in ratios):
            ratios.append(ar)
            if flip:
                ratios.append(float(np.float32(1.0) / np.float32(ar)))
    return ratios


def _prior_sizes(min_sizes, max_sizes, ratios, caffe_order: bool) -> list:
    """(half width, half height) of the priors at one position, in Paddle's order."""
    sizes = []
    for s, min_size in enumerate(min_sizes):
        shaped = [(min_size * np.sqrt(ar) / 2, min_size / np.sqrt(ar) / 2) for ar in ratios
                  if not (caffe_order and abs(ar - 1.0) < 1e-6)]
        square = [(np.sqrt(min_size * max_sizes[s]) / 2,) * 2] if len(max_sizes) else []
        first = [(min_size / 2, min_size / 2)] if caffe_order else []
        sizes += first + square + shaped if caffe_order else shaped + square
    return sizes


def _prior_meta(input, image, min_sizes, max_sizes=(), aspect_ratios=(1.0,),
                variances=(0.1, 0.1, 0.2, 0.2), flip=False, clip=False, step_w=0.0,
                step_h=0.0, offset=0.5, min_max_aspect_ratios_order=False):
    check_rank("prior_box", input, "Input", (4,))
    check_rank("prior_box", image, "Image", (4,))
    check_float("prior_box", input, "Input")
    priors = len(expand_aspect_ratios(aspect_ratios, flip)) * len(min_sizes) + len(max_sizes)
    shape = (input.shape[2], input.shape[3], priors, 4)
    return TensorMeta(shape, input.dtype), TensorMeta(shape, input.dtype)


@defop("prior_box", "input image", ("out", "var"), infer_meta=_prior_meta, pattern=OPAQUE)
def prior_box(xp, input, image, min_sizes, max_sizes=(), aspect_ratios=(1.0,),
              variances=(0.1, 0.1, 0.2, 0.2), flip=False, clip=False, step_w=0.0, step_h=0.0,
              offset=0.5, min_max_aspect_ratios_order=False):
    """SSD prior boxes for every cell of the feature map `input`, normalized by the size of
    `image`, and the variances repeated for each."""
    dtype = input.dtype.type
    fh, fw = input.shape[2:]
    ih, iw = image.shape[2:]
    if input.size == 0 or image.size == 0:
        meta = _prior_meta(input, image, min_sizes, max_sizes, aspect_ratios, variances, flip)
        return np.zeros(meta[0].shape, input.dtype), np.zeros(meta[1].shape, input.dtype)
    if dtype(step_w) == 0 or dtype(step_h) == 0:
        sw, sh = dtype(iw) / dtype(fw), dtype(ih) / dtype(fh)
    else:
        sw, sh = dtype(step_w), dtype(step_h)
    ratios = expand_aspect_ratios([float(np.float32(a)) for a in aspect_ratios], flip)
    half = np.asarray(_prior_sizes([float(np.float32(m)) for m in min_sizes],
                                   [float(np.float32(m)) for m in max_sizes], ratios,
                                   min_max_aspect_ratios_order)).astype(input.dtype)
    cx = ((np.arange(fw, dtype=input.dtype) + dtype(offset)) * sw)[None, :, None]
    cy = ((np.arange(fh, dtype=input.dtype) + dtype(offset)) * sh)[:, None, None]
    hw, hh = half[:, 0], half[:, 1]
    zero = np.zeros((fh, fw, 1), input.dtype)
    out = np.stack([(cx - hw + zero) / dtype(iw), (cy - hh + zero) / dtype(ih),
                    (cx + hw + zero) / dtype(iw), (cy + hh + zero) / dtype(ih)], axis=-1)
    if clip:
        out = np.clip(out, 0, 1)
    var = np.broadcast_to(np.asarray(variances, input.dtype), out.shape).copy()
    return out.astype(input.dtype), var


prior_box.no_grad("anchor boxes depend only on shapes")


# ---- yolo_box -----------------------------------------------------------------------------


def paddle_sigmoid(x):
    """1 / (1 + exp(-x)) with the exponential in x's dtype and the rest in double."""
    return (1.0 / (1.0 + np.exp(-x).astype(np.float64))).astype(x.dtype)


def _yolo_layout(x, anchors, class_num, iou_aware):
    """x as (N, A, 5 + classes, H, W) and the IoU logits (N, A, H, W) or None."""
    n, _, h, w = x.shape
    a = len(anchors) // 2
    if iou_aware:
        return x[:, a:].reshape(n, a, 5 + class_num, h, w), x[:, :a]
    return x.reshape(n, a, 5 + class_num, h, w), None


def _yolo_meta(x, img_size, anchors, class_num, conf_thresh, downsample_ratio, clip_bbox=True,
               scale_x_y=1.0, iou_aware=False, iou_aware_factor=0.5):
    op = "yolo_box"
    check_rank(op, x, "X", (4,))
    check_float(op, x, "X")
    a = len(anchors) // 2
    channels = a * (5 + class_num + (1 if iou_aware else 0))
    if x.shape[1] not in (-1, channels):
        raise ValueError(f"({op}) Input(X) dim[1] should be {channels} (anchors x (5 + "
                         f"class_num){' + iou' if iou_aware else ''}), but received "
                         f"{x.shape[1]} (shape {list(x.shape)}).")
    if img_size.dtype != _dt.int32:
        raise TypeError(f"({op}) The input img_size must be int32, but received "
                        f"{img_size.dtype.name}.")
    boxes = -1 if -1 in x.shape[2:] else a * x.shape[2] * x.shape[3]
    return (TensorMeta((x.shape[0], boxes, 4), x.dtype),
            TensorMeta((x.shape[0], boxes, class_num), x.dtype))


@defop("yolo_box", "x img_size", ("boxes", "scores"), infer_meta=_yolo_meta, pattern=OPAQUE)
def yolo_box(xp, x, img_size, anchors, class_num, conf_thresh, downsample_ratio,
             clip_bbox=True, scale_x_y=1.0, iou_aware=False, iou_aware_factor=0.5):
    """Decode a YOLOv3 head into boxes in image pixels and per-class scores; predictions
    whose objectness is below conf_thresh are all zeros."""
    _yolo_meta(meta_of(x), meta_of(img_size), anchors, class_num, conf_thresh,
               downsample_ratio, clip_bbox, scale_x_y, iou_aware, iou_aware_factor)
    dtype = x.dtype.type
    n, _, h, w = x.shape
    a = len(anchors) // 2
    if x.size == 0 or img_size.size == 0:
        return np.zeros((n, a * h * w, 4), x.dtype), np.zeros((n, a * h * w, class_num), x.dtype)
    pred, iou = _yolo_layout(x, anchors, class_num, iou_aware)
    conf = paddle_sigmoid(pred[:, :, 4])
    if iou_aware:
        conf = (conf ** dtype(1.0 - iou_aware_factor)) * \
            (paddle_sigmoid(iou) ** dtype(iou_aware_factor))
    keep = ~(conf < dtype(conf_thresh))
    scale, bias = dtype(scale_x_y), dtype(-0.5 * (scale_x_y - 1.0))
    img_h = img_size[:, 0].astype(x.dtype)[:, None, None, None]
    img_w = img_size[:, 1].astype(x.dtype)[:, None, None, None]
    anchor = np.asarray(anchors, x.dtype).reshape(a, 2)
    grid_x = np.arange(w, dtype=x.dtype)[None, None, None, :]
    grid_y = np.arange(h, dtype=x.dtype)[None, None, :, None]
    cx = (grid_x + paddle_sigmoid(pred[:, :, 0]) * scale + bias) * img_w / dtype(w)
    cy = (grid_y + paddle_sigmoid(pred[:, :, 1]) * scale + bias) * img_h / dtype(h)
    bw = np.exp(pred[:, :, 2]) * anchor[None, :, 0, None, None] * img_w / \
        dtype(downsample_ratio * w)
    bh = np.exp(pred[:, :, 3]) * anchor[None, :, 1, None, None] * img_h / \
        dtype(downsample_ratio * h)
    boxes = np.stack([cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2], axis=-1)
    if clip_bbox:
        boxes = _clip_to_image(boxes, img_w, img_h)
    scores = conf[:, :, None] * paddle_sigmoid(pred[:, :, 5:])
    boxes = np.where(keep[..., None], boxes, dtype(0))
    scores = np.where(keep[:, :, None], scores, dtype(0))
    return (boxes.reshape(n, a * h * w, 4).astype(x.dtype),
            scores.transpose(0, 1, 3, 4, 2).reshape(n, a * h * w, class_num).astype(x.dtype))


def _clip_to_image(boxes, img_w, img_h):
    x1 = np.where(boxes[..., 0] > 0, boxes[..., 0], 0)
    y1 = np.where(boxes[..., 1] > 0, boxes[..., 1], 0)
    x2 = np.where(boxes[..., 2] < img_w - 1, boxes[..., 2], img_w - 1)
    y2 = np.where(boxes[..., 3] < img_h - 1, boxes[..., 3], img_h - 1)
    return np.stack([x1, y1, x2, y2], axis=-1)


yolo_box.no_grad("Paddle defines no gradient for yolo_box")
