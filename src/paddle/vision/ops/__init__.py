"""`paddle.vision.ops`: detection and vision-specific operators and layers."""
from .boxes import box_coder, prior_box, yolo_box
from .conv_norm import ConvNormActivation  # noqa: F401
from .deform import DeformConv2D, deform_conv2d
from .image_io import decode_jpeg, read_file
from .losses import yolo_loss
from .nms import matrix_nms, nms
from .proposals import distribute_fpn_proposals, generate_proposals
from .roi import PSRoIPool, RoIAlign, RoIPool, psroi_pool, roi_align, roi_pool

__all__ = [
           "DeformConv2D",
           "PSRoIPool",
           "RoIAlign",
           "RoIPool",
           "box_coder",
           "decode_jpeg",
           "deform_conv2d",
           "distribute_fpn_proposals",
           "generate_proposals",
           "matrix_nms",
           "nms",
           "prior_box",
           "psroi_pool",
           "read_file",
           "roi_align",
           "roi_pool",
           "yolo_box",
           "yolo_loss",
]
