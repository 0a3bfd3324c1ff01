"""Convolution ops, channel-first, for 2 and 3 spatial dims (1-D convs run as 2-D ones, as in
Paddle):

    conv2d(x, weight, strides, paddings, dilations, groups)
    conv2d_transpose(x, weight, strides, paddings, output_size, dilations, groups)
    conv2d_backward_filter(x, out_grad, kernel_size, strides, paddings, dilations, groups)

`paddings` holds one (before, after) pair per spatial dim; the public layer resolves Paddle's
padding forms ('SAME', 'VALID', ints, lists, NHWC) into these. A transposed conv's
`output_size` is its explicit spatial size; where the input size is unknown when a program is
built, the entry is -1 - extra: the size inferred from the input at run time, plus `extra`
(Paddle's output_padding).

The three ops are each other's gradients, so derivatives of any order stay within the family:
conv's input VJP is a transposed conv, its weight VJP is backward_filter, and so on round."""
from __future__ import annotations

import numpy as np

from ..meta import TensorMeta, meta_of
from . import _conv_depthwise as D
from . import _conv_gemm as G
from . import _conv_im2col as C
from . import _kernel_utils as K
from .registry import OPAQUE, defop


def _check_inputs(op: str, x, w, nd: int, groups: int) -> None:
    for arg, t in (("x", x), ("weight", w)):
        if t.ndim != nd + 2:
            raise ValueError(f"({op}) The input '{arg}' must be a {nd + 2}-D tensor, but "
                             f"received shape {list(t.shape)}.")
    if x.dtype is not w.dtype:
        raise ValueError(f"({op}) The input x ({x.dtype.name}) and weight ({w.dtype.name}) "
                         "must have the same data type.")
    if x.dtype.kind != "f":
        raise TypeError(f"({op}) The input must be a floating-point tensor, but received "
                        f"{x.dtype.name}.")
    if groups <= 0:
        raise ValueError(f"({op}) The groups must be a positive integer, but received {groups}.")


def _check_channels(op: str, channels: int, w_channels: int, groups: int, x_shape, w_shape):
    if -1 not in (channels, w_channels) and channels != w_channels * groups:
        raise ValueError(
            f"({op}) The number of input channels ({channels}) must equal the weight's "
            f"channels ({w_channels}) times groups ({groups}); received input shape "
            f"{list(x_shape)}, weight shape {list(w_shape)}.")


