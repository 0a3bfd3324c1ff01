"""Random colour transforms: brightness, contrast, saturation, hue and ColorJitter."""
from __future__ import annotations

import numbers
import random

from . import functional as F
from .base import BaseTransform, Compose


def _check_input(value, name, center=1, bound=(0, float("inf")), clip_first_on_zero=True):
    """The [low, high] factor range for `value` (a spread around `center` or a pair); None
    when it can only be `center` (the transform is then the identity)."""
    if isinstance(value, numbers.Number):
        if value < 0:
            raise ValueError(f"If {name} is a single number, it must be non negative.")
        value = [center - value, center + value]
        if clip_first_on_zero:
            value[0] = max(value[0], 0)
    elif isinstance(value, (tuple, list)) and len(value) == 2:
        if not bound[0] <= value[0] <= value[1] <= bound[1]:
            raise ValueError(f"{name} values should be between {bound}")
    else:
        raise TypeError(f"{name} should be a single number or a list/tuple with length 2.")
    if value[0] == value[1] == center:
        return None
    return value


class _RandomFactor(BaseTransform):
    """Applies `_adjust(img, factor)` with a factor drawn uniformly from self.value."""

    _adjust = None

    def _apply_image(self, img):
        if self.value is None:
            return img
        factor = random.uniform(self.value[0], self.value[1])
        return type(self)._adjust(img, factor)


class BrightnessTransform(_RandomFactor):
    """Random brightness factor in [max(0, 1 - value), 1 + value].

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import BrightnessTransform
        >>> BrightnessTransform(0.4)(np.zeros((4, 4, 3), 'uint8')).shape
        (4, 4, 3)
    """

    _adjust = staticmethod(F.adjust_brightness)

    def __init__(self, value, keys=None):
        super().__init__(keys)
        self.value = _check_input(value, "brightness")


class ContrastTransform(_RandomFactor):
    """Random contrast factor in [max(0, 1 - value), 1 + value].

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import ContrastTransform
        >>> ContrastTransform(0.4)(np.zeros((4, 4, 3), 'uint8')).shape
        (4, 4, 3)
    """

    _adjust = staticmethod(F.adjust_contrast)

    def __init__(self, value, keys=None):
        super().__init__(keys)
        if value < 0:
            raise ValueError("contrast value should be non-negative")
        self.value = _check_input(value, "contrast")


class SaturationTransform(_RandomFactor):
    """Random saturation factor in [max(0, 1 - value), 1 + value].

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import SaturationTransform
        >>> SaturationTransform(0.4)(np.zeros((4, 4, 3), 'uint8')).shape
        (4, 4, 3)
    """

    _adjust = staticmethod(F.adjust_saturation)

    def __init__(self, value, keys=None):
        super().__init__(keys)
        self.value = _check_input(value, "saturation")


class HueTransform(_RandomFactor):
    """Random hue shift in [-value, value] (value <= 0.5).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import HueTransform
        >>> HueTransform(0.4)(np.zeros((4, 4, 3), 'uint8')).shape
        (4, 4, 3)
    """

    _adjust = staticmethod(F.adjust_hue)

    def __init__(self, value, keys=None):
        super().__init__(keys)
        self.value = _check_input(value, "hue", center=0, bound=(-0.5, 0.5),
                                  clip_first_on_zero=False)


class ColorJitter(BaseTransform):
    """Brightness, contrast, saturation and hue jitter, applied in a random order.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import ColorJitter
        >>> ColorJitter(0.4, 0.4, 0.4, 0.4)(np.zeros((4, 4, 3), 'uint8')).shape
        (4, 4, 3)
    """

    def __init__(self, brightness=0, contrast=0, saturation=0, hue=0, keys=None):
        super().__init__(keys)
        self.brightness = brightness
        self.contrast = contrast
        self.saturation = saturation
        self.hue = hue

    def _get_param(self, brightness, contrast, saturation, hue):
        transforms = []
        for cls, value in ((BrightnessTransform, brightness), (ContrastTransform, contrast),
                           (SaturationTransform, saturation), (HueTransform, hue)):
            if value is not None:
                transforms.append(cls(value, self.keys))
        random.shuffle(transforms)
        return Compose(transforms)

    def _apply_image(self, img):
        return self._get_param(self.brightness, self.contrast, self.saturation, self.hue)(img)
