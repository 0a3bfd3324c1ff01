"""ParamAttr: how a layer should create a parameter (name, initializer, lr, regularizer, …)."""
from __future__ import annotations


class ParamAttr:
    """Attributes for creating a parameter.

    Example:
        >>> import paddle
        >>> attr = paddle.ParamAttr(name="fc_w", learning_rate=0.5,
        ...                         initializer=paddle.nn.initializer.Constant(0.1))
        >>> linear = paddle.nn.Linear(2, 2, weight_attr=attr)
        >>> linear.weight.name
        'fc_w'
    """

    def __init__(self, name=None, initializer=None, learning_rate=1.0, regularizer=None,
                 trainable=True, do_model_average=True, need_clip=True):
        if name is not None and not isinstance(name, str):
            raise TypeError(f"ParamAttr: name must be a str, but received {type(name).__name__}")
        if not isinstance(learning_rate, (int, float)):
            raise TypeError("ParamAttr: learning_rate must be a number, but received "
                            f"{type(learning_rate).__name__}")
        self.name = name
        self.initializer = initializer
        self.learning_rate = float(learning_rate)
        self.regularizer = regularizer
        self.trainable = bool(trainable)
        self.do_model_average = do_model_average
        self.need_clip = need_clip

    def _set_default_initializer(self, initializer) -> None:
        if self.initializer is None:
            self.initializer = initializer

    @staticmethod
    def _to_attr(arg):
        """Normalise a layer's weight_attr/bias_attr argument: None → defaults, str → name,
        an initializer → that initializer, False → no parameter (returns False)."""
        if arg is None:
            return ParamAttr()
        if isinstance(arg, ParamAttr):
            return arg
        if isinstance(arg, str):
            return ParamAttr(name=arg)
        if isinstance(arg, bool):
            return ParamAttr() if arg else False
        if isinstance(arg, (list, tuple)):
            return [ParamAttr._to_attr(a) for a in arg]
        from ..nn.initializer import Initializer
        if isinstance(arg, Initializer):
            return ParamAttr(initializer=arg)
        raise TypeError(f"{type(arg).__name__} cannot be used as a parameter attribute")

    def __repr__(self) -> str:
        return (f"ParamAttr(name={self.name!r}, learning_rate={self.learning_rate}, "
                f"trainable={self.trainable})")
