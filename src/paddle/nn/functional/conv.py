"""Convolutions of `paddle.nn.functional`: conv1d/2d/3d and their transposes, over the conv ops
of paddle._core.ops.nn_conv. 1-D convolutions run as 2-D ones with a unit height, and
channel-last inputs are transposed to channel-first around the op."""
from __future__ import annotations

from ..._core.ops import binary as B
from ..._core.ops import manipulation as M
from ..._core.ops import nn_conv
from ..._core.tensor import Tensor
from ._args import (
    check_format,
    check_rank,
    input_alias,
    int_tuple,
    parse_padding,
    same_pads,
    tensor_arg,
    to_channel_first,
    to_channel_last,
)

__all__ = [
    "conv1d",
    "conv1d_transpose",
    "conv2d",
    "conv2d_transpose",
    "conv3d",
    "conv3d_transpose",
]

_CONV = {2: nn_conv.conv2d, 3: nn_conv.conv3d}
_TRANSPOSE = {2: nn_conv.conv2d_transpose, 3: nn_conv.conv3d_transpose}


def _check_groups(api: str, groups, channels: int, x: Tensor) -> int:
    if groups == 0:
        raise ValueError(f"({api}) The groups of {api} should not be zero.")
    if channels % groups:
        raise ValueError(f"({api}) The channel of input must be divisible by groups, received: "
                         f"the channel of input is {channels}, the shape of input is "
                         f"{list(x.shape)}, the groups is {groups}.")
    return int(groups)


def _check_weight(api: str, weight: Tensor, nd: int) -> None:
    if weight.ndim != nd + 2:
        raise ValueError(f"({api}) Input weight should be a {nd + 2}-D tensor, but received "
                         f"weight with the shape of {list(weight.shape)}.")


def _as_2d(nd, x, weight, strides, pads, dilations):
    """Lift a 1-D convolution to 2-D with a unit height (Paddle's own approach)."""
    if nd != 1:
        return x, weight, strides, pads, dilations
    return (M.unsqueeze(x, [2]), M.unsqueeze(weight, [2]), (1,) + strides, ((0, 0),) + pads,
            (1,) + dilations)


def _add_bias(out: Tensor, bias, nd: int) -> Tensor:
    if bias is None:
        return out
    return B.add(out, M.reshape(bias, [1, -1] + [1] * nd))


def _conv(api, nd, x, weight, bias, stride, padding, dilation, groups, data_format):
    x = tensor_arg(api, x)
    weight = tensor_arg(api, weight, "weight")
    channel_last = check_format(api, data_format, nd)
    check_rank(api, x, nd)
    _check_weight(api, weight, nd)
    channels = x.shape[-1 if channel_last else 1]
    groups = _check_groups(api, groups, channels, x)
    if weight.shape[0] % groups:
        raise ValueError(f"({api}) The number of filters must be divisible by groups, "
                         f"received: the number of filters is {weight.shape[0]}, the shape of "
                         f"weight is {list(weight.shape)}, the groups is {groups}.")
    algorithm, pads = parse_padding(padding, nd, channel_last, api)
    strides = int_tuple(stride, nd, api, "stride")
    dilations = int_tuple(dilation, nd, api, "dilation")
    x = to_channel_first(x, channel_last)
    if algorithm == "SAME":
        pads = same_pads(x.shape[2:], weight.shape[2:], strides)
        dilations = (1,) * nd
    x2, w2, strides, pads, dilations = _as_2d(nd, x, weight, strides, pads, dilations)
    out = _CONV[max(nd, 2)](x2, w2, strides, pads, dilations, groups)
    if nd == 1:
        out = M.squeeze(out, [2])
    return to_channel_last(_add_bias(out, bias, nd), channel_last)


@input_alias
def conv1d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NCL",
           name=None):
    """1-D convolution of x [N, C, L] (or NLC) with weight [out_channels, C/groups, k].

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.conv1d(paddle.ones([1, 2, 5]), paddle.ones([3, 2, 3]), padding=1).shape
        paddle.Size([1, 3, 5])
    """
    return _conv("conv1d", 1, x, weight, bias, stride, padding, dilation, groups, data_format)


@input_alias
def conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1,
           data_format="NCHW", name=None):
    """2-D convolution of x [N, C, H, W] (or NHWC) with weight [out_channels, C/groups, kh, kw].

    padding: an int, [ph, pw], [top, bottom, left, right], per-dim pairs including the batch
    and channel dims, or 'SAME' / 'VALID'.

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.conv2d(paddle.ones([2, 3, 8, 8]), paddle.ones([6, 3, 3, 3]), stride=2).shape
        paddle.Size([2, 6, 3, 3])
    """
    return _conv("conv2d", 2, x, weight, bias, stride, padding, dilation, groups, data_format)


@input_alias
def conv3d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1,
           data_format="NCDHW", name=None):
    """3-D convolution of x [N, C, D, H, W] (or NDHWC) with weight [out, C/groups, kd, kh, kw].

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.conv3d(paddle.ones([1, 2, 4, 4, 4]), paddle.ones([3, 2, 3, 3, 3])).shape
        paddle.Size([1, 3, 2, 2, 2])
    """
    return _conv("conv3d", 3, x, weight, bias, stride, padding, dilation, groups, data_format)


# ---- transposed convolutions ------------------------------------------------------------------

