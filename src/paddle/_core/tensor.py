"""The Tensor: an array plus the autograd facts Paddle attaches to it.

Only what is intrinsic to a tensor lives here (storage, metadata, autograd identity, conversion to
Python/NumPy). The op methods (`x.add`, `x + y`, `x.sum()`, …) are attached by `paddle.tensor`
from the same functions that form the `paddle.*` namespace, so each op is written once.
"""
from __future__ import annotations

import itertools

import numpy as np

from . import dtype as _dt
from .place import CPU

_tmp_names = itertools.count()


class Size(list):
    """`Tensor.shape`: a list of ints that also compares equal to tuples, printed as Paddle."""

    __slots__ = ()

    def __eq__(self, other):
        if isinstance(other, tuple):
            other = list(other)
        return list.__eq__(self, other)

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = None

    def __repr__(self) -> str:
        return f"paddle.Size({list.__repr__(self)})"

    def numel(self) -> int:
        n = 1
        for d in self:
            n *= d
        return n


class Tensor:
    """A multi-dimensional array with autograd, Paddle's central type."""

    __slots__ = ("_data", "stop_gradient", "_grad", "_node", "_out_idx", "_version", "_extra",
                 "__weakref__")

    # Let NumPy defer to our reflected operators (`np_array + tensor` → Tensor.__radd__).
    __array_priority__ = 100

    def __init__(self, value=None, dtype=None, place=None, persistable=False, zero_copy=None,
                 name=None, stop_gradient=True):
        # The legacy constructor: lists become the default float dtype, NumPy arrays are
        # copied with their own dtype (Paddle ignores `dtype` for them), scalars are rejected.
        if value is None:
            data = np.zeros((0,), dtype=np.float32)
        elif isinstance(value, Tensor):
            data = value._data
        elif isinstance(value, np.ndarray):
            data = value.copy()
        elif isinstance(value, (list, tuple)):
            target = _dt.default_float() if dtype is None else _dt.to_dtype(dtype)
            data = np.asarray(value, dtype=target.np_dtype)
        else:
            raise ValueError(f"paddle.Tensor(): the data must be a list, tuple, NumPy array or "
                             f"Tensor, but received {type(value).__name__}; use "
                             "paddle.to_tensor for scalars")
        init_tensor(self, data)
        self.stop_gradient = bool(stop_gradient)
        if name is not None or persistable:
            self._extra = {"name": name, "persistable": bool(persistable)}

    # ---- metadata ----------------------------------------------------------------------------
    @property
    def shape(self) -> Size:
        return Size(self._data.shape)

    @property
    def dtype(self) -> _dt.DType:
        return _dt.from_numpy_dtype(self._data.dtype)

    @property
    def place(self):
        return CPU

    @property
    def ndim(self) -> int:
        return self._data.ndim

    def dim(self) -> int:
        return self._data.ndim

    ndimension = dim

    @property
    def size(self) -> int:
        return int(self._data.size)

    @property
    def name(self) -> str:
        extra = self._ensure_extra()
        if extra.get("name") is None:
            # Paddle names created tensors generated_tensor_N and op results eager_tmp_N
            prefix = "generated_tensor" if self._node is None else "eager_tmp"
            extra["name"] = f"{prefix}_{next(_tmp_names)}"
        return extra["name"]

    @name.setter
    def name(self, value: str) -> None:
        self._ensure_extra()["name"] = value

    @property
    def persistable(self) -> bool:
        return bool(self._extra and self._extra.get("persistable"))

    @persistable.setter
    def persistable(self, value: bool) -> None:
        self._ensure_extra()["persistable"] = bool(value)

    def _ensure_extra(self) -> dict:
        if self._extra is None:
            self._extra = {}
        return self._extra

    # ---- autograd identity -------------------------------------------------------------------
    @property
    def grad(self):
        return self._grad

    @grad.setter
    def grad(self, value) -> None:
        if value is not None and not isinstance(value, Tensor):
            raise TypeError(f"Tensor.grad must be a Tensor or None, but received "
                            f"{type(value).__name__}")
        if value is not None and value._data.shape != self._data.shape:
            raise ValueError(f"Tensor.grad: the gradient's shape {list(value._data.shape)} must "
                             f"match the tensor's shape {list(self._data.shape)}")
        if value is not None:
            value = wrap(value._data)
            value.stop_gradient = False
        self._grad = value

    @property
    def is_leaf(self) -> bool:
        return self._node is None

    @property
    def grad_fn(self):
        return self._node

    def _bump_version(self) -> None:
        self._version += 1

    @property
    def inplace_version(self) -> int:
        return self._version

    # ---- conversion --------------------------------------------------------------------------
    def numpy(self) -> np.ndarray:
        return self._data.copy()

    def __array__(self, dtype=None, copy=None):
        data = self._data
        return data if dtype is None else data.astype(dtype, copy=False)

    def item(self, *args):
        data = self._data
        if args:
            return data.item(*args)
        if data.size != 1:
            raise ValueError("Tensor.item(): only one element tensors can be converted to Python "
                             f"scalars, but the tensor has shape {list(data.shape)} "
                             f"({data.size} elements)")
        value = data.item()
        if data.dtype.kind == "V" or not isinstance(value, (bool, int, float, complex)):
            value = float(data.astype(np.float32).item())
        return value

    def tolist(self):
        data = self._data
        if data.dtype.kind not in "biufc":
            data = data.astype(np.float32)
        return data.tolist()

    def _scalar(self, caller: str):
        if self._data.size != 1:
            raise ValueError(f"{caller}: only a tensor with one element can be converted to a "
                             f"Python scalar, but received shape {list(self._data.shape)}")
        return self.item()

    def __bool__(self) -> bool:
        return bool(self._scalar("bool(Tensor)"))

    def __float__(self) -> float:
        return float(self._zero_dim("float"))

    def __int__(self) -> int:
        return int(self._zero_dim("int"))

    def _zero_dim(self, caller: str):
        """float()/int() take 0-D tensors only, as in Paddle 3.3 with NumPy 2 (a shape-[1]
        tensor is refused; .item() reads any one-element tensor)."""
        if self._data.ndim:
            raise TypeError(f"{caller}(Tensor): only 0-dimensional tensors can be converted to "
                            f"Python scalars, but received shape {list(self._data.shape)}; use "
                            ".item() for a one-element tensor")
        return self.item()

    def __complex__(self) -> complex:
        return complex(self._scalar("complex(Tensor)"))

    def __index__(self) -> int:
        if self._data.dtype.kind not in "iub":
            raise TypeError("Only integer tensors can be used as an index, but received "
                            f"dtype {self.dtype.name}")
        return int(self._scalar("Tensor.__index__"))

    def __len__(self) -> int:
        if self._data.ndim == 0:
            raise TypeError("len() of a 0-D tensor is undefined")
        return self._data.shape[0]

    def __iter__(self):
        if self._data.ndim == 0:
            raise TypeError("iteration over a 0-D tensor")
        for i in range(self._data.shape[0]):
            yield self[i]

    def __hash__(self) -> int:
        return id(self)

    def __repr__(self) -> str:
        from .printing import tensor_to_string
        return tensor_to_string(self)

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        if self._data.ndim == 0:  # Paddle formats 0-d tensors as their Python scalar
            return format(self.item(), spec)
        return object.__format__(self, spec) if spec else repr(self)

    def __deepcopy__(self, memo):
        new = self._copy_like(self._data.copy())
        memo[id(self)] = new
        if self._grad is not None:
            new._grad = self._grad._copy_like(self._grad._data.copy())
        return new

    def __copy__(self):
        return self._copy_like(self._data)

    def _copy_like(self, data):
        """A leaf tensor of the same class and flags over `data` (used for copies and pickling)."""
        new = object.__new__(type(self))
        init_tensor(new, data)
        new.stop_gradient = self.stop_gradient
        if self._extra:
            new._extra = dict(self._extra)
        return new

    def __reduce_ex__(self, protocol):
        return (_rebuild_tensor, (self._data, self.stop_gradient))

    def __getstate__(self):
        return None

    def __dlpack__(self, stream=None):
        return self._data.__dlpack__()

    def __dlpack_device__(self):
        return self._data.__dlpack_device__()


def init_tensor(t: Tensor, data: np.ndarray) -> None:
    """Fill every slot of a freshly allocated Tensor (the hot path for op outputs)."""
    t._data = data
    t.stop_gradient = True
    t._grad = None
    t._node = None
    t._out_idx = 0
    t._version = 0
    t._extra = None


def wrap(data: np.ndarray) -> Tensor:
    """A new leaf Tensor (stop_gradient=True) over `data` without copying."""
    t = object.__new__(Tensor)
    t._data = data
    t.stop_gradient = True
    t._grad = None
    t._node = None
    t._out_idx = 0
    t._version = 0
    t._extra = None
    return t


def _rebuild_tensor(data, stop_gradient):
    t = wrap(data)
    t.stop_gradient = stop_gradient
    return t
