"""`print`: passes its input through and prints it whenever it runs (paddle.static.Print).

The text is Paddle's (its print kernel writes to standard output): a `Variable: var` header, the
message, lod, place, shape, layout and dtype lines the flags ask for, and the first `summarize`
elements (all for -1) as `%f` numbers — integers and bools too.

The gradient is the incoming gradient passed through a print op with the same attributes, as
Paddle 3.3's PIR backward builds it — is_forward stays true there, so with print_phase BOTH the
gradient is printed too, and an op with print_phase BACKWARD prints nothing in either pass
(what real Paddle 3.3.1 does). Paddle's program executor prints on every execution of the op,
whatever first_n says; first_n is kept as an attribute for the printed program, as Paddle's
is."""
from __future__ import annotations

import sys

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from .registry import ELEMENTWISE, defop

PHASES = ("FORWARD", "BACKWARD", "BOTH")


def _print_meta(x, *attrs):
    return TensorMeta(x.shape, x.dtype)


def format_tensor(x, message, summarize, name, dtype, shape, layout, lod) -> str:
    """The lines Paddle's print kernel writes for the array x."""
    lines = ["Variable: var"] if name else []
    if message:
        lines.append(f"  - message: {message}")
    if lod:
        lines.append("  - lod: {}")
    lines.append("  - place: Place(cpu)")
    if shape:
        lines.append(f"  - shape: {list(x.shape)}")
    if layout:
        lines.append("  - layout: NCHW")
    if dtype:
        lines.append(f"  - dtype: {_dt.from_numpy_dtype(x.dtype).name}")
    flat = x.reshape(-1)
    shown = flat if summarize == -1 else flat[:max(int(summarize), 0)]
    numbers = " ".join(f"{float(v):f}" for v in shown.astype(np.float64))
    lines.append(f"  - data: [{numbers}]")
    return "\n".join(lines)


@defop("print", "x", "out", infer_meta=_print_meta, pattern=ELEMENTWISE, tags=("side_effect",),
       grad_dtypes="float")
def print_tensor(xp, x, first_n=-1, message="", summarize=20, print_tensor_name=True,
                 print_tensor_type=True, print_tensor_shape=True, print_tensor_layout=True,
                 print_tensor_lod=True, print_phase="BOTH", is_forward=True):
    if print_phase in ("BOTH", "FORWARD" if is_forward else "BACKWARD"):
        text = format_tensor(x, message, summarize, print_tensor_name, print_tensor_type,
                             print_tensor_shape, print_tensor_layout, print_tensor_lod)
        sys.stdout.write(text + "\n")
    return x.copy()


@print_tensor.grad()
def _(ctx, g):
    return print_tensor(g, ctx.first_n, ctx.message, ctx.summarize, ctx.print_tensor_name,
                        ctx.print_tensor_type, ctx.print_tensor_shape, ctx.print_tensor_layout,
                        ctx.print_tensor_lod, ctx.print_phase, ctx.is_forward)
