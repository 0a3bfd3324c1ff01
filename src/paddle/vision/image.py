"""The image backend used by paddle.vision datasets and image_load: 'pil' (Pillow images),
'cv2' (HWC uint8 arrays in BGR order, as OpenCV reads them) or 'tensor'."""
from __future__ import annotations

__all__ = ["get_image_backend", "image_load", "set_image_backend"]

BACKENDS = ("pil", "cv2", "tensor")
_image_backend = "pil"


def _check_backend(backend) -> None:
    if backend not in BACKENDS:
        raise ValueError(f"Expected backend are one of {list(BACKENDS)}, but got {backend}")


def set_image_backend(backend: str) -> None:
    """Choose how paddle.vision loads images: 'pil', 'cv2' or 'tensor'.

    Example:
        >>> import paddle
        >>> paddle.vision.set_image_backend('cv2')
        >>> paddle.vision.get_image_backend()
        'cv2'
        >>> paddle.vision.set_image_backend('pil')
    """
    global _image_backend
    _check_backend(backend)
    _image_backend = backend


def get_image_backend() -> str:
    """The current image backend name ('pil' by default).

    Example:
        >>> import paddle
        >>> paddle.vision.get_image_backend()
        'pil'
    """
    return _image_backend


def require_pil():
    """PIL.Image, or an ImportError that says how to get it (Pillow is an optional extra)."""
    try:
        from PIL import Image
    except ImportError as exc:
        raise ImportError("paddle.vision needs Pillow to read and transform PIL images; "
                          "install it with `pip install pillow`") from exc
    return Image


def read_image_array(path: str):
    """An HWC uint8 array of the file at `path` in BGR order, as cv2.imread returns it (the
    file is decoded with Pillow; grayscale files become three equal channels)."""
    import numpy as np
    image = require_pil().open(path).convert("RGB")
    return np.ascontiguousarray(np.asarray(image)[:, :, ::-1])


def image_load(path: str, backend: str | None = None):
    """Load the image file at `path` with the given backend (default: the current one).

    'pil' returns a PIL.Image, 'cv2' an HWC uint8 BGR array, 'tensor' a uint8 CHW Tensor
    (RGB).

    Example:
        >>> import numpy as np, os, tempfile
        >>> from PIL import Image
        >>> import paddle
        >>> path = os.path.join(tempfile.mkdtemp(), 'x.png')
        >>> Image.fromarray(np.zeros((4, 6, 3), 'uint8')).save(path)
        >>> paddle.vision.image_load(path).size
        (6, 4)
        >>> paddle.vision.image_load(path, backend='cv2').shape
        (4, 6, 3)
    """
    backend = _image_backend if backend is None else backend
    _check_backend(backend)
    if backend == "pil":
        return require_pil().open(path)
    if backend == "cv2":
        return read_image_array(path)
    import paddle
    rgb = read_image_array(path)[:, :, ::-1]
    return paddle.to_tensor(rgb.transpose(2, 0, 1).copy())
