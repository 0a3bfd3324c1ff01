"""Random crops, flips, affine warps, rotations and perspective distortions. The random draws
use Python's `random` and NumPy's global generator in the same order as Paddle, so seeding both
reproduces Paddle's choices."""
from __future__ import annotations

import math
import numbers
import random
from collections.abc import Sequence

import numpy as np

from . import functional as F
from .base import BaseTransform, _get_image_size


def _check_probability(prob):
    if not 0 <= prob <= 1:
        raise AssertionError("probability must be between 0 and 1")


class RandomResizedCrop(BaseTransform):
    """Crop a random area (fraction `scale` of the image, aspect ratio in `ratio`) and resize
    it to `size`.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomResizedCrop
        >>> RandomResizedCrop(4)(np.zeros((16, 16, 3), 'uint8')).shape
        (4, 4, 3)
    """

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3.0 / 4, 4.0 / 3),
                 interpolation="bilinear", keys=None):
        super().__init__(keys)
        self.size = (size, size) if isinstance(size, int) else size
        if scale[0] > scale[1]:
            raise AssertionError("scale should be of kind (min, max)")
        if ratio[0] > ratio[1]:
            raise AssertionError("ratio should be of kind (min, max)")
        self.scale = scale
        self.ratio = ratio
        self.interpolation = interpolation

    def _dynamic_get_param(self, image, attempts=10):
        width, height = _get_image_size(image)
        area = height * width
        log_ratio = tuple(math.log(x) for x in self.ratio)
        for _ in range(attempts):
            target_area = np.random.uniform(*self.scale) * area
            aspect_ratio = math.exp(np.random.uniform(*log_ratio))
            w = round(math.sqrt(target_area * aspect_ratio))
            h = round(math.sqrt(target_area / aspect_ratio))
            if 0 < w <= width and 0 < h <= height:
                return random.randint(0, height - h), random.randint(0, width - w), h, w
        # fall back to the largest centred crop within the ratio range
        in_ratio = float(width) / float(height)
        w, h = width, height
        if in_ratio < min(self.ratio):
            h = round(w / min(self.ratio))
        elif in_ratio > max(self.ratio):
            w = round(h * max(self.ratio))
        return (height - h) // 2, (width - w) // 2, h, w

    def _apply_image(self, img):
        i, j, h, w = self._dynamic_get_param(img)
        return F.resize(F.crop(img, i, j, h, w), self.size, self.interpolation)


class _RandomFlip(BaseTransform):
    _flip = None

    def __init__(self, prob=0.5, keys=None):
        super().__init__(keys)
        _check_probability(prob)
        self.prob = prob

    def _apply_image(self, img):
        if random.random() < self.prob:
            return type(self)._flip(img)
        return img


class RandomHorizontalFlip(_RandomFlip):
    """Flip left to right with probability `prob`.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomHorizontalFlip
        >>> RandomHorizontalFlip(1.0)(np.array([[[1], [2]]], 'uint8')).tolist()
        [[2, 1]]
    """

    _flip = staticmethod(F.hflip)


class RandomVerticalFlip(_RandomFlip):
    """Flip top to bottom with probability `prob`.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomVerticalFlip
        >>> RandomVerticalFlip(1.0)(np.array([[[1]], [[2]]], 'uint8'))[:, 0, 0].tolist()
        [2, 1]
    """

    _flip = staticmethod(F.vflip)


class RandomCrop(BaseTransform):
    """Crop a random `size` region, optionally padding first (and padding up to `size` when
    pad_if_needed).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomCrop
        >>> RandomCrop(4, padding=2)(np.zeros((6, 6, 3), 'uint8')).shape
        (4, 4, 3)
    """

    def __init__(self, size, padding=None, pad_if_needed=False, fill=0,
                 padding_mode="constant", keys=None):
        super().__init__(keys)
        self.size = (int(size), int(size)) if isinstance(size, numbers.Number) else size
        self.padding = padding
        self.pad_if_needed = pad_if_needed
        self.fill = fill
        self.padding_mode = padding_mode

    def _get_param(self, img, output_size):
        w, h = _get_image_size(img)
        th, tw = output_size
        if w == tw and h == th:
            return 0, 0, h, w
        return random.randint(0, h - th), random.randint(0, w - tw), th, tw

    def _apply_image(self, img):
        if self.padding is not None:
            img = F.pad(img, self.padding, self.fill, self.padding_mode)
        w, h = _get_image_size(img)
        if self.pad_if_needed and w < self.size[1]:
            img = F.pad(img, (self.size[1] - w, 0), self.fill, self.padding_mode)
        if self.pad_if_needed and h < self.size[0]:
            img = F.pad(img, (0, self.size[0] - h), self.fill, self.padding_mode)
        return F.crop(img, *self._get_param(img, self.size))


def _check_sequence_input(x, name, req_sizes):
    msg = req_sizes[0] if len(req_sizes) < 2 else " or ".join(str(s) for s in req_sizes)
    if not isinstance(x, Sequence):
        raise TypeError(f"{name} should be a sequence of length {msg}.")
    if len(x) not in req_sizes:
        raise ValueError(f"{name} should be sequence of length {msg}.")


def _setup_angle(x, name, req_sizes=(2,)):
    if isinstance(x, numbers.Number):
        if x < 0:
            raise ValueError(f"If {name} is a single number, it must be positive.")
        x = [-x, x]
    else:
        _check_sequence_input(x, name, req_sizes)
    return [float(d) for d in x]


