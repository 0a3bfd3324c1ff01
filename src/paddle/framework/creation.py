"""paddle.create_parameter: a standalone parameter, created as a layer would create it."""
from __future__ import annotations

from ..utils import unique_name


def create_parameter(shape, dtype, name=None, attr=None, is_bias=False,
                     default_initializer=None):
    """A new parameter of `shape` and `dtype`, named `create_parameter_N.w_0` unless named.

    Example:
        >>> import paddle
        >>> w = paddle.create_parameter([2, 3], "float32")
        >>> w.stop_gradient
        False
    """
    from ..framework.param_attr import ParamAttr
    from ..nn.layer.layers import Layer

    attr = ParamAttr._to_attr(attr)
    if attr is not False and name is not None and attr.name is None:
        attr.name = name
    holder = Layer.__new__(Layer)
    Layer.__init__(holder, name_scope="create_parameter", dtype=dtype)
    return holder.create_parameter(shape, attr, dtype, is_bias, default_initializer)


__all__ = ["create_parameter", "unique_name"]
