"""The transform protocol (BaseTransform, Compose) and the deterministic transforms."""
from __future__ import annotations

import numbers
import traceback
from collections.abc import Iterable, Sequence

import numpy as np

from . import functional as F


def _get_image_size(img):
    """(width, height) of a PIL image, HWC array or CHW / NCHW tensor."""
    if F._is_pil_image(img):
        return img.size
    if F._is_numpy_image(img):
        return img.shape[:2][::-1]
    if F._is_tensor_image(img):
        if img.ndim in (3, 4):
            return tuple(img.shape[-2:][::-1])
        raise ValueError(f"The dim for input Tensor should be 3-D or 4-D, but received "
                         f"{len(img.shape)}")
    raise TypeError(f"Unexpected type {type(img)}")


class Compose:
    """Apply transforms in order.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import Compose, Resize, ToTensor
        >>> t = Compose([Resize((4, 4)), ToTensor()])
        >>> t(np.zeros((8, 8, 3), 'uint8')).shape
        paddle.Size([3, 4, 4])
    """

    def __init__(self, transforms):
        self.transforms = transforms

    def __call__(self, data):
        for transform in self.transforms:
            try:
                data = transform(data)
            except Exception as exc:
                stack = traceback.format_exc()
                print(f"fail to perform transform [{transform}] with error: {exc} and stack:\n"
                      f"{stack}")
                raise
        return data

    def __repr__(self):
        lines = "".join(f"\n    {t}" for t in self.transforms)
        return f"{type(self).__name__}({lines}\n)"


class BaseTransform:
    """Base class of the transforms: `keys` names what each element of a tuple input is
    ('image', 'coords', 'boxes', 'mask'); element i goes through `_apply_<keys[i]>`, extra
    elements pass through. `_get_params` runs once per call (shared random state).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import BaseTransform
        >>> class Double(BaseTransform):
        ...     def _apply_image(self, image):
        ...         return image * 2
        >>> Double()(np.ones(2)).tolist()
        [2.0, 2.0]
    """

    def __init__(self, keys=None):
        if keys is None:
            keys = ("image",)
        elif not isinstance(keys, Sequence):
            raise ValueError(f"keys should be a sequence, but got keys={keys}")
        for key in keys:
            if self._get_apply(key) is None:
                raise NotImplementedError(f"{key} is unsupported data structure")
        self.keys = keys
        self.params = None

    def _get_params(self, inputs):
        return None

    def __call__(self, inputs):
        if not isinstance(inputs, tuple):
            inputs = (inputs,)
        self.params = self._get_params(inputs)
        outputs = []
        for i in range(min(len(inputs), len(self.keys))):
            apply = self._get_apply(self.keys[i])
            outputs.append(inputs[i] if apply is None else apply(inputs[i]))
        outputs.extend(inputs[len(self.keys):])
        return outputs[0] if len(outputs) == 1 else tuple(outputs)

    def _get_apply(self, key):
        return getattr(self, f"_apply_{key}", None)

    def _apply_image(self, image):
        raise NotImplementedError

    def _apply_boxes(self, boxes):
        raise NotImplementedError

    def _apply_mask(self, mask):
        raise NotImplementedError

    def _apply_coords(self, coords):
        raise NotImplementedError


class ToTensor(BaseTransform):
    """PIL image or HWC ndarray to a Tensor in `data_format` (uint8 scaled to [0, 1]).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import ToTensor
        >>> ToTensor()(np.full((2, 2, 3), 255, 'uint8')).max().item()
        1.0
    """

    def __init__(self, data_format="CHW", keys=None):
        super().__init__(keys)
        self.data_format = data_format

    def _apply_image(self, img):
        return F.to_tensor(img, self.data_format)


class Resize(BaseTransform):
    """Resize to `size` (h, w), or the shorter side to an int `size`.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import Resize
        >>> Resize((3, 5))(np.zeros((8, 8, 3), 'uint8')).shape
        (3, 5, 3)
    """

    def __init__(self, size, interpolation="bilinear", keys=None):
        super().__init__(keys)
        if not (isinstance(size, int) or (isinstance(size, Iterable) and len(size) == 2)):
            raise AssertionError(f"(Resize) size must be an int or a (h, w) pair, but "
                                 f"received {size}")
        self.size = size
        self.interpolation = interpolation

    def _apply_image(self, img):
        return F.resize(img, self.size, self.interpolation)


