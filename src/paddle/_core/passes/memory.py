"""Buffer reuse: record, for every operation, which values are read for the last time there,
so the interpreter drops them at once and NumPy can hand their memory to later results. A
control-flow op counts as a use of every outer value its blocks read."""
from __future__ import annotations


def release_dead_values(program, outputs) -> None:
    keep = {id(v) for v in outputs}
    last_use: dict[int, object] = {}
    for op in program.global_block().ops:
        for v in op.outer_operands():
            last_use[id(v)] = op
    frees: dict[int, list] = {}
    for value_id, op in last_use.items():
        if value_id not in keep:
            frees.setdefault(id(op), []).append(value_id)
    program.release_after = frees
