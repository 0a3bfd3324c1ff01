"""Dead-code elimination: drop operations whose results nothing needs, in nested blocks too."""
from __future__ import annotations

from ..ir.control_flow import YIELD
from ..ir.core import walk
from ..ir.host_op import SIDE_EFFECT


def has_side_effects(op) -> bool:
    """Random ops advance the generator; removing them would change later random numbers.
    Host ops (optimizer updates) change parameters. A control-flow op has the side effects of
    the ops in its blocks."""
    if op.regions:
        return any(has_side_effects(nested) for nested in walk(op.regions))
    return op.opdef is not None and ("random" in op.opdef.tags or SIDE_EFFECT in op.opdef.tags)


def dce(program, outputs) -> None:
    _dce_block(program.global_block(), {id(v) for v in outputs})
    used_params = {op.attrs["parameter_name"] for op in program.all_ops()
                   if op.name == "builtin.parameter"}
    for name in list(program.parameters):
        if name not in used_params:
            del program.parameters[name]


def _dce_block(block, live: set) -> None:
    kept = []
    for op in reversed(block.ops):
        needed = op.name in ("pd_op.data", YIELD) or has_side_effects(op) or \
            any(id(o) in live for o in op.outputs)
        if not needed:
            continue
        for region in op.regions:  # a block's yields are what it must keep
            _dce_block(region, set())
        kept.append(op)
        live.update(id(v) for v in op.outer_operands())
    block.ops[:] = list(reversed(kept))
