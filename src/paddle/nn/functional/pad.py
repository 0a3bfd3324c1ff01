"""Padding functionals of `paddle.nn.functional`: `pad` (the tensor-level rules live in
paddle.tensor.manip_pad, shared with `paddle.pad`) and `zeropad2d`."""
from __future__ import annotations

from ...tensor.manip_pad import pad

__all__ = ["pad", "zeropad2d"]


def zeropad2d(x, padding, data_format="NCHW", name=None):
    """Zero-pad the H and W dims of a 4-D tensor by [left, right, top, bottom].

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.zeropad2d(paddle.ones([1, 1, 2, 2]), [1, 0, 0, 1]).shape
        paddle.Size([1, 1, 3, 3])
    """
    return pad(x, pad=padding, mode="constant", value=0.0, data_format=data_format)
