"""`interpolate` / `upsample`: resizing of 3-D, 4-D and 5-D tensors by nearest, (bi/tri)linear,
bicubic or area ('area' is adaptive average pooling). Each mode is separable, so the resize runs
as one resample_axis op per spatial axis (last axis first, as Paddle's bicubic kernel does),
with tap tables computed as Paddle's kernels compute their source coordinates."""
from __future__ import annotations

import math

import numpy as np

from ..._core.ops import nn_resample
from ..._core.tensor import Tensor, wrap
from . import _interp_taps as taps
from ._args import input_alias
from .pooling import adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_avg_pool3d

__all__ = ["interpolate", "upsample"]

_RANKS = {"linear": (3,), "bilinear": (4,), "bicubic": (4,), "trilinear": (5,),
          "nearest": (4, 5), "area": (3, 4, 5)}
_FORMATS = {3: ("NCW", "NWC"), 4: ("NCHW", "NHWC"), 5: ("NCDHW", "NDHWC")}
_AREA = {3: adaptive_avg_pool1d, 4: adaptive_avg_pool2d, 5: adaptive_avg_pool3d}


def _check_mode(x, mode, align_corners, align_mode, antialias) -> str:
    method = mode.lower()
    if method not in _RANKS:
        raise ValueError("(interpolate) The 'resample' of image_resize can only be 'area', "
                         "'linear', 'bilinear', 'trilinear', 'bicubic' or 'nearest' "
                         f"currently; received '{mode}'.")
    if x.ndim not in _RANKS[method]:
        ranks = " or ".join(f"{r}-D" for r in _RANKS[method])
        raise ValueError(f"(interpolate) '{method}' only supports {ranks} tensors, but "
                         f"received a {x.ndim}-D tensor.")
    if not isinstance(align_corners, bool):
        raise TypeError("(interpolate) Attr align_corners should be a bool value")
    if not isinstance(antialias, bool):
        raise TypeError("(interpolate) Attr antialias should be a bool value")
    if align_mode not in (0, 1):
        raise ValueError("(interpolate) align_mode can only be 0 or 1")
    if align_corners and method == "nearest":
        raise ValueError("(interpolate) align_corners option can only be set with the "
                         "interpolating modes: linear | bilinear | bicubic | trilinear")
    if antialias and method not in ("bilinear", "bicubic"):
        raise ValueError("(interpolate) Anti-alias option is only supported for bilinear and "
                         "bicubic modes")
    return method


def _as_ints(value) -> list:
    if isinstance(value, Tensor):
        return [int(v) for v in value.numpy().reshape(-1)]
    return [int(v.item()) if isinstance(v, Tensor) else v for v in value]


def _target(x, size, scale_factor, recompute, spatial_sizes):
    """(output sizes, per-axis scales or None) from size / scale_factor, as Paddle resolves
    them: a scale gives floor(in * scale) in float32 and also sets the coordinate ratio."""
    nd = len(spatial_sizes)
    if size is not None and scale_factor is not None:
        raise ValueError("(interpolate) Only one of size or scale_factor should be defined.")
    if size is not None:
        if recompute:
            raise ValueError("(interpolate) recompute_scale_factor is not meaningful with an "
                             "explicit size.")
        if not isinstance(size, (list, tuple, Tensor)):
            raise TypeError("(interpolate) size should be a list or tuple or Tensor.")
        sizes = _as_ints(size)
        if len(sizes) != nd:
            raise ValueError("(interpolate) The x and size should satisfy rank(x) - 2 == "
                             f"len(size); received size {sizes} for a {x.ndim}-D input.")
        if any(s <= 0 for s in sizes):
            raise AssertionError("Each dimension size given in out_shape must be greater "
                                 "than 0.")
        return sizes, [None] * nd
    scales = _scales(scale_factor, nd)
    if recompute:
        sizes = [math.floor(d * s) for d, s in zip(spatial_sizes, scales)]
        scales = [None] * nd
    else:
        sizes = [int(np.float32(d) * np.float32(s)) for d, s in zip(spatial_sizes, scales)]
    if any(s <= 0 for s in sizes):
        raise ValueError(f"(interpolate) The output size {sizes} computed from scale_factor "
                         f"{scale_factor} must be greater than 0 in every dim.")
    return sizes, scales


