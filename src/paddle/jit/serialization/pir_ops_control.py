"""PIR control flow: `pd_op.if` (two regions, each ending in cf.yield) and `pd_op.while` (a
body whose arguments stand for the loop values and whose cf.yield gives the next condition and
values). A condition known while loading runs the Python branch or loop; a condition that
depends on the inputs is recorded as the same op in the traced program."""
from __future__ import annotations

from ..._core.tensor import Tensor
from ..._core.tracing import is_symbolic
from ...static.nn._cond import bool_predicate, trace_cond
from ...static.nn._while import trace_while
from .builder import OpScope
from .op_map import pir_op


def truth(pred, what: str) -> bool:
    """The Python truth of a load-time condition holding one element."""
    if isinstance(pred, Tensor):
        if pred.size != 1:
            raise ValueError(f"({what}) the condition must hold one element, but its shape is "
                             f"{list(pred.shape)}")
        return bool(pred.item())
    return bool(pred)


def symbolic_condition(pred) -> bool:
    return isinstance(pred, Tensor) and is_symbolic(pred)


@pir_op("if", control=True)
def _if(scope: OpScope):
    pred = scope.value(scope.op.inputs[0])

    def branch(region: int):
        return lambda: scope.run_block(region, {})[1] or []
    if not symbolic_condition(pred):
        return branch(0 if truth(pred, "pd_op.if") else 1)()
    results = trace_cond(bool_predicate(pred, "pd_op.if"), branch(0), branch(1))
    return list(results) if isinstance(results, (list, tuple)) else [results]


@pir_op("while", control=True)
def _while(scope: OpScope):
    pred, *inits = [scope.value(k) for k in scope.op.inputs]
    args = scope.block_args(0)
    latest = {}

    def body(values: list) -> list:
        next_cond, *nexts = scope.run_block(0, dict(zip(args, values)))[1]
        latest["cond"] = next_cond
        return nexts
    values = inits
    while not symbolic_condition(pred):  # known while loading: iterate here
        if not truth(pred, "pd_op.while"):
            return values
        values = body(values)
        pred = latest["cond"]
    return trace_while(bool_predicate(pred, "pd_op.while"), lambda _values: latest["cond"], body,
                       values, [f"%{k}" for k in scope.op.inputs[1:]])


@pir_op("cf.yield")
def _yield(_call):
    """Never called: the runner ends a block at its cf.yield (listed so that checks at load
    time know the op)."""
    raise AssertionError("cf.yield is handled by the block runner")
