"""Legacy control flow, as dy2static and the static API wrote it into ProgramDescs:
`conditional_block` (runs its sub-block when Cond holds), `select_input` (picks X[Mask]) and
`while` (runs its sub-block while Condition holds). Sub-blocks read and write the variables
around them by name; the ops they write that outlive them are the op's `Out` slot.

A condition known while loading runs the block here (writing the names directly); one that
depends on the inputs becomes a `pd_op.if` / `pd_op.while` of the traced program, whose values
are the `Out` names. A name that the loop body writes before reading may enter the loop with
another type than it leaves with (dy2static initialises such names with placeholders), so it
enters as unassigned and the loop carries it from zeros of its type in the body."""
from __future__ import annotations

import paddle

from ...static.nn._cond import bool_predicate, trace_cond
from ...static.nn._structure import Unassigned
from ...static.nn._while import trace_while
from .builder import OpScope
from .op_map import legacy_op
from .pir_ops_control import symbolic_condition, truth


def _condition(scope: OpScope):
    """The block's condition: the one Cond tensor, or (is_scalar_condition False) whether
    every Cond tensor holds elements, as Paddle decides it."""
    conds = [scope.value(k) for k in scope.op.inputs["Cond"]]
    if scope.op.attrs.get("is_scalar_condition", False):
        return conds[0]
    return all(c is not None and c.size > 0 for c in conds)


@legacy_op("conditional_block", control=True)
def _conditional_block(scope: OpScope):
    outs = scope.op.outputs.get("Out", [])
    pred = _condition(scope)
    if not symbolic_condition(pred):
        if truth(pred, "conditional_block"):
            scope.run_block(0, {}, in_place=True)
        return {"Out": [scope.value(k) for k in outs]}

    def ran():
        env, _ = scope.run_block(0, {})
        return [_or_unassigned(env.get(k), k) for k in outs]

    def skipped():
        return [_or_unassigned(scope.value(k), k) for k in outs]
    results = trace_cond(bool_predicate(pred, "conditional_block"), ran, skipped, list(outs),
                         fill_missing=[True] * len(outs))
    return {"Out": [None if isinstance(r, Unassigned) else r for r in results]}


def _or_unassigned(value, name: str):
    return Unassigned(name) if value is None else value


@legacy_op("select_input", control=True)
def _select_input(scope: OpScope):
    candidates = [scope.value(k) for k in scope.op.inputs["X"]]
    mask = scope.value(scope.op.inputs["Mask"][0])
    if not symbolic_condition(mask):
        return {"Out": candidates[int(truth(mask, "select_input") if len(candidates) == 2
                                      else mask.item())]}
    if len(candidates) != 2:
        raise NotImplementedError(f"(select_input) choosing among {len(candidates)} inputs by a "
                                  "run-time mask is not supported (two are)")
    first, second = candidates
    (out,) = trace_cond(bool_predicate(paddle.cast(mask, "bool"), "select_input"),
                        lambda: [second], lambda: [first])
    return {"Out": out}


@legacy_op("while", control=True)
def _while(scope: OpScope):
    condition = scope.op.inputs["Condition"][0]
    carried = [k for k in scope.op.outputs.get("Out", []) if scope.value(k) is not None or
               k == condition]
    while not symbolic_condition(scope.value(condition)):  # known while loading
        if not truth(scope.value(condition), "while"):
            return {"Out": [scope.value(k) for k in scope.op.outputs.get("Out", [])]}
        scope.run_block(0, {}, in_place=True)
    inits = [_loop_init(scope, k) for k in carried]

    def body(values: list) -> list:
        env, _ = scope.run_block(0, dict(zip(carried, values)))
        return [env.get(k) for k in carried]
    position = carried.index(condition)
    finals = trace_while(bool_predicate(scope.value(condition), "while"),
                         lambda values: values[position], body, inits, carried)
    scope.env.update(zip(carried, finals))
    return {"Out": [scope.value(k) for k in scope.op.outputs.get("Out", [])]}


def _loop_init(scope: OpScope, name: str):
    """The value `name` enters the loop with: unassigned when the body writes it before any
    read and its declared type differs from the placeholder it holds."""
    value, declared = scope.value(name), scope.meta(name)
    if declared is None or not _writes_first(scope.op.regions[0][0][1], name):
        return value
    same = value.dtype == declared.dtype and value.ndim == len(declared.shape)
    return value if same else Unassigned(name)


def _writes_first(ops: list, name: str) -> bool:
    """Whether the first op of `ops` touching `name` writes it without reading it."""
    for op in ops:
        reads = any(name in keys for keys in op.inputs.values())
        if reads:
            return False
        if any(name in keys for keys in op.outputs.values()):
            return True
    return False
