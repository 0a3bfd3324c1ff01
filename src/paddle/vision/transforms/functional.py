"""Functional image transforms for PIL images, NumPy HWC arrays and paddle Tensors (CHW).

Each function checks the image kind and hands it to the matching backend: functional_pil
(Pillow), functional_cv2 (OpenCV's arithmetic in NumPy) or functional_tensor (paddle ops)."""
from __future__ import annotations

import math
import numbers

import numpy as np

import paddle

from . import functional_cv2 as F_cv2
from . import functional_pil as F_pil
from . import functional_tensor as F_t

__all__ = [
    "adjust_brightness",
    "adjust_contrast",
    "adjust_hue",
    "adjust_saturation",
    "affine",
    "center_crop",
    "crop",
    "erase",
    "hflip",
    "normalize",
    "pad",
    "perspective",
    "resize",
    "rotate",
    "to_grayscale",
    "to_tensor",
    "vflip",
]


def _is_pil_image(img) -> bool:
    try:
        from PIL import Image
    except ImportError:
        return False
    return isinstance(img, Image.Image)


def _is_tensor_image(img) -> bool:
    return isinstance(img, paddle.Tensor)


def _is_numpy_image(img) -> bool:
    return isinstance(img, np.ndarray) and img.ndim in {2, 3}


def _backend(img):
    """The backend module for img, or TypeError naming what is accepted."""
    if _is_pil_image(img):
        return F_pil
    if _is_tensor_image(img):
        return F_t
    if _is_numpy_image(img):
        return F_cv2
    raise TypeError("img should be PIL Image or Tensor Image or ndarray with dim=[2 or 3]. "
                    f"Got {type(img)}")


def to_tensor(pic, data_format="CHW"):
    """Convert a PIL image or HWC ndarray to a Tensor (uint8 scaled to float32 in [0, 1]).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.to_tensor(np.zeros((4, 5, 3), 'uint8')).shape
        paddle.Size([3, 4, 5])
    """
    backend = _backend(pic)
    if backend is F_t:
        return pic if data_format.lower() == "chw" else pic.transpose((1, 2, 0))
    return backend.to_tensor(pic, data_format)


def resize(img, size, interpolation="bilinear"):
    """Resize to `size` (h, w), or make the shorter side `size` keeping the aspect ratio.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.resize(np.zeros((4, 8, 3), 'uint8'), 2).shape
        (2, 4, 3)
    """
    return _backend(img).resize(img, size, interpolation)


def pad(img, padding, fill=0, padding_mode="constant"):
    """Pad the borders: `padding` is an int, (left/right, top/bottom) or (left, top, right,
    bottom); modes 'constant', 'edge', 'reflect', 'symmetric'.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.pad(np.zeros((4, 5, 3), 'uint8'), (1, 2)).shape
        (8, 7, 3)
    """
    return _backend(img).pad(img, padding, fill, padding_mode)


def crop(img, top, left, height, width):
    """The height x width region whose top-left corner is (top, left).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.crop(np.zeros((4, 5, 3), 'uint8'), 1, 1, 2, 3).shape
        (2, 3, 3)
    """
    return _backend(img).crop(img, top, left, height, width)


def center_crop(img, output_size):
    """Crop the centre to output_size (an int or (h, w)).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.center_crop(np.zeros((4, 5, 3), 'uint8'), 2).shape
        (2, 2, 3)
    """
    return _backend(img).center_crop(img, output_size)


def hflip(img):
    """Flip left to right.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.hflip(np.array([[[1], [2]]], 'uint8')).tolist()
        [[2, 1]]
    """
    return _backend(img).hflip(img)


def vflip(img):
    """Flip top to bottom.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.vflip(np.array([[[1]], [[2]]], 'uint8'))[:, 0, 0].tolist()
        [2, 1]
    """
    return _backend(img).vflip(img)


def adjust_brightness(img, brightness_factor):
    """Scale brightness: 0 gives black, 1 the original.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.adjust_brightness(np.full((1, 1, 3), 100, 'uint8'), 1.5)[0, 0].tolist()
        [150, 150, 150]
    """
    backend = _backend(img)
    if backend is F_cv2:
        img = img.astype(np.uint8)
    return backend.adjust_brightness(img, brightness_factor)


