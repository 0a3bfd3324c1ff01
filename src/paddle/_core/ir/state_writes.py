"""State that code updates in place outside an op's results, kept when it runs as a program.

Eager batch_norm in training copies the op's new running mean and variance into the layer's
buffers. A traced program holds only ops, so such code calls `Tracer.write_state(buffer,
new_value)` while tracing: that records a `pd_op.assign_out_` host op which copies the value
into the buffer's array whenever the program runs — through the interpreter (inference, the
paddle.static Executor) or the replayer (to_static training) — so programs leave the buffers as
eager code does."""
from __future__ import annotations

import numpy as np

from .core import Operation
from .host_op import HostOp

ASSIGN_OUT = "pd_op.assign_out_"


def record_write(block, target, value) -> None:
    """Append to `block` the copy of `value` (a Value) into the concrete tensor `target`'s
    array."""
    if type(target._data) is not np.ndarray:
        raise TypeError(f"({ASSIGN_OUT}) state written back by a program must be a concrete "
                        "tensor (a layer's buffer), not a value of the program")
    host = HostOp(ASSIGN_OUT, _copy_into(target), lambda meta: [meta])
    block.append(Operation(ASSIGN_OUT, [value], {}, [value.meta], host))


def _copy_into(target):
    """The tensor's array is looked up at every run: a run in another paddle.static.Scope
    gives the tensor that scope's array for the time of the run."""
    def kernel(xp, new):
        np.copyto(target._data, new, casting="unsafe")
        return [target._data]
    return kernel
