"""Layer forms of the activations that act along an axis: Softmax, Softmax2D, LogSoftmax, GLU
and Maxout."""
from __future__ import annotations

from ...tensor._arg_forms import aliases
from .. import functional as F
from .layers import Layer


def _with_name(text: str, name) -> str:
    return f"{text}, name={name}" if name else text


class Softmax(Layer):
    """softmax along `axis`.

    Example:
        >>> import paddle
        >>> paddle.nn.Softmax()(paddle.to_tensor([0., 0.]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0.50000000, 0.50000000])
    """

    def __init__(self, axis=-1, name=None):
        super().__init__()
        self._axis, self._name = axis, name
        self._dtype = None

    def forward(self, x):
        return F.softmax(x, self._axis, name=self._name)

    def extra_repr(self) -> str:
        return _with_name(f"axis={self._axis}", self._name)


class LogSoftmax(Layer):
    """log_softmax along `axis`."""

    def __init__(self, axis=-1, name=None):
        super().__init__()
        self._axis, self._name = axis, name

    def forward(self, x):
        return F.log_softmax(x, self._axis)

    def extra_repr(self) -> str:
        return _with_name(f"axis={self._axis}", self._name)


class Softmax2D(Layer):
    """softmax over the channels of a [C, H, W] or [N, C, H, W] input (axis -3)."""

    def __init__(self, name=None):
        super().__init__()
        self._dtype, self._name = None, name

    def forward(self, x):
        if x.ndim not in (3, 4):
            raise AssertionError(f"Softmax2D requires a 3D or 4D tensor as input. Received: "
                                 f"{x.ndim}D.")
        return F.softmax(x, axis=-3, dtype=self._dtype, name=self._name)

    def extra_repr(self) -> str:
        return f"name={self._name}" if self._name else ""


class GLU(Layer):
    """Gated linear unit: a * sigmoid(b) for the two halves a, b of x along `axis`."""

    @aliases(axis="dim")
    def __init__(self, axis=-1, name=None):
        super().__init__()
        self._axis, self._name = axis, name

    @aliases(x="input")
    def forward(self, x):
        return F.glu(x, self._axis, self._name)

    @property
    def dim(self):
        return self._axis

    def extra_repr(self) -> str:
        return _with_name(f"axis={self._axis}", self._name)


class Maxout(Layer):
    """Maximum over groups of `groups` consecutive channels (axis 1 for NCHW, -1/3 for NHWC)."""

    def __init__(self, groups, axis=1, name=None):
        super().__init__()
        self._groups, self._axis, self._name = groups, axis, name

    def forward(self, x):
        return F.maxout(x, self._groups, self._axis, self._name)

    def extra_repr(self) -> str:
        return _with_name(f"groups={self._groups}, axis={self._axis}", self._name)


__all__ = ["Softmax", "LogSoftmax", "Softmax2D", "GLU", "Maxout"]
