"""Legacy converters for the detection ops of PaddleDetection's exported programs:
multiclass_nms3, matrix_nms, box coding, anchors, proposals and RoI pooling."""
from __future__ import annotations

from ..._core.ops.registry import REGISTRY
from .legacy_ops import one
from .op_map import Call, legacy_op


@legacy_op("multiclass_nms3")
def _multiclass_nms3(c: Call):
    out, index, rois_num = REGISTRY["multiclass_nms3"](
        one(c, "BBoxes"), one(c, "Scores"), one(c, "RoisNum"), c.attr("score_threshold"),
        c.attr("nms_top_k"), c.attr("keep_top_k"), c.attr("nms_threshold", 0.3),
        c.attr("normalized", True), c.attr("nms_eta", 1.0), c.attr("background_label", 0))
    return {"Out": out, "Index": index, "NmsRoisNum": rois_num}