def _scales(scale_factor, nd) -> list:
    if isinstance(scale_factor, Tensor):
        scale_factor = scale_factor.numpy().reshape(-1).tolist()
        scale_factor = scale_factor[0] if len(scale_factor) == 1 else scale_factor
    if isinstance(scale_factor, (int, float, np.number)) and not isinstance(scale_factor, bool):
        scales = [float(scale_factor)] * nd
    elif isinstance(scale_factor, (list, tuple)):
        if len(scale_factor) != nd:
            raise ValueError(f"(interpolate) scale_shape length should be {nd} for input "
                             f"{nd + 2}-D tensor.")
        scales = [float(v.item() if isinstance(v, Tensor) else v) for v in scale_factor]
    else:
        raise TypeError("(interpolate) Attr(scale)'s type should be float, int, list, tuple, "
                        "or Tensor.")
    if any(s <= 0 for s in scales):
        raise ValueError("(interpolate) Attr(scale) should be greater than zero.")
    return scales


def _table(method, in_size, out_size, scale, align_corners, align_mode, antialias):
    if antialias and out_size < in_size:
        return taps.antialiased(in_size, out_size, scale, align_corners, method)
    if method == "nearest":
        return taps.nearest(in_size, out_size, scale, align_corners)
    if method == "bicubic":
        return taps.cubic(in_size, out_size, scale, align_corners)
    return taps.linear(in_size, out_size, scale, align_corners, align_mode,
                       zero_single=method == "bilinear")


@input_alias
def interpolate(x, size=None, scale_factor=None, mode="nearest", align_corners=False,
                align_mode=0, data_format=None, recompute_scale_factor=None, antialias=False,
                name=None):
    """Resize the spatial dims of x (3-D NCW/NWC, 4-D NCHW/NHWC, 5-D NCDHW/NDHWC) to `size`
    or by `scale_factor` with mode 'nearest', 'linear', 'bilinear', 'bicubic', 'trilinear' or
    'area'.

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> x = paddle.to_tensor([[[[1., 2.], [3., 4.]]]])
        >>> F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=True)[0, 0, 0]
        Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1.        , 1.33333337, 1.66666663, 2.        ])
    """
    if not isinstance(x, Tensor):
        raise TypeError(f"(interpolate) The input x must be a Tensor, but received "
                        f"{type(x).__name__}.")
    if x.ndim not in _FORMATS:
        raise ValueError("(interpolate) The dimension of the input tensor should only be 3-D, "
                         f"4-D or 5-D, but the received dimension is {x.ndim}.")
    method = _check_mode(x, mode, align_corners, align_mode, antialias)
    if size is None and scale_factor is None:
        raise ValueError("(interpolate) One of size and scale_factor must not be None.")
    if method == "area":
        if size is None:
            raise ValueError("(interpolate) output size can not be None in AREA mode")
        return _AREA[x.ndim](x, size)
    data_format = (data_format or _FORMATS[x.ndim][0]).upper()
    if data_format not in _FORMATS[x.ndim]:
        raise ValueError(f"(interpolate) Got wrong value for param `data_format`: "
                         f"{data_format} received but only `{_FORMATS[x.ndim][0]}` or "
                         f"`{_FORMATS[x.ndim][1]}` supported for {x.ndim}-D input.")
    first = 1 if data_format.endswith("C") else 2
    axes = list(range(first, first + x.ndim - 2))
    spatial = [x.shape[a] for a in axes]
    sizes, scales = _target(x, size, scale_factor, recompute_scale_factor, spatial)
    if not x.dtype.is_floating_point and method != "nearest":
        raise TypeError(f"(interpolate) '{method}' needs a floating-point input, but received "
                        f"{x.dtype.name}.")
    out = x
    for axis, in_size, out_size, scale in reversed(list(zip(axes, spatial, sizes, scales))):
        index, weight = _table(method, in_size, out_size, scale, align_corners, align_mode,
                               antialias)
        weight = weight.astype(x._data.dtype if x.dtype.is_floating_point else np.float32)
        out = nn_resample.resample_axis(out, wrap(index), wrap(weight), axis)
    return out


def upsample(x, size=None, scale_factor=None, mode="nearest", align_corners=False,
             align_mode=0, data_format=None, name=None):
    """Alias of interpolate (without recompute_scale_factor / antialias).

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> F.upsample(paddle.ones([1, 3, 4, 4]), scale_factor=2).shape
        paddle.Size([1, 3, 8, 8])
    """
    return interpolate(x, size, scale_factor, mode, align_corners, align_mode, data_format)
