"""InputSpec: the shape/dtype/name of a static-graph input (None or -1 for a dynamic dim)."""
from __future__ import annotations

from .._core import dtype as _dt


class InputSpec:
    """Describes one input of a static function or program.

    Example:
        >>> from paddle.static import InputSpec
        >>> InputSpec([None, 784], "float32", "x")
        InputSpec(shape=(-1, 784), dtype=paddle.float32, name=x, stop_gradient=False)
    """

    def __init__(self, shape, dtype="float32", name=None, stop_gradient=False):
        if isinstance(shape, int):
            shape = [shape]
        self.shape = tuple(-1 if d is None else int(d) for d in shape)
        self.dtype = _dt.to_dtype(dtype)
        self.name = name
        self.stop_gradient = stop_gradient

    @classmethod
    def from_tensor(cls, tensor, name=None):
        return cls(tensor.shape, tensor.dtype, name or tensor.name)

    @classmethod
    def from_numpy(cls, ndarray, name=None):
        return cls(ndarray.shape, ndarray.dtype, name)

    def batch(self, batch_size):
        self.shape = (int(batch_size),) + self.shape
        return self

    def unbatch(self):
        self.shape = self.shape[1:]
        return self

    def matches(self, shape, dtype) -> bool:
        return (len(shape) == len(self.shape)
                and all(s in (-1, d) for s, d in zip(self.shape, shape))
                and _dt.to_dtype(dtype) is self.dtype)

    def __eq__(self, other):
        return (isinstance(other, InputSpec) and self.shape == other.shape
                and self.dtype is other.dtype and self.name == other.name)

    def __hash__(self):
        return hash((self.shape, self.dtype.name, self.name))

    def __repr__(self) -> str:
        return (f"InputSpec(shape={self.shape}, dtype={self.dtype}, name={self.name}, "
                f"stop_gradient={self.stop_gradient})")
