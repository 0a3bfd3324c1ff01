"""Image transforms on NumPy HWC arrays with the results Paddle gets from OpenCV, computed in
NumPy (see _cv2_resample and _cv2_color), so OpenCV is not needed."""
from __future__ import annotations

import math
import numbers

import numpy as np

import paddle

from . import _cv2_color as color
from . import _cv2_resample as resample
from ._checks import check_pad_args, pad_sides

_INTERPOLATIONS = ("nearest", "bilinear")
_BORDERS = {"constant": "constant", "edge": "edge", "reflect": "reflect",
            "symmetric": "symmetric"}


def _check_interpolation(name, api):
    if name not in _INTERPOLATIONS:
        raise ValueError(f"({api}) interpolation '{name}' is not supported for NumPy images "
                         f"(supported: {list(_INTERPOLATIONS)}); convert the image to a PIL "
                         "image or a Tensor for other modes")


def _keep_channel_axis(img, out):
    """cv2 drops a trailing channel axis of size 1; Paddle puts it back."""
    if img.ndim == 3 and img.shape[2] == 1 and out.ndim == 2:
        return out[:, :, np.newaxis]
    return out


def to_tensor(pic, data_format="CHW"):
    if data_format not in ("CHW", "HWC"):
        raise ValueError(f"data_format should be CHW or HWC. Got {data_format}")
    if pic.ndim == 2:
        pic = pic[:, :, None]
    img = paddle.to_tensor(pic.transpose((2, 0, 1)) if data_format == "CHW" else pic)
    if img.dtype == paddle.uint8:
        return paddle.cast(img, "float32") / 255.0
    return img


def resize(img, size, interpolation="bilinear"):
    from .functional_tensor import resize_target
    if not (isinstance(size, int) or (isinstance(size, (tuple, list)) and len(size) == 2)):
        raise TypeError(f"Got inappropriate size arg: {size}")
    _check_interpolation(interpolation, "resize")
    h, w = img.shape[:2]
    target = resize_target(size, w, h)
    if target is None:
        return img
    return _keep_channel_axis(img, resample.resize(img, target[0], target[1], interpolation))


def _border_fill(img, fill):
    """cv2's border Scalar: a number fills the first channel only, the rest are 0."""
    channels = img.shape[2] if img.ndim == 3 else 1
    values = list(fill) if isinstance(fill, (tuple, list)) else [fill]
    return np.asarray((values + [0] * 4)[:channels], dtype=img.dtype)


def pad(img, padding, fill=0, padding_mode="constant"):
    check_pad_args(padding, fill, padding_mode)
    left, top, right, bottom = pad_sides(padding)
    widths = ((top, bottom), (left, right)) + ((0, 0),) * (img.ndim - 2)
    if padding_mode != "constant":
        return np.pad(img, widths, _BORDERS[padding_mode])
    out = np.empty((img.shape[0] + top + bottom, img.shape[1] + left + right) + img.shape[2:],
                   dtype=img.dtype)
    value = _border_fill(img, fill)
    out[...] = value if img.ndim == 3 else value[0]
    out[top:top + img.shape[0], left:left + img.shape[1]] = img
    return out


def crop(img, top, left, height, width):
    return img[top:top + height, left:left + width, :]


def center_crop(img, output_size):
    if isinstance(output_size, numbers.Number):
        output_size = (int(output_size), int(output_size))
    h, w = img.shape[0:2]
    th, tw = output_size
    return crop(img, round((h - th) / 2.0), round((w - tw) / 2.0), th, tw)


def hflip(img):
    out = np.ascontiguousarray(img[:, ::-1])
    # cv2.flip returns HxW for an HxWx1 image, and Paddle's hflip (unlike vflip) keeps that
    return out[:, :, 0] if out.ndim == 3 and out.shape[2] == 1 else out


def vflip(img):
    return np.ascontiguousarray(img[::-1])


def _lookup(img, table):
    return table[img]


def adjust_brightness(img, brightness_factor):
    table = np.array([i * brightness_factor for i in range(256)]).clip(0, 255).astype("uint8")
    return _lookup(img, table)


def adjust_contrast(img, contrast_factor):
    # cv2 path in Paddle blends towards the fixed level 74, not the image mean
    table = np.array([(i - 74) * contrast_factor + 74 for i in range(256)])
    return _lookup(img, table.clip(0, 255).astype("uint8"))


