"""Common layers: Linear, Identity, Flatten, Unflatten."""
from __future__ import annotations

from .. import functional as F
from .layers import Layer


class Linear(Layer):
    """y = x @ weight + bias with weight of shape [in_features, out_features] (Paddle's layout).

    Example:
        >>> import paddle
        >>> fc = paddle.nn.Linear(4, 2)
        >>> fc.weight.shape, fc.bias.shape
        (paddle.Size([4, 2]), paddle.Size([2]))
    """

    def __init__(self, in_features, out_features, weight_attr=None, bias_attr=None, name=None):
        super().__init__()
        self._dtype = _default_dtype()
        self.in_features, self.out_features = int(in_features), int(out_features)
        self.weight = self.create_parameter([self.in_features, self.out_features],
                                            attr=weight_attr, dtype=self._dtype, is_bias=False)
        self.bias = self.create_parameter([self.out_features], attr=bias_attr, dtype=self._dtype,
                                          is_bias=True)
        self.name = name

    def forward(self, input):  # noqa: A002
        return F.linear(input, self.weight, self.bias, name=self.name)

    def extra_repr(self) -> str:
        name = f", name={self.name}" if self.name else ""
        return (f"in_features={self.in_features}, out_features={self.out_features}, "
                f"dtype={self._dtype}{name}")


class Identity(Layer):
    """Returns its input unchanged (accepts and ignores any constructor arguments)."""

    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):  # noqa: A002
        return input


class Flatten(Layer):
    """Flatten dims start_axis..stop_axis into one."""

    def __init__(self, start_axis=1, stop_axis=-1):
        super().__init__()
        self.start_axis, self.stop_axis = start_axis, stop_axis

    def forward(self, input):  # noqa: A002
        from ...tensor.manipulation import flatten
        return flatten(input, self.start_axis, self.stop_axis)


def _default_dtype() -> str:
    from ..._core.dtype import get_default_dtype
    return get_default_dtype()


class Unflatten(Layer):
    """Expand dimension `axis` of the input into `shape` (paddle.unflatten as a layer).

    Example:
        >>> import paddle
        >>> paddle.nn.Unflatten(1, [2, 3])(paddle.ones([4, 6])).shape
        paddle.Size([4, 2, 3])
    """

    def __init__(self, axis, shape, name=None):
        super().__init__()
        self.axis, self.shape, self.name = axis, shape, name

    def forward(self, input):  # noqa: A002
        from ...tensor.manipulation import unflatten
        return unflatten(input, axis=self.axis, shape=self.shape, name=self.name)

    def extra_repr(self) -> str:
        name = f", name={self.name}" if self.name else ""
        return f"axis={self.axis}, shape={self.shape}{name}"
