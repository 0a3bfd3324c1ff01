"""Which legacy operators Paddle's GPU build can run in float16 / bfloat16 — the facts Paddle's
mixed-precision pass reads from its kernel registry (a phi GPU or GPUDNN kernel, or a fluid GPU
kernel, registered for the data type). Feijiang has no such registry for Paddle's GPU kernels,
so the facts are written down here, from the kernel registrations in Paddle's sources.

An operator in none of the tables is treated as having no GPU kernel at all (like
multiclass_nms3, which Paddle runs on the CPU only): it stays float32, and so do the operators
that read its outputs. XPU and custom devices are given the GPU's tables."""
from __future__ import annotations

from .graph import BF16, FP16

_ACTIVATIONS = {
    "relu", "relu6", "leaky_relu", "sigmoid", "tanh", "hard_swish", "hard_sigmoid", "swish",
    "silu", "gelu", "elu", "mish", "softplus", "softsign", "sqrt", "rsqrt", "abs", "exp", "log",
    "square", "pow", "floor", "ceil", "round", "sin", "cos", "logsigmoid", "tanh_shrink",
    "reciprocal", "prelu", "erf", "sign",
}
_ELEMENTWISE = {
    "elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_div",
    "elementwise_max", "elementwise_min", "elementwise_pow", "equal", "not_equal", "less_than",
    "less_equal", "greater_than", "greater_equal", "where", "clip", "scale", "isnan",
}
_NETWORK = {
    "conv2d", "depthwise_conv2d", "conv3d", "conv2d_transpose", "depthwise_conv2d_transpose",
    "conv3d_transpose", "batch_norm", "layer_norm", "instance_norm",
    "group_norm", "pool2d", "pool3d", "matmul_v2", "mul", "softmax", "log_softmax", "dropout",
    "lookup_table_v2", "p_norm", "pixel_shuffle", "affine_channel",
}
_LAYOUT = {
    "reshape2", "reshape", "transpose2", "transpose", "squeeze2", "squeeze", "unsqueeze2",
    "unsqueeze", "flatten_contiguous_range", "flatten2", "flatten", "concat", "split", "slice",
    "strided_slice", "stack", "unstack", "gather", "gather_nd", "scatter", "expand_v2",
    "expand_as_v2", "tile", "pad3d", "flip", "roll", "shape", "assign", "cast", "fill_constant",
    "fill_any_like", "fill_constant_batch_size_like", "index_select", "top_k_v2", "arg_max",
    "arg_min", "argsort", "cumsum", "where_index", "shuffle_channel", "meshgrid", "set_value",
    "range",
}
_REDUCTIONS = {"reduce_mean", "reduce_sum", "reduce_max", "reduce_min", "reduce_prod"}

# float16 and bfloat16 kernels.
_HALF_AND_BFLOAT16 = _ACTIVATIONS | _ELEMENTWISE | _NETWORK | _LAYOUT | _REDUCTIONS
# float16 kernels only: the interpolations, and the legacy matmul.
_HALF_ONLY = {"nearest_interp_v2", "bilinear_interp_v2", "bicubic_interp_v2",
              "linear_interp_v2", "trilinear_interp_v2", "nearest_interp", "bilinear_interp",
              "matmul", "fc"}
# GPU kernels for float32 (and float64) only: the detection operators. sync_batch_norm is kept
# float32 too: Paddle's pass would store its statistics in low precision, which its kernels
# do not read.
_FLOAT32_ONLY = {"yolo_box", "prior_box", "box_coder", "roi_align", "roi_pool", "psroi_pool",
                 "generate_proposals_v2", "distribute_fpn_proposals", "grid_sampler",
                 "deformable_conv", "deformable_conv_v1", "sync_batch_norm",
                 # constants whose dtype attribute gives their type (PIR's full_int_array)
                 "assign_value", "full_int_array"}

# Paddle's default black list: numerically dangerous ops, and those slower in float16.
DEFAULT_BLACK_LIST = frozenset({
    "cast", "exp", "square", "log", "mean", "sum", "softmax_with_cross_entropy",
    "sigmoid_cross_entropy_with_logits", "c_softmax_with_cross_entropy", "cross_entropy",
    "cross_entropy2", "conv2d_transpose", "reduce_sum",
})


def has_low_precision_kernel(op_type: str, precision: int) -> bool:
    if precision == FP16 and op_type in _HALF_ONLY:
        return True
    return precision in (FP16, BF16) and op_type in _HALF_AND_BFLOAT16


def has_float32_kernel(op_type: str) -> bool:
    return (op_type in _HALF_AND_BFLOAT16 or op_type in _HALF_ONLY
            or op_type in _FLOAT32_ONLY)


# Inputs and outputs of normalization ops that stay float32 while the op runs in low precision
# (Paddle's InputVarsNotConvert / OutputVarsNotConvert), by op type and slot.
FLOAT32_INPUT_SLOTS = {
    "batch_norm": ("Bias", "Mean", "Scale", "Variance"),
    "layer_norm": ("Bias", "Scale"),
    "instance_norm": ("Bias", "Scale"),
    "fused_multi_transformer": ("LnScale", "LnBias", "FFNLnScale", "FFNLnBias"),
    "fused_bias_dropout_residual_layer_norm": ("LnScale", "LnBias"),
    "quantize_linear": ("Scale", "ZeroPoint"),
    "dequantize_linear": ("Scale", "ZeroPoint"),
    "tensorrt_engine": ("Xs",),
}
FLOAT32_OUTPUT_SLOTS = {
    "batch_norm": ("MeanOut", "VarianceOut", "SavedMean", "SavedVariance"),
    "layer_norm": ("Mean", "Variance"),
    "group_norm": ("Mean", "Variance"),
}
