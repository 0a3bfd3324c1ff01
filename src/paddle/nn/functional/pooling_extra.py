"""Power-average (LP) pooling, max unpooling and fractional max pooling of
`paddle.nn.functional`."""
from __future__ import annotations

import math

from ..._core.ops import manipulation as M
from ..._core.ops import nn_pool
from ..._core.ops import reduction as R
from ..._core.tensor import wrap
from ._args import CHANNEL_FIRST, input_alias, int_tuple, tensor_arg
from .pooling import _MAX, Window

__all__ = ["fractional_max_pool2d", "fractional_max_pool3d", "lp_pool1d", "lp_pool2d",
           "max_unpool1d", "max_unpool2d", "max_unpool3d"]


def _lp_pool(api, nd, x, norm_type, kernel_size, stride, padding, ceil_mode, data_format):
    from ...tensor.math import pow as _pow
    win = Window(api, nd, x, kernel_size, stride, padding, ceil_mode, data_format)
    x2, kernel, strides, pads = win.lifted()
    sizes = tuple(x2.shape[2:])
    out_sizes = nn_pool.pool_out_sizes(api, sizes, kernel, strides, pads, win.ceil_mode, False)
    if math.isinf(float(norm_type)):
        out = _MAX[2](x2, kernel, strides, pads, win.ceil_mode, False)[0]
        return win.finish(out)
    # The p-th root of the sum of x**p over the valid window positions.
    positions = nn_pool.window_positions(sizes, kernel, strides, pads, out_sizes, False)
    powered = _pow(x2, float(norm_type))
    windows = nn_pool.spatial_gather(powered, wrap(positions[None, None]))
    total = R.sum_op(windows, tuple(range(2 + len(sizes), 2 + 2 * len(sizes))), None, False)
    return win.finish(_pow(total, 1.0 / float(norm_type)))


@input_alias
def lp_pool1d(x, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False,
              data_format="NCL", name=None):
    """Power-average pooling over [N, C, L]: (sum of x**p over each window) ** (1/p); an
    infinite norm_type is max pooling.

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.lp_pool1d(paddle.to_tensor([[[3., 4., 1., 1.]]]), 2, 2)
        Tensor(shape=[1, 1, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[[5.        , 1.41421354]]])
    """
    return _lp_pool("lp_pool1d", 1, x, norm_type, kernel_size, stride, padding, ceil_mode,
                    data_format)


@input_alias
def lp_pool2d(x, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False,
              data_format="NCHW", name=None):
    """Power-average pooling over [N, C, H, W] (or NHWC).

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.lp_pool2d(paddle.ones([1, 2, 4, 4]), 2, 2).shape
        paddle.Size([1, 2, 2, 2])
    """
    return _lp_pool("lp_pool2d", 2, x, norm_type, kernel_size, stride, padding, ceil_mode,
                    data_format)


# ---- max unpooling -----------------------------------------------------------------------------

def _unpool_sizes(api, in_sizes, kernel, strides, pads, output_size) -> tuple:
    """Default (in - 1) * stride + kernel - 2 * pad; a requested size (optionally with the
    batch and channel dims) must lie strictly within one stride of it."""
    default = [(i - 1) * s + k - 2 * p for i, k, s, p in zip(in_sizes, kernel, strides, pads)]
    if output_size is None:
        return tuple(default)
    if not isinstance(output_size, (list, tuple)):  # Paddle asserts this
        message = f"({api}) Required output_size is None|list|tuple, but received {output_size}"
        raise AssertionError(message)  # noqa: TRY004
    sizes = [int(v.item()) if hasattr(v, "item") else int(v) for v in output_size]
    nd = len(kernel)
    if len(sizes) == nd + 2:
        sizes = sizes[2:]
    if len(sizes) != nd:
        raise ValueError(f"({api}) output_size should be a sequence containing {nd} or "
                         f"{nd + 2} elements, but it has a length of '{len(sizes)}'")
    for d, (size, base, s) in enumerate(zip(sizes, default, strides)):
        if not base - s < size < base + s:
            raise ValueError(f'({api}) invalid output_size "{sizes}" (dim {d} must be between '
                             f"{base - s} and {base + s})")
    return tuple(sizes)


