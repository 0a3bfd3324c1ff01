"""Image transforms on paddle Tensors ("CHW" or "HWC", optionally batched), written with paddle
ops so they run on any backend. Each follows the arithmetic of Paddle's own tensor transforms
(blend by lerp and clip, grayscale weights 0.2989/0.587/0.114, sampling grids for grid_sample)
so that results agree with Paddle to float rounding."""
from __future__ import annotations

import math
import numbers

import paddle
from paddle.nn import functional as F

from ._checks import check_pad_args, pad_sides


def _assert_image_tensor(img, data_format):
    if (not isinstance(img, paddle.Tensor) or img.ndim not in (3, 4)
            or data_format.lower() not in ("chw", "hwc")):
        ndim = getattr(img, "ndim", None)
        raise RuntimeError(f"not support [type={type(img)}, ndim={ndim}, "
                           f"data_format={data_format}] paddle image")


def _h_axis(data_format):
    return -2 if data_format.lower() == "chw" else -3


def _w_axis(data_format):
    return -1 if data_format.lower() == "chw" else -2


def _c_axis(data_format):
    return -3 if data_format.lower() == "chw" else -1


def _num_channels(img, data_format="CHW"):
    return img.shape[_c_axis(data_format)]


def _image_size(img, data_format="CHW"):
    """(width, height)."""
    return img.shape[_w_axis(data_format)], img.shape[_h_axis(data_format)]


def _blend(img1, img2, ratio):
    """img2 + ratio * (img1 - img2), clipped to the image range, in img1's dtype."""
    max_value = 1.0 if paddle.is_floating_point(img1) else 255.0
    return paddle.lerp(img2, img1, float(ratio)).clip(0, max_value).astype(img1.dtype)


def normalize(img, mean, std, data_format="CHW"):
    _assert_image_tensor(img, data_format)
    mean = paddle.to_tensor(mean)
    std = paddle.to_tensor(std)
    if data_format.lower() == "chw":
        mean = mean.reshape([-1, 1, 1])
        std = std.reshape([-1, 1, 1])
    return (img - mean) / std


def to_grayscale(img, num_output_channels=1, data_format="CHW"):
    _assert_image_tensor(img, data_format)
    if num_output_channels not in (1, 3):
        raise ValueError("num_output_channels should be either 1 or 3")
    weights = paddle.to_tensor([0.2989, 0.587, 0.114]).astype(img.dtype)
    if data_format.lower() == "chw":
        weights = weights.reshape((-1, 1, 1))
    axis = _c_axis(data_format)
    gray = (img * weights).sum(axis=axis, keepdim=True)
    shape = list(gray.shape)
    shape[axis] = num_output_channels
    return gray.expand(shape)


def vflip(img, data_format="CHW"):
    _assert_image_tensor(img, data_format)
    return img.flip(axis=[_h_axis(data_format)])


def hflip(img, data_format="CHW"):
    _assert_image_tensor(img, data_format)
    return img.flip(axis=[_w_axis(data_format)])


def crop(img, top, left, height, width, data_format="CHW"):
    _assert_image_tensor(img, data_format)
    if data_format.lower() == "chw":
        return img[:, top:top + height, left:left + width]
    return img[top:top + height, left:left + width, :]


def center_crop(img, output_size, data_format="CHW"):
    _assert_image_tensor(img, data_format)
    if isinstance(output_size, numbers.Number):
        output_size = (int(output_size), int(output_size))
    width, height = _image_size(img, data_format)
    crop_height, crop_width = output_size
    top = round((height - crop_height) / 2.0)
    left = round((width - crop_width) / 2.0)
    return crop(img, top, left, crop_height, crop_width, data_format)


def erase(img, i, j, h, w, v, inplace=False):
    _assert_image_tensor(img, "CHW")
    if not inplace:
        img = img.clone()
    img[..., i:i + h, j:j + w] = v
    return img


