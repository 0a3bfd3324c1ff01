"""Legacy converters for the detection ops of PaddleDetection's exported programs:
multiclass_nms3, matrix_nms, box coding, anchors, proposals, RoI pooling and the YOLOv3
loss."""
from __future__ import annotations

from ..._core.ops.registry import REGISTRY
from ...vision.ops import deform_conv2d, psroi_pool, roi_align, roi_pool
from .legacy_ops import one
from .op_map import Call, legacy_op


@legacy_op("multiclass_nms3")
def _multiclass_nms3(c: Call):
    out, index, rois_num = REGISTRY["multiclass_nms3"](
        one(c, "BBoxes"), one(c, "Scores"), one(c, "RoisNum"), c.attr("score_threshold"),
        c.attr("nms_top_k"), c.attr("keep_top_k"), c.attr("nms_threshold", 0.3),
        c.attr("normalized", True), c.attr("nms_eta", 1.0), c.attr("background_label", 0))
    return {"Out": out, "Index": index, "NmsRoisNum": rois_num}


@legacy_op("matrix_nms")
def _matrix_nms(c: Call):
    out, index, rois_num = REGISTRY["matrix_nms"](
        one(c, "BBoxes"), one(c, "Scores"), c.attr("score_threshold"), c.attr("nms_top_k"),
        c.attr("keep_top_k"), c.attr("post_threshold", 0.0), c.attr("use_gaussian", False),
        c.attr("gaussian_sigma", 2.0), c.attr("background_label", 0),
        c.attr("normalized", True))
    return {"Out": out, "Index": index, "RoisNum": rois_num}


@legacy_op("box_coder")
def _box_coder(c: Call):
    return {"OutputBox": REGISTRY["box_coder"](
        one(c, "PriorBox"), one(c, "PriorBoxVar"), one(c, "TargetBox"),
        c.attr("code_type", "encode_center_size"), c.attr("box_normalized", True),
        c.attr("axis", 0), tuple(c.attr("variance") or ()))}


@legacy_op("prior_box")
def _prior_box(c: Call):
    boxes, variances = REGISTRY["prior_box"](one(c, "Input"), one(c, "Image"),
                                             *prior_box_attrs(c))
    return {"Boxes": boxes, "Variances": variances}


def prior_box_attrs(c: Call) -> tuple:
    return (tuple(c.attr("min_sizes")), tuple(c.attr("max_sizes") or ()),
            tuple(c.attr("aspect_ratios") or (1.0,)),
            tuple(c.attr("variances") or (0.1, 0.1, 0.2, 0.2)), c.attr("flip", False),
            c.attr("clip", False), c.attr("step_w", 0.0), c.attr("step_h", 0.0),
            c.attr("offset", 0.5), c.attr("min_max_aspect_ratios_order", False))


def yolo_box_attrs(c: Call) -> tuple:
    return (tuple(c.attr("anchors")), c.attr("class_num"), c.attr("conf_thresh"),
            c.attr("downsample_ratio"), c.attr("clip_bbox", True), c.attr("scale_x_y", 1.0),
            c.attr("iou_aware", False), c.attr("iou_aware_factor", 0.5))


@legacy_op("yolo_box")
def _yolo_box(c: Call):
    boxes, scores = REGISTRY["yolo_box"](one(c, "X"), one(c, "ImgSize"), *yolo_box_attrs(c))
    return {"Boxes": boxes, "Scores": scores}


def yolo_loss_attrs(c: Call) -> tuple:
    return (tuple(c.attr("anchors")), tuple(c.attr("anchor_mask")), c.attr("class_num"),
            c.attr("ignore_thresh"), c.attr("downsample_ratio"),
            c.attr("use_label_smooth", True), c.attr("scale_x_y", 1.0))


@legacy_op("yolov3_loss")
def _yolov3_loss(c: Call):
    """Only Loss: the objectness and match masks are the kernel's intermediates, which
    Paddle's API never returns (an op or fetch reading them finds no value and says so)."""
    return {"Loss": REGISTRY["yolo_loss"](one(c, "X"), one(c, "GTBox"), one(c, "GTLabel"),
                                          one(c, "GTScore"), *yolo_loss_attrs(c))}


@legacy_op("roi_align")
def _roi_align(c: Call):
    return {"Out": roi_align(one(c, "X"), one(c, "ROIs"), one(c, "RoisNum"),
                             (c.attr("pooled_height", 1), c.attr("pooled_width", 1)),
                             c.attr("spatial_scale", 1.0), c.attr("sampling_ratio", -1),
                             c.attr("aligned", False))}


@legacy_op("roi_pool")
def _roi_pool(c: Call):
    return {"Out": roi_pool(one(c, "X"), one(c, "ROIs"), one(c, "RoisNum"),
                            (c.attr("pooled_height", 1), c.attr("pooled_width", 1)),
                            c.attr("spatial_scale", 1.0))}


@legacy_op("psroi_pool")
def _psroi_pool(c: Call):
    return {"Out": psroi_pool(one(c, "X"), one(c, "ROIs"), one(c, "RoisNum"),
                              (c.attr("pooled_height", 1), c.attr("pooled_width", 1)),
                              c.attr("spatial_scale", 1.0))}


@legacy_op("generate_proposals_v2")
def _generate_proposals(c: Call):
    rois, probs, rois_num = REGISTRY["generate_proposals"](
        one(c, "Scores"), one(c, "BboxDeltas"), one(c, "ImShape"), one(c, "Anchors"),
        one(c, "Variances"), c.attr("pre_nms_topN", 6000), c.attr("post_nms_topN", 1000),
        c.attr("nms_thresh", 0.5), c.attr("min_size", 0.1), c.attr("eta", 1.0),
        c.attr("pixel_offset", True))
    return {"RpnRois": rois, "RpnRoiProbs": probs, "RpnRoisNum": rois_num}


@legacy_op("distribute_fpn_proposals")
def _distribute_fpn_proposals(c: Call):
    levels = c.attr("max_level") - c.attr("min_level") + 1
    outs = REGISTRY["distribute_fpn_proposals"](
        one(c, "FpnRois"), one(c, "RoisNum"), c.attr("min_level"), c.attr("max_level"),
        c.attr("refer_level"), c.attr("refer_scale"), c.attr("pixel_offset", False))
    return {"MultiFpnRois": outs[:levels], "MultiLevelRoIsNum": outs[levels:-1],
            "RestoreIndex": outs[-1]}


@legacy_op("deformable_conv", "deformable_conv_v1")
def _deformable_conv(c: Call):
    return {"Output": deform_conv2d(one(c, "Input"), one(c, "Offset"), one(c, "Filter"), None,
                                    c.attr("strides"), c.attr("paddings"), c.attr("dilations"),
                                    c.attr("deformable_groups", 1), c.attr("groups", 1),
                                    one(c, "Mask"))}
