"""Ops whose int-array arguments hold values known only when the program runs.

Inside to_static a dynamic dim is a 0-d int64 tensor (`x.shape[0]` reads `paddle.shape(x)`), so
user code passes tensors where an op takes ints: `paddle.zeros([x.shape[0], 3])`,
`x.reshape([b, -1])`, `paddle.randint(0, 5, paddle.shape(x))`. Paddle takes such arguments as
tensor operands; here the op is recorded with those tensors as extra inputs and its attributes
as a template naming them. When the program runs, the template is filled with the tensors'
values and the registry op runs with the resulting attributes: its own kernel (interpreter),
or dispatch with autograd (replay for training).

The results' types come from the op's infer_meta run twice with two different stand-in values
for the unknown entries: a dim that differs between the two runs depends on them and is -1.
"""
from __future__ import annotations

import numpy as np

from ..meta import TensorMeta
from ..tensor import Tensor

# two stand-ins for the unknown entries; small, positive and different
_PROBES = (2, 3)


class Slot:
    """An attribute entry filled from extra input `index` of the op when it runs: one int (a
    1-element tensor) or, with `whole`, a list of ints (a 1-D tensor of `length` entries)."""

    __slots__ = ("index", "whole", "length", "value")

    def __init__(self, index: int, whole: bool, length: int, value):
        self.index, self.whole, self.length, self.value = index, whole, length, value

    def __eq__(self, other) -> bool:
        return isinstance(other, Slot) and (self.index, self.whole) == (other.index, other.whole)

    def __hash__(self) -> int:
        return hash((self.index, self.whole))

    def __str__(self) -> str:  # printed where the int would be: the value it comes from
        return f"%{self.value.id}"

    __repr__ = __str__


def holds_symbolic(attr) -> bool:
    """Whether an attribute value is, or holds (in nested lists/tuples), a tensor of the
    program being recorded."""
    if isinstance(attr, (list, tuple)):
        return any(holds_symbolic(a) for a in attr)
    return _is_symbolic(attr)


def _is_symbolic(value) -> bool:
    return isinstance(value, Tensor) and not isinstance(value._data, np.ndarray)


def template(attrs: tuple) -> tuple[tuple, list]:
    """(attrs with each tensor replaced by a Slot, the tensors in slot order). A tensor that
    is a whole attribute stands for a list of ints unless it holds one element; one inside a
    list or tuple stands for one int."""
    extras: list = []

    def slot(t, whole):
        length = t._data.shape[0] if whole else 1
        if whole and (t._data.ndim != 1 or length < 0):
            raise RuntimeError("A symbolic tensor (inside tracing / to_static) used as a whole "
                               "int array must be 1-D with a known length, but has shape "
                               f"{list(t._data.shape)}")
        extras.append(t)
        return Slot(len(extras) - 1, whole, length, t._data.value)

    def walk(value):
        if _is_symbolic(value):
            return slot(value, False)
        if isinstance(value, (list, tuple)) and holds_symbolic(value):
            return type(value)(walk(v) for v in value)
        return value

    filled = tuple(slot(a, a._data.ndim == 1 and a._data.shape[0] != 1) if _is_symbolic(a)
                   else walk(a) for a in attrs)
    return filled, extras


def fill(attrs: tuple, values: list, read=None) -> tuple:
    """The template with every Slot replaced by ints read from `values` (arrays or lists), or
    by what `read(slot, value)` makes of them."""
    def walk(value):
        if isinstance(value, Slot):
            if read is not None:
                return read(value, values[value.index])
            flat = [int(v) for v in _flat(values[value.index])]
            return flat if value.whole else flat[0]
        if isinstance(value, (list, tuple)) and _holds_slot(value):
            return type(value)(walk(v) for v in value)
        return value

    return tuple(walk(a) for a in attrs)


def _holds_slot(value) -> bool:
    if isinstance(value, (list, tuple)):
        return any(_holds_slot(v) for v in value)
    return isinstance(value, Slot)


def with_tensors(template_attrs: tuple, tensors: list) -> tuple:
    """The template with every Slot replaced by its tensor again (to record the op anew)."""
    return fill(template_attrs, tensors, read=lambda slot, t: t)


def _flat(value):
    if isinstance(value, (list, tuple)):
        return list(value)
    return value.reshape(-1).tolist() if hasattr(value, "reshape") else [value]


class DynamicAttrOp:
    """Stands where the registry OpDef would (`Operation.opdef`): inputs are the op's own
    followed by the tensors its attribute template reads."""

    attrs = ()

    def __init__(self, inner, template_attrs: tuple, n_inputs: int):
        self.inner = inner
        # differentiable as the registry op is; its gradients come from replaying `inner`
        # through dispatch (ir/replay.py), never from this object
        self.grad_rule = inner.grad_rule
        self.template = template_attrs
        self.n_inputs = n_inputs
        # not the registry name: the exporter and printer keep to ops they know
        self.name = f"{inner.name} (int arrays read at run time)"
        self.tags = inner.tags
        self.single_output = inner.single_output
        self.list_output = inner.list_output

    def attrs_for(self, extra_values: list) -> tuple:
        return fill(self.template, extra_values)

    def kernel(self, xp, *args):
        inputs, extras = args[:self.n_inputs], args[self.n_inputs:]
        return self.inner.kernel(xp, *inputs, *self.attrs_for(list(extras)))

    def infer_meta(self, *metas):
        return probe_metas(self.inner, metas[:self.n_inputs], self.template)

    def __repr__(self) -> str:
        return f"<{self.name}>"


def probe_metas(inner, metas, template_attrs: tuple) -> list | TensorMeta:
    """infer_meta with the unknown entries unknown: run it with each stand-in and mark the
    dims that differ as -1."""
    results = []
    for probe in _PROBES:
        stand_ins = [[probe] * s.length if s.whole else probe for s in _slots(template_attrs)]
        got = inner.infer_meta(*metas, *fill(template_attrs, stand_ins))
        results.append([got] if isinstance(got, TensorMeta) else list(got))
    merged = [TensorMeta(tuple(da if da == db else -1 for da, db in zip(a.shape, b.shape)),
                         a.dtype) for a, b in zip(*results)]
    return merged[0] if isinstance(got, TensorMeta) else merged


def _slots(template_attrs) -> list:
    found = {}

    def walk(value):
        if isinstance(value, Slot):
            found[value.index] = value
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)

    walk(template_attrs)
    return [found[i] for i in sorted(found)]
