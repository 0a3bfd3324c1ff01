"""Image transforms on PIL images, done by Pillow itself (the same calls Paddle makes, so the
pixels match exactly)."""
from __future__ import annotations

import numbers

import numpy as np

import paddle

from ..image import require_pil
from ._checks import check_pad_args, pad_sides

_INTERPOLATIONS = ("nearest", "bilinear", "bicubic", "box", "lanczos", "hamming")


def _interp(name):
    Image = require_pil()
    if name not in _INTERPOLATIONS:
        raise ValueError(f"interpolation must be one of {list(_INTERPOLATIONS)} for PIL images, "
                         f"but received '{name}'")
    return getattr(Image.Resampling, name.upper())


def _fill3(fill):
    return (fill,) * 3 if isinstance(fill, int) else fill


def to_tensor(pic, data_format="CHW"):
    if data_format not in ("CHW", "HWC"):
        raise ValueError(f"data_format should be CHW or HWC. Got {data_format}")
    if pic.mode in ("I", "I;16"):
        array = np.asarray(pic, np.int32)
    elif pic.mode == "F":
        array = np.asarray(pic, np.float32)
    elif pic.mode == "1":
        array = 255 * np.asarray(pic, np.uint8)
    else:
        array = np.asarray(pic)
    channels = {"YCbCr": 3, "I;16": 1}.get(pic.mode, len(pic.mode))
    img = paddle.to_tensor(array)
    if img.dtype == paddle.uint8:
        img = paddle.cast(img, "float32") / 255.0
    img = img.reshape([pic.size[1], pic.size[0], channels])
    return img.transpose([2, 0, 1]) if data_format == "CHW" else img


def resize(img, size, interpolation="bilinear"):
    from .functional_tensor import resize_target
    if not (isinstance(size, int) or (isinstance(size, (tuple, list)) and len(size) == 2)):
        raise TypeError(f"Got inappropriate size arg: {size}")
    width, height = img.size
    target = resize_target(size, width, height)
    if target is None:
        return img
    return img.resize((target[1], target[0]), _interp(interpolation))


def pad(img, padding, fill=0, padding_mode="constant"):
    check_pad_args(padding, fill, padding_mode)
    Image = require_pil()
    if isinstance(padding, list):
        padding = tuple(padding)
    left, top, right, bottom = pad_sides(padding)
    if padding_mode == "constant":
        from PIL import ImageOps
        palette = img.getpalette() if img.mode == "P" else None
        out = ImageOps.expand(img, border=padding, fill=fill)
        if palette is not None:
            out.putpalette(palette)
        return out
    array = np.asarray(img)
    widths = ((top, bottom), (left, right)) + ((0, 0),) * (array.ndim - 2)
    out = Image.fromarray(np.pad(array, widths, padding_mode))
    if img.mode == "P":
        out.putpalette(img.getpalette())
    return out


def crop(img, top, left, height, width):
    return img.crop((left, top, left + width, top + height))


def center_crop(img, output_size):
    if isinstance(output_size, numbers.Number):
        output_size = (int(output_size), int(output_size))
    width, height = img.size
    crop_height, crop_width = output_size
    top = round((height - crop_height) / 2.0)
    left = round((width - crop_width) / 2.0)
    return crop(img, top, left, crop_height, crop_width)


def hflip(img):
    return img.transpose(require_pil().Transpose.FLIP_LEFT_RIGHT)


def vflip(img):
    return img.transpose(require_pil().Transpose.FLIP_TOP_BOTTOM)


def _enhance(kind, img, factor):
    from PIL import ImageEnhance
    return getattr(ImageEnhance, kind)(img).enhance(factor)


def adjust_brightness(img, brightness_factor):
    return _enhance("Brightness", img, brightness_factor)


def adjust_contrast(img, contrast_factor):
    return _enhance("Contrast", img, contrast_factor)


def adjust_saturation(img, saturation_factor):
    return _enhance("Color", img, saturation_factor)


def adjust_hue(img, hue_factor):
    if not -0.5 <= hue_factor <= 0.5:
        raise ValueError(f"hue_factor:{hue_factor} is not in [-0.5, 0.5].")
    if img.mode in {"L", "1", "I", "F"}:
        return img
    Image = require_pil()
    h, s, v = img.convert("HSV").split()
    shifted = (np.array(h, dtype=np.uint8).astype(np.int16) + int(hue_factor * 255)) % 256
    h = Image.fromarray(shifted.astype(np.uint8), "L")
    return Image.merge("HSV", (h, s, v)).convert(img.mode)


def affine(img, matrix, interpolation="nearest", fill=0):
    Image = require_pil()
    return img.transform(img.size, Image.Transform.AFFINE, matrix, _interp(interpolation),
                         _fill3(fill))


def rotate(img, angle, interpolation="nearest", expand=False, center=None, fill=0):
    return img.rotate(angle, _interp(interpolation), expand, center, fillcolor=_fill3(fill))


def perspective(img, coeffs, interpolation="nearest", fill=0):
    Image = require_pil()
    return img.transform(img.size, Image.Transform.PERSPECTIVE, coeffs, _interp(interpolation),
                         _fill3(fill))


def to_grayscale(img, num_output_channels=1):
    if num_output_channels not in (1, 3):
        raise ValueError("num_output_channels should be either 1 or 3")
    gray = img.convert("L")
    if num_output_channels == 1:
        return gray
    array = np.array(gray, dtype=np.uint8)
    return require_pil().fromarray(np.dstack([array, array, array]), "RGB")


def erase(img, i, j, h, w, v, inplace=False):
    array = np.array(img, dtype=np.uint8)
    array[i:i + h, j:j + w, ...] = v
    return require_pil().fromarray(array, "RGB")