class RandomAffine(BaseTransform):
    """Random rotation in `degrees`, translation (fractions of width/height), scale and shear.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomAffine
        >>> RandomAffine(15, translate=(0.1, 0.1))(np.zeros((8, 8, 3), 'uint8')).shape
        (8, 8, 3)
    """

    def __init__(self, degrees, translate=None, scale=None, shear=None,
                 interpolation="nearest", fill=0, center=None, keys=None):
        self.degrees = _setup_angle(degrees, name="degrees", req_sizes=(2,))
        super().__init__(keys)
        if interpolation not in ("nearest", "bilinear", "bicubic"):
            raise AssertionError("interpolation must be nearest, bilinear or bicubic")
        self.interpolation = interpolation
        if translate is not None:
            _check_sequence_input(translate, "translate", req_sizes=(2,))
            if any(not 0.0 <= t <= 1.0 for t in translate):
                raise ValueError("translation values should be between 0 and 1")
        self.translate = translate
        if scale is not None:
            _check_sequence_input(scale, "scale", req_sizes=(2,))
            if any(s <= 0 for s in scale):
                raise ValueError("scale values should be positive")
        self.scale = scale
        self.shear = None if shear is None else _setup_angle(shear, "shear", (2, 4))
        if fill is None:
            fill = 0
        elif not isinstance(fill, (Sequence, numbers.Number)):
            raise TypeError("Fill should be either a sequence or a number.")
        self.fill = fill
        if center is not None:
            _check_sequence_input(center, "center", req_sizes=(2,))
        self.center = center

    def _get_param(self, img_size, degrees, translate=None, scale_ranges=None, shears=None):
        angle = random.uniform(degrees[0], degrees[1])
        translations = (0, 0)
        if translate is not None:
            max_dx = float(translate[0] * img_size[0])
            max_dy = float(translate[1] * img_size[1])
            translations = (int(random.uniform(-max_dx, max_dx)),
                            int(random.uniform(-max_dy, max_dy)))
        scale = 1.0
        if scale_ranges is not None:
            scale = random.uniform(scale_ranges[0], scale_ranges[1])
        shear_x, shear_y = 0.0, 0.0
        if shears is not None:
            shear_x = random.uniform(shears[0], shears[1])
            if len(shears) == 4:
                shear_y = random.uniform(shears[2], shears[3])
        return angle, translations, scale, (shear_x, shear_y)

    def _apply_image(self, img):
        w, h = _get_image_size(img)
        params = self._get_param([w, h], self.degrees, self.translate, self.scale, self.shear)
        return F.affine(img, *params, interpolation=self.interpolation, fill=self.fill,
                        center=self.center)


class RandomRotation(BaseTransform):
    """Rotate by a random angle in `degrees` (a number d means (-d, d)).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomRotation
        >>> RandomRotation(30)(np.zeros((8, 8, 3), 'uint8')).shape
        (8, 8, 3)
    """

    def __init__(self, degrees, interpolation="nearest", expand=False, center=None, fill=0,
                 keys=None):
        if isinstance(degrees, numbers.Number):
            if degrees < 0:
                raise ValueError("If degrees is a single number, it must be positive.")
            self.degrees = (-degrees, degrees)
        else:
            if len(degrees) != 2:
                raise ValueError("If degrees is a sequence, it must be of len 2.")
            self.degrees = degrees
        super().__init__(keys)
        self.interpolation = interpolation
        self.expand = expand
        self.center = center
        self.fill = fill

    def _get_param(self, degrees):
        return random.uniform(degrees[0], degrees[1])

    def _apply_image(self, img):
        angle = self._get_param(self.degrees)
        return F.rotate(img, angle, self.interpolation, self.expand, self.center, self.fill)


class RandomPerspective(BaseTransform):
    """With probability `prob`, move each corner inwards by up to distortion_scale/2 of the
    size and warp accordingly.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomPerspective
        >>> RandomPerspective(prob=1.0)(np.zeros((8, 8, 3), 'uint8')).shape
        (8, 8, 3)
    """

    def __init__(self, prob=0.5, distortion_scale=0.5, interpolation="nearest", fill=0,
                 keys=None):
        super().__init__(keys)
        _check_probability(prob)
        if not 0 <= distortion_scale <= 1:
            raise AssertionError("distortion_scale must be between 0 and 1")
        if interpolation not in ("nearest", "bilinear", "bicubic"):
            raise AssertionError("interpolation must be nearest, bilinear or bicubic")
        if not isinstance(fill, (numbers.Number, str, list, tuple)):
            raise AssertionError("fill must be a number, str, list or tuple")  # noqa: TRY004
        self.prob = prob
        self.distortion_scale = distortion_scale
        self.interpolation = interpolation
        self.fill = fill

    def get_params(self, width, height, distortion_scale):
        """(startpoints, endpoints): the image corners and their randomly moved positions."""
        dx = int(distortion_scale * (width // 2))
        dy = int(distortion_scale * (height // 2))

        def near_start(extent):
            return int(random.uniform(0, extent + 1))

        def near_end(size, extent):
            return int(random.uniform(size - extent - 1, size))
        topleft = [near_start(dx), near_start(dy)]
        topright = [near_end(width, dx), near_start(dy)]
        botright = [near_end(width, dx), near_end(height, dy)]
        botleft = [near_start(dx), near_end(height, dy)]
        startpoints = [[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]]
        return startpoints, [topleft, topright, botright, botleft]

    def _apply_image(self, img):
        width, height = _get_image_size(img)
        if random.random() < self.prob:
            start, end = self.get_params(width, height, self.distortion_scale)
            return F.perspective(img, start, end, self.interpolation, self.fill)
        return img