def pad(img, padding, fill=0, padding_mode="constant", data_format="CHW"):
    _assert_image_tensor(img, data_format)
    check_pad_args(padding, fill, padding_mode)
    left, top, right, bottom = pad_sides(padding)
    if padding_mode == "symmetric":
        raise ValueError("Do not support symmetric mode")
    mode = "replicate" if padding_mode == "edge" else padding_mode
    out = F.pad(img.unsqueeze(0), pad=[left, right, top, bottom], mode=mode, value=float(fill),
                data_format="N" + data_format.upper())
    return out.squeeze(0)


def resize_target(size, width, height):
    """(out_height, out_width) for Paddle's `size` rule: an int resizes the shorter side and
    keeps the aspect ratio (None when the shorter side already has that length)."""
    if not isinstance(size, int):
        return tuple(size)
    if (width <= height and width == size) or (height <= width and height == size):
        return None
    if width < height:
        return int(size * height / width), size
    return size, int(size * width / height)


def resize(img, size, interpolation="bilinear", data_format="CHW"):
    _assert_image_tensor(img, data_format)
    if not (isinstance(size, int) or (isinstance(size, (tuple, list)) and len(size) == 2)):
        raise TypeError(f"Got inappropriate size arg: {size}")
    width, height = _image_size(img, data_format)
    if isinstance(size, int) and (width <= 0 or height <= 0):
        raise NotImplementedError(f"Not support while w<=0 or h<=0, but received w={width}, "
                                  f"h={height}")
    target = resize_target(size, width, height)
    if target is None:
        return img
    batch = img.unsqueeze(0)
    if img.dtype == paddle.uint8:
        # Paddle's uint8 kernels compute in float and truncate; F.interpolate takes floats only
        batch = batch.astype("float32")
    out = F.interpolate(batch, size=target, mode=interpolation.lower(),
                        data_format="N" + data_format.upper())
    return out.squeeze(0).astype(img.dtype)


def adjust_brightness(img, brightness_factor):
    _assert_image_tensor(img, "CHW")
    if brightness_factor < 0:
        raise AssertionError("brightness_factor should be non-negative.")
    if _num_channels(img) not in (1, 3):
        raise AssertionError("channels of input should be either 1 or 3.")
    return _blend(img, paddle.zeros_like(img, img.dtype), brightness_factor)


def adjust_contrast(img, contrast_factor):
    _assert_image_tensor(img, "CHW")
    if contrast_factor < 0:
        raise AssertionError("contrast_factor should be non-negative.")
    channels = _num_channels(img)
    dtype = img.dtype if paddle.is_floating_point(img) else paddle.float32
    if channels == 1:
        gray = img
    elif channels == 3:
        gray = to_grayscale(img)
    else:
        raise ValueError("channels of input should be either 1 or 3.")
    mean = paddle.mean(gray.astype(dtype), axis=(-3, -2, -1), keepdim=True)
    return _blend(img, mean, contrast_factor)


def _single_channel(img) -> bool:
    """Whether a colour adjustment has nothing to do (one channel); only 1 or 3 are allowed."""
    channels = _num_channels(img)
    if channels not in (1, 3):
        raise ValueError("channels of input should be either 1 or 3.")
    return channels == 1


def adjust_saturation(img, saturation_factor):
    _assert_image_tensor(img, "CHW")
    if saturation_factor < 0:
        raise AssertionError("saturation_factor should be non-negative.")
    if _single_channel(img):
        return img
    return _blend(img, to_grayscale(img), saturation_factor)


def _rgb_to_hsv(img):
    maxc = img.max(axis=-3)
    minc = img.min(axis=-3)
    same = paddle.equal(maxc, minc)
    ones = paddle.ones_like(maxc)
    delta = maxc - minc
    s = delta / paddle.where(same, ones, maxc)
    r, g, b = img.unbind(axis=-3)
    safe_delta = paddle.where(same, ones, delta)
    rc = (maxc - r) / safe_delta
    gc = (maxc - g) / safe_delta
    bc = (maxc - b) / safe_delta
    hr = (maxc == r).astype(maxc.dtype) * (bc - gc)
    hg = ((maxc == g) & (maxc != r)).astype(maxc.dtype) * (rc - bc + 2.0)
    hb = ((maxc != r) & (maxc != g)).astype(maxc.dtype) * (gc - rc + 4.0)
    h = (hr + hg + hb) / 6.0 + 1.0
    h = h - h.trunc()
    return paddle.stack([h, s, maxc], axis=-3)


