"""Nested structures of branch and loop values, and the marker for a variable with no value.

Control-flow functions return (nested lists, tuples and dicts of) tensors and Python values.
`flatten` lists the leaves in a fixed order (dict keys sorted, as Paddle), `pack_as` rebuilds a
structure from leaves, and `assert_same_structure` names the first difference."""
from __future__ import annotations


class UnsupportedControlFlow(RuntimeError):
    """Control flow on tensor values that cannot be expressed as program ops (e.g. a variable
    that is a tensor on one path and missing on another, then used)."""


class UndefinedVar:
    """The value of a variable on a path that never assigned it (to_static's stand-in for
    Python's unbound local). Reading it in any computation raises UnsupportedControlFlow."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return f"UndefinedVar({self.name!r})"

    def _unusable(self, *args, **kwargs):
        raise UnsupportedControlFlow(
            f"'{self.name}' has no value here: it is assigned on only some paths of control flow "
            "that depends on a tensor, so it is undefined on the others. Assign it before the "
            "if/while (or on every path).")

    def __getattr__(self, name):
        if name.startswith("__"):  # protocol probes (copy, numpy, …) see a plain object
            raise AttributeError(name)
        self._unusable()

    __bool__ = __len__ = __iter__ = __call__ = __getitem__ = __index__ = _unusable
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _unusable
    __truediv__ = __rtruediv__ = __matmul__ = __rmatmul__ = __neg__ = __pow__ = _unusable
    __lt__ = __le__ = __gt__ = __ge__ = _unusable
    __array__ = _unusable


class Unassigned(UndefinedVar):
    """A variable not assigned on any path yet (to_static starts local variables this way), as
    opposed to one assigned on some paths only: a loop may carry it from a stand-in value, since
    code that reads it before assigning it has failed to convert already."""

    __slots__ = ()


def _items(value):
    if isinstance(value, dict):
        return [value[k] for k in sorted(value)]
    return list(value)


def is_container(value) -> bool:
    return isinstance(value, (list, tuple, dict))


def flatten(value) -> list:
    """The leaves of a nested list/tuple/dict structure, in order."""
    if not is_container(value):
        return [value]
    leaves = []
    for item in _items(value):
        leaves.extend(flatten(item))
    return leaves


def pack_as(template, leaves):
    """Rebuild `template`'s structure with the next values of the iterator `leaves`."""
    if isinstance(template, dict):
        filled = {k: pack_as(template[k], leaves) for k in sorted(template)}
        return {k: filled[k] for k in template}
    if isinstance(template, (list, tuple)):
        items = [pack_as(item, leaves) for item in template]
        if isinstance(template, tuple) and hasattr(template, "_fields"):
            return type(template)(*items)
        return type(template)(items)
    return next(leaves)


def assert_same_structure(a, b) -> None:
    """Raise ValueError naming the first place where the structures of a and b differ."""
    if is_container(a) != is_container(b):
        raise ValueError(f"one structure has {_kind(a)} where the other has {_kind(b)}")
    if not is_container(a):
        return
    if isinstance(a, dict) != isinstance(b, dict):
        raise ValueError(f"one structure has {_kind(a)} where the other has {_kind(b)}")
    if isinstance(a, dict) and sorted(a) != sorted(b):
        raise ValueError(f"the dict keys differ: {sorted(a)} vs {sorted(b)}")
    if len(a) != len(b):
        raise ValueError(f"a {_kind(a)} of {len(a)} items vs a {_kind(b)} of {len(b)} items")
    for x, y in zip(_items(a), _items(b)):
        assert_same_structure(x, y)


def _kind(value) -> str:
    return type(value).__name__
