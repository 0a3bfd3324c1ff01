"""paddle.static.global_scope: the persistable variables of static programs, by name.

Feijiang keeps parameter data in the parameters' own Tensors (programs read them at every run),
so the scope is a view: `find_var(name)` finds the parameter of that name in the programs built
so far, and `get_tensor()` reads or `set(...)`s its data as Paddle's scope tensors do."""
from __future__ import annotations

import weakref

import numpy as np

_PROGRAMS: weakref.WeakSet = weakref.WeakSet()


def register(program) -> None:
    """Make `program`'s parameters visible through the global scope."""
    _PROGRAMS.add(program)


class Scope:
    """Variables by name (Paddle's scope); here the parameters of every static Program."""

    def find_var(self, name: str):
        """The variable `name`, or None when no program has a parameter of that name."""
        for program in sorted(_PROGRAMS, key=lambda p: -p.uid):
            tensor = program.parameters.get(name)
            if tensor is not None:
                return ScopeVariable(name, tensor)
        return None

    def var(self, name: str):
        found = self.find_var(name)
        if found is None:
            raise ValueError(f"(Scope.var) no parameter named '{name}' in the static programs; "
                             "Feijiang's scope holds parameters only")
        return found


class ScopeVariable:
    def __init__(self, name: str, tensor):
        self.name = name
        self._tensor = tensor

    def get_tensor(self) -> ScopeTensor:
        return ScopeTensor(self._tensor)


class ScopeTensor:
    """A parameter's data as Paddle's DenseTensor shows it: np.array(t), t.shape(), t.set()."""

    def __init__(self, tensor):
        self._tensor = tensor

    def __array__(self, dtype=None, copy=None):
        return np.array(self._tensor._data, dtype=dtype)

    def shape(self) -> list:
        return list(self._tensor._data.shape)

    def _dtype(self):
        return self._tensor.dtype

    def set(self, array, place=None) -> None:
        """Replace the data (converted to the parameter's dtype)."""
        value = np.array(array, dtype=self._tensor._data.dtype)
        if value.shape == self._tensor._data.shape:
            np.copyto(self._tensor._data, value)
        else:
            self._tensor._data = value
        self._tensor._version += 1


_GLOBAL = Scope()


def global_scope() -> Scope:
    """The scope holding the static programs' parameters.

    Example:
        >>> import numpy as np
        >>> import paddle
        >>> paddle.enable_static()
        >>> with paddle.utils.unique_name.guard():
        ...     y = paddle.static.nn.fc(paddle.static.data("x", [None, 3], "float32"), 2)
        >>> paddle.static.global_scope().find_var("fc_0.w_0").get_tensor().shape()
        [3, 2]
        >>> paddle.disable_static()
    """
    return _GLOBAL
