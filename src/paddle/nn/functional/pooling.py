"""Average, max and adaptive pooling of `paddle.nn.functional`, over the pool ops of
paddle._core.ops.nn_pool. 1-D pooling runs as 2-D with a unit height and channel-last inputs are
transposed around the op, as Paddle does."""
from __future__ import annotations

import math

from ..._core.ops import binary as B
from ..._core.ops import manipulation as M
from ..._core.ops import nn_pool
from ._args import (
    CHANNEL_FIRST,
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
    "adaptive_avg_pool1d",
    "adaptive_avg_pool2d",
    "adaptive_avg_pool3d",
    "adaptive_max_pool1d",
    "adaptive_max_pool2d",
    "adaptive_max_pool3d",
    "avg_pool1d",
    "avg_pool2d",
    "avg_pool3d",
    "max_pool1d",
    "max_pool2d",
    "max_pool3d",
]

_POOL = {2: nn_pool.pool2d, 3: nn_pool.pool3d}
_MAX = {2: nn_pool.max_pool2d_with_index, 3: nn_pool.max_pool3d_with_index}


class Window:
    """A pooling call's resolved geometry, channel-first, lifted to 2-D for 1-D pooling."""

    def __init__(self, api, nd, x, kernel_size, stride, padding, ceil_mode, data_format):
        self.api, self.nd = api, nd
        x = tensor_arg(api, x)
        self.channel_last = check_format(api, data_format, nd)
        check_rank(api, x, nd)
        self.kernel = int_tuple(kernel_size, nd, api, "kernel_size")
        self.strides = self.kernel if stride is None else int_tuple(stride, nd, api, "stride")
        if min(self.kernel + self.strides, default=1) <= 0:
            raise ValueError(f"({api}) kernel_size and stride must be positive, but received "
                             f"kernel_size={list(self.kernel)}, stride={list(self.strides)}.")
        algorithm, self.pads = parse_padding(padding, nd, self.channel_last, api)
        if algorithm == "VALID" and ceil_mode:
            raise ValueError(f'({api}) When Attr(padding) is "VALID", Attr(ceil_mode) must be '
                             "False. Received ceil_mode: True.")
        self.x = to_channel_first(x, self.channel_last)
        self.explicit = algorithm == "EXPLICIT"
        if algorithm == "SAME":
            self.pads = same_pads(self.x.shape[2:], self.kernel, self.strides)
        self.ceil_mode = bool(ceil_mode)

    def lifted(self):
        """(x, kernel, strides, pads) for the 2-D/3-D op."""
        if self.nd != 1:
            return self.x, self.kernel, self.strides, self.pads
        return (M.unsqueeze(self.x, [2]), (1,) + self.kernel, (1,) + self.strides,
                ((0, 0),) + self.pads)

    def finish(self, out):
        if self.nd == 1:
            out = M.squeeze(out, [2])
        return to_channel_last(out, self.channel_last)


def _avg_pool(api, nd, x, kernel_size, stride, padding, ceil_mode, exclusive, divisor_override,
              data_format):
    win = Window(api, nd, x, kernel_size, stride, padding, ceil_mode, data_format)
    x2, kernel, strides, pads = win.lifted()
    out = _POOL[max(nd, 2)](x2, kernel, strides, pads, win.ceil_mode, bool(exclusive), "avg",
                            False)
    if divisor_override is not None:
        if not isinstance(divisor_override, (int, float)) or isinstance(divisor_override, bool):
            raise ValueError(f"({api}) Excepted (int, float) type for divisor_override but "
                             f"received type: {type(divisor_override)}.")
        # Paddle rescales the (exclusive) average rather than re-dividing the window sum.
        out = B.divide(_scale(out, math.prod(win.kernel)), _full_like(out, divisor_override))
    return win.finish(out)


def _scale(t, factor):
    return B.multiply(t, _full_like(t, factor))


def _full_like(t, value):
    from ..._core.ops.creation import full
    return full([], value, t.dtype)