def _max_unpool(api, nd, x, indices, kernel_size, stride, padding, data_format, output_size):
    x = tensor_arg(api, x)
    indices = tensor_arg(api, indices, "indices")
    for arg, t in (("x", x), ("indices", indices)):
        if t.ndim != nd + 2:
            raise ValueError(f"({api}) The {arg} should have [N, C, {'DHW'[3 - nd:] or 'L'}] "
                             f"format, but received {list(t.shape)}.")
    kernel = int_tuple(kernel_size, nd, api, "pool_size")
    strides = kernel if stride is None else int_tuple(stride, nd, api, "pool_stride")
    pads = int_tuple(padding, nd, api, "padding")
    if data_format != CHANNEL_FIRST[nd]:
        raise ValueError(f"({api}) Attr(data_format) should be '{CHANNEL_FIRST[nd]}'. Received "
                         f"Attr(data_format): {data_format}.")
    sizes = _unpool_sizes(api, x.shape[2:], kernel, strides, pads, output_size)
    if nd == 1:
        out = nn_pool.unpool(M.unsqueeze(x, [2]), M.unsqueeze(indices, [2]), (1,) + sizes)
        return M.squeeze(out, [2])
    op = nn_pool.unpool if nd == 2 else nn_pool.unpool3d
    return op(x, indices, sizes)


def max_unpool1d(x, indices, kernel_size, stride=None, padding=0, data_format="NCL",
                 output_size=None, name=None):
    """Inverse of max_pool1d: place each value at its index (from return_mask), zeros
    elsewhere.

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> x = paddle.to_tensor([[[1., 3., 2., 5.]]])
        >>> out, mask = F.max_pool1d(x, 2, return_mask=True)
        >>> F.max_unpool1d(out, mask, 2)
        Tensor(shape=[1, 1, 4], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[[0., 3., 0., 5.]]])
    """
    return _max_unpool("max_unpool1d", 1, x, indices, kernel_size, stride, padding,
                       data_format, output_size)


def max_unpool2d(x, indices, kernel_size, stride=None, padding=0, data_format="NCHW",
                 output_size=None, name=None):
    """Inverse of max_pool2d over [N, C, H, W] (indices from return_mask).

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> out, mask = F.max_pool2d(paddle.rand([1, 1, 4, 4]), 2, return_mask=True)
        >>> F.max_unpool2d(out, mask, 2).shape
        paddle.Size([1, 1, 4, 4])
    """
    return _max_unpool("max_unpool2d", 2, x, indices, kernel_size, stride, padding,
                       data_format, output_size)


def max_unpool3d(x, indices, kernel_size, stride=None, padding=0, data_format="NCDHW",
                 output_size=None, name=None):
    """Inverse of max_pool3d over [N, C, D, H, W] (indices from return_mask).

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> out, mask = F.max_pool3d(paddle.rand([1, 1, 4, 4, 4]), 2, return_mask=True)
        >>> F.max_unpool3d(out, mask, 2).shape
        paddle.Size([1, 1, 4, 4, 4])
    """
    return _max_unpool("max_unpool3d", 3, x, indices, kernel_size, stride, padding,
                       data_format, output_size)


# ---- fractional max pooling -----------------------------------------------------------------

def _fractional(api, nd, x, output_size, kernel_size, random_u, return_mask):
    from ..._core.random import numpy_rng
    x = tensor_arg(api, x)
    if x.ndim != nd + 2:
        raise ValueError(f"({api}) Excepted Input X is {nd + 2}-D tensor, but received "
                         f"{x.ndim}-D Tensor")
    if random_u is None:
        # Paddle draws u from its own generator; ours follows paddle.seed as well.
        random_u = float(numpy_rng().uniform(1e-6, 1.0))
    elif not 0 < random_u < 1:
        raise ValueError(f"({api}) The param `random_u` should be a `float` in (0, 1), but "
                         f"received {random_u}.")
    kernel = (0,) * nd if kernel_size is None else int_tuple(kernel_size, nd, api,
                                                            "kernel_size")
    if isinstance(output_size, (list, tuple)):
        output_size = [d if o is None else o for o, d in zip(output_size, x.shape[2:])]
    sizes = int_tuple(output_size, nd, api, "output_size")
    op = nn_pool.fractional_max_pool2d if nd == 2 else nn_pool.fractional_max_pool3d
    out, mask = op(x, sizes, kernel, float(random_u))
    return (out, mask) if return_mask else out


def fractional_max_pool2d(x, output_size, kernel_size=None, random_u=None, return_mask=False,
                          name=None):
    """Fractional max pooling (Graham, 2015) of [N, C, H, W] onto output_size with
    pseudo-random window sizes set by random_u in (0, 1) (drawn when None).

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.fractional_max_pool2d(paddle.rand([1, 2, 7, 7]), 3, random_u=0.3).shape
        paddle.Size([1, 2, 3, 3])
    """
    return _fractional("fractional_max_pool2d", 2, x, output_size, kernel_size, random_u,
                       return_mask)


def fractional_max_pool3d(x, output_size, kernel_size=None, random_u=None, return_mask=False,
                          name=None):
    """Fractional max pooling of [N, C, D, H, W].

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.fractional_max_pool3d(paddle.rand([1, 2, 5, 5, 5]), 2, random_u=0.5).shape
        paddle.Size([1, 2, 2, 2, 2])
    """
    return _fractional("fractional_max_pool3d", 3, x, output_size, kernel_size, random_u,
                       return_mask)