def _transpose_sizes(api, nd, in_sizes, kernel, strides, pads, dilations, output_padding,
                     output_size) -> tuple:
    """The spatial output size: inferred + output_padding, or the requested output_size, which
    must lie in [inferred, inferred + stride)."""
    inferred = [(i - 1) * s - b - a + d * (k - 1) + 1 for i, k, s, (b, a), d in
                zip(in_sizes, kernel, strides, pads, dilations)]
    if output_size is None:
        extra = int_tuple(output_padding, nd, api, "output_padding")
        for e, s, d in zip(extra, strides, dilations):
            # Paddle's shape check allows up to max(stride, dilation), but its kernel then
            # rejects anything not below the stride ("Output_height and padding are
            # inconsistent"), so that is the real limit.
            if not 0 <= e < max(s, d):
                raise ValueError(f"({api}) output_padding of Op(ConvTransposeOp) should be "
                                 f"less than either stride or dilation, but received "
                                 f"output_padding {list(extra)}, strides {list(strides)}, "
                                 f"dilations {list(dilations)}.")
        # a size unknown until run time (a program's -1 dim) is left to the op: -1 - extra
        return tuple(-1 - e if i == -1 else low + e
                     for i, low, e in zip(in_sizes, inferred, extra))
    sizes = _output_size_arg(api, output_size, nd)
    for size, low, s, i in zip(sizes, inferred, strides, in_sizes):
        if i != -1 and not low <= size < low + s:
            raise ValueError(f"({api}) The output_size {list(sizes)} must be in [inferred "
                             f"size, inferred size + stride): inferred {inferred}, strides "
                             f"{list(strides)}.")
    return sizes


def _output_size_arg(api, output_size, nd) -> tuple:
    if isinstance(output_size, Tensor):
        output_size = [int(v) for v in output_size.numpy().reshape(-1)]
    if isinstance(output_size, (list, tuple)):
        output_size = [int(v.item()) if isinstance(v, Tensor) else v for v in output_size]
    return int_tuple(output_size, nd, api, "output_size")


def _conv_transpose(api, nd, x, weight, bias, stride, padding, output_padding, groups,
                    dilation, output_size, data_format):
    x = tensor_arg(api, x)
    weight = tensor_arg(api, weight, "weight")
    channel_last = check_format(api, data_format, nd)
    check_rank(api, x, nd)
    _check_weight(api, weight, nd)
    groups = _check_groups(api, groups, x.shape[-1 if channel_last else 1], x)
    if output_size is not None and output_padding != 0:
        raise ValueError(f"({api}) output_padding option is mutually exclusive with "
                         "output_size")
    algorithm, pads = parse_padding(padding, nd, channel_last, api)
    strides = int_tuple(stride, nd, api, "stride")
    dilations = int_tuple(dilation, nd, api, "dilation")
    x = to_channel_first(x, channel_last)
    kernel = tuple(weight.shape[2:])
    if algorithm == "SAME":
        if -1 in x.shape[2:]:
            raise NotImplementedError(f"({api}) padding='SAME' needs the input's spatial size "
                                      f"when the program is built, but it is "
                                      f"{list(x.shape[2:])}; give static.data a full shape.")
        pads = same_pads(x.shape[2:], kernel, strides)
        dilations = (1,) * nd
    sizes = _transpose_sizes(api, nd, x.shape[2:], kernel, strides, pads, dilations,
                             output_padding, output_size)
    x2, w2, strides, pads, dilations = _as_2d(nd, x, weight, strides, pads, dilations)
    sizes = (1,) + sizes if nd == 1 else sizes
    out = _TRANSPOSE[max(nd, 2)](x2, w2, strides, pads, sizes, dilations, groups)
    if nd == 1:
        out = M.squeeze(out, [2])
    return to_channel_last(_add_bias(out, bias, nd), channel_last)


@input_alias
def conv1d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1, output_size=None, data_format="NCL", name=None):
    """1-D transposed convolution; weight is [in_channels, out_channels/groups, k].

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.conv1d_transpose(paddle.ones([1, 2, 4]), paddle.ones([2, 3, 3]), stride=2).shape
        paddle.Size([1, 3, 9])
    """
    return _conv_transpose("conv1d_transpose", 1, x, weight, bias, stride, padding,
                           output_padding, groups, dilation, output_size, data_format)


@input_alias
def conv2d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, dilation=1,
                     groups=1, output_size=None, data_format="NCHW", name=None):
    """2-D transposed convolution; weight is [in_channels, out_channels/groups, kh, kw].

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> x = paddle.ones([1, 2, 4, 4])
        >>> F.conv2d_transpose(x, paddle.ones([2, 3, 3, 3]), stride=2, padding=1).shape
        paddle.Size([1, 3, 7, 7])
    """
    return _conv_transpose("conv2d_transpose", 2, x, weight, bias, stride, padding,
                           output_padding, groups, dilation, output_size, data_format)


@input_alias
def conv3d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1, output_size=None, data_format="NCDHW", name=None):
    """3-D transposed convolution; weight is [in_channels, out_channels/groups, kd, kh, kw].

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.conv3d_transpose(paddle.ones([1, 2, 2, 2, 2]), paddle.ones([2, 4, 2, 2, 2])).shape
        paddle.Size([1, 4, 3, 3, 3])
    """
    return _conv_transpose("conv3d_transpose", 3, x, weight, bias, stride, padding,
                           output_padding, groups, dilation, output_size, data_format)
