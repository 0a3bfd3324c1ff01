"""Tracing `while_loop`: the body runs once on block arguments standing for the loop values,
recording into the body of a `pd_op.while`, and the condition is evaluated again on the values
it yields.

Loop values are the leaves of the flattened loop variables. Tensors are carried by the op.
Python numbers stay Python values while the body leaves them unchanged; one the body changes is
carried as a 0-d tensor (bool, int64, float64). A variable not assigned on any path yet
(to_static's Unassigned) that the body assigns is carried from zeros of the assigned type (the
body sets it before any read, or tracing would have failed); None, or a variable assigned on
some paths only, has no tensor to stand for it. When an iteration changes a value's shape, or one of these
promotions happens, the body is traced again with the more general argument types; the op is
only added to the program once its body is final.
"""
from __future__ import annotations

from ..._core import state
from ..._core.ir.control_flow import WHILE, WhileBuilder, check_predicate, merge_meta
from ..._core.meta import TensorMeta
from ..._core.tensor import Tensor
from ._structure import Unassigned, UndefinedVar, UnsupportedControlFlow

_NUMBER_DTYPES = {bool: "bool", int: "int64", float: "float64"}
_MAX_TRACES = 32


def trace_while(pred, cond_fn, body_fn, inits: list, labels: list) -> list:
    """Record `pd_op.while` for a symbolic `pred`; returns the loop values after the loop.

    `cond_fn(leaves)` gives the condition and `body_fn(leaves)` the next leaves; `labels` name
    the leaves in error messages."""
    loop = _Loop(inits, labels, state.tracer)
    for _ in range(_MAX_TRACES):
        builder = WhileBuilder(state.tracer)
        args = builder.begin_body(loop.carried_inits(), loop.arg_metas())
        with builder.recording():
            leaves = loop.leaves_with(args)
            nexts = body_fn(leaves)
            if len(nexts) != len(leaves):
                raise ValueError(f"body in while_loop should return the same arity (length and "
                                 f"structure) as loop_vars: {len(leaves)} values enter the body "
                                 f"and {len(nexts)} come out")
            if loop.generalize(nexts):
                continue
            next_cond = _loop_predicate(cond_fn(nexts), "cond in while_loop")
            yielded = loop.yielded(nexts)
        results = iter(builder.finish(pred, next_cond, yielded))
        return [next(results) if i in loop.carried else value
                for i, value in enumerate(loop.inits)]
    raise UnsupportedControlFlow(f"({WHILE}) the loop values' types did not settle after "
                                 f"{_MAX_TRACES} traces of the body")


def _loop_predicate(value, what: str):
    from ...tensor.creation import full
    if not isinstance(value, Tensor):
        value = full([], bool(value), "bool")
    check_predicate(_meta(value), what)
    return value


def _meta(t) -> TensorMeta:
    return TensorMeta(tuple(t.shape), t.dtype)


class _Loop:
    """Which loop values are carried by the op, with their initial tensors and body types."""

    def __init__(self, inits: list, labels: list, tracer):
        self.inits = list(inits)
        self.labels = labels
        self.tracer = tracer
        self.outer = tracer.block  # where initial values are made, before the loop
        self.carried: dict[int, Tensor] = {}   # leaf index -> initial tensor
        self.metas: dict[int, TensorMeta] = {}
        for i, value in enumerate(self.inits):
            if isinstance(value, Tensor):
                self._carry(i, value)

    def _carry(self, i: int, tensor: Tensor) -> None:
        self.carried[i] = tensor
        self.metas[i] = _meta(tensor)

    def carried_inits(self) -> list:
        return [self.carried[i] for i in sorted(self.carried)]

    def arg_metas(self) -> list:
        return [self.metas[i] for i in sorted(self.carried)]

    def leaves_with(self, args: list) -> list:
        leaves = list(self.inits)
        for i, arg in zip(sorted(self.carried), args):
            leaves[i] = arg
        return leaves

    def generalize(self, nexts: list) -> bool:
        """Widen the loop's types to cover `nexts`; True if the body must be traced again."""
        retrace = False
        for i, (init, nxt) in enumerate(zip(self.inits, nexts)):
            if i in self.carried:
                retrace |= self._widen(i, nxt)
            elif isinstance(nxt, Tensor) or (_is_number(nxt) and not _same_number(init, nxt)):
                self._start_carrying(i, init, nxt)
                retrace = True
            elif not _unchanged(init, nxt):
                raise UnsupportedControlFlow(
                    f"({WHILE}) loop variable '{self.labels[i]}' changes from {init!r} to "
                    f"{nxt!r} in the loop body; only tensors and Python numbers can be carried "
                    "by a loop whose condition is a tensor")
        return retrace

    def _widen(self, i: int, nxt) -> bool:
        if _is_number(nxt):
            return False  # becomes a tensor of the carried dtype in `yielded`
        if not isinstance(nxt, Tensor):
            raise UnsupportedControlFlow(
                f"({WHILE}) loop variable '{self.labels[i]}' is a tensor before the body and "
                f"{nxt!r} after it")
        merged = merge_meta(self.metas[i], _meta(nxt),
                            f"({WHILE}) loop variable '{self.labels[i]}' before and after the body")
        if merged == self.metas[i]:
            return False
        self.metas[i] = merged
        return True

    def _start_carrying(self, i: int, init, nxt) -> None:
        with self.tracer.recording_into(self.outer):
            self._carry(i, self._initial(i, init, nxt))

    def _initial(self, i: int, init, nxt) -> Tensor:
        from ...tensor.creation import full, zeros
        if _is_number(init):
            start = full([], init, _NUMBER_DTYPES[type(init)])
        elif isinstance(init, Unassigned):
            if isinstance(nxt, Tensor):
                start = zeros([max(d, 0) for d in nxt.shape], nxt.dtype)
            else:
                start = full([], 0, _NUMBER_DTYPES[type(nxt)])
        else:
            raise UnsupportedControlFlow(
                f"({WHILE}) loop variable '{self.labels[i]}' changes from {init!r} to {nxt!r} in "
                "the loop body; only tensors and Python numbers can be carried")
        return start

    def yielded(self, nexts: list) -> list:
        from ...tensor.creation import full
        out = []
        for i in sorted(self.carried):
            nxt = nexts[i]
            if not isinstance(nxt, Tensor):
                shape = list(self.metas[i].shape)
                if -1 in shape:
                    raise UnsupportedControlFlow(
                        f"({WHILE}) loop variable '{self.labels[i]}' is a tensor of shape "
                        f"{shape} before the body and the number {nxt!r} after it")
                nxt = full(shape, nxt, self.metas[i].dtype)
            out.append(nxt)
        return out


def _is_number(value) -> bool:
    return type(value) in _NUMBER_DTYPES


def _same_number(a, b) -> bool:
    return type(a) is type(b) and a == b


def _unchanged(init, nxt) -> bool:
    if init is nxt:
        return True
    if isinstance(init, UndefinedVar) and isinstance(nxt, UndefinedVar):
        return True
    try:
        return type(init) is type(nxt) and bool(init == nxt)
    except Exception:  # noqa: BLE001 - objects without a usable == are simply not equal
        return False
