"""Goldens for paddle.vision.ops (and the multiclass_nms3 op) from real Paddle.

Run with real Paddle's interpreter from a folder where our src/paddle is not importable:

    cd /tmp && env -u PYTHONPATH /work/main/.venv-ref/bin/python \
        /work/main/tools/make_vision_ops_fixtures.py

Writes tests/fixtures/vision_ops/vision_ops.npz, and a small YOLOv3 training head saved as a
PIR and as a legacy program (yolo_loss_program/{pir,legacy}/model.*, io_{pir,legacy}.npz:
inputs arr_0..3, then the loss; the legacy half runs in a child process with
FLAGS_enable_pir_api=0, which must be set before import). Each case `name` stores `name/fn` (the
function: a paddle.vision.ops name or `_C_ops.multiclass_nms3`), `name/args` (JSON: the names
of the tensors passed by position and by keyword, further positional values, keyword
arguments), `name/in/<arg>` (inputs),
`name/out/<i>` (outputs; absent for None) and, for differentiable cases, `name/seed` (the
upstream gradient of output 0) and `name/grad/<arg>` (Paddle's gradients).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np

import paddle

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures",
                   "vision_ops", "vision_ops.npz")
RNG = np.random.default_rng(2024)
STORE: dict = {}


def boxes(shape, scale=1.0):
    corner = RNG.uniform(0, 0.6, shape + (2,))
    size = RNG.uniform(0.1, 0.5, shape + (2,))
    return (np.concatenate([corner, corner + size], -1) * scale).astype("float32")


def rand(*shape, low=0.0, high=1.0, dtype="float32"):
    return RNG.uniform(low, high, shape).astype(dtype)


def _function(fn):
    if fn.startswith("_C_ops."):
        return getattr(paddle._C_ops, fn.split(".")[1])
    return getattr(paddle.vision.ops, fn)


def case(name, fn, tensors: dict, kw_tensors=None, grad=(), positional=None, **kwargs):
    """Run fn(*tensors, *positional, **kw_tensors, **kwargs) under Paddle; store the inputs,
    outputs (a list output i as i.0, i.1, ...) and the gradients of output 0 for `grad`."""
    kw_tensors = kw_tensors or {}
    inputs = {k: None if v is None else paddle.to_tensor(v)
              for k, v in {**tensors, **kw_tensors}.items()}
    for key in grad:
        inputs[key].stop_gradient = False
    outs = _function(fn)(*[inputs[k] for k in tensors], *(positional or ()),
                         **{k: inputs[k] for k in kw_tensors}, **kwargs)
    outs = list(outs) if isinstance(outs, (list, tuple)) else [outs]
    STORE[f"{name}/fn"] = np.array(fn)
    STORE[f"{name}/args"] = np.array(json.dumps({"tensors": list(tensors),
                                                 "kw_tensors": list(kw_tensors),
                                                 "positional": positional or [],
                                                 "kwargs": kwargs}))
    for key, value in {**tensors, **kw_tensors}.items():
        if value is not None:
            STORE[f"{name}/in/{key}"] = value
    for i, out in enumerate(outs):
        if isinstance(out, (list, tuple)):
            for j, part in enumerate(out):
                STORE[f"{name}/out/{i}.{j}"] = part.numpy()
        elif out is not None:
            STORE[f"{name}/out/{i}"] = out.numpy()
    if grad:
        seed = rand(*outs[0].shape, low=-1, high=1, dtype=outs[0].numpy().dtype)
        (outs[0] * paddle.to_tensor(seed)).sum().backward()
        STORE[f"{name}/seed"] = seed
        for key in grad:
            STORE[f"{name}/grad/{key}"] = inputs[key].grad.numpy()


def nms_cases():
    b = boxes((12,), 20.0)
    s = rand(12)
    cats = RNG.integers(0, 3, 12).astype("int64")
    case("nms_plain", "nms", {"boxes": b}, iou_threshold=0.3)
    case("nms_scores", "nms", {"boxes": b}, {"scores": s}, iou_threshold=0.4)
    case("nms_categories", "nms", {"boxes": b}, {"scores": s, "category_idxs": cats},
         iou_threshold=0.3, categories=[0, 1, 2])
    case("nms_categories_topk", "nms", {"boxes": b}, {"scores": s, "category_idxs": cats},
         iou_threshold=0.3, categories=[0, 1, 2], top_k=4)
    case("nms_duplicates", "nms", {"boxes": np.repeat(boxes((3,), 10.0), 2, axis=0)},
         iou_threshold=0.5)
    crowd = boxes((300,), 60.0)  # many overlaps, chains of suppression
    case("nms_crowd", "nms", {"boxes": crowd}, {"scores": rand(300)}, iou_threshold=0.5)
    case("nms_crowd_low_threshold", "nms", {"boxes": crowd}, iou_threshold=0.1)
    # equal scores: argsort's order, and with top_k topk's (they differ among equals)
    tied = np.round(rand(20) * 3).astype("float32") / 3
    apart = np.array([[30 * i, 0, 30 * i + 10, 10] for i in range(20)], "float32")
    some = np.concatenate([apart[:10], boxes((10,), 40.0)])
    case("nms_ties", "nms", {"boxes": some}, {"scores": tied}, iou_threshold=0.3)
    case("nms_ties_categories_topk", "nms", {"boxes": apart},
         {"scores": tied, "category_idxs": np.arange(20).astype("int64") % 3},
         iou_threshold=0.3, categories=[0, 1, 2], top_k=9)


def multiclass_cases():
    b = boxes((2, 10))
    s = rand(2, 3, 10)
    tied = s.copy()
    tied[:, :, 5:] = tied[:, :, :5]  # equal scores: the stable order decides
    args = {"score_threshold": 0.3, "nms_top_k": 6, "keep_top_k": 8, "nms_threshold": 0.5,
            "normalized": True, "nms_eta": 1.0, "background_label": 0}
    op = "_C_ops.multiclass_nms3"

    def mc(name, bb, ss, rois_num=None, **changes):
        case(name, op, {"bboxes": bb, "scores": ss, "rois_num": rois_num},
             positional=list({**args, **changes}.values()))

    mc("mc_batch", b, s)
    mc("mc_ties", b, tied)
    mc("mc_no_background", b, s, background_label=-1, keep_top_k=-1, nms_top_k=-1)
    mc("mc_unnormalized", boxes((2, 10), 40.0), s, normalized=False, score_threshold=0.1)
    mc("mc_none_kept", b, s, score_threshold=0.999)
    mc("mc_crowd", boxes((2, 250), 80.0), rand(2, 4, 250), normalized=False, nms_top_k=200,
       keep_top_k=300, score_threshold=0.2, nms_threshold=0.45)
    # zero-size boxes: two equal points overlap 0 / 0 (NaN), which suppresses; inverted ones
    odd = np.array([[[0.2, 0.2, 0.2, 0.2], [0.2, 0.2, 0.2, 0.2], [0.5, 0.5, 0.5, 0.6],
                     [0.5, 0.5, 0.5, 0.6], [0.7, 0.7, 0.6, 0.6], [0.1, 0.1, 0.9, 0.9],
                     [0.1, 0.1, 0.9, 0.9], [0.3, 0.3, 0.4, 0.4]]], "float32")
    mc("mc_degenerate", odd, rand(1, 2, 8), score_threshold=0.0, nms_threshold=0.0)
    mc("mc_degenerate_pixels", odd * 10, rand(1, 2, 8), normalized=False, score_threshold=0.0)
    mc("mc_zero_size", odd[:, [0, 1, 2, 3, 5, 6, 7]], rand(1, 2, 7), score_threshold=0.0)
    mc("mc_eta", boxes((1, 16)), rand(1, 2, 16), nms_eta=0.8, nms_threshold=0.7,
       score_threshold=0.05, keep_top_k=-1, nms_top_k=-1)
    lod_boxes = np.repeat(boxes((7,))[:, None, :], 3, axis=1) + rand(7, 3, 4, high=0.02)
    mc("mc_rois_num", lod_boxes.astype("float32"), rand(7, 3), np.array([4, 0, 3], "int32"),
       keep_top_k=5)


def rotated_rects(count, scale=1.0):
    """Quads [x1, y1, ..., x4, y4]: rectangles turned by random angles (text-detector boxes)."""
    center = RNG.uniform(0.3, 0.7, (count, 1, 2))
    half = RNG.uniform(0.03, 0.2, (count, 1, 2)) * np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]])
    angle = RNG.uniform(0, np.pi, (count, 1))
    cos, sin = np.cos(angle), np.sin(angle)
    turned = np.stack([half[..., 0] * cos - half[..., 1] * sin,
                       half[..., 0] * sin + half[..., 1] * cos], -1)
    return ((center + turned) * scale).reshape(count, 8).astype("float32")


def stars(count, points):
    """Simple polygons: points at sorted angles and random radii around a center."""
    angle = np.sort(RNG.uniform(0, 2 * np.pi, (count, points)), 1)
    radius = RNG.uniform(0.05, 0.3, (count, points))
    center = RNG.uniform(0.3, 0.7, (count, 1, 2))
    ring = np.stack([radius * np.cos(angle), radius * np.sin(angle)], -1)
    return (center + ring).reshape(count, 2 * points).astype("float32")


def crossed_quads(count):
    """Quads of random corners: many cross themselves (bow-ties)."""
    return RNG.uniform(0.2, 0.8, (count, 8)).astype("float32")


SQUARE = [0.2, 0.2, 0.6, 0.2, 0.6, 0.6, 0.2, 0.6]
ODD_QUADS = np.array([  # degenerate and self-intersecting quads
    SQUARE, SQUARE[2:] + SQUARE[:2], SQUARE[::-1], [0.1, 0.1, 0.3, 0.3, 0.5, 0.5, 0.7, 0.7],
    [0.3, 0.3] * 4, [0.2, 0.2, 0.6, 0.2, 0.6, 0.2, 0.2, 0.6], [0.6, 0.2, 1.0, 0.2, 1.0, 0.6,
                                                              0.6, 0.6],
    [0.3, 0.3, 0.5, 0.3, 0.5, 0.5, 0.3, 0.5], [0.4, 0.2, 0.8, 0.2, 0.8, 0.5, 0.4, 0.5],
    [0.2, 0.2, 0.7, 0.6, 0.7, 0.2, 0.2, 0.4], [0.2, 0.2, 0.6, 0.6, 0.6, 0.2, 0.2, 0.6],
    [0.2, 0.2, 0.8, 0.5, 0.2, 0.8, 0.4, 0.5]], "float32")


def polygon_cases():
    """multiclass_nms3 on polygon boxes: PolyIoU decides (the normalized flag is unused)."""
    args = {"score_threshold": 0.05, "nms_top_k": -1, "keep_top_k": -1, "nms_threshold": 0.3,
            "normalized": True, "nms_eta": 1.0, "background_label": -1}

    def mc(name, bb, ss, **changes):
        case(name, "_C_ops.multiclass_nms3", {"bboxes": bb, "scores": ss, "rois_num": None},
             positional=list({**args, **changes}.values()))

    quads = rotated_rects(60).reshape(2, 30, 8)
    mc("mc_poly_quads", quads, rand(2, 3, 30), nms_threshold=0.2, keep_top_k=25)
    mc("mc_poly_quads_pixels", quads * 640, rand(2, 2, 30), normalized=False, nms_top_k=20)
    mc("mc_poly_quads_eta", quads[:1], rand(1, 2, 30), nms_eta=0.7, nms_threshold=0.6)
    for points in (8, 12, 16):
        mc(f"mc_poly_{points}_points", stars(40, points)[None], rand(1, 2, 40),
           nms_threshold=0.25)
    mc("mc_poly_odd_quads", ODD_QUADS[None], rand(1, 2, len(ODD_QUADS)), nms_threshold=0.1)
    mc("mc_poly_crossed_quads", crossed_quads(40)[None], rand(1, 2, 40), nms_threshold=0.35)


def polygon_iou_goldens():
    """Paddle's polygon IoU of pairs, read off multiclass_nms3: the second of two boxes
    survives exactly when IoU <= nms_threshold, so bisecting the threshold over the ordered
    float32 values finds the IoU (NaN where no threshold keeps it)."""
    pairs = np.concatenate([
        np.stack([rotated_rects(40), rotated_rects(40)], 1),
        np.stack([ODD_QUADS, np.roll(ODD_QUADS, 1, 0)], 1), np.stack([ODD_QUADS] * 2, 1),
        np.stack([crossed_quads(30), crossed_quads(30)], 1)])
    many = {points: np.stack([stars(20, points), stars(20, points)], 1) for points in (8, 12, 16)}
    out = {"quads": pairs, **{f"points_{k}": v for k, v in many.items()}}
    for key, value in list(out.items()):
        out[f"{key}_iou"] = np.array([_paddle_iou(pair) for pair in value])
    np.savez_compressed(os.path.join(os.path.dirname(OUT), "polygon_iou.npz"), **out)


def _ordered(value):
    bits = int(np.float32(value).view(np.int32))
    return bits if bits >= 0 else -(bits & 0x7FFFFFFF)


def _from_ordered(key):
    return float(np.int32(key if key >= 0 else (-key) | -0x80000000).view(np.float32))


def _paddle_iou(pair):
    def kept(threshold):
        _, _, num = paddle._C_ops.multiclass_nms3(
            paddle.to_tensor(pair[None]), paddle.to_tensor(np.array([[[0.9, 0.8]]], "float32")),
            None, 0.0, -1, -1, threshold, True, 1.0, -1)
        return int(num.numpy()[0]) == 2
    low, high = _ordered(-1e30), _ordered(1e30)
    if not kept(_from_ordered(high)):
        return np.nan
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (low, middle) if kept(_from_ordered(middle)) else (middle, high)
    return _from_ordered(high)


def matrix_cases():
    b = boxes((2, 10))
    s = rand(2, 3, 10)
    base = {"score_threshold": 0.2, "post_threshold": 0.1, "nms_top_k": 8, "keep_top_k": 6}
    case("matrix_linear", "matrix_nms", {"bboxes": b, "scores": s}, **base,
         return_index=True)
    case("matrix_gaussian", "matrix_nms", {"bboxes": b, "scores": s}, **base,
         use_gaussian=True, gaussian_sigma=2.0, background_label=-1)
    case("matrix_unnormalized", "matrix_nms", {"bboxes": b * 40, "scores": s},
         score_threshold=0.3, post_threshold=0.2, nms_top_k=-1, keep_top_k=-1,
         normalized=False, return_index=True, return_rois_num=False)
    case("matrix_none_kept", "matrix_nms", {"bboxes": b, "scores": s},
         score_threshold=0.999, post_threshold=0.1, nms_top_k=8, keep_top_k=6)


def box_cases():
    prior = boxes((5,), 10.0)
    var = rand(5, 4, low=0.1, high=0.3)
    target = boxes((3,), 10.0)
    deltas = rand(3, 5, 4, low=-0.5, high=0.5)
    case("coder_encode_var", "box_coder", {"prior_box": prior, "prior_box_var": var,
                                           "target_box": target})
    case("coder_encode_list", "box_coder", {"prior_box": prior}, {"target_box": target},
         prior_box_var=[0.1, 0.1, 0.2, 0.2], box_normalized=False)
    case("coder_decode_axis0", "box_coder", {"prior_box": prior, "prior_box_var": var,
                                             "target_box": deltas},
         code_type="decode_center_size")
    case("coder_decode_axis1", "box_coder",
         {"prior_box": prior[:3], "prior_box_var": var[:3], "target_box": deltas},
         code_type="decode_center_size", axis=1, box_normalized=False)
    feat, image = rand(1, 2, 3, 4), rand(1, 3, 12, 16)
    case("prior_default", "prior_box", {"input": feat, "image": image}, min_sizes=[2.0, 4.0])
    case("prior_full", "prior_box", {"input": feat, "image": image}, min_sizes=[2.0, 5.0],
         max_sizes=[4.0, 8.0], aspect_ratios=[2.0, 3.0], flip=True, clip=True,
         steps=[4.0, 4.0], offset=0.3, variance=[0.1, 0.2, 0.3, 0.4])
    case("prior_caffe_order", "prior_box", {"input": feat, "image": image}, min_sizes=[3.0],
         max_sizes=[6.0], aspect_ratios=[1.0, 2.0], flip=True,
         min_max_aspect_ratios_order=True)
    x = rand(2, 2 * 7, 3, 4, low=-3, high=3)
    size = np.array([[48, 64], [30, 40]], "int32")
    anchors = [10, 13, 16, 30]
    case("yolo_clip", "yolo_box", {"x": x, "img_size": size}, anchors=anchors, class_num=2,
         conf_thresh=0.3, downsample_ratio=16)
    case("yolo_scale_noclip", "yolo_box", {"x": x, "img_size": size}, anchors=anchors,
         class_num=2, conf_thresh=0.2, downsample_ratio=16, clip_bbox=False, scale_x_y=1.05)
    iou_x = rand(2, 2 * 8, 3, 4, low=-3, high=3)
    case("yolo_iou_aware", "yolo_box", {"x": iou_x, "img_size": size}, anchors=anchors,
         class_num=2, conf_thresh=0.1, downsample_ratio=16, iou_aware=True,
         iou_aware_factor=0.4)


def proposal_cases():
    a, h, w = 3, 4, 5
    anchors = np.concatenate([rand(h, w, a, 2, high=20), rand(h, w, a, 2, high=20) + 6], -1)
    variances = rand(h, w, a, 4, low=0.5, high=1.0)
    scores = rand(2, a, h, w)
    deltas = rand(2, 4 * a, h, w, low=-0.3, high=0.3)
    img = np.array([[30.0, 32.0], [24.0, 28.0]], "float32")
    tensors = {"scores": scores, "bbox_deltas": deltas, "img_size": img, "anchors": anchors,
               "variances": variances}
    case("proposals_default", "generate_proposals", tensors, pre_nms_top_n=40,
         post_nms_top_n=10, return_rois_num=True)
    case("proposals_pixel_offset", "generate_proposals", tensors, pre_nms_top_n=100,
         post_nms_top_n=8, nms_thresh=0.6, min_size=2.0, pixel_offset=True,
         return_rois_num=True)
    case("proposals_none_left", "generate_proposals", tensors, min_size=100.0,
         return_rois_num=True)
    rois = np.concatenate([boxes((5,), 300.0), boxes((4,), 40.0)])
    case("fpn_two_images", "distribute_fpn_proposals", {"fpn_rois": rois},
         {"rois_num": np.array([5, 4], "int32")}, min_level=2, max_level=5, refer_level=4,
         refer_scale=56, pixel_offset=True)


def roi_cases():
    x = rand(2, 3, 9, 10, low=-1, high=1)
    rois = np.concatenate([boxes((3,), 9.0), boxes((2,), 18.0)])
    num = np.array([3, 2], "int32")
    tensors = {"x": x, "boxes": rois, "boxes_num": num}
    case("align_default", "roi_align", tensors, grad=("x",), output_size=3)
    case("align_unaligned_ratio2", "roi_align", tensors, grad=("x",), output_size=(2, 3),
         spatial_scale=0.5, sampling_ratio=2, aligned=False)
    case("align_int64_num", "roi_align", {**tensors, "boxes_num": num.astype("int64")},
         output_size=2, spatial_scale=0.8)
    # zero-size and sub-cell boxes: NaN forward (aligned, no samples), Paddle's backward
    tiny = np.array([[2, 2, 2, 2], [3, 1, 3, 6], [1.2, 1.5, 1.6, 1.9], [4, 4, 7, 5.5],
                     [0.5, 6, 4, 6]], "float32")
    tiny_in = {"x": x, "boxes": tiny, "boxes_num": np.array([3, 2], "int32")}
    case("align_zero_size", "roi_align", tiny_in, grad=("x",), output_size=2)
    case("align_zero_size_ratio2", "roi_align", tiny_in, grad=("x",), output_size=(2, 3),
         sampling_ratio=2)
    case("align_zero_size_unaligned", "roi_align", tiny_in, grad=("x",), output_size=2,
         spatial_scale=0.7, aligned=False)
    case("pool_default", "roi_pool", tensors, grad=("x",), output_size=3)
    case("pool_scaled", "roi_pool", tensors, grad=("x",), output_size=(2, 4),
         spatial_scale=0.5)
    ps_x = rand(2, 2 * 4, 8, 8, low=-1, high=1)
    case("psroi_default", "psroi_pool", {"x": ps_x, "boxes": rois, "boxes_num": num},
         grad=("x",), output_size=2)
    case("psroi_scaled", "psroi_pool", {"x": ps_x, "boxes": rois, "boxes_num": num},
         grad=("x",), output_size=(2, 2), spatial_scale=0.6)


def deform_cases():
    x = rand(2, 4, 6, 7, low=-1, high=1)
    weight = rand(6, 4, 3, 3, low=-0.5, high=0.5)
    bias = rand(6)
    offset = rand(2, 18, 4, 5, low=-1.5, high=1.5)
    mask = rand(2, 9, 4, 5)
    case("deform_v1", "deform_conv2d", {"x": x, "offset": offset, "weight": weight,
                                        "bias": bias}, grad=("x", "offset", "weight", "bias"))
    case("deform_v2", "deform_conv2d", {"x": x, "offset": offset, "weight": weight,
                                        "bias": bias}, {"mask": mask},
         grad=("x", "offset", "weight", "mask"))
    grouped = {"x": x, "offset": rand(2, 2 * 2 * 9, 3, 3, low=-2, high=2),
               "weight": rand(6, 2, 3, 3, low=-0.5, high=0.5)}
    case("deform_groups", "deform_conv2d", grouped, grad=("x", "offset", "weight"), stride=2,
         padding=1, dilation=(1, 2), deformable_groups=2, groups=2)


def yolo_gts(images, count, dtype="float32"):
    """Ground truths (center x, center y, w, h) inside the image, the last row padding."""
    gt = np.concatenate([RNG.uniform(0.05, 0.95, (images, count, 2)),
                         RNG.uniform(0.05, 0.6, (images, count, 2))], -1).astype(dtype)
    gt[:, -1] = 0
    return gt


def yolo_cases():
    anchors = [10, 13, 16, 30, 33, 23, 30, 61, 62, 45]
    x = rand(2, 3 * 8, 5, 5, low=-2, high=2)
    gt, labels = yolo_gts(2, 5), RNG.integers(0, 3, (2, 5)).astype("int32")
    gt[1, 1] = gt[1, 0]  # two gts in one cell and anchor: the later one's gradient wins
    tensors = {"x": x, "gt_box": gt, "gt_label": labels}
    # every anchor in the mask: each real gt trains a prediction
    common = {"anchors": anchors[:6], "anchor_mask": [0, 1, 2], "class_num": 3,
              "downsample_ratio": 8}
    case("yolo_loss_smooth", "yolo_loss", tensors, grad=("x",), ignore_thresh=0.7, **common)
    case("yolo_loss_no_smooth", "yolo_loss", tensors, grad=("x",), ignore_thresh=0.5,
         use_label_smooth=False, **common)
    case("yolo_loss_ignored", "yolo_loss", tensors, grad=("x",), ignore_thresh=0.05,
         **common)
    case("yolo_loss_score_scale", "yolo_loss", tensors, {"gt_score": rand(2, 5)},
         grad=("x",), ignore_thresh=0.4, scale_x_y=1.2, **common)
    empty = np.zeros_like(gt)
    empty[0, :2] = gt[0, :2]
    case("yolo_loss_padding_rows", "yolo_loss", {**tensors, "gt_box": empty}, grad=("x",),
         ignore_thresh=0.6, **common)
    case("yolo_loss_no_gts", "yolo_loss", {"x": x, "gt_box": np.zeros((2, 0, 4), "float32"),
                                           "gt_label": np.zeros((2, 0), "int32")},
         grad=("x",), ignore_thresh=0.7, **common)
    x64 = rand(1, 3 * 6, 4, 4, low=-2, high=2, dtype="float64")
    case("yolo_loss_float64", "yolo_loss",
         {"x": x64, "gt_box": yolo_gts(1, 4, "float64"),
          "gt_label": np.zeros((1, 4), "int32")}, grad=("x",), anchors=anchors,
         anchor_mask=[0, 3, 4], class_num=1, ignore_thresh=0.3, downsample_ratio=32,
         scale_x_y=1.05)


def save_yolo_program(kind: str) -> None:
    """jit.save a conv + yolo_loss layer (legacy op yolov3_loss, PIR op yolo_loss)."""
    class Head(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.conv = paddle.nn.Conv2D(3, 3 * 7, 1)

        def forward(self, image, gt_box, gt_label, gt_score):
            return paddle.vision.ops.yolo_loss(
                self.conv(image), gt_box, gt_label, [10, 13, 16, 30, 33, 23], [0, 1, 2], 2,
                0.5, 8, gt_score=gt_score, scale_x_y=1.1)

    paddle.seed(0)
    layer = Head()
    inputs = [rand(2, 3, 4, 4, low=-1, high=1), yolo_gts(2, 3),
              RNG.integers(0, 2, (2, 3)).astype("int32"), rand(2, 3)]
    specs = [paddle.static.InputSpec([None, 3, 4, 4], "float32"),
             paddle.static.InputSpec([None, 3, 4], "float32"),
             paddle.static.InputSpec([None, 3], "int32"),
             paddle.static.InputSpec([None, 3], "float32")]
    loss = layer(*[paddle.to_tensor(a) for a in inputs])
    folder = os.path.join(os.path.dirname(OUT), "yolo_loss_program")
    paddle.jit.save(layer, os.path.join(folder, kind, "model"), input_spec=specs)
    np.savez(os.path.join(folder, f"io_{kind}.npz"), *inputs, loss.numpy())


def main():
    if sys.argv[1:] == ["--legacy-program"]:
        save_yolo_program("legacy")
        return
    save_yolo_program("pir")
    subprocess.run([sys.executable, os.path.abspath(__file__), "--legacy-program"],
                   env={**os.environ, "FLAGS_enable_pir_api": "0"}, check=True)
    nms_cases()
    polygon_cases()
    polygon_iou_goldens()
    yolo_cases()
    multiclass_cases()
    matrix_cases()
    box_cases()
    proposal_cases()
    roi_cases()
    deform_cases()
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    np.savez_compressed(OUT, **STORE)
    print(f"wrote {len(STORE)} arrays to {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()