def _max_pool(api, nd, x, kernel_size, stride, padding, return_mask, ceil_mode, data_format):
    win = Window(api, nd, x, kernel_size, stride, padding, ceil_mode, data_format)
    if return_mask and win.channel_last:
        raise ValueError(f"({api}) When setting return_mask to true, data_format must be set "
                         f"to {CHANNEL_FIRST[nd]} in API:{api}")
    if return_mask and win.explicit and any(b != a for b, a in win.pads):
        raise ValueError(f"({api}) With return_mask=True the paddings must be symmetric, but "
                         f"received {[list(p) for p in win.pads]}.")
    if return_mask and not win.explicit:
        # Paddle's indexed max pooling ignores the 'SAME' algorithm: it pools unpadded.
        win.pads = ((0, 0),) * nd
    x2, kernel, strides, pads = win.lifted()
    if not return_mask:
        # Paddle's plain max pooling: no int32 index tensor is kept (the gradient finds each
        # window's first maximum again, the one the indexed op would have recorded)
        out = _POOL[max(nd, 2)](x2, kernel, strides, pads, win.ceil_mode, True, "max", False)
        return win.finish(out)
    out, mask = _MAX[max(nd, 2)](x2, kernel, strides, pads, win.ceil_mode, False)
    return win.finish(out), win.finish(mask)


def _with_mask(out, mask):
    return out if mask is None else (out, mask)


@input_alias
def avg_pool1d(x, kernel_size, stride=None, padding=0, exclusive=True, ceil_mode=False,
               name=None):
    """Average pooling over [N, C, L].

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.avg_pool1d(paddle.to_tensor([[[1., 2., 3., 4.]]]), 2)
        Tensor(shape=[1, 1, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[[1.50000000, 3.50000000]]])
    """
    return _avg_pool("avg_pool1d", 1, x, kernel_size, stride, padding, ceil_mode, exclusive,
                     None, "NCL")


@input_alias
def avg_pool2d(x, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
               divisor_override=None, data_format="NCHW", name=None):
    """Average pooling over [N, C, H, W] (or NHWC). exclusive=True leaves padding out of the
    average; divisor_override rescales the result by prod(kernel_size) / divisor_override.

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.avg_pool2d(paddle.ones([1, 3, 8, 8]), kernel_size=2, stride=2).shape
        paddle.Size([1, 3, 4, 4])
    """
    return _avg_pool("avg_pool2d", 2, x, kernel_size, stride, padding, ceil_mode, exclusive,
                     divisor_override, data_format)


@input_alias
def avg_pool3d(x, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
               divisor_override=None, data_format="NCDHW", name=None):
    """Average pooling over [N, C, D, H, W] (or NDHWC).

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.avg_pool3d(paddle.ones([1, 2, 4, 4, 4]), kernel_size=2).shape
        paddle.Size([1, 2, 2, 2, 2])
    """
    return _avg_pool("avg_pool3d", 3, x, kernel_size, stride, padding, ceil_mode, exclusive,
                     divisor_override, data_format)


@input_alias
def max_pool1d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
               name=None):
    """Max pooling over [N, C, L]; return_mask also gives each maximum's index in L.

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.max_pool1d(paddle.to_tensor([[[3., 1., 4., 1.]]]), 2)
        Tensor(shape=[1, 1, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[[3., 4.]]])
    """
    return _max_pool("max_pool1d", 1, x, kernel_size, stride, padding, return_mask, ceil_mode,
                     "NCL")


@input_alias
def max_pool2d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
               data_format="NCHW", name=None):
    """Max pooling over [N, C, H, W] (or NHWC); return_mask also gives each maximum's flat
    index h * W + w in its input plane (int32).

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.max_pool2d(paddle.ones([1, 3, 8, 8]), kernel_size=3, stride=2, padding=1).shape
        paddle.Size([1, 3, 4, 4])
    """
    return _max_pool("max_pool2d", 2, x, kernel_size, stride, padding, return_mask, ceil_mode,
                     data_format)


@input_alias
def max_pool3d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
               data_format="NCDHW", name=None):
    """Max pooling over [N, C, D, H, W] (or NDHWC).

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.max_pool3d(paddle.ones([1, 2, 4, 4, 4]), kernel_size=2).shape
        paddle.Size([1, 2, 2, 2, 2])
    """
    return _max_pool("max_pool3d", 3, x, kernel_size, stride, padding, return_mask, ceil_mode,
                     data_format)


# ---- adaptive pooling ------------------------------------------------------------------------

