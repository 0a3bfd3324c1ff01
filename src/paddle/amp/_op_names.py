"""Paddle's operator names for Feijiang's registry ops.

auto_cast's lists and the operator statistics speak Paddle's
legacy operator names (Paddle converts each kernel name with TransToFluidOpName before looking
it up; eager reshape keeps its name, as Paddle's operator statistics show). Registry ops whose
name already is Paddle's are not listed.
"""
from __future__ import annotations

PADDLE_NAMES = {
    "add": "elementwise_add", "subtract": "elementwise_sub", "multiply": "elementwise_mul",
    "divide": "elementwise_div", "maximum": "elementwise_max", "minimum": "elementwise_min",
    "floor_divide": "elementwise_floordiv", "remainder": "elementwise_mod",
    "fmax": "elementwise_fmax", "fmin": "elementwise_fmin",
    "heaviside": "elementwise_heaviside", "matmul": "matmul_v2", "add_n": "sum",
    "sum": "reduce_sum", "mean": "reduce_mean", "prod": "reduce_prod", "max": "reduce_max",
    "min": "reduce_min", "amax": "reduce_amax", "amin": "reduce_amin", "all": "reduce_all",
    "any": "reduce_any", "arange": "range", "argmax": "arg_max", "argmin": "arg_min",
    "cross_entropy_with_softmax": "softmax_with_cross_entropy", "embedding": "lookup_table_v2",
    "expand": "expand_v2", "fill": "fill_any", "flatten": "flatten_contiguous_range",
    "full": "fill_constant", "full_like": "fill_any_like", "gaussian": "gaussian_random",
    "uniform": "uniform_random", "generate_proposals": "generate_proposals_v2",
    "hardshrink": "hard_shrink", "hardsigmoid": "hard_sigmoid", "hardswish": "hard_swish",
    "hardtanh": "brelu", "isfinite": "isfinite_v2", "isinf": "isinf_v2", "isnan": "isnan_v2",
    "nonzero": "where_index", "one_hot": "one_hot_v2", "slogdet": "slogdeterminant",
    "squeeze": "squeeze2", "unsqueeze": "unsqueeze2",
    "transpose": "transpose2", "topk": "top_k_v2", "yolo_loss": "yolov3_loss",
}


def paddle_name(op_name: str) -> str:
    """Paddle's operator name for the registry op `op_name`."""
    return PADDLE_NAMES.get(op_name, op_name)