def _hsv_to_rgb(img):
    h, s, v = img.unbind(axis=-3)
    f = h * 6.0
    i = paddle.floor(f)
    f = f - i
    i = i.astype(paddle.int32) % 6
    p = paddle.clip(v * (1.0 - s), 0.0, 1.0)
    q = paddle.clip(v * (1.0 - s * f), 0.0, 1.0)
    t = paddle.clip(v * (1.0 - s * (1.0 - f)), 0.0, 1.0)
    sector = paddle.arange(6, dtype=i.dtype).reshape((-1, 1, 1))
    mask = paddle.equal(i.unsqueeze(axis=-3), sector).astype(img.dtype)
    # for each hue sector, which of (v, q, p, t) each RGB channel takes
    table = paddle.stack([paddle.stack([v, q, p, p, t, v], axis=-3),
                          paddle.stack([t, v, v, q, p, p], axis=-3),
                          paddle.stack([p, p, t, v, v, q], axis=-3)], axis=-4)
    return paddle.einsum("...ijk, ...xijk -> ...xjk", mask, table)


def adjust_hue(img, hue_factor):
    _assert_image_tensor(img, "CHW")
    if not -0.5 <= hue_factor <= 0.5:
        raise AssertionError("hue_factor should be in range [-0.5, 0.5]")
    if _single_channel(img):
        return img
    dtype = img.dtype
    if dtype == paddle.uint8:
        img = img.astype(paddle.float32) / 255.0
    h, s, v = _rgb_to_hsv(img).unbind(axis=-3)
    h = h + hue_factor
    h = h - h.floor()
    out = _hsv_to_rgb(paddle.stack([h, s, v], axis=-3))
    if dtype == paddle.uint8:
        out = (out * 255.0).astype(dtype)
    return out


# ---- resampling through grid_sample ---------------------------------------------------------

def _affine_grid(theta, w, h, ow, oh):
    """Sampling grid (normalised to [-1, 1]) of the pixel centres of an ow x oh output under
    the 2x3 matrix theta, which maps output pixels (centred coordinates) to input pixels."""
    base = paddle.ones((1, oh, ow, 3), dtype=theta.dtype)
    base[..., 0] = paddle.linspace(-ow * 0.5 + 0.5, ow * 0.5 + 0.5 - 1, ow)
    base[..., 1] = paddle.linspace(-oh * 0.5 + 0.5, oh * 0.5 + 0.5 - 1, oh).unsqueeze_(-1)
    scaled = theta.transpose((0, 2, 1)) / paddle.to_tensor([0.5 * w, 0.5 * h])
    return base.reshape((1, oh * ow, 3)).bmm(scaled).reshape((1, oh, ow, 2))


def _grid_transform(img, grid, mode, fill):
    """grid_sample img (NCHW) at grid; outside pixels become `fill` (tracked through an extra
    all-ones channel) instead of zero when fill is given."""
    if img.shape[0] > 1:
        grid = grid.expand(shape=[img.shape[0]] + list(grid.shape[1:]))
    if fill is not None:
        ones = paddle.ones((img.shape[0], 1, img.shape[2], img.shape[3]), dtype=img.dtype)
        img = paddle.concat((img, ones), axis=1)
    img = F.grid_sample(img, grid, mode=mode, padding_mode="zeros", align_corners=False)
    if fill is None:
        return img
    mask = img[:, -1:, :, :].tile([1, img.shape[1] - 1, 1, 1])
    img = img[:, :-1, :, :]
    n_fill = len(fill) if isinstance(fill, (tuple, list)) else 1
    fill_img = paddle.to_tensor(fill).reshape((1, n_fill, 1, 1)).astype(img.dtype).expand_as(img)
    if mode == "nearest":
        mask = paddle.cast(mask < 0.5, img.dtype)
        return img * (1.0 - mask) + mask * fill_img
    return img * mask + (1.0 - mask) * fill_img


def _as_nchw(img, data_format):
    img = img if img.ndim == 4 else img.unsqueeze(0)
    return img if data_format.lower() == "chw" else img.transpose((0, 3, 1, 2))


