"""The transform classes under Paddle's module path paddle.vision.transforms.transforms."""
from .base import (  # noqa: F401
                   BaseTransform,
                   CenterCrop,
                   Compose,
                   Grayscale,
                   Normalize,
                   Pad,
                   Resize,
                   ToTensor,
                   Transpose,
                   _get_image_size,
)
from .color import (  # noqa: F401
                   BrightnessTransform,
                   ColorJitter,
                   ContrastTransform,
                   HueTransform,
                   SaturationTransform,
)
from .erasing import RandomErasing  # noqa: F401
from .random_geometric import (  # noqa: F401
                   RandomAffine,
                   RandomCrop,
                   RandomHorizontalFlip,
                   RandomPerspective,
                   RandomResizedCrop,
                   RandomRotation,
                   RandomVerticalFlip,
)
