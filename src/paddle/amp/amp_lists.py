"""Paddle 3.3's mixed-precision op lists, as data (`paddle.amp.amp_lists`).

Names are Paddle's operator names (the legacy spellings: `matmul_v2`, `elementwise_add`,
`reduce_sum`), which is what auto_cast matches against; `_op_names` maps Feijiang's registry
names onto them. White-listed ops compute in the low-precision dtype; black-listed ops in
float32; any other op follows its inputs (see `_policy`).
"""
from __future__ import annotations

# Numerically safe and performance-critical: always computed in float16/bfloat16.
WHITE_LIST = {
    "conv2d", "einsum", "matmul", "matmul_v2", "linear_v2", "max_pool2d_with_index", "mul",
    "fused_gemm_epilogue", "fused_rotary_position_embedding", "flash_attn",
}

# White only for float16 (no bfloat16 kernels).
ONLY_FP16_WHITE_LIST = {
    "fake_quantize_dequantize_abs_max", "fake_quantize_dequantize_moving_average_abs_max",
    "fused_attention", "fused_feedforward",
}

FP16_WHITE_LIST = WHITE_LIST | ONLY_FP16_WHITE_LIST

# Numerically dangerous in float16 (overflow, loss of precision in reductions): float32.
FP16_BLACK_LIST = {
    "tan", "acos", "asin", "sinh", "cosh", "atanh", "tanh_shrink", "erfinv", "exp", "expm1",
    "log", "log10", "log2", "reciprocal", "rsqrt", "pow", "square", "reduce_sum", "mean",
    "reduce_mean", "reduce_prod", "cumprod", "cumsum", "dist", "pnorm", "frobenius_norm",
    "renorm", "group_norm", "layer_norm", "softmax", "softmin", "softplus", "log_softmax",
    "softmax_with_cross_entropy", "sigmoid_cross_entropy_with_logits",
    "c_softmax_with_cross_entropy", "c_softmax_with_multi_label_cross_entropy", "cross_entropy",
    "cross_entropy2", "nll_loss", "huber_loss", "triplet_margin_loss", "log_loss",
    "hsigmoid_loss", "margin_cross_entropy",
}

# Their low-precision gradient kernels are slower than float32 ones: float32 at O1 and O2.
EXTRA_BLACK_LIST = {
    "linear_interp_v2", "nearest_interp_v2", "bilinear_interp_v2", "bicubic_interp_v2",
    "trilinear_interp_v2", "lookup_table", "lookup_table_v2", "scatter",
}

BF16_WHITE_LIST = WHITE_LIST
BF16_BLACK_LIST = FP16_BLACK_LIST


def white_list() -> dict[str, dict[str, set[str]]]:
    """{dtype: {level: ops computed in the low-precision dtype}}; OD computes only these in low
    precision and everything else in float32."""
    return {
        "float16": {"OD": FP16_WHITE_LIST, "O1": FP16_WHITE_LIST, "O2": FP16_WHITE_LIST},
        "bfloat16": {"OD": BF16_WHITE_LIST, "O1": BF16_WHITE_LIST, "O2": BF16_WHITE_LIST},
    }


def black_list() -> dict[str, dict[str, set[str]]]:
    """{dtype: {level: ops kept in float32}}; O2 keeps only the extra list in float32."""
    return {
        "float16": {"OD": set(), "O1": FP16_BLACK_LIST | EXTRA_BLACK_LIST,
                    "O2": EXTRA_BLACK_LIST},
        "bfloat16": {"OD": set(), "O1": BF16_BLACK_LIST | EXTRA_BLACK_LIST,
                     "O2": EXTRA_BLACK_LIST},
    }