def _from_nchw(out, ndim, data_format):
    out = out if data_format.lower() == "chw" else out.transpose((0, 2, 3, 1))
    return out.squeeze(0) if ndim == 3 else out


def affine(img, matrix, interpolation="nearest", fill=None, data_format="CHW"):
    ndim = img.ndim
    img = _as_nchw(img, data_format)
    theta = paddle.to_tensor(matrix).reshape((1, 2, 3))
    h, w = img.shape[-2], img.shape[-1]
    grid = _affine_grid(theta, w=w, h=h, ow=w, oh=h)
    if isinstance(fill, int):
        fill = (fill,) * 3
    return _from_nchw(_grid_transform(img, grid, interpolation, fill), ndim, data_format)


def _rotation_matrix(angle, center, w, h):
    angle = math.radians(-angle % 360)
    cx, cy = (0.0, 0.0) if center is None else (center[0] - w * 0.5, center[1] - h * 0.5)
    m = paddle.to_tensor([math.cos(angle), math.sin(angle), 0.0,
                          -math.sin(angle), math.cos(angle), 0.0])
    m[2] += m[0] * (-cx) + m[1] * (-cy) + cx
    m[5] += m[3] * (-cx) + m[4] * (-cy) + cy
    return m.reshape((1, 2, 3))


def rotate(img, angle, interpolation="nearest", expand=False, center=None, fill=None,
           data_format="CHW"):
    img = img.unsqueeze(0)
    w, h = _image_size(img, data_format)
    img = img if data_format.lower() == "chw" else img.transpose((0, 3, 1, 2))
    matrix = _rotation_matrix(angle, center, w, h)
    ow, oh = w, h
    if expand:
        corners = paddle.to_tensor([[-0.5 * w, -0.5 * h, 1.0], [-0.5 * w, 0.5 * h, 1.0],
                                    [0.5 * w, 0.5 * h, 1.0], [0.5 * w, -0.5 * h, 1.0]])
        moved = corners.reshape((1, -1, 3)).bmm(matrix.transpose((0, 2, 1))).reshape((1, -1, 2))
        extent = moved.max(axis=-2).ceil() - moved.min(axis=-2).floor()
        ow, oh = int(extent[0][0]), int(extent[0][1])
    grid = _affine_grid(matrix, w, h, ow, oh)
    out = _grid_transform(img, grid, interpolation, fill)
    out = out if data_format.lower() == "chw" else out.transpose((0, 2, 3, 1))
    return out.squeeze(0)


def _perspective_grid(coeffs, ow, oh, dtype):
    theta1 = coeffs[:6].reshape([1, 2, 3])
    rows = paddle.tile(coeffs[6:].reshape([1, 2]), repeat_times=[2, 1])
    theta2 = paddle.concat((rows, paddle.ones((2, 1), dtype=dtype)), axis=1).unsqueeze(0)
    base = paddle.ones((1, oh, ow, 3), dtype=dtype)
    base[..., 0] = paddle.linspace(0.5, ow * 1.0 + 0.5 - 1.0, ow)
    base[..., 1] = paddle.linspace(0.5, oh * 1.0 + 0.5 - 1.0, oh).unsqueeze_(-1)
    flat = base.reshape((1, oh * ow, 3))
    num = flat.bmm(theta1.transpose((0, 2, 1)) / paddle.to_tensor([0.5 * ow, 0.5 * oh]))
    den = flat.bmm(theta2.transpose((0, 2, 1)))
    return (num / den - 1.0).reshape((1, oh, ow, 2))


def perspective(img, coeffs, interpolation="nearest", fill=None, data_format="CHW"):
    ndim = img.ndim
    img = _as_nchw(img, data_format)
    ow, oh = img.shape[-1], img.shape[-2]
    dtype = img.dtype if paddle.is_floating_point(img) else paddle.float32
    grid = _perspective_grid(paddle.to_tensor(coeffs), ow=ow, oh=oh, dtype=dtype)
    return _from_nchw(_grid_transform(img, grid, interpolation, fill), ndim, data_format)
