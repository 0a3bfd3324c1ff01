"""The op lists of static mixed precision (paddle.static.amp.AutoMixedPrecisionLists).

The white and black lists are paddle.amp's (O1 at float16, plus the ops only float16 has);
the gray list holds ops that follow their inputs; `unsupported_list` the ops with no
low-precision kernel; custom lists move ops between them."""
from __future__ import annotations

import copy

from ...amp._op_names import PADDLE_NAMES
from ...amp._policy import NO_LOW_PRECISION_KERNEL
from ...amp.amp_lists import EXTRA_BLACK_LIST, FP16_BLACK_LIST, FP16_WHITE_LIST

_ONLY_FP16_WHITE = {"resnet_unit", "fused_bn_add_activation"}

# Numerically safe ops that may follow an unsafe upstream op, or have no numerical effect.
gray_list = {
    "elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_div",
    "elementwise_max", "elementwise_min", "elementwise_pow", "elementwise_mod",
    "elementwise_floordiv", "batch_norm", "layer_norm", "tanh", "sigmoid", "top_k", "pool2d",
    "pool3d", "dropout", "relu", "relu6", "leaky_relu", "soft_relu", "flatten2", "stack",
    "unstack", "uniform_random", "uniform_random_batch_size_like", "gaussian_random", "slice",
    "rank", "scale", "transpose2", "reshape2", "gather", "fill_constant",
    "get_tensor_from_selected_rows", "sign", "cast", "fused_bn_add_activation", "c_identity",
    "c_concat", "all_reduce", "concat", "split", "fused_feedforward", "fused_attention",
    "fused_multi_transformer",
}


def check_amp_dtype(dtype) -> str:
    """'float16' or 'bfloat16' (any case); anything else is a ValueError."""
    if isinstance(dtype, str):
        dtype = dtype.lower()
    if dtype not in ("float16", "bfloat16"):
        raise ValueError("If enable AMP, dtype should be 'float16' or 'bfloat16'.")
    return dtype


def _all_ops() -> set:
    from ..._core.ops.registry import REGISTRY
    return {PADDLE_NAMES.get(name, name) for name in REGISTRY}


class AutoMixedPrecisionLists:
    """White/black/gray lists for static mixed precision, updated by custom lists (a custom
    white op leaves the black and gray lists; a custom black op leaves white and gray and is
    treated as unsupported).

    Example:
        >>> import paddle
        >>> lists = paddle.static.amp.AutoMixedPrecisionLists(custom_black_list={"matmul_v2"})
        >>> "matmul_v2" in lists.black_list, "matmul_v2" in lists.white_list
        (True, False)
    """

    def __init__(self, custom_white_list=None, custom_black_list=None,
                 custom_black_varnames=None, dtype="float16"):
        self.amp_dtype = check_amp_dtype(dtype)
        self._custom_white_list = custom_white_list
        self._custom_black_list = custom_black_list
        white = copy.copy(FP16_WHITE_LIST)
        self.white_list = white | _ONLY_FP16_WHITE if self.amp_dtype == "float16" else white
        self.black_list = FP16_BLACK_LIST | EXTRA_BLACK_LIST
        self.gray_list = copy.copy(gray_list)
        self.unsupported_list = set(NO_LOW_PRECISION_KERNEL)
        self.all_list = _all_ops()
        self.black_varnames = copy.copy(custom_black_varnames)
        self._update_list()

    def _update_list(self) -> None:
        if self._custom_white_list and self._custom_black_list:
            for name in self._custom_white_list:
                if name in self._custom_black_list:
                    raise ValueError(f"The given custom_white_list overlaps custom_black_list "
                                     f"with < {name} >!")
        for name in self._custom_white_list or ():
            if name in self.black_list:
                self.black_list.remove(name)
            elif name in self.gray_list:
                self.gray_list.remove(name)
            self.white_list.add(name)
        for name in self._custom_black_list or ():
            if name in self.white_list:
                self.white_list.remove(name)
            elif name in self.gray_list:
                self.gray_list.remove(name)
            self.black_list.add(name)
            self.unsupported_list.add(name)


CustomOpLists = AutoMixedPrecisionLists
