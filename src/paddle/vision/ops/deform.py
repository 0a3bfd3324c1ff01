"""`paddle.vision.ops.deform_conv2d` and `DeformConv2D` (deformable convolution v1, and v2
with a modulation mask), composed from differentiable ops: the input is sampled bilinearly
at the offset kernel taps (one roi_gather of the four neighbours, as Paddle's deformable_conv
kernel interpolates: taps outside (-1, size) read 0), scaled by the mask, and contracted with
the weight by a grouped matmul. Gradients of every order reach x, offset, mask, weight, bias."""
from __future__ import annotations

import numpy as np

import paddle

from ... import nn
from ..._core.ops.detection_roi import roi_gather


def _pair(value, what):
    if isinstance(value, int):
        return value, value
    values = tuple(int(v) for v in value)
    if len(values) != 2:
        raise ValueError(f"(deform_conv2d) {what} must be an int or two ints, but received "
                         f"{value}.")
    return values


def _tap_grid(out_size, kernel, stride, padding, dilation):
    """Undeformed input coordinate of kernel tap t at output position o: (kernel, out)."""
    return (np.arange(out_size) * stride - padding)[None, :] + \
        (np.arange(kernel) * dilation)[:, None]


def _bilinear_taps(x, ys, xs, groups, mask):
    """x [N, C, H, W] sampled at (ys, xs) [N, G, K, Ho, Wo] per deformable group, times the
    modulation mask when given: [N, G, C/G, K, Ho, Wo]. One roi_gather of the four
    neighbours of every sample; the bilinear weights (and the mask) are its weights, so their
    gradients reach the offsets and the mask."""
    n, c, h, w = x.shape
    planes = x.reshape([n * groups, c // groups, h, w])
    y0, x0 = paddle.floor(ys).detach(), paddle.floor(xs).detach()
    dy, dx = ys - y0, xs - x0
    inside = (ys > -1) & (ys < h) & (xs > -1) & (xs < w)
    image = paddle.arange(n * groups, dtype="int64").reshape(ys.shape[:2] + [1, 1, 1]) * (h * w)
    index, weights = [], []
    for cy, wy in ((y0, 1 - dy), (y0 + 1, dy)):
        for cx, wx in ((x0, 1 - dx), (x0 + 1, dx)):
            valid = inside & (cy >= 0) & (cy <= h - 1) & (cx >= 0) & (cx <= w - 1)
            flat = (cy * w + cx).astype("int64") + image
            index.append(paddle.where(valid, flat, paddle.full_like(flat, -1)))
            weights.append(wy * wx if mask is None else wy * wx * mask)
    taps = list(ys.shape[2:])
    index = paddle.stack(index, -1).reshape([n * groups, 1, -1, 4])
    weights = paddle.stack(weights, -1).reshape([n * groups, 1, -1, 4])
    return roi_gather(planes, index, weights).reshape([n, groups, c // groups] + taps)


def deform_conv2d(x, offset, weight, bias=None, stride=1, padding=0, dilation=1,
                  deformable_groups=1, groups=1, mask=None, name=None):
    """Deformable convolution: each kernel tap of each output position reads the input at
    its regular position plus a learned offset (dy, dx) from `offset`
    [N, 2 * deformable_groups * kh * kw, Ho, Wo], weighted by `mask`
    [N, deformable_groups * kh * kw, Ho, Wo] when given (v2).

    Example:
        >>> import paddle
        >>> x = paddle.rand([1, 2, 6, 6])
        >>> offset = paddle.zeros([1, 18, 4, 4])
        >>> weight = paddle.rand([3, 2, 3, 3])
        >>> out = paddle.vision.ops.deform_conv2d(x, offset, weight)
        >>> bool(paddle.allclose(out, paddle.nn.functional.conv2d(x, weight)))
        True
    """
    (sh, sw), (ph, pw) = _pair(stride, "stride"), _pair(padding, "padding")
    dh, dw = _pair(dilation, "dilation")
    n, c, h, w = x.shape
    cout, cin_g, kh, kw = weight.shape
    if cin_g * groups != c:
        raise ValueError(f"(deform_conv2d) The number of input channels ({c}) must equal the "
                         f"weight's input channels ({cin_g}) times groups ({groups}).")
    ho = (h + 2 * ph - (dh * (kh - 1) + 1)) // sh + 1
    wo = (w + 2 * pw - (dw * (kw - 1) + 1)) // sw + 1
    taps, dg = kh * kw, deformable_groups
    if list(offset.shape) != [n, 2 * dg * taps, ho, wo]:
        raise ValueError(f"(deform_conv2d) offset must have shape "
                         f"{[n, 2 * dg * taps, ho, wo]}, but received {list(offset.shape)}.")
    shape = [1, 1, taps, ho, wo]
    grid_y = np.broadcast_to(_tap_grid(ho, kh, sh, ph, dh)[:, None, :, None], (kh, kw, ho, wo))
    grid_x = np.broadcast_to(_tap_grid(wo, kw, sw, pw, dw)[None, :, None, :], (kh, kw, ho, wo))
    offsets = offset.reshape([n, dg, taps, 2, ho, wo])
    ys = offsets[:, :, :, 0] + paddle.to_tensor(grid_y.reshape(shape).astype(x.dtype.name))
    xs = offsets[:, :, :, 1] + paddle.to_tensor(grid_x.reshape(shape).astype(x.dtype.name))
    modulation = None if mask is None else mask.reshape([n, dg, taps, ho, wo])
    sampled = _bilinear_taps(x, ys, xs, dg, modulation)
    columns = sampled.reshape([n, groups, cin_g * taps, ho * wo])
    kernels = weight.reshape([groups, cout // groups, cin_g * taps])
    out = paddle.matmul(kernels, columns).reshape([n, cout, ho, wo])
    return out if bias is None else out + bias.reshape([1, cout, 1, 1])


class DeformConv2D(nn.Layer):
    """Layer form of `deform_conv2d`; the weight starts Normal(0, sqrt(2 / (kh * kw *
    in_channels))) and the bias at zero, as Paddle's.

    Example:
        >>> import paddle
        >>> layer = paddle.vision.ops.DeformConv2D(2, 4, 3)
        >>> layer(paddle.rand([1, 2, 5, 5]), paddle.zeros([1, 18, 3, 3])).shape
        paddle.Size([1, 4, 3, 3])
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 deformable_groups=1, groups=1, weight_attr=None, bias_attr=None):
        super().__init__()
        if weight_attr is False:
            raise AssertionError("weight_attr should not be False in Conv.")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups.")
        self._stride = _pair(stride, "stride")
        self._padding = _pair(padding, "padding")
        self._dilation = _pair(dilation, "dilation")
        self._kernel_size = _pair(kernel_size, "kernel_size")
        self._deformable_groups = deformable_groups
        self._groups = groups
        std = (2.0 / (np.prod(self._kernel_size) * in_channels)) ** 0.5
        self.weight = self.create_parameter(
            [out_channels, in_channels // groups, *self._kernel_size], attr=weight_attr,
            default_initializer=nn.initializer.Normal(0.0, std))
        self.bias = self.create_parameter([out_channels], attr=bias_attr, is_bias=True)

    def forward(self, x, offset, mask=None):
        return deform_conv2d(x, offset, self.weight, self.bias, self._stride, self._padding,
                             self._dilation, self._deformable_groups, self._groups, mask)
