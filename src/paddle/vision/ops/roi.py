"""`paddle.vision.ops.roi_align`, `roi_pool`, `psroi_pool` and their layers. Each samples x by
a table (no gradient, like Paddle's boxes) through the differentiable roi_gather."""
from __future__ import annotations

import paddle

from ... import nn
from ..._core.ops import detection_roi as D
from ..._core.ops.detection_roi_align import roi_align as roi_align_op


def _pooled_size(op: str, output_size, allowed=(int, tuple)):
    if not isinstance(output_size, allowed):
        raise TypeError(f"({op}) The type of 'output_size' must be "
                        f"{' or '.join(t.__name__ for t in allowed)}, but received "
                        f"{type(output_size).__name__}.")
    if isinstance(output_size, int):
        return output_size, output_size
    return tuple(int(v) for v in output_size)


def _check_input(op: str, x, boxes):
    if x.ndim != 4:
        raise ValueError(f"({op}) The input x must be a 4-D tensor (N, C, H, W), but received "
                         f"shape {list(x.shape)}.")
    if boxes.dtype != x.dtype:
        raise TypeError(f"({op}) boxes must have the dtype of x ({x.dtype}), but received "
                        f"{boxes.dtype}.")


def _pooled(x, index, weights, pooled_height, pooled_width):
    out = D.roi_gather(x, index, weights)
    return out.reshape([index.shape[0], x.shape[1], pooled_height, pooled_width])


def roi_align(x, boxes, boxes_num, output_size, spatial_scale=1.0, sampling_ratio=-1,
              aligned=True, name=None):
    """RoIAlign: average of bilinear samples in each of output_size bins of every box.

    x is [N, C, H, W], boxes [R, 4] (x1, y1, x2, y2 in input pixels), boxes_num [N] the boxes
    of each image; returns [R, C, output_h, output_w].

    Example:
        >>> import paddle
        >>> x = paddle.rand([1, 2, 8, 8])
        >>> boxes = paddle.to_tensor([[1., 1., 6., 6.]])
        >>> paddle.vision.ops.roi_align(x, boxes, paddle.to_tensor([1]), 2).shape
        paddle.Size([1, 2, 2, 2])
    """
    ph, pw = _pooled_size("roi_align", output_size)
    _check_input("roi_align", x, boxes)
    return roi_align_op(x, boxes, boxes_num, ph, pw, float(spatial_scale), int(sampling_ratio),
                        bool(aligned))


def roi_pool(x, boxes, boxes_num, output_size, spatial_scale=1.0, name=None):
    """RoIPool: maximum over each of output_size bins of every box (boxes rounded to cells);
    empty bins give 0. Returns [R, C, output_h, output_w].

    Example:
        >>> import paddle
        >>> x = paddle.rand([1, 2, 8, 8])
        >>> boxes = paddle.to_tensor([[1., 1., 6., 6.]])
        >>> paddle.vision.ops.roi_pool(x, boxes, paddle.to_tensor([1], "int32"), 3).shape
        paddle.Size([1, 2, 3, 3])
    """
    ph, pw = _pooled_size("roi_pool", output_size)
    _check_input("roi_pool", x, boxes)
    index = D.roi_pool_table(x, boxes, boxes_num, ph, pw, float(spatial_scale))
    return _pooled(x, index, paddle.ones(index.shape, x.dtype), ph, pw)


def psroi_pool(x, boxes, boxes_num, output_size, spatial_scale=1.0, name=None):
    """Position-sensitive RoI pooling (R-FCN): bin (i, j) of output channel c averages input
    channel (c * output_h + i) * output_w + j. x has C = C_out * output_h * output_w channels;
    returns [R, C_out, output_h, output_w].

    Example:
        >>> import paddle
        >>> x = paddle.rand([1, 8, 6, 6])
        >>> boxes = paddle.to_tensor([[0., 0., 4., 4.]])
        >>> paddle.vision.ops.psroi_pool(x, boxes, paddle.to_tensor([1], "int32"), 2).shape
        paddle.Size([1, 2, 2, 2])
    """
    ph, pw = _pooled_size("psroi_pool", output_size, (int, tuple, list))
    if ph * pw == 0:
        raise ValueError("output_size should not contain 0.")
    _check_input("psroi_pool", x, boxes)
    n, c, h, w = x.shape
    if c % (ph * pw):
        raise ValueError(f"(psroi_pool) the channels of x ({c}) must be a multiple of "
                         f"output_h * output_w ({ph * pw}).")
    index, weights = D.psroi_pool_table(boxes, boxes_num, tuple(x.shape), ph, pw,
                                        float(spatial_scale))
    planes = x.reshape([n, c // (ph * pw), ph * pw * h * w])
    out = D.roi_gather(planes, index, weights)
    return out.reshape([index.shape[0], c // (ph * pw), ph, pw])


class _RoILayer(nn.Layer):
    def __init__(self, output_size, spatial_scale=1.0):
        super().__init__()
        self._output_size = output_size
        self._spatial_scale = spatial_scale

    def extra_repr(self):
        return f"output_size={self._output_size}, spatial_scale={self._spatial_scale}"


class RoIAlign(_RoILayer):
    """Layer form of `roi_align` (sampling_ratio -1, aligned).

    Example:
        >>> import paddle
        >>> layer = paddle.vision.ops.RoIAlign(output_size=(2, 2))
        >>> layer(paddle.rand([1, 2, 8, 8]), paddle.to_tensor([[1., 1., 6., 6.]]),
        ...       paddle.to_tensor([1])).shape
        paddle.Size([1, 2, 2, 2])
    """

    def forward(self, x, boxes, boxes_num, aligned=True):
        return roi_align(x, boxes, boxes_num, self._output_size, self._spatial_scale,
                         aligned=aligned)


class RoIPool(_RoILayer):
    """Layer form of `roi_pool`.

    Example:
        >>> import paddle
        >>> layer = paddle.vision.ops.RoIPool(output_size=2)
        >>> layer(paddle.rand([1, 2, 8, 8]), paddle.to_tensor([[1., 1., 6., 6.]]),
        ...       paddle.to_tensor([1], "int32")).shape
        paddle.Size([1, 2, 2, 2])
    """

    def forward(self, x, boxes, boxes_num):
        return roi_pool(x, boxes, boxes_num, self._output_size, self._spatial_scale)


class PSRoIPool(_RoILayer):
    """Layer form of `psroi_pool`.

    Example:
        >>> import paddle
        >>> layer = paddle.vision.ops.PSRoIPool(2, 1.0)
        >>> layer(paddle.rand([1, 8, 6, 6]), paddle.to_tensor([[0., 0., 4., 4.]]),
        ...       paddle.to_tensor([1], "int32")).shape
        paddle.Size([1, 2, 2, 2])
    """

    def forward(self, x, boxes, boxes_num):
        return psroi_pool(x, boxes, boxes_num, self._output_size, self._spatial_scale)