def adjust_saturation(img, saturation_factor):
    # Paddle's NumPy path draws the blend factor at random around saturation_factor
    dtype = img.dtype
    img = img.astype(np.float32)
    alpha = np.random.uniform(max(0, 1 - saturation_factor), 1 + saturation_factor)
    gray = color.rgb_to_gray(img, bgr=True)[..., np.newaxis]
    return (img * alpha + gray * (1 - alpha)).clip(0, 255).astype(dtype)


def adjust_hue(img, hue_factor):
    if not -0.5 <= hue_factor <= 0.5:
        raise ValueError(f"hue_factor:{hue_factor} is not in [-0.5, 0.5].")
    dtype = img.dtype
    hsv = color.bgr_to_hsv_full(img.astype(np.uint8))
    hue = (hsv[..., 0].astype(np.int32) + int(hue_factor * 255)) % 256
    hsv[..., 0] = hue.astype(np.uint8)
    return color.hsv_full_to_bgr(hsv).astype(dtype)


def affine(img, angle, translate, scale, shear, interpolation="nearest", fill=0, center=None):
    _check_interpolation(interpolation, "affine")
    h, w = img.shape[0:2]
    if isinstance(fill, int):
        fill = (fill,) * 3
    if center is None:
        center = (w / 2.0, h / 2.0)
    rot = resample.rotation_matrix(center, angle, scale)
    sx = math.tan(shear[0] * math.pi / 180)
    sy = math.tan(shear[1] * math.pi / 180)
    matrix = np.ones([2, 3])
    matrix[0] = rot[0] + sy * rot[1]
    matrix[1] = rot[1] + sx * rot[0]
    matrix[0, 2], matrix[1, 2] = translate
    out = resample.warp_affine(img, matrix, w, h, interpolation, fill)
    return _keep_channel_axis(img, out)


def _expanded_size(angle, center, w, h):
    """Bounding size of the image rotated by `angle` degrees about `center`."""
    rad = -math.radians(angle)
    a, b = round(math.cos(rad), 15), round(math.sin(rad), 15)
    c = a * (-center[0]) + b * (-center[1]) + center[0]
    f = -b * (-center[0]) + a * (-center[1]) + center[1]
    corners = [(0, 0), (w, 0), (w, h), (0, h)]
    xs = [a * x + b * y + c for x, y in corners]
    ys = [-b * x + a * y + f for x, y in corners]
    return (math.ceil(max(xs)) - math.floor(min(xs)), math.ceil(max(ys)) - math.floor(min(ys)))


def rotate(img, angle, interpolation="nearest", expand=False, center=None, fill=0):
    _check_interpolation(interpolation, "rotate")
    h, w = img.shape[0:2]
    if center is None:
        center = (w / 2.0, h / 2.0)
    matrix = resample.rotation_matrix(center, angle, 1)
    if expand:
        nw, nh = _expanded_size(angle, center, w, h)
        matrix[0, 2] += (nw - w) * 0.5
        matrix[1, 2] += (nh - h) * 0.5
        w, h = int(nw), int(nh)
    return _keep_channel_axis(img, resample.warp_affine(img, matrix, w, h, interpolation, fill))


def perspective(img, startpoints, endpoints, interpolation="nearest", fill=0):
    _check_interpolation(interpolation, "perspective")
    h, w = img.shape[0:2]
    matrix = resample.perspective_transform(startpoints, endpoints)
    out = resample.warp_perspective(img, matrix, w, h, interpolation, fill)
    return _keep_channel_axis(img, out)


def to_grayscale(img, num_output_channels=1):
    if num_output_channels not in (1, 3):
        raise ValueError("num_output_channels should be either 1 or 3")
    gray = color.rgb_to_gray(img)[:, :, np.newaxis]
    return gray if num_output_channels == 1 else np.broadcast_to(gray, img.shape)


def normalize(img, mean, std, data_format="CHW", to_rgb=False):
    shape = (-1, 1, 1) if data_format == "CHW" else (1, 1, -1)
    mean = np.float32(np.array(mean).reshape(shape))
    std = np.float32(np.array(std).reshape(shape))
    if to_rgb:
        img = img[..., ::-1]
    return (img - mean) / std


def erase(img, i, j, h, w, v, inplace=False):
    if not inplace:
        img = img.copy()
    img[i:i + h, j:j + w, ...] = v
    return img
