"""Check a Program's invariants: every input is defined before use and visible where it is read
(values defined in a nested block stay inside it), every registry op's output types are what its
infer_meta computes from its input types and attributes, and control-flow ops agree with their
blocks (yields of both branches match in dtype and rank, loop values keep their type)."""
from __future__ import annotations

from ..meta import TensorMeta
from .control_flow import IF, WHILE, YIELD, generalizes, merge_meta


class VerificationError(ValueError):
    """A program violates an IR invariant; the message names the operation."""


def verify(program) -> None:
    """Raise VerificationError on the first operation that breaks an invariant; the message
    names values by the ids `print(program)` shows."""
    program.renumber()
    try:
        _verify_block(program.global_block(), set())
    except VerificationError:
        from .printer import print_program
        print_program(program)  # numbers the values as printed (operand ops counted)
        _verify_block(program.global_block(), set())
        raise


def _verify_block(block, visible: set) -> None:
    visible = set(visible)
    visible.update(id(arg) for arg in block.args)
    nested = block.parent is not None
    for index, op in enumerate(block.ops):
        where = f"operation #{index} ({op.name})"
        for v in op.operands():
            if v is not None and id(v) not in visible:
                raise VerificationError(f"{where} reads %{v.id}, which is not defined before it "
                                        "in a block it can see")
        if op.name == YIELD and (not nested or index != len(block.ops) - 1):
            raise VerificationError(f"{where} must be the last operation of a nested block")
        if nested and index == len(block.ops) - 1 and op.name != YIELD:
            raise VerificationError(f"the block of {block.parent_op.name} must end with {YIELD}, "
                                    f"not {op.name}")
        for region in op.regions:
            _verify_block(region, visible)
        if op.name == IF:
            _check_if(op, where)
        elif op.name == WHILE:
            _check_while(op, where)
        elif op.opdef is not None:
            _check_types(op, where)
        visible.update(id(out) for out in op.outputs)


def _yields(block) -> list:
    return list(block.ops[-1].inputs) if block.ops else []


def _check_if(op, where: str) -> None:
    if len(op.regions) != 2 or len(op.inputs) != 1:
        raise VerificationError(f"{where} needs one predicate and two blocks")
    true_vals, false_vals = _yields(op.regions[0]), _yields(op.regions[1])
    if not (len(true_vals) == len(false_vals) == len(op.outputs)):
        raise VerificationError(f"{where} has {len(op.outputs)} results, but its branches yield "
                                f"{len(true_vals)} and {len(false_vals)} values")
    for i, (a, b, out) in enumerate(zip(true_vals, false_vals, op.outputs)):
        try:
            want = merge_meta(a.meta, b.meta, f"{where} result {i}")
        except (ValueError, RuntimeError) as exc:
            raise VerificationError(str(exc)) from None
        if want != out.meta:
            raise VerificationError(f"{where}: result {i} (%{out.id}) is typed "
                                    f"{_type(out.meta)}, but its branches yield {_type(want)}")


def _check_while(op, where: str) -> None:
    if len(op.regions) != 1 or not op.inputs:
        raise VerificationError(f"{where} needs a condition and one body block")
    body = op.regions[0]
    inits = op.inputs[1:]
    yielded = _yields(body)
    if not yielded:
        raise VerificationError(f"{where}: the body must yield the next condition first")
    cond, *nexts = yielded
    if not (len(inits) == len(body.args) == len(nexts) == len(op.outputs)):
        raise VerificationError(f"{where}: {len(inits)} loop inputs, {len(body.args)} body "
                                f"arguments, {len(nexts)} yielded values and "
                                f"{len(op.outputs)} results must all be equal")
    if cond.meta.dtype.name != "bool":
        raise VerificationError(f"{where}: the body yields a {cond.meta.dtype.name} condition")
    for i, (init, arg, nxt, out) in enumerate(zip(inits, body.args, nexts, op.outputs)):
        if not (generalizes(arg.meta, init.meta) and generalizes(arg.meta, nxt.meta)):
            raise VerificationError(f"{where}: loop value {i} enters as {_type(init.meta)} and "
                                    f"is yielded as {_type(nxt.meta)}, which its body argument "
                                    f"{_type(arg.meta)} does not cover")
        if out.meta != arg.meta:
            raise VerificationError(f"{where}: result {i} is typed {_type(out.meta)} but the "
                                    f"loop value is {_type(arg.meta)}")


def _type(meta) -> str:
    return f"{list(meta.shape)} {meta.dtype.name}"


def _check_types(op, where: str) -> None:
    metas = [_meta(v) for v in op.inputs]
    try:
        attrs = [op.attrs[a] for a in op.opdef.attrs]
    except KeyError as exc:
        raise VerificationError(f"{where} lacks attribute {exc}") from None
    try:
        inferred = op.opdef.infer_meta(*metas, *attrs)
    except (ValueError, TypeError, IndexError) as exc:
        raise VerificationError(f"{where}: its inputs are invalid for the op: {exc}") from exc
    inferred = [inferred] if isinstance(inferred, TensorMeta) else list(inferred)
    if len(inferred) != len(op.outputs):
        raise VerificationError(f"{where} has {len(op.outputs)} outputs, its shape rule gives "
                                f"{len(inferred)}")
    for i, (want, out) in enumerate(zip(inferred, op.outputs)):
        if want != out.meta:
            raise VerificationError(
                f"{where}: output {i} (%{out.id}) is typed {list(out.meta.shape)} "
                f"{out.meta.dtype.name}, but the op's shape rule gives {list(want.shape)} "
                f"{want.dtype.name}")


def _meta(v):
    if v is None:
        return None
    if isinstance(v, list):
        return [x.meta for x in v]
    return v.meta
