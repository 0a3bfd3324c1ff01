"""PassManager: run passes in order, optionally printing the IR after each one."""
from __future__ import annotations

import os

from ..ir.verifier import verify


class PassManager:
    """Apply `passes` (functions pass(program, outputs)) to a program.

    With print_ir=True (or paddle.set_flags({'FLAGS_print_ir': True}), or FLAGS_print_ir=1 in
    the environment) the program is
    printed after every pass, and it is verified after each one either way."""

    def __init__(self, passes, print_ir: bool | None = None):
        self.passes = list(passes)
        if print_ir is None:
            from ...framework.flags import flag
            print_ir = flag("FLAGS_print_ir") or os.environ.get("FLAGS_print_ir") == "1"
        self.print_ir = print_ir

    def run(self, program, outputs: list) -> list:
        outputs = list(outputs)
        for p in self.passes:
            p(program, outputs)
            verify(program)
            if self.print_ir:
                print(f"// IR after {p.__name__}\n{program}")
        return outputs
