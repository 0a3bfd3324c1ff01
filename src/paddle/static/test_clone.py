"""`Program.clone(for_test=True)`: the evaluation version of a training program.

As Paddle's legacy programs do, the clone leaves out the backward and the optimizer (the ops
`append_backward` / `minimize` recorded, see `mark_training_ops`) and the writes of batch-norm
running statistics, and records every op that has an `is_test` attribute (dropout, batch_norm,
rrelu) with is_test=True: dropout passes values through (upscale_in_train) or scales them by
1 - p (downscale_in_infer), batch_norm normalises with the running statistics. Code that builds
its training behaviour from several ops (dropout along `axis`) records them through
`training_branch`, naming the value its evaluation form reads instead. An op that reads a value
of a left-out op is left out too.

The clone gets new operations and values; `value_map` sends each value of the source program to
its copy, so variables of the source program can be fetched from the clone as in Paddle."""
from __future__ import annotations

from .._core import state
from .._core.ir.core import Block, Operation
from .._core.ir.state_writes import ASSIGN_OUT
from .._core.tracing import symbolic


def mark_training_ops(program, before: set) -> None:
    """Remember the ops of `program`'s global block that are not in `before` (ids of the ops
    that were there before a backward or optimizer was recorded) as training-only ops."""
    marked = program.__dict__.setdefault("training_op_ids", set())
    marked.update(id(op) for op in program.global_block().ops if id(op) not in before)


def training_branch(compute, evaluate):
    """`compute()`; when recording a static program, its for_test clones leave out the ops
    compute() records and read `evaluate()` (recorded just before, from the same inputs) for
    its result instead."""
    from .program import Program
    program = state.tracer.program if state.tracer is not None else None
    if not isinstance(program, Program):
        return compute()
    evaluated = evaluate()
    before = {id(op) for op in program.global_block().ops}
    result = compute()
    program.__dict__.setdefault("training_only_op_ids", set()).update(
        id(op) for op in program.global_block().ops if id(op) not in before)
    program.__dict__.setdefault("eval_forms", {})[id(result._data.value)] = \
        evaluated._data.value
    return result


def copy_for_test(source, twin) -> dict:
    """Fill the empty program `twin` with `source`'s evaluation ops; returns the value map."""
    value_map: dict = {}
    training = getattr(source, "training_op_ids", set()) | \
        getattr(source, "training_only_op_ids", set())
    _copy_block(source.global_block(), twin.global_block(), value_map, training,
                getattr(source, "eval_forms", {}))
    twin.parameters = dict(source.parameters)
    twin.tracer._bound = {key: _rebound(t, value_map) for key, t in source.tracer._bound.items()
                          if id(t._data.value) in value_map}
    return value_map


def _copy_block(source: Block, target: Block, value_map: dict, training: set,
                eval_forms: dict) -> None:
    for arg in source.args:
        _copy_value(arg, target.add_arg(arg.meta, arg.name), value_map)
    for op in source.ops:
        if id(op) in training:
            for out in op.outputs:
                if id(out) in eval_forms and id(eval_forms[id(out)]) in value_map:
                    value_map[id(out)] = value_map[id(eval_forms[id(out)])]
            continue
        if op.name == ASSIGN_OUT or not _inputs_known(op, value_map):
            continue
        copy = target.append(Operation(op.name, _mapped(op.inputs, value_map), _test_attrs(op),
                                       [v.meta for v in op.outputs], op.opdef))
        copy.struct_name = op.struct_name
        for old, new in zip(op.outputs, copy.outputs):
            _copy_value(old, new, value_map)
        for region in op.regions:
            _copy_block(region, copy.add_region(), value_map, training, eval_forms)


def _test_attrs(op) -> dict:
    attrs = dict(op.attrs)
    if op.opdef is not None and "is_test" in getattr(op.opdef, "attrs", ()):
        attrs["is_test"] = True
    return attrs


def _inputs_known(op, value_map: dict) -> bool:
    """Whether every value the op (or a block nested in it) reads from outside has a copy."""
    return all(id(v) in value_map for v in op.outer_operands())


def _mapped(inputs: list, value_map: dict) -> list:
    return [[value_map[id(x)] for x in v] if isinstance(v, list)
            else (None if v is None else value_map[id(v)]) for v in inputs]


def _copy_value(old, new, value_map: dict) -> None:
    new.name = old.name
    new.stop_gradient = old.stop_gradient
    new.persistable = old.persistable
    value_map[id(old)] = new


def _rebound(tensor, value_map: dict):
    twin = symbolic(value_map[id(tensor._data.value)], tensor.stop_gradient)
    twin.name = tensor.name
    return twin
