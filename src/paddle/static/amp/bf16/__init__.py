"""paddle.static.amp.bf16: the bfloat16 spellings of static mixed precision."""
from __future__ import annotations

import contextlib
import copy

import numpy as np

from ....amp._policy import NO_LOW_PRECISION_KERNEL
from ....amp.amp_lists import BF16_WHITE_LIST, EXTRA_BLACK_LIST, FP16_BLACK_LIST
from ....amp.amp_lists import FP16_WHITE_LIST as _FP16_WHITE
from ..decorator import OptimizerWithMixedPrecision
from ..fp16_lists import gray_list

bf16_initializer_list = {"fill_constant", "uniform_random"}
bf16_list = set(BF16_WHITE_LIST)
fp32_list = (FP16_BLACK_LIST | EXTRA_BLACK_LIST | _FP16_WHITE) - bf16_list


class AutoMixedPrecisionListsBF16:
    """bfloat16 and float32 op lists (bf16_list, fp32_list, gray_list), updated by the custom
    lists (a custom float32 op is also treated as unsupported in bfloat16).

    Example:
        >>> import paddle
        >>> lists = paddle.static.amp.bf16.AutoMixedPrecisionListsBF16(custom_fp32_list={"lstm"})
        >>> "lstm" in lists.fp32_list
        True
    """

    def __init__(self, custom_bf16_list=None, custom_fp32_list=None, custom_fp32_varnames=None):
        self._custom_bf16_list = custom_bf16_list
        self._custom_fp32_list = custom_fp32_list
        self.bf16_list = copy.copy(bf16_list)
        self.fp32_list = copy.copy(fp32_list)
        self.gray_list = copy.copy(gray_list)
        self.bf16_initializer_list = copy.copy(bf16_initializer_list)
        self.unsupported_list = set(NO_LOW_PRECISION_KERNEL) - self.bf16_list - self.gray_list
        self.fp32_varnames = copy.copy(custom_fp32_varnames)
        self._update_list()

    def _update_list(self) -> None:
        if self._custom_bf16_list and self._custom_fp32_list:
            for name in self._custom_bf16_list:
                if name in self._custom_fp32_list:
                    raise ValueError("Custom bf16 list overlap custom fp32 list")
        for name in self._custom_bf16_list or ():
            if name in self.fp32_list:
                self.fp32_list.remove(name)
            elif name in self.gray_list:
                self.gray_list.remove(name)
            self.bf16_list.add(name)
        for name in self._custom_fp32_list or ():
            if name in self.bf16_list:
                self.bf16_list.remove(name)
            elif name in self.gray_list:
                self.gray_list.remove(name)
            self.fp32_list.add(name)
            self.unsupported_list.add(name)


@contextlib.contextmanager
def bf16_guard():
    """The bfloat16 twin of fp16_guard: it marked ops for the legacy program rewriter and
    changes nothing in a PIR program (casts come from paddle.amp.auto_cast)."""
    yield


def convert_float_to_uint16(in_list) -> np.ndarray:
    """float32 values as the uint16 bit patterns of their bfloat16 truncation (Paddle's
    storage of bfloat16 feeds).

    Example:
        >>> import paddle
        >>> paddle.static.amp.bf16.convert_float_to_uint16([1.0, -2.0]).tolist()
        [16256, 49152]
    """
    array = np.ascontiguousarray(np.asarray(in_list, dtype=np.float32))
    return (array.view(np.uint32) >> 16).astype(np.uint16)


def decorate_bf16(optimizer, amp_lists=None, use_pure_bf16=False, use_bf16_guard=None):
    """The optimizer for bfloat16 training of a static program (no loss scaling: bfloat16
    has float32's range).

    Example:
        >>> import paddle
        >>> paddle.enable_static()
        >>> opt = paddle.static.amp.bf16.decorate_bf16(paddle.optimizer.SGD(0.1))
        >>> type(opt).__name__
        'OptimizerWithMixedPrecision'
        >>> paddle.disable_static()
    """
    amp_lists = amp_lists or AutoMixedPrecisionListsBF16()
    guard = use_pure_bf16 if use_bf16_guard is None else use_bf16_guard
    return OptimizerWithMixedPrecision(optimizer, amp_lists, "O2" if use_pure_bf16 else "O1",
                                       "bfloat16", 1.0, False, None, None, None, None, guard)
