"""Padding layers: Pad1D/2D/3D and the fixed-mode families (Zero, Constant, Reflection,
Replication, Circular) with their torch-style *d aliases. An int padding pads every side."""
from __future__ import annotations

from ..functional.pad import pad
from .layers import Layer

__all__ = [
    "CircularPad1D",
    "CircularPad1d",
    "CircularPad2D",
    "CircularPad2d",
    "CircularPad3D",
    "CircularPad3d",
    "ConstantPad1D",
    "ConstantPad1d",
    "ConstantPad2D",
    "ConstantPad2d",
    "ConstantPad3D",
    "ConstantPad3d",
    "Pad1D",
    "Pad2D",
    "Pad3D",
    "ReflectionPad1D",
    "ReflectionPad1d",
    "ReflectionPad2D",
    "ReflectionPad2d",
    "ReflectionPad3D",
    "ReflectionPad3d",
    "ReplicationPad1D",
    "ReplicationPad1d",
    "ReplicationPad2D",
    "ReplicationPad2d",
    "ReplicationPad3D",
    "ReplicationPad3d",
    "ZeroPad1D",
    "ZeroPad1d",
    "ZeroPad2D",
    "ZeroPad2d",
    "ZeroPad3D",
    "ZeroPad3d",
]


class _PadNd(Layer):
    _nd = 1

    def __init__(self, padding, mode="constant", value=0.0, data_format="NCL", name=None):
        super().__init__()
        if isinstance(padding, int):
            padding = [padding] * (2 * self._nd)
        self.padding = padding
        self._mode, self.value = mode, value
        self._data_format, self._name = data_format, name

    def forward(self, x):
        return pad(x, pad=self.padding, mode=self._mode, value=self.value,
                   data_format=self._data_format)

    def extra_repr(self) -> str:
        name = f", name={self._name}" if self._name else ""
        return (f"padding={self.padding}, mode={self._mode}, value={self.value}, "
                f"data_format={self._data_format}{name}")


class Pad1D(_PadNd):
    """Pad the L dim of [N, C, L] (or NLC) by [left, right] in a mode: 'constant' (value),
    'reflect', 'replicate' or 'circular'.

    Example:
        >>> import paddle
        >>> paddle.nn.Pad1D([1, 2], mode="replicate")(paddle.ones([1, 2, 3])).shape
        paddle.Size([1, 2, 6])
    """

    _nd = 1

    def __init__(self, padding, mode="constant", value=0.0, data_format="NCL", name=None):
        super().__init__(padding, mode, value, data_format, name)


class Pad2D(_PadNd):
    """Pad H and W of [N, C, H, W] (or NHWC) by [left, right, top, bottom].

    Example:
        >>> import paddle
        >>> paddle.nn.Pad2D([1, 1, 2, 0], mode="reflect")(paddle.ones([1, 1, 3, 3])).shape
        paddle.Size([1, 1, 5, 5])
    """

    _nd = 2

    def __init__(self, padding, mode="constant", value=0.0, data_format="NCHW", name=None):
        super().__init__(padding, mode, value, data_format, name)


class Pad3D(_PadNd):
    """Pad D, H and W of [N, C, D, H, W] (or NDHWC) by [left, right, top, bottom, front, back].

    Example:
        >>> import paddle
        >>> paddle.nn.Pad3D(1)(paddle.ones([1, 1, 2, 2, 2])).shape
        paddle.Size([1, 1, 4, 4, 4])
    """

    _nd = 3

    def __init__(self, padding, mode="constant", value=0.0, data_format="NCDHW", name=None):
        super().__init__(padding, mode, value, data_format, name)


class ZeroPad1D(Pad1D):
    """Pad with zeros (an int pads every side by it).

    Example:
        >>> import paddle
        >>> paddle.nn.ZeroPad1D(1)(paddle.ones([1, 1, 3])).shape
        paddle.Size([1, 1, 5])
    """

    def __init__(self, padding, data_format="NCL", name=None):
        super().__init__(padding, "constant", 0.0, data_format, name)


class ZeroPad2D(Pad2D):
    """Pad with zeros (an int pads every side by it).

    Example:
        >>> import paddle
        >>> paddle.nn.ZeroPad2D(1)(paddle.ones([1, 1, 3, 3])).shape
        paddle.Size([1, 1, 5, 5])
    """

    def __init__(self, padding, data_format="NCHW", name=None):
        super().__init__(padding, "constant", 0.0, data_format, name)


class ZeroPad3D(Pad3D):
    """Pad with zeros (an int pads every side by it).

    Example:
        >>> import paddle
        >>> paddle.nn.ZeroPad3D(1)(paddle.ones([1, 1, 3, 3, 3])).shape
        paddle.Size([1, 1, 5, 5, 5])
    """

    def __init__(self, padding, data_format="NCDHW", name=None):
        super().__init__(padding, "constant", 0.0, data_format, name)


class ConstantPad1D(Pad1D):
    """Pad with a constant value (an int pads every side by it).

    Example:
        >>> import paddle
        >>> paddle.nn.ConstantPad1D(1, 0.5)(paddle.ones([1, 1, 3])).shape
        paddle.Size([1, 1, 5])
    """

    def __init__(self, padding, value, data_format="NCL", name=None):
        super().__init__(padding, "constant", value, data_format, name)


