"""What a paddle.static startup program does: give persistable variables their initial values.

Feijiang creates parameters with their values (the layer runs its initializer eagerly) and the
optimizer's accumulators when `minimize` records the updates, so a startup program holds no ops;
it remembers those tensors with the values they had then (a parameter: when a program first
reads it, right after its layer made it). Running it — `Executor.run(startup)` — writes the
initial values into the run's scope, as Paddle's startup program does: the tensors themselves in
the default global scope (training starts over), the scope's own variables in a `Scope()`.
A variable a Scope() lacks when a program runs there starts from its initial value as well
(see scope.parameters_from)."""
from __future__ import annotations

import weakref

import numpy as np

from .. import _static_mode

# id(tensor) -> (weak reference to it, its initial value)
_INITIAL: dict = {}


def remember(tensor) -> None:
    """Keep `tensor`'s current value as its initial one, in the current startup program."""
    key = id(tensor)
    known = _INITIAL.get(key)
    if known is not None and known[0]() is tensor:
        return
    _INITIAL[key] = (weakref.ref(tensor, lambda _, key=key: _INITIAL.pop(key, None)),
                     np.array(tensor._data))
    _static_mode.startup_program().__dict__.setdefault("initializes", []).append(
        weakref.ref(tensor))


def initial_value(tensor):
    """The value `tensor` started from, or None when no startup program knows it."""
    known = _INITIAL.get(id(tensor))
    return known[1] if known is not None and known[0]() is tensor else None


def initialize(program, scope, is_global: bool) -> None:
    """Run startup program `program` in `scope`."""
    for ref in program.__dict__.get("initializes", ()):
        tensor = ref()
        value = None if tensor is None else initial_value(tensor)
        if value is None:
            continue
        if is_global:
            np.copyto(tensor._data, value)
            tensor._version += 1
        else:
            scope.var(tensor.name)._tensor._data = np.array(value)
