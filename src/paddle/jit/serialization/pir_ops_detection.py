"""PIR converters for the detection ops (`pd_op.multiclass_nms3`, `pd_op.roi_align`, …): the
operands arrive in the op's declared order and attributes by name."""
from __future__ import annotations

from ..._core.ops.registry import REGISTRY
from ...vision.ops import deform_conv2d, psroi_pool, roi_align, roi_pool
from .legacy_ops_detection import prior_box_attrs, yolo_box_attrs, yolo_loss_attrs
from .op_map import Call, pir_op


@pir_op("multiclass_nms3")
def _multiclass_nms3(c: Call):
    bboxes, scores, rois_num = (list(c.ins) + [None])[:3]
    return REGISTRY["multiclass_nms3"](
        bboxes, scores, rois_num, c.attr("score_threshold"), c.attr("nms_top_k"),
        c.attr("keep_top_k"), c.attr("nms_threshold", 0.3), c.attr("normalized", True),
        c.attr("nms_eta", 1.0), c.attr("background_label", 0))


@pir_op("matrix_nms")
def _matrix_nms(c: Call):
    return REGISTRY["matrix_nms"](
        c.ins[0], c.ins[1], c.attr("score_threshold"), c.attr("nms_top_k"),
        c.attr("keep_top_k"), c.attr("post_threshold", 0.0), c.attr("use_gaussian", False),
        c.attr("gaussian_sigma", 2.0), c.attr("background_label", 0),
        c.attr("normalized", True))


@pir_op("box_coder")
def _box_coder(c: Call):
    prior, var, target = c.ins
    return REGISTRY["box_coder"](prior, var, target, c.attr("code_type", "encode_center_size"),
                                 c.attr("box_normalized", True), c.attr("axis", 0),
                                 tuple(c.attr("variance") or ()))


@pir_op("prior_box")
def _prior_box(c: Call):
    return REGISTRY["prior_box"](c.ins[0], c.ins[1], *prior_box_attrs(c))


@pir_op("yolo_box")
def _yolo_box(c: Call):
    return REGISTRY["yolo_box"](c.ins[0], c.ins[1], *yolo_box_attrs(c))


@pir_op("yolo_loss")
def _yolo_loss(c: Call):
    x, gt_box, gt_label, gt_score = (list(c.ins) + [None])[:4]
    loss = REGISTRY["yolo_loss"](x, gt_box, gt_label, gt_score, *yolo_loss_attrs(c))
    return loss, None, None


def _pooled(c: Call) -> tuple:
    return c.attr("pooled_height", 1), c.attr("pooled_width", 1)


@pir_op("roi_align")
def _roi_align(c: Call):
    x, boxes, boxes_num = (list(c.ins) + [None])[:3]
    return roi_align(x, boxes, boxes_num, _pooled(c), c.attr("spatial_scale", 1.0),
                     c.attr("sampling_ratio", -1), c.attr("aligned", False))


@pir_op("roi_pool")
def _roi_pool(c: Call):
    x, boxes, boxes_num = (list(c.ins) + [None])[:3]
    out = roi_pool(x, boxes, boxes_num, _pooled(c), c.attr("spatial_scale", 1.0))
    return out, None


@pir_op("psroi_pool")
def _psroi_pool(c: Call):
    x, boxes, boxes_num = (list(c.ins) + [None])[:3]
    return psroi_pool(x, boxes, boxes_num, _pooled(c), c.attr("spatial_scale", 1.0))


@pir_op("generate_proposals")
def _generate_proposals(c: Call):
    return REGISTRY["generate_proposals"](
        *c.ins, c.attr("pre_nms_top_n", 6000), c.attr("post_nms_top_n", 1000),
        c.attr("nms_thresh", 0.5), c.attr("min_size", 0.1), c.attr("eta", 1.0),
        c.attr("pixel_offset", True))


@pir_op("distribute_fpn_proposals")
def _distribute_fpn_proposals(c: Call):
    levels = c.attr("max_level") - c.attr("min_level") + 1
    outs = REGISTRY["distribute_fpn_proposals"](
        c.ins[0], c.ins[1], c.attr("min_level"), c.attr("max_level"), c.attr("refer_level"),
        c.attr("refer_scale"), c.attr("pixel_offset", False))
    return list(outs[:levels]), list(outs[levels:-1]), outs[-1]


@pir_op("deformable_conv")
def _deformable_conv(c: Call):
    x, offset, weight, mask = (list(c.ins) + [None])[:4]
    return deform_conv2d(x, offset, weight, None, c.attr("strides"), c.attr("paddings"),
                         c.attr("dilations"), c.attr("deformable_groups", 1),
                         c.attr("groups", 1), mask)
