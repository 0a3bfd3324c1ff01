"""Check a Program's invariants: every input is defined before use, and every registry op's
output types are what its infer_meta computes from its input types and attributes."""
from __future__ import annotations

from ..meta import TensorMeta


class VerificationError(ValueError):
    """A program violates an IR invariant; the message names the operation."""


def verify(program) -> None:
    """Raise VerificationError on the first operation that breaks an invariant."""
    program.renumber()
    defined: set[int] = set()
    _verify_block(program.global_block(), defined)


def _verify_block(block, defined: set) -> None:
    for arg in block.args:
        defined.add(id(arg))
    for index, op in enumerate(block.ops):
        where = f"operation #{index} ({op.name})"
        for v in op.operands():
            if v is not None and id(v) not in defined:
                raise VerificationError(f"{where} reads %{v.id}, which is not defined before it")
        for region in op.regions:
            _verify_block(region, defined)
        if op.opdef is not None:
            _check_types(op, where)
        for out in op.outputs:
            defined.add(id(out))


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
