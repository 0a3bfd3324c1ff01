"""Rearranging channels of 4-D images: pixel_shuffle (channels into space), pixel_unshuffle
(space into channels) and channel_shuffle (interleaving channel groups). Each is a reshape,
a transpose and a reshape."""
from __future__ import annotations

from ..._core.ops import manipulation as M
from ...tensor._convert import require_tensor

_LAYOUTS = ("NCHW", "NHWC")


def _check_image(api: str, x, data_format: str) -> None:
    require_tensor(api, "x", 0, x)
    if x.ndim != 4:
        raise ValueError(f"({api}) Input should be a 4-D tensor of format [N, C, H, W] or "
                         f"[N, H, W, C], but got {x.ndim} (shape {list(x.shape)}).")
    if data_format not in _LAYOUTS:
        raise ValueError(f"({api}) Attr(data_format) should be 'NCHW' or 'NHWC'. But receive "
                         f"Attr(data_format): {data_format}")


def _factor(api: str, arg: str, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"({api}) {arg} must be int type, but received "
                        f"{type(value).__name__}.")
    if value <= 0:
        raise ValueError(f"({api}) {arg} must be positive, but received {value}.")
    return value


def _rearrange(x, split_shape, perm, out_shape):
    return M.reshape(M.transpose(M.reshape(x, split_shape), perm), out_shape)


def pixel_shuffle(x, upscale_factor, data_format="NCHW", name=None):
    """[N, C*r*r, H, W] -> [N, C, H*r, W*r] (r = upscale_factor).

    Example:
        >>> import paddle
        >>> paddle.nn.functional.pixel_shuffle(paddle.ones([1, 8, 2, 3]), 2).shape
        paddle.Size([1, 2, 4, 6])
    """
    r = _factor("pixel_shuffle", "upscale factor", upscale_factor)
    _check_image("pixel_shuffle", x, data_format)
    if data_format == "NCHW":
        n, c, h, w = x.shape
    else:
        n, h, w, c = x.shape
    if c % (r * r):
        raise ValueError(f"(pixel_shuffle) The square of upscale_factor[{r * r}] should divide "
                         f"the number of channel[{c}]")
    oc = c // (r * r)
    if data_format == "NCHW":
        return _rearrange(x, [n, oc, r, r, h, w], [0, 1, 4, 2, 5, 3], [n, oc, h * r, w * r])
    return _rearrange(x, [n, h, w, oc, r, r], [0, 1, 4, 2, 5, 3], [n, h * r, w * r, oc])


def pixel_unshuffle(x, downscale_factor, data_format="NCHW", name=None):
    """[N, C, H*r, W*r] -> [N, C*r*r, H, W] (r = downscale_factor), undoing pixel_shuffle.

    Example:
        >>> import paddle
        >>> paddle.nn.functional.pixel_unshuffle(paddle.ones([1, 2, 4, 6]), 2).shape
        paddle.Size([1, 8, 2, 3])
    """
    _check_image("pixel_unshuffle", x, data_format)
    r = _factor("pixel_unshuffle", "Downscale factor", downscale_factor)
    if data_format == "NCHW":
        n, c, h, w = x.shape
    else:
        n, h, w, c = x.shape
    if h % r or w % r:
        raise ValueError(f"(pixel_unshuffle) Downscale factor[{r}] should divide both "
                         f"height[{h}] and width[{w}]")
    oh, ow = h // r, w // r
    if data_format == "NCHW":
        return _rearrange(x, [n, c, oh, r, ow, r], [0, 1, 3, 5, 2, 4], [n, c * r * r, oh, ow])
    return _rearrange(x, [n, oh, r, ow, r, c], [0, 1, 3, 5, 2, 4], [n, oh, ow, c * r * r])


def channel_shuffle(x, groups, data_format="NCHW", name=None):
    """Split the C channels into `groups` groups and interleave them (ShuffleNet's shuffle).

    Example:
        >>> import paddle
        >>> x = paddle.arange(6, dtype='float32').reshape([1, 6, 1, 1])
        >>> paddle.nn.functional.channel_shuffle(x, 3).flatten()
        Tensor(shape=[6], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0., 2., 4., 1., 3., 5.])
    """
    _check_image("channel_shuffle", x, data_format)
    g = _factor("channel_shuffle", "groups", groups)
    if data_format == "NCHW":
        n, c, h, w = x.shape
    else:
        n, h, w, c = x.shape
    if c % g:
        raise ValueError(f"(channel_shuffle) The number of groups to divide channels in [{g}] "
                         f"should divide the number of channel [{c}]")
    if data_format == "NCHW":
        return _rearrange(x, [n, g, c // g, h, w], [0, 2, 1, 3, 4], [n, c, h, w])
    return _rearrange(x, [n, h, w, g, c // g], [0, 1, 2, 4, 3], [n, h, w, c])


__all__ = ["pixel_shuffle", "pixel_unshuffle", "channel_shuffle"]
