"""Dead-code elimination: drop operations whose results nothing needs."""
from __future__ import annotations


def has_side_effects(op) -> bool:
    """Random ops advance the generator; removing them would change later random numbers."""
    return op.opdef is not None and "random" in op.opdef.tags


def dce(program, outputs) -> None:
    live = {id(v) for v in outputs}
    block = program.global_block()
    kept = []
    for op in reversed(block.ops):
        needed = any(id(o) in live for o in op.outputs) or has_side_effects(op) or \
            op.name == "pd_op.data"
        if needed:
            kept.append(op)
            for v in op.operands():
                if v is not None:
                    live.add(id(v))
    block.ops[:] = list(reversed(kept))
    used_params = {op.attrs["parameter_name"] for op in block.ops
                   if op.name == "builtin.parameter"}
    for name in list(program.parameters):
        if name not in used_params:
            del program.parameters[name]
