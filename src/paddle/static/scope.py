"""paddle.static.Scope, global_scope and scope_guard: variables by name.

Feijiang keeps parameter data in the parameters' own Tensors (programs read them at every run),
so the default global scope is a view: `find_var(name)` finds the parameter of that name in the
programs built so far (and any variable made with `var(name)`), and `get_tensor()` reads or
`set(...)`s its data as Paddle's scope tensors do.

A `Scope()` made by the user holds arrays of its own. `Executor.run(program, scope=s)` (or a run
inside `scope_guard(s)`) runs the program with the values of its parameters and optimizer
accumulators taken from `s` — one `s` does not hold yet starts from its initial value, as after
running Paddle's startup program in `s` — and leaves the values the run produced (optimizer
updates and moments, batch-norm statistics) in `s`, not in the tensors (see
`parameters_from`)."""
from __future__ import annotations

import contextlib
import weakref

import numpy as np

from ..base.dense_tensor import DenseTensor, Storage
from .checkpoint import optimizer_tensors
from .startup import initial_value

_PROGRAMS: weakref.WeakSet = weakref.WeakSet()


def register(program) -> None:
    """Make `program`'s parameters visible through the global scope."""
    _PROGRAMS.add(program)


def _parameter(name: str):
    """The newest program's parameter or optimizer accumulator called `name`."""
    for program in sorted(_PROGRAMS, key=lambda p: -p.uid):
        tensor = program.parameters.get(name)
        if tensor is not None:
            return tensor
        for opt in getattr(program, "optimizers", ()):
            for tensor in optimizer_tensors(opt):
                if tensor.name == name:
                    return tensor
    return None


class Scope:
    """Variables by name (Paddle's scope).

    Example:
        >>> import numpy as np
        >>> import paddle
        >>> scope = paddle.static.Scope()
        >>> scope.var("w").get_tensor().set(np.ones([2], "float32"), paddle.CPUPlace())
        >>> np.array(scope.find_var("w").get_tensor())
        array([1., 1.], dtype=float32)
    """

    def __init__(self):
        self._vars: dict[str, ScopeVariable] = {}

    def find_var(self, name: str):
        """The variable `name`, or None when the scope has none of that name."""
        return self._vars.get(name)

    def var(self, name: str):
        """The variable `name`, made (holding an empty tensor) when the scope has none."""
        found = self.find_var(name)
        if found is None:
            found = self._vars[name] = ScopeVariable(name, Storage())
        return found

    def _local_var_names(self):
        return list(self._vars)


class _GlobalScope(Scope):
    """The default scope: the parameters and optimizer accumulators of every static program,
    plus variables made here."""

    def find_var(self, name: str):
        tensor = _parameter(name)
        if tensor is not None:
            return ScopeVariable(name, tensor)
        return super().find_var(name)


class ScopeVariable:
    def __init__(self, name: str, tensor):
        self.name = name
        self._tensor = tensor

    def get_tensor(self) -> DenseTensor:
        return DenseTensor(self._tensor)


_GLOBAL = _GlobalScope()
_current = [_GLOBAL]


def global_scope() -> Scope:
    """The current scope: the one `scope_guard` switched to, else the scope holding the static
    programs' parameters.

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
    return _current[-1]


@contextlib.contextmanager
def scope_guard(scope):
    """Make `scope` the global scope inside the `with` block: variables made and programs run
    there use it.

    Example:
        >>> import numpy
        >>> import paddle
        >>> paddle.enable_static()
        >>> new_scope = paddle.static.Scope()
        >>> with paddle.static.scope_guard(new_scope):
        ...     paddle.static.global_scope().var("data").get_tensor().set(
        ...         numpy.ones((2, 2)), paddle.CPUPlace())
        >>> numpy.array(new_scope.find_var("data").get_tensor())
        array([[1., 1.],
               [1., 1.]])
        >>> paddle.disable_static()
    """
    if not isinstance(scope, Scope):
        raise TypeError(f"(scope_guard) scope must be a paddle.static.Scope, but received "
                        f"{type(scope).__name__}")
    _current.append(scope)
    try:
        yield
    finally:
        _current.pop()


@contextlib.contextmanager
def parameters_from(scope, program):
    """Inside the block `program`'s parameters, and the accumulators of its optimizers, hold
    `scope`'s values (the default global scope is the tensors themselves); afterwards `scope`
    keeps what the run left in them and the tensors get their own values back. A variable the
    scope lacks starts from its initial value (see startup.py), else the tensor's current one."""
    if scope is None or isinstance(scope, _GlobalScope):
        yield
        return
    tensors = dict(program.parameters)
    for opt in getattr(program, "optimizers", ()):
        tensors.update((t.name, t) for t in optimizer_tensors(opt))
    own = {}
    for name, tensor in tensors.items():
        variable = scope.var(name)
        if isinstance(variable._tensor, Storage) and variable._tensor._data.size == 0:
            start = initial_value(tensor)
            variable._tensor._data = np.array(tensor._data if start is None else start)
        data = variable._tensor._data
        if data.shape != tensor._data.shape:
            raise ValueError(f"(Executor.run) the scope's variable '{name}' has shape "
                             f"{list(data.shape)}, but the program's parameter has shape "
                             f"{list(tensor._data.shape)}")
        own[name] = tensor._data
        tensor._data = data
    try:
        yield
    finally:
        for name, tensor in tensors.items():
            scope.find_var(name)._tensor._data = tensor._data
            tensor._data = own[name]
            tensor._version += 1