class CenterCrop(BaseTransform):
    """Crop the centre to `size` (an int or (h, w)).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import CenterCrop
        >>> CenterCrop(2)(np.zeros((4, 4, 3), 'uint8')).shape
        (2, 2, 3)
    """

    def __init__(self, size, keys=None):
        super().__init__(keys)
        self.size = (int(size), int(size)) if isinstance(size, numbers.Number) else size

    def _apply_image(self, img):
        return F.center_crop(img, self.size)


class Normalize(BaseTransform):
    """(img - mean) / std per channel; `to_rgb` flips BGR to RGB first (NumPy/PIL inputs).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import Normalize
        >>> Normalize(mean=127.5, std=127.5, data_format='HWC')(
        ...     np.full((1, 1, 3), 255.0, 'float32')).tolist()
        [[[1.0, 1.0, 1.0]]]
    """

    def __init__(self, mean=0.0, std=1.0, data_format="CHW", to_rgb=False, keys=None):
        super().__init__(keys)
        self.mean = [mean] * 3 if isinstance(mean, numbers.Number) else mean
        self.std = [std] * 3 if isinstance(std, numbers.Number) else std
        self.data_format = data_format
        self.to_rgb = to_rgb

    def _apply_image(self, img):
        return F.normalize(img, self.mean, self.std, self.data_format, self.to_rgb)


class Transpose(BaseTransform):
    """Permute the axes (default HWC → CHW); PIL images become arrays, 2-D ones get a channel.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import Transpose
        >>> Transpose()(np.zeros((4, 5, 3), 'uint8')).shape
        (3, 4, 5)
    """

    def __init__(self, order=(2, 0, 1), keys=None):
        super().__init__(keys)
        self.order = order

    def _apply_image(self, img):
        if F._is_tensor_image(img):
            return img.transpose(self.order)
        if F._is_pil_image(img):
            img = np.asarray(img)
        if img.ndim == 2:
            img = img[..., np.newaxis]
        return img.transpose(self.order)


class Pad(BaseTransform):
    """Pad the borders (see functional.pad).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import Pad
        >>> Pad(2)(np.zeros((4, 5, 3), 'uint8')).shape
        (8, 9, 3)
    """

    def __init__(self, padding, fill=0, padding_mode="constant", keys=None):
        if not isinstance(padding, (numbers.Number, list, tuple)):
            raise AssertionError("(Pad) padding must be a number, list or tuple")  # noqa: TRY004
        if not isinstance(fill, (numbers.Number, str, list, tuple)):
            raise AssertionError("(Pad) fill must be a number, str, list or tuple")  # noqa: TRY004
        if padding_mode not in ("constant", "edge", "reflect", "symmetric"):
            raise AssertionError("(Pad) padding_mode must be constant, edge, reflect or "
                                 "symmetric")
        padding = tuple(padding) if isinstance(padding, list) else padding
        fill = tuple(fill) if isinstance(fill, list) else fill
        if isinstance(padding, Sequence) and len(padding) not in (2, 4):
            raise ValueError("Padding must be an int or a 2, or 4 element tuple, not a "
                             f"{len(padding)} element tuple")
        super().__init__(keys)
        self.padding = padding
        self.fill = fill
        self.padding_mode = padding_mode

    def _apply_image(self, img):
        return F.pad(img, self.padding, self.fill, self.padding_mode)


class Grayscale(BaseTransform):
    """Convert to grayscale with 1 or 3 output channels.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import Grayscale
        >>> Grayscale()(np.zeros((4, 5, 3), 'uint8')).shape
        (4, 5, 1)
    """

    def __init__(self, num_output_channels=1, keys=None):
        super().__init__(keys)
        self.num_output_channels = num_output_channels

    def _apply_image(self, img):
        return F.to_grayscale(img, self.num_output_channels)