def adjust_contrast(img, contrast_factor):
    """Scale contrast: 0 gives a flat gray image, 1 the original.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.adjust_contrast(np.full((1, 1, 3), 100, 'uint8'), 2.0)[0, 0].tolist()
        [126, 126, 126]
    """
    return _backend(img).adjust_contrast(img, contrast_factor)


def adjust_saturation(img, saturation_factor):
    """Scale colour saturation: 0 gives grayscale, 1 the original.

    Example:
        >>> import paddle
        >>> from paddle.vision.transforms import functional as F
        >>> F.adjust_saturation(paddle.ones([3, 2, 2]) * 0.5, 0.0).shape
        paddle.Size([3, 2, 2])
    """
    return _backend(img).adjust_saturation(img, saturation_factor)


def adjust_hue(img, hue_factor):
    """Shift the hue by hue_factor (in [-0.5, 0.5], a fraction of the colour wheel).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.adjust_hue(np.zeros((2, 2, 3), 'uint8'), 0.2).shape
        (2, 2, 3)
    """
    return _backend(img).adjust_hue(img, hue_factor)


def _get_affine_matrix(center, angle, translate, scale, shear):
    """The inverse affine matrix (output → input pixel) of rotate-scale-shear about center
    followed by a translation, as PIL's Image.transform expects."""
    rot = math.radians(angle)
    sx, sy = math.radians(shear[0]), math.radians(shear[1])
    a = math.cos(rot - sy) / math.cos(sy)
    b = -math.cos(rot - sy) * math.tan(sx) / math.cos(sy) - math.sin(rot)
    c = math.sin(rot - sy) / math.cos(sy)
    d = -math.sin(rot - sy) * math.tan(sx) / math.cos(sy) + math.cos(rot)
    cx, cy = center
    tx, ty = translate
    matrix = [x / scale for x in [d, -b, 0.0, -c, a, 0.0]]
    matrix[2] += matrix[0] * (-cx - tx) + matrix[1] * (-cy - ty)
    matrix[5] += matrix[3] * (-cx - tx) + matrix[4] * (-cy - ty)
    matrix[2] += cx
    matrix[5] += cy
    return matrix


def _check_affine_args(angle, translate, scale, shear, interpolation, center):
    if not isinstance(angle, (int, float)):
        raise TypeError("Argument angle should be int or float")
    if not isinstance(translate, (list, tuple)):
        raise TypeError("Argument translate should be a sequence")
    if len(translate) != 2:
        raise ValueError("Argument translate should be a sequence of length 2")
    if scale <= 0.0:
        raise ValueError("Argument scale should be positive")
    if not isinstance(shear, (numbers.Number, list, tuple)):
        raise TypeError("Shear should be either a single value or a sequence of two values")
    if not isinstance(interpolation, str):
        raise TypeError("Argument interpolation should be a string")
    if center is not None and not isinstance(center, (list, tuple)):
        raise TypeError("Argument center should be a sequence")


def _shear_pair(shear):
    if isinstance(shear, numbers.Number):
        return [shear, 0.0]
    shear = list(shear)
    if len(shear) == 1:
        shear = [shear[0], shear[0]]
    if len(shear) != 2:
        raise ValueError(f"Shear should be a sequence containing two values. Got {shear}")
    return shear


def affine(img, angle, translate, scale, shear, interpolation="nearest", fill=0, center=None):
    """Rotate by `angle` degrees, translate, scale and shear about `center` (default: the
    image centre).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.affine(np.zeros((4, 5, 3), 'uint8'), 30, (1, 0), 1.0, 0).shape
        (4, 5, 3)
    """
    backend = _backend(img)
    _check_affine_args(angle, translate, scale, shear, interpolation, center)
    angle, translate, shear = float(angle), list(translate), _shear_pair(shear)
    if backend is F_pil:
        width, height = img.size
        center = [width * 0.5, height * 0.5] if center is None else center
        matrix = _get_affine_matrix(center, angle, translate, scale, shear)
        return F_pil.affine(img, matrix, interpolation, fill)
    if backend is F_cv2:
        # Paddle takes (rows, cols) here, so its default centre is (rows/2, cols/2)
        rows, cols = img.shape[0:2]
        center = (rows * 0.5, cols * 0.5) if center is None else center
        return F_cv2.affine(img, angle, translate, scale, shear, interpolation, fill, center)
    center_f = [0.0, 0.0]
    if center is not None:
        # the sizes are paired with the centre as (last dim, second-last dim), as in Paddle
        sizes = [img.shape[-2], img.shape[-1]]
        center_f = [1.0 * (c - s * 0.5) for c, s in zip(center, sizes)]
    matrix = _get_affine_matrix(center_f, angle, [1.0 * t for t in translate], scale, shear)
    return F_t.affine(img, matrix, interpolation, fill)


