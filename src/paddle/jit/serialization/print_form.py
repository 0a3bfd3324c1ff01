"""The ops Paddle's program printer shows for one registry op, taken from the exporter.

Our IR keeps shapes, axes and kernel sizes as attributes; Paddle's programs pass them as
`full_int_array` / `full` operands, name and type attributes as Paddle declares them
(`data_format:"NCHW"`, flat paddings), sometimes spell an op as several, update state in place
where we record a copy (`assign_out_` after batch_norm_ prints as nothing), and make a Python
number a `full` at its use (`x * 2` a `scale`, see export_numbers.py). The exporter
(export*.py) already writes exactly those ops, so printing runs it against a writer that keeps
the ops instead of encoding them as JSON: one table of Paddle's forms serves both.
"""
from __future__ import annotations

from ..._core.ir.state_writes import ASSIGN_OUT
from .export import write_op
from .pir_codec import CPU_PLACE, UNDEFINED_DTYPE, decode_attr
from .pir_writer import PirWriter

_DIALECTS = {"0": "builtin", "1": "pd_op"}


class Text:
    """An attribute value printed verbatim (places, an unset dtype)."""

    def __init__(self, text: str):
        self.text = text

    def __str__(self) -> str:
        return self.text


class PrintedValue:
    """A result of an op the exporter adds (a full_int_array, a combine, …)."""

    __slots__ = ("id", "meta", "stop_gradient")

    def __init__(self, meta, stop_gradient: bool):
        self.id = -1
        self.meta = meta
        self.stop_gradient = stop_gradient


class PrintedOp:
    """One op as Paddle prints it; reads like an Operation to the printer."""

    __slots__ = ("attrs", "inputs", "name", "outputs", "regions", "struct_name")

    def __init__(self, name: str, inputs: list, attrs: dict, outputs: list):
        self.name, self.inputs, self.attrs, self.outputs = name, inputs, attrs, outputs
        self.regions = []
        self.struct_name = None


class PrintWriter(PirWriter):
    """A PirWriter whose ops stay Python objects: inputs are Values, attributes decoded."""

    def __init__(self):
        super().__init__()
        self.printed: list[PrintedOp] = []

    def emit(self, name, inputs, attrs, out_metas, stop_gradient=None) -> list:
        flags = stop_gradient if stop_gradient is not None else [False] * len(out_metas)
        outs = [PrintedValue(meta, flag) for meta, flag in zip(out_metas, flags)]
        dialect, short = name.split(".", 1)
        self.printed.append(PrintedOp(f"{_DIALECTS[dialect]}.{short}", list(inputs),
                                      {k: _printable(v) for k, v in attrs}, outs))
        return outs


def _printable(encoded):
    kind = encoded["#"]
    if kind == "1.a_place":  # the exporter writes only these two places
        return Text("Place(cpu)" if encoded["D"] == CPU_PLACE else "Place(undefined:0)")
    if kind == "1.a_dtype" and encoded["D"] == UNDEFINED_DTYPE:
        return Text("Undefined")
    return decode_attr(encoded)


def paddle_form(op) -> list | None:
    """The ops Paddle prints for registry op `op` (its results are op's own Values), or None
    where the exporter has no Paddle form for it."""
    if op.name == ASSIGN_OUT and _written_in_place(op.inputs[0]):
        return []
    if op.opdef is None:
        return None
    w = PrintWriter()
    try:
        outs = write_op(w, op, lambda value: value, [True] * len(op.outputs))
    except Exception:  # noqa: BLE001 - an op the exporter refuses prints in our own form
        return None
    made = {id(v) for printed in w.printed for v in printed.outputs}
    if len(outs) < len(op.outputs) or not all(id(v) in made for v in outs[:len(op.outputs)]):
        return None
    ours = {id(new): value for new, value in zip(outs, op.outputs)}
    for printed in w.printed:
        printed.outputs = [ours.get(id(v), v) for v in printed.outputs]
        printed.inputs = [_renamed(v, ours) for v in printed.inputs]
        printed.struct_name = getattr(op, "struct_name", None)
    return w.printed


def _written_in_place(value) -> bool:
    """Whether Paddle's op making `value` updates its state input in place (batch_norm_ writes
    the running statistics itself), so the copy we record after it has no op of its own."""
    source = value.op
    if source is None or source.opdef is None:
        return False
    form = paddle_form(source)
    return bool(form) and form[-1].name.endswith("_")


def _renamed(value, ours: dict):
    if isinstance(value, list):
        return [ours.get(id(v), v) for v in value]
    return ours.get(id(value), value) if value is not None else None