def _adaptive_sizes(api, nd, output_size, in_sizes) -> tuple:
    """Output sizes: an int or a list whose None entries keep the input size."""
    if isinstance(output_size, (list, tuple)):
        if len(output_size) != nd:
            raise ValueError(f"({api}) output_size must hold {nd} values, but received "
                             f"{list(output_size)}.")
        sizes = tuple(d if o is None else o for o, d in zip(output_size, in_sizes))
    else:
        sizes = (output_size,) * nd
    sizes = int_tuple(list(sizes), nd, api, "output_size")
    if any(s <= 0 for s in sizes):
        raise ValueError(f"({api}) output_size must be positive, but received {list(sizes)}.")
    return sizes


def _adaptive(api, nd, x, output_size, data_format, pooling, return_mask=False):
    x = tensor_arg(api, x)
    channel_last = check_format(api, data_format, nd)
    check_rank(api, x, nd)
    x = to_channel_first(x, channel_last)
    sizes = _adaptive_sizes(api, nd, output_size, x.shape[2:])
    if nd == 1:
        x, sizes = M.unsqueeze(x, [2]), (1,) + sizes
    no_pads = ((0, 0),) * len(sizes)
    ones = (1,) * len(sizes)
    if pooling == "avg":
        out, mask = _POOL[len(sizes)](x, sizes, ones, no_pads, False, True, "avg", True), None
    else:
        out, mask = _MAX[len(sizes)](x, sizes, ones, no_pads, False, True)
    if nd == 1:
        out, mask = M.squeeze(out, [2]), M.squeeze(mask, [2]) if return_mask else None
    return _with_mask(to_channel_last(out, channel_last), mask if return_mask else None)


@input_alias
def adaptive_avg_pool1d(x, output_size, name=None):
    """Average pooling of [N, C, L] onto output_size windows [floor(iL/O), ceil((i+1)L/O)).

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.adaptive_avg_pool1d(paddle.to_tensor([[[1., 2., 3., 4., 5.]]]), 2)
        Tensor(shape=[1, 1, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[[2. , 4. ]]])
    """
    return _adaptive("adaptive_avg_pool1d", 1, x, output_size, "NCL", "avg")


@input_alias
def adaptive_avg_pool2d(x, output_size, data_format="NCHW", name=None):
    """Adaptive average pooling of [N, C, H, W] (or NHWC); None in output_size keeps a dim.

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.adaptive_avg_pool2d(paddle.ones([2, 3, 7, 7]), 1).shape
        paddle.Size([2, 3, 1, 1])
    """
    return _adaptive("adaptive_avg_pool2d", 2, x, output_size, data_format, "avg")


@input_alias
def adaptive_avg_pool3d(x, output_size, data_format="NCDHW", name=None):
    """Adaptive average pooling of [N, C, D, H, W] (or NDHWC).

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.adaptive_avg_pool3d(paddle.ones([1, 2, 4, 6, 6]), [2, 3, 3]).shape
        paddle.Size([1, 2, 2, 3, 3])
    """
    return _adaptive("adaptive_avg_pool3d", 3, x, output_size, data_format, "avg")


def adaptive_max_pool1d(x, output_size, return_mask=False, name=None):
    """Adaptive max pooling of [N, C, L]; return_mask gives the index of each maximum.

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.adaptive_max_pool1d(paddle.to_tensor([[[1., 5., 3., 4.]]]), 2)
        Tensor(shape=[1, 1, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[[5., 4.]]])
    """
    return _adaptive("adaptive_max_pool1d", 1, x, output_size, "NCL", "max", return_mask)


def adaptive_max_pool2d(x, output_size, return_mask=False, name=None):
    """Adaptive max pooling of [N, C, H, W].

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.adaptive_max_pool2d(paddle.ones([1, 3, 6, 6]), 2).shape
        paddle.Size([1, 3, 2, 2])
    """
    return _adaptive("adaptive_max_pool2d", 2, x, output_size, "NCHW", "max", return_mask)


def adaptive_max_pool3d(x, output_size, return_mask=False, name=None):
    """Adaptive max pooling of [N, C, D, H, W].

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.adaptive_max_pool3d(paddle.ones([1, 2, 4, 4, 4]), 2).shape
        paddle.Size([1, 2, 2, 2, 2])
    """
    return _adaptive("adaptive_max_pool3d", 3, x, output_size, "NCDHW", "max", return_mask)