def rotate(img, angle, interpolation="nearest", expand=False, center=None, fill=0):
    """Rotate counter-clockwise by `angle` degrees about `center`; expand=True grows the
    output to hold the whole rotated image.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.rotate(np.zeros((4, 6, 3), 'uint8'), 90, expand=True).shape
        (6, 4, 3)
    """
    backend = _backend(img)
    center = tuple(center) if isinstance(center, list) else center
    fill = tuple(fill) if isinstance(fill, list) else fill
    return backend.rotate(img, angle, interpolation, expand, center, fill)


def _get_perspective_coeffs(startpoints, endpoints):
    """The 8 coefficients of the homography mapping endpoints back onto startpoints."""
    a = np.zeros((2 * len(startpoints), 8))
    for i, (p1, p2) in enumerate(zip(endpoints, startpoints)):
        a[2 * i] = [p1[0], p1[1], 1, 0, 0, 0, -p2[0] * p1[0], -p2[0] * p1[1]]
        a[2 * i + 1] = [0, 0, 0, p1[0], p1[1], 1, -p2[1] * p1[0], -p2[1] * p1[1]]
    b = np.array(startpoints).reshape([8])
    return list(np.linalg.lstsq(a, b, rcond=None)[0])


def perspective(img, startpoints, endpoints, interpolation="nearest", fill=0):
    """Warp so that the 4 `startpoints` ([x, y], clockwise from top-left) land on
    `endpoints`.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> start = [[0, 0], [4, 0], [4, 3], [0, 3]]
        >>> end = [[1, 0], [4, 1], [3, 3], [0, 2]]
        >>> F.perspective(np.zeros((4, 5, 3), 'uint8'), start, end).shape
        (4, 5, 3)
    """
    backend = _backend(img)
    if backend is F_cv2:
        return F_cv2.perspective(img, startpoints, endpoints, interpolation, fill)
    coeffs = _get_perspective_coeffs(startpoints, endpoints)
    return backend.perspective(img, coeffs, interpolation, fill)


def to_grayscale(img, num_output_channels=1):
    """Convert to grayscale with 1 or 3 (equal) output channels.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.to_grayscale(np.zeros((4, 5, 3), 'uint8')).shape
        (4, 5, 1)
    """
    return _backend(img).to_grayscale(img, num_output_channels)


def normalize(img, mean, std, data_format="CHW", to_rgb=False):
    """(img - mean) / std per channel; PIL images become float32 arrays first.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.normalize(np.ones((3, 2, 2), 'float32'), [0.5] * 3, [0.5] * 3)[0, 0].tolist()
        [1.0, 1.0]
    """
    if _is_tensor_image(img):
        return F_t.normalize(img, mean, std, data_format)
    if _is_pil_image(img):
        img = np.array(img).astype(np.float32)
    return F_cv2.normalize(img, mean, std, data_format, to_rgb)


def erase(img, i, j, h, w, v, inplace=False):
    """Replace the h x w region at (i, j) with v (a value or an array of that region's
    shape).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> int(F.erase(np.ones((3, 3, 1), 'uint8'), 0, 0, 2, 2, 0).sum())
        5
    """
    if _is_tensor_image(img):
        return F_t.erase(img, i, j, h, w, v, inplace=inplace)
    if _is_pil_image(img):
        return F_pil.erase(img, i, j, h, w, v, inplace=inplace)
    return F_cv2.erase(img, i, j, h, w, v, inplace=inplace)
