"""Paddle Inference's analysis passes (`Config.switch_ir_optim`): each is a plain IR pass
`fn(program, outputs) -> None` registered under Paddle's pass name, so `Config.delete_pass`
and `pass_builder()` address it by that name. `optimize` runs a pass list in order; names with
no pass here (Paddle passes whose patterns Feijiang programs never contain) are skipped."""
from __future__ import annotations

from ...ir.printer import print_program
from ..constant_fold import constant_fold
from ..cse import cse
from ..dce import dce

INFERENCE_PASSES = {
    "constant_folding_pass": constant_fold,
}


def optimize(program, outputs: list, pass_names, print_ir: bool = False) -> list:
    """Apply the passes of `pass_names` that exist here, then drop dead ops; with `print_ir`
    the program is printed after each pass that ran (Paddle's `switch_ir_debug`)."""
    outputs = list(outputs)
    for name in pass_names:
        fn = INFERENCE_PASSES.get(name)
        if fn is None:
            continue
        fn(program, outputs)
        dce(program, outputs)
        if print_ir:
            print(f"--- IR after {name} ---\n{print_program(program)}")
    cse(program, outputs)
    dce(program, outputs)
    return outputs
