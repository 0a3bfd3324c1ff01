"""Host operations: program ops whose kernel is Python code over the arrays, bound to objects
that live outside the program — an optimizer updating one parameter (`pd_op.sgd_`,
`pd_op.adam_`, …) or gradient clipping over a group of gradients.

A HostOp stands where a registry OpDef would (`Operation.opdef`), with the same fields the
interpreter, verifier and passes read, so those run host ops like any other op. Host ops have
no gradient, and they change state the program does not show, so passes must keep them
("side_effect" tag)."""
from __future__ import annotations

import contextlib

from .. import state

SIDE_EFFECT = "side_effect"


class HostOp:
    """An op definition made for one program operation: `kernel(xp, *inputs)` runs it and
    returns a list of result arrays; `infer_meta(*input_metas)` gives the list of their
    TensorMetas."""

    attrs = ()
    grad_rule = None
    tags = frozenset({SIDE_EFFECT})
    single_output = False
    list_output = False

    def __init__(self, name: str, kernel, infer_meta):
        self.name = name
        self.kernel = kernel
        self.infer_meta = infer_meta

    def __repr__(self) -> str:
        return f"<host op {self.name}>"


@contextlib.contextmanager
def eager():
    """Run paddle calls eagerly inside a host kernel, even while static mode records ops."""
    previous = state.tracer
    state.tracer = None
    try:
        yield
    finally:
        state.tracer = previous