class ConstantPad2D(Pad2D):
    """Pad with a constant value (an int pads every side by it).

    Example:
        >>> import paddle
        >>> paddle.nn.ConstantPad2D(1, 0.5)(paddle.ones([1, 1, 3, 3])).shape
        paddle.Size([1, 1, 5, 5])
    """

    def __init__(self, padding, value, data_format="NCHW", name=None):
        super().__init__(padding, "constant", value, data_format, name)


class ConstantPad3D(Pad3D):
    """Pad with a constant value (an int pads every side by it).

    Example:
        >>> import paddle
        >>> paddle.nn.ConstantPad3D(1, 0.5)(paddle.ones([1, 1, 3, 3, 3])).shape
        paddle.Size([1, 1, 5, 5, 5])
    """

    def __init__(self, padding, value, data_format="NCDHW", name=None):
        super().__init__(padding, "constant", value, data_format, name)


class ReflectionPad1D(Pad1D):
    """Pad with the reflection of the input (an int pads every side by it).

    Example:
        >>> import paddle
        >>> paddle.nn.ReflectionPad1D(1)(paddle.ones([1, 1, 3])).shape
        paddle.Size([1, 1, 5])
    """

    def __init__(self, padding, data_format="NCL", name=None):
        super().__init__(padding, "reflect", 0.0, data_format, name)


class ReflectionPad2D(Pad2D):
    """Pad with the reflection of the input (an int pads every side by it).

    Example:
        >>> import paddle
        >>> paddle.nn.ReflectionPad2D(1)(paddle.ones([1, 1, 3, 3])).shape
        paddle.Size([1, 1, 5, 5])
    """

    def __init__(self, padding, data_format="NCHW", name=None):
        super().__init__(padding, "reflect", 0.0, data_format, name)


class ReflectionPad3D(Pad3D):
    """Pad with the reflection of the input (an int pads every side by it).

    Example:
        >>> import paddle
        >>> paddle.nn.ReflectionPad3D(1)(paddle.ones([1, 1, 3, 3, 3])).shape
        paddle.Size([1, 1, 5, 5, 5])
    """

    def __init__(self, padding, data_format="NCDHW", name=None):
        super().__init__(padding, "reflect", 0.0, data_format, name)


class ReplicationPad1D(Pad1D):
    """Pad with copies of the edge values (an int pads every side by it).

    Example:
        >>> import paddle
        >>> paddle.nn.ReplicationPad1D(1)(paddle.ones([1, 1, 3])).shape
        paddle.Size([1, 1, 5])
    """

    def __init__(self, padding, data_format="NCL", name=None):
        super().__init__(padding, "replicate", 0.0, data_format, name)


class ReplicationPad2D(Pad2D):
    """Pad with copies of the edge values (an int pads every side by it).

    Example:
        >>> import paddle
        >>> paddle.nn.ReplicationPad2D(1)(paddle.ones([1, 1, 3, 3])).shape
        paddle.Size([1, 1, 5, 5])
    """

    def __init__(self, padding, data_format="NCHW", name=None):
        super().__init__(padding, "replicate", 0.0, data_format, name)


class ReplicationPad3D(Pad3D):
    """Pad with copies of the edge values (an int pads every side by it).

    Example:
        >>> import paddle
        >>> paddle.nn.ReplicationPad3D(1)(paddle.ones([1, 1, 3, 3, 3])).shape
        paddle.Size([1, 1, 5, 5, 5])
    """

    def __init__(self, padding, data_format="NCDHW", name=None):
        super().__init__(padding, "replicate", 0.0, data_format, name)


class CircularPad1D(Pad1D):
    """Pad with the input wrapped around (an int pads every side by it).

    Example:
        >>> import paddle
        >>> paddle.nn.CircularPad1D(1)(paddle.ones([1, 1, 3])).shape
        paddle.Size([1, 1, 5])
    """

    def __init__(self, padding, data_format="NCL", name=None):
        super().__init__(padding, "circular", 0.0, data_format, name)


class CircularPad2D(Pad2D):
    """Pad with the input wrapped around (an int pads every side by it).

    Example:
        >>> import paddle
        >>> paddle.nn.CircularPad2D(1)(paddle.ones([1, 1, 3, 3])).shape
        paddle.Size([1, 1, 5, 5])
    """

    def __init__(self, padding, data_format="NCHW", name=None):
        super().__init__(padding, "circular", 0.0, data_format, name)


class CircularPad3D(Pad3D):
    """Pad with the input wrapped around (an int pads every side by it).

    Example:
        >>> import paddle
        >>> paddle.nn.CircularPad3D(1)(paddle.ones([1, 1, 3, 3, 3])).shape
        paddle.Size([1, 1, 5, 5, 5])
    """

    def __init__(self, padding, data_format="NCDHW", name=None):
        super().__init__(padding, "circular", 0.0, data_format, name)


ZeroPad1d = ZeroPad1D
ZeroPad2d = ZeroPad2D
ZeroPad3d = ZeroPad3D
ConstantPad1d = ConstantPad1D
ConstantPad2d = ConstantPad2D
ConstantPad3d = ConstantPad3D
ReflectionPad1d = ReflectionPad1D
ReflectionPad2d = ReflectionPad2D
ReflectionPad3d = ReflectionPad3D
ReplicationPad1d = ReplicationPad1D
ReplicationPad2d = ReplicationPad2D
ReplicationPad3d = ReplicationPad3D
CircularPad1d = CircularPad1D
CircularPad2d = CircularPad2D
CircularPad3d = CircularPad3D
