"""`unfold` (im2col) and `fold` (col2im) of `paddle.nn.functional`, over the ops of
paddle._core.ops.nn_fold."""
from __future__ import annotations

from ..._core.ops import nn_fold
from ._args import tensor_arg

__all__ = ["fold", "unfold"]


def _pair(value, api: str, arg: str) -> tuple:
    if isinstance(value, int) and not isinstance(value, bool):
        return (value, value)
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return tuple(int(v) for v in value)
    raise ValueError(f"({api}) {arg} should either be an integer or a list/tuple of two "
                     f"integers, but received {value!r}.")


def _paddings(value, api: str) -> tuple:
    """An int, [h, w], or [top, left, bottom, right] -> ((top, bottom), (left, right))."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = [value] * 4
    if not isinstance(value, (list, tuple)) or len(value) not in (2, 4):
        raise ValueError(f"({api}) paddings should either be an integer or a list/tuple of 2 "
                         f"or 4 integers, but received {value!r}.")
    top, left, bottom, right = [int(v) for v in (list(value) * 2 if len(value) == 2 else value)]
    return ((top, bottom), (left, right))


def unfold(x, kernel_sizes, strides=1, paddings=0, dilations=1, name=None):
    """Extract sliding blocks of x [N, C, H, W] into columns [N, C*kh*kw, L].

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.unfold(paddle.ones([1, 3, 4, 4]), [2, 2]).shape
        paddle.Size([1, 12, 9])
    """
    x = tensor_arg("unfold", x)
    return nn_fold.unfold(x, _pair(kernel_sizes, "unfold", "kernel_sizes"),
                          _pair(strides, "unfold", "strides"), _paddings(paddings, "unfold"),
                          _pair(dilations, "unfold", "dilations"))


def fold(x, output_sizes, kernel_sizes, strides=1, paddings=0, dilations=1, name=None):
    """Sum columns [N, C*kh*kw, L] back into an image [N, C, H, W] (the inverse layout of
    unfold; overlapping blocks add up).

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.fold(paddle.ones([1, 12, 9]), [4, 4], [2, 2]).shape
        paddle.Size([1, 3, 4, 4])
    """
    x = tensor_arg("fold", x)
    pads = _paddings(paddings, "fold")
    for (before, after), dim in zip(pads, ("height", "width")):
        if before != after:  # Paddle's fold accepts equal paddings on both sides only
            raise ValueError(f"(fold) Output_{dim} and paddings {list(paddings)} are "
                             "inconsistent: fold needs equal paddings on both sides of a dim.")
    return nn_fold.fold(x, _pair(output_sizes, "fold", "output_sizes"),
                        _pair(kernel_sizes, "fold", "kernel_sizes"),
                        _pair(strides, "fold", "strides"), pads,
                        _pair(dilations, "fold", "dilations"))
