"""Parameters: trainable tensors owned by layers (Paddle's EagerParamBase)."""
from __future__ import annotations

import numpy as np

from .._core import dtype as _dt
from .._core.tensor import Tensor, init_tensor


class EagerParamBase(Tensor):
    """A Tensor that is a model parameter: stop_gradient=False unless not trainable, persistable,
    and carrying its optimizer attributes (learning-rate scale, regularizer, clipping)."""

    __slots__ = ("optimize_attr", "regularizer", "do_model_average", "need_clip",
                 "is_distributed", "_init_func")

    _is_parameter = True

    def __init__(self, shape, dtype, **kwargs):
        data = np.zeros([int(d) for d in shape], dtype=_dt.to_dtype(dtype).np_dtype)
        init_tensor(self, data)
        self.name = kwargs.get("name") or "param"
        self.persistable = True
        self.trainable = kwargs.get("trainable", True)
        self.optimize_attr = kwargs.get("optimize_attr", {"learning_rate": 1.0})
        self.regularizer = kwargs.get("regularizer")
        self.do_model_average = kwargs.get("do_model_average")
        self.need_clip = kwargs.get("need_clip", True)
        self.is_distributed = kwargs.get("is_distributed", False)
        self._init_func = None

    @property
    def trainable(self) -> bool:
        return not self.stop_gradient

    @trainable.setter
    def trainable(self, value: bool) -> None:
        self.stop_gradient = not bool(value)

    def __deepcopy__(self, memo):
        new = EagerParamBase(self.shape, self.dtype, name=self.name, trainable=self.trainable,
                             optimize_attr=dict(self.optimize_attr),
                             regularizer=self.regularizer,
                             do_model_average=self.do_model_average, need_clip=self.need_clip,
                             is_distributed=self.is_distributed)
        new._data = self._data.copy()
        memo[id(self)] = new
        return new

    def _copy_like(self, data):
        new = self.__deepcopy__({})
        new._data = data
        return new

    def __reduce_ex__(self, protocol):
        return (_rebuild_parameter, (self._data, self.name, self.trainable))


def _rebuild_parameter(data, name, trainable):
    p = EagerParamBase(data.shape, _dt.from_numpy_dtype(data.dtype), name=name,
                       trainable=trainable)
    p._data = data
    return p


Parameter = EagerParamBase
