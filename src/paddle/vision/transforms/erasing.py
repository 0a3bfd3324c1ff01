"""RandomErasing: blank out a random rectangle (Random Erasing data augmentation)."""
from __future__ import annotations

import numbers
import random

import numpy as np

import paddle

from . import functional as F
from .base import BaseTransform


class RandomErasing(BaseTransform):
    """With probability `prob`, replace a random rectangle (area fraction in `scale`, aspect
    ratio in `ratio`) with `value`: a number, a per-channel sequence, or 'random' (normal
    noise).

    Example:
        >>> import paddle
        >>> from paddle.vision.transforms import RandomErasing
        >>> RandomErasing(prob=1.0)(paddle.ones([3, 8, 8])).shape
        paddle.Size([3, 8, 8])
    """

    def __init__(self, prob=0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3), value=0, inplace=False,
                 keys=None):
        super().__init__(keys)
        if not isinstance(scale, (tuple, list)):
            raise AssertionError("scale should be a tuple or list")  # noqa: TRY004
        if not (scale[0] >= 0 and scale[1] <= 1 and scale[0] <= scale[1]):
            raise AssertionError("scale should be of kind (min, max) and in range [0, 1]")
        if not isinstance(ratio, (tuple, list)):
            raise AssertionError("ratio should be a tuple or list")  # noqa: TRY004
        if not (ratio[0] >= 0 and ratio[0] <= ratio[1]):
            raise AssertionError("ratio should be of kind (min, max)")
        if not 0 <= prob <= 1:
            raise AssertionError("The probability should be in range [0, 1]")
        if not isinstance(value, (numbers.Number, str, tuple, list)):
            raise AssertionError("value should be a number, tuple, list or str")  # noqa: TRY004
        if isinstance(value, str) and value != "random":
            raise ValueError("value must be 'random' when type is str")
        self.prob = prob
        self.scale = scale
        self.ratio = ratio
        self.value = value
        self.inplace = inplace

    def _dynamic_get_param(self, img, scale, ratio, value):
        if F._is_pil_image(img):
            h, w, c = np.asarray(img).astype(np.uint8).shape[-3:]
        elif F._is_numpy_image(img):
            h, w, c = img.shape[-3:]
        else:
            c, h, w = img.shape[-3:]
        log_ratio = np.log(ratio)
        for _ in range(10):
            erase_area = np.random.uniform(*scale) * h * w
            aspect_ratio = np.exp(np.random.uniform(*log_ratio))
            erase_h = round(np.sqrt(erase_area * aspect_ratio))
            erase_w = round(np.sqrt(erase_area / aspect_ratio))
            if erase_h >= h or erase_w >= w:
                continue
            v = self._erase_value(img, value, c, erase_h, erase_w)
            top = np.random.randint(0, h - erase_h + 1)
            left = np.random.randint(0, w - erase_w + 1)
            return top, left, erase_h, erase_w, v
        return 0, 0, h, w, img

    @staticmethod
    def _erase_value(img, value, c, erase_h, erase_w):
        if F._is_tensor_image(img):
            if value is None:
                return paddle.normal(shape=[c, erase_h, erase_w]).astype(img.dtype)
            return paddle.to_tensor(value, dtype=img.dtype)[:, None, None]
        if value is None:
            return np.random.normal(size=[erase_h, erase_w, c]) * 255
        return np.array(value)[None, None, :]

    def _apply_image(self, img):
        if random.random() >= self.prob:
            return img
        if isinstance(self.value, numbers.Number):
            value = [self.value]
        elif isinstance(self.value, str):
            value = None
        else:
            value = self.value
        if value is not None and len(value) not in (1, 3):
            raise ValueError("Value should be a single number or a sequence with length equals "
                             "to image's channel.")
        top, left, erase_h, erase_w, v = self._dynamic_get_param(img, self.scale, self.ratio,
                                                                 value)
        return F.erase(img, top, left, erase_h, erase_w, v, self.inplace)