def conv_out_sizes(op: str, big, kernel, strides, paddings, dilations) -> tuple:
    """Paddle's output size, (size + paddings - dilated kernel) / stride + 1 with C-style
    division: an input slightly smaller than the kernel gives an empty output (as in Paddle);
    a negative size is an error."""
    sizes = []
    for i, (b, k, s, (p0, p1), d) in enumerate(zip(big, kernel, strides, paddings, dilations)):
        if b == -1:
            sizes.append(-1)
            continue
        room = b + p0 + p1 - C.span(k, d)
        size = (room // s if room >= 0 else -(-room // s)) + 1
        if size < 0:
            raise ValueError(
                f"({op}) The output size of spatial dim {i} must not be negative, but it is "
                f"{size}: input size {b}, kernel {k}, stride {s}, paddings {[p0, p1]}, "
                f"dilation {d}.")
        sizes.append(size)
    return tuple(sizes)


def resolve_output_size(output_size, small, kernel, strides, paddings, dilations) -> tuple:
    """output_size with each -1 - extra entry replaced by the inferred size plus extra, where
    the input size is known (else -1)."""
    sizes = []
    for size, i, k, s, (p0, p1), d in zip(output_size, small, kernel, strides, paddings,
                                          dilations):
        if size < 0:
            size = -1 if i == -1 else (i - 1) * s - p0 - p1 + C.span(k, d) + (-size - 1)
        sizes.append(size)
    return tuple(sizes)


def _check_geometry(op: str, big, small, kernel, strides, paddings, dilations) -> None:
    """A transposed conv's output (and a weight gradient's input) must be a size whose forward
    convolution gives back the small side exactly (Paddle: "Output_height and padding are
    inconsistent")."""
    if -1 in tuple(big) + tuple(small):
        return
    if any(b < 0 for b in big):
        raise ValueError(f"({op}) The output size {list(big)} must not be negative.")
    back = conv_out_sizes(op, big, kernel, strides, paddings, dilations)
    if tuple(back) != tuple(small):
        raise ValueError(
            f"({op}) Output size {list(big)} and paddings {[list(p) for p in paddings]} are "
            f"inconsistent with input size {list(small)}: a convolution with kernel "
            f"{list(kernel)}, strides {list(strides)} and dilations {list(dilations)} maps "
            f"{list(big)} to {list(back)}.")


def _widen(*arrays):
    """float16/bfloat16 compute in float32; returns the arrays and the dtype to round back to."""
    dtype = arrays[0].dtype
    if dtype in K.LOW_PRECISION:
        return [a.astype(np.float32) for a in arrays], dtype
    return list(arrays), dtype


_CHECKED: dict = {}
_CHECKED_LIMIT = 4096


def checked_sizes(key: tuple, check):
    """check() (a kernel's argument checks, answering its output sizes) once per distinct
    key of shapes, dtypes and attributes: programs run the same kernels on the same shapes
    again and again, and the checks cost as much as a small convolution."""
    try:
        sizes = _CHECKED.get(key)
    except TypeError:  # an unhashable attribute (a list): check every time
        return check()
    if sizes is None:
        sizes = check()
        if len(_CHECKED) >= _CHECKED_LIMIT:
            _CHECKED.clear()
        _CHECKED[key] = sizes
    return sizes


def array_signature(array):
    """What checked_sizes keys an optional array input by: (shape, dtype), or None."""
    return None if array is None else (array.shape, array.dtype)


def correlate(x, weight, strides, paddings, dilations, groups, sizes):
    """The convolution of checked float32/float64 inputs, output sizes known: a fresh array."""
    if D.applies(x.shape[1], weight.shape, groups) and 0 not in sizes:
        return D.correlate(x, weight, strides, paddings, dilations, sizes)
    return G.correlate(x, weight, strides, paddings, dilations, groups, sizes)


def scatter(x, weight, strides, paddings, dilations, groups, output_size):
    """The transposed convolution of checked float32/float64 inputs: a fresh array."""
    if D.applies(x.shape[1], weight.shape, groups) and 0 not in x.shape[2:]:
        return D.scatter(x, weight, strides, paddings, dilations, output_size)
    if G.disjoint_tiles(weight.shape[2:], strides, paddings, dilations, x.shape[2:],
                        output_size) and x.size:
        return G.scatter_disjoint(x, weight, groups, output_size)
    return C.scatter(x, weight, strides, paddings, dilations, groups, output_size)


def _define(nd: int):
    conv_name = f"conv{nd}d"
    transpose_name = f"conv{nd}d_transpose"
    filter_name = f"conv{nd}d_backward_filter"

    def conv_meta(x, weight, strides, paddings, dilations, groups):
        _check_inputs(conv_name, x, weight, nd, groups)
        _check_channels(conv_name, x.shape[1], weight.shape[1], groups, x.shape, weight.shape)
        if weight.shape[0] % groups:
            raise ValueError(f"({conv_name}) The number of filters ({weight.shape[0]}) must be "
                             f"divisible by groups ({groups}).")
        sizes = conv_out_sizes(conv_name, x.shape[2:], weight.shape[2:], strides, paddings,
                               dilations)
        return TensorMeta((x.shape[0], weight.shape[0]) + sizes, x.dtype)

    def checked(x, weight, strides, paddings, dilations, groups):
        return conv_meta(meta_of(x), meta_of(weight), strides, paddings, dilations,
                         groups).shape[2:]

    @defop(conv_name, "x weight", infer_meta=conv_meta, pattern=OPAQUE)
    def conv(xp, x, weight, strides, paddings, dilations, groups=1):
        key = (conv_name, x.shape, x.dtype, weight.shape, weight.dtype, strides, paddings,
               dilations, groups)
        sizes = checked_sizes(key, lambda: checked(x, weight, strides, paddings, dilations,
                                                   groups))
        (x, weight), dtype = _widen(x, weight)
        out = correlate(x, weight, strides, paddings, dilations, groups, sizes)
        return out.astype(dtype, copy=False)

    def transpose_meta(x, weight, strides, paddings, output_size, dilations, groups):
        _check_inputs(transpose_name, x, weight, nd, groups)
        if -1 not in (x.shape[1], weight.shape[0]) and x.shape[1] != weight.shape[0]:
            raise ValueError(
                f"({transpose_name}) The number of input channels ({x.shape[1]}) must equal "
                f"the weight's first dimension ({weight.shape[0]}); received input shape "
                f"{list(x.shape)}, weight shape {list(weight.shape)}.")
        if weight.shape[0] % groups:
            raise ValueError(f"({transpose_name}) The number of input channels "
                             f"({weight.shape[0]}) must be divisible by groups ({groups}).")
        output_size = resolve_output_size(output_size, x.shape[2:], weight.shape[2:], strides,
                                          paddings, dilations)
        _check_geometry(transpose_name, output_size, x.shape[2:], weight.shape[2:], strides,
                        paddings, dilations)
        shape = (x.shape[0], weight.shape[1] * groups) + tuple(output_size)
        return TensorMeta(shape, x.dtype)

    @defop(transpose_name, "x weight", infer_meta=transpose_meta, pattern=OPAQUE)
    def conv_transpose(xp, x, weight, strides, paddings, output_size, dilations, groups=1):
        transpose_meta(meta_of(x), meta_of(weight), strides, paddings, output_size, dilations,
                       groups)
        output_size = resolve_output_size(output_size, x.shape[2:], weight.shape[2:], strides,
                                          paddings, dilations)
        (x, weight), dtype = _widen(x, weight)
        out = scatter(x, weight, strides, paddings, dilations, groups, output_size)
        return out.astype(dtype, copy=False)

    def filter_meta(x, out_grad, kernel_size, strides, paddings, dilations, groups):
        _check_geometry(filter_name, x.shape[2:], out_grad.shape[2:], kernel_size, strides,
                        paddings, dilations)
        shape = (out_grad.shape[1], x.shape[1] // groups if x.shape[1] != -1 else -1)
        return TensorMeta(shape + tuple(kernel_size), x.dtype)

    @defop(filter_name, "x out_grad", infer_meta=filter_meta, pattern=OPAQUE)
    def backward_filter(xp, x, out_grad, kernel_size, strides, paddings, dilations, groups=1):
        filter_meta(meta_of(x), meta_of(out_grad), kernel_size, strides, paddings, dilations,
                    groups)
        (x, out_grad), dtype = _widen(x, out_grad)
        if D.applies(x.shape[1], (out_grad.shape[1], 1), groups) and out_grad.size:
            w = D.weight_of(x, out_grad, tuple(kernel_size), strides, paddings, dilations)
        else:
            w = C.weight_of(x, out_grad, tuple(kernel_size), strides, paddings, dilations,
                            groups)
        return w.astype(dtype, copy=False)

    @conv.grad(save="x weight")
    def _(ctx, g):
        need_x, need_w = ctx.needs_grad
        geometry = (ctx.strides, ctx.paddings)
        gx = conv_transpose(g, ctx.weight, *geometry, tuple(ctx.x.shape[2:]), ctx.dilations,
                            ctx.groups) if need_x else None
        gw = backward_filter(ctx.x, g, tuple(ctx.weight.shape[2:]), *geometry, ctx.dilations,
                             ctx.groups) if need_w else None
        return gx, gw

    @conv_transpose.grad(save="x weight")
    def _(ctx, g):
        need_x, need_w = ctx.needs_grad
        gx = conv(g, ctx.weight, ctx.strides, ctx.paddings, ctx.dilations,
                  ctx.groups) if need_x else None
        gw = backward_filter(g, ctx.x, tuple(ctx.weight.shape[2:]), ctx.strides, ctx.paddings,
                             ctx.dilations, ctx.groups) if need_w else None
        return gx, gw

    @backward_filter.grad(save="x out_grad")
    def _(ctx, g):
        need_x, need_out = ctx.needs_grad
        gx = conv_transpose(ctx.out_grad, g, ctx.strides, ctx.paddings,
                            tuple(ctx.x.shape[2:]), ctx.dilations,
                            ctx.groups) if need_x else None
        go = conv(ctx.x, g, ctx.strides, ctx.paddings, ctx.dilations,
                  ctx.groups) if need_out else None
        return gx, go

    return conv, conv_transpose, backward_filter



conv2d, conv2d_transpose, conv2d_backward_filter = _define(2)
conv3d, conv3d_transpose, conv3d_backward_filter = _define(3)
