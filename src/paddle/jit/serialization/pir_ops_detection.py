"""PIR converters for the detection ops (`pd_op.multiclass_nms3`, `pd_op.roi_align`, …): the
operands arrive in the op's declared order and attributes by name."""
from __future__ import annotations

from ..._core.ops.registry import REGISTRY
from .op_map import Call, pir_op


@pir_op("multiclass_nms3")
def _multiclass_nms3(c: Call):
    bboxes, scores, rois_num = (list(c.ins) + [None])[:3]
    return REGISTRY["multiclass_nms3"](
        bboxes, scores, rois_num, c.attr("score_threshold"), c.attr("nms_top_k"),
        c.attr("keep_top_k"), c.attr("nms_threshold", 0.3), c.attr("normalized", True),
        c.attr("nms_eta", 1.0), c.attr("background_label", 0))
