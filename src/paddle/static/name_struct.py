"""The layer path (`struct_name`) Paddle records on the ops of a program.

While a program is being recorded, every Layer call opens a scope named after the layer's class
under the scope of the call around it; the second, third, … call of the same class name under
one scope is `Conv2D_1`, `Conv2D_2`, … (scopes are never forgotten, so converting the same model
twice in one process yields `/Sequential_2/…` the second time, as in Paddle). When the call ends,
the ops it appended to the program's global block that have no path yet get this scope's path,
`/Sequential/Conv2D/`; ops in nested blocks and the parameters, constants and inputs (created
outside any layer) keep none. The top-level layer of paddle.jit.to_static runs its forward
directly, so the ops of that forward keep none either.
"""
from __future__ import annotations

import contextlib

from .._core import state

_LEAVES = frozenset({"builtin.parameter", "builtin.constant"})


class NameStruct:
    """One scope: its name, its parent, and how many children each name has had."""

    def __init__(self, name: str = "", parent: NameStruct | None = None):
        self.name = name
        self.parent = parent
        self._children: dict[str, int] = {}

    def child(self, prefix: str) -> NameStruct:
        count = self._children.get(prefix, 0)
        self._children[prefix] = count + 1
        return NameStruct(prefix if count == 0 else f"{prefix}_{count}", self)

    def path(self) -> str:
        names = []
        scope = self
        while scope is not None:
            names.append(scope.name)
            scope = scope.parent
        return "/".join(reversed(names)) + "/"


_current = NameStruct()


@contextlib.contextmanager
def name_struct(prefix: str, block):
    """Tag the ops appended to `block` inside the scope with the scope's path."""
    global _current
    scope = _current = _current.child(prefix)
    last = block.ops[-1] if block.ops else None
    try:
        yield
    finally:
        _current = scope.parent
        _tag(block, last, scope.path())


def _tag(block, last, path: str) -> None:
    """Ops after `last` (parameters and constants go to the block's front, before it)."""
    for op in reversed(block.ops):
        if op is last:
            return
        if op.struct_name is None and op.name not in _LEAVES:
            op.struct_name = path


def traced_call(layer, inputs: tuple, kwargs: dict):
    """Layer.__call__ while a program is recorded."""
    with name_struct(type(layer).__name__, state.tracer.program.global_block()):
        if not layer._forward_pre_hooks and not layer._forward_post_hooks:
            return layer.forward(*inputs, **kwargs)
        return layer._call_with_hooks(inputs, kwargs)


@contextlib.contextmanager
def fresh_scopes():
    """Count layer paths from a new root inside the block (for comparing a program's text with
    one Paddle printed in a fresh process)."""
    global _current
    saved, _current = _current, NameStruct()
    try:
        yield
    finally:
        _current = saved
