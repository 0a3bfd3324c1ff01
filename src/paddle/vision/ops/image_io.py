"""`paddle.vision.ops.read_file` and `decode_jpeg`: a file's bytes as a uint8 tensor, and a
JPEG decoded into a CHW uint8 image (with Pillow, the optional `vision` extra)."""
from __future__ import annotations

import io

import numpy as np

import paddle


def read_file(filename, name=None):
    """The bytes of `filename` as a 1-D uint8 tensor.

    Example:
        >>> import paddle, tempfile, os
        >>> path = os.path.join(tempfile.mkdtemp(), "b.bin")
        >>> _ = open(path, "wb").write(bytes([1, 2, 3]))
        >>> paddle.vision.ops.read_file(path).tolist()
        [1, 2, 3]
    """
    if not isinstance(filename, str):
        raise TypeError(f"(read_file) filename must be a str, but received "
                        f"{type(filename).__name__}.")
    with open(filename, "rb") as f:
        data = np.frombuffer(f.read(), np.uint8).copy()
    return paddle.to_tensor(data)


_MODES = {"unchanged": None, "gray": "L", "rgb": "RGB"}


def decode_jpeg(x, mode="unchanged", name=None):
    """Decode the JPEG bytes in the uint8 tensor `x` into a [C, H, W] uint8 tensor: 'gray'
    gives one channel, 'rgb' three, 'unchanged' the file's own channels.

    Example:
        >>> import io, numpy as np, paddle
        >>> from PIL import Image
        >>> buffer = io.BytesIO()
        >>> Image.fromarray(np.zeros((4, 6, 3), np.uint8)).save(buffer, "JPEG")
        >>> data = paddle.to_tensor(np.frombuffer(buffer.getvalue(), np.uint8))
        >>> paddle.vision.ops.decode_jpeg(data, mode="rgb").shape
        paddle.Size([3, 4, 6])
    """
    if mode not in _MODES:
        raise ValueError(f"(decode_jpeg) mode must be one of {list(_MODES)}, but received "
                         f"'{mode}'.")
    if x.dtype != paddle.uint8 or x.ndim != 1:
        raise TypeError(f"(decode_jpeg) x must be a 1-D uint8 tensor of file bytes, but "
                        f"received {x.dtype} of shape {list(x.shape)}.")
    try:
        from PIL import Image
    except ImportError as exc:
        raise ImportError("(decode_jpeg) decoding JPEG needs Pillow: pip install "
                          "'feijiang[vision]' (or pip install pillow)") from exc
    image = Image.open(io.BytesIO(x.numpy().tobytes()))
    if image.format != "JPEG":
        raise ValueError(f"(decode_jpeg) x does not hold a JPEG image (found "
                         f"{image.format}).")
    if _MODES[mode] is not None:
        image = image.convert(_MODES[mode])
    pixels = np.asarray(image, np.uint8)
    if pixels.ndim == 2:
        pixels = pixels[:, :, None]
    return paddle.to_tensor(np.ascontiguousarray(pixels.transpose(2, 0, 1)))
