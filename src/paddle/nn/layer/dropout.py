"""Dropout layers: they drop only in training mode (`layer.train()`) and pass inputs through in
evaluation mode (`layer.eval()`)."""
from __future__ import annotations

from .. import functional as F
from .layers import Layer


def _with_name(text: str, name) -> str:
    return f"{text}, name={name}" if name else text


class Dropout(Layer):
    """Zero each element (or each slice along `axis`) with probability p while training.

    Example:
        >>> import paddle
        >>> m = paddle.nn.Dropout(p=0.5)
        >>> m.eval()
        Dropout(p=0.5, axis=None, mode=upscale_in_train, inplace=False)
        >>> m(paddle.ones([2]))
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1., 1.])
    """

    def __init__(self, p=0.5, inplace=False, axis=None, mode="upscale_in_train", name=None):
        super().__init__()
        self.p, self.inplace, self.axis, self.mode, self.name = p, inplace, axis, mode, name

    def forward(self, input):
        return F.dropout(input, p=self.p, axis=self.axis, training=self.training,
                         inplace=self.inplace, mode=self.mode, name=self.name)

    def extra_repr(self) -> str:
        text = _with_name(f"p={self.p}, axis={self.axis}, mode={self.mode}", self.name)
        return f"{text}, inplace={self.inplace}"


class _ChannelDropout(Layer):
    _function = None

    def __init__(self, p=0.5, data_format="NCHW", name=None):
        super().__init__()
        self.p, self.data_format, self.name = p, data_format, name

    def forward(self, input):
        return type(self)._function(input, p=self.p, training=self.training,
                                    data_format=self.data_format, name=self.name)

    def extra_repr(self) -> str:
        return _with_name(f"p={self.p}, data_format={self.data_format}", self.name)


class Dropout2D(_ChannelDropout):
    """Zero whole channels of a 4-D input with probability p while training."""
    _function = staticmethod(F.dropout2d)


class Dropout3D(_ChannelDropout):
    """Zero whole channels of a 5-D input with probability p while training."""
    _function = staticmethod(F.dropout3d)

    def __init__(self, p=0.5, data_format="NCDHW", name=None):
        super().__init__(p, data_format, name)


class _AlphaKind(Layer):
    _function = None

    def __init__(self, p=0.5, name=None):
        super().__init__()
        self.p, self.name = p, name

    def forward(self, input):
        return type(self)._function(input, p=self.p, training=self.training, name=self.name)

    def extra_repr(self) -> str:
        return _with_name(f"p={self.p}", self.name)


class AlphaDropout(_AlphaKind):
    """Alpha dropout for self-normalizing (SELU) networks."""
    _function = staticmethod(F.alpha_dropout)


class FeatureAlphaDropout(_AlphaKind):
    """Alpha dropout of whole channels."""
    _function = staticmethod(F.feature_alpha_dropout)


__all__ = ["Dropout", "Dropout2D", "Dropout3D", "AlphaDropout", "FeatureAlphaDropout"]
