"""The ops Paddle's program printer shows for one registry op, taken from the exporter.

Our IR keeps shapes, axes and kernel sizes as attributes; Paddle's programs pass them as
`full_int_array` / `full` operands, name and type attributes as Paddle declares them
(`data_format:"NCHW"`, flat paddings), sometimes spell an op as several, update state in place
where we record a copy (`assign_out_` after batch_norm_ prints as nothing), and make a Python
number a `full` at its use (`x * 2` a `scale`) where we read a 0-d constant. The exporter
(export*.py) already writes exactly those ops, so printing runs it against a writer that keeps
the ops instead of encoding them as JSON: one table of Paddle's forms serves both.
"""
from __future__ import annotations

from ..._core import dtype as _dt
from ..._core.ir.state_writes import ASSIGN_OUT
from .export import EXPORTERS, ExportCall
from .pir_codec import CPU_PLACE, UNDEFINED_DTYPE, UNDEFINED_PLACE, attr, decode_attr
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

    __slots__ = ("name", "inputs", "attrs", "outputs", "regions", "struct_name")

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
    scale = _scalar_scale(op)
    if scale is not None:
        return _form(op, lambda c: _emit_scale(c, *scale), numbers_as_full=False)
    exporter = EXPORTERS.get(op.opdef.name)
    return None if exporter is None else _form(op, exporter)


def _form(op, emit, numbers_as_full: bool = True) -> list | None:
    """The ops `emit` (an exporter) writes for `op`, reading and defining op's own Values."""
    w = PrintWriter()
    ins = [_full_in_place(w, v) for v in op.inputs] if numbers_as_full else list(op.inputs)
    try:
        outs = emit(ExportCall(w, op, ins, [True] * len(op.outputs)))
    except Exception:  # noqa: BLE001 - an op the exporter refuses prints in our own form
        return None
    outs = list(outs) if isinstance(outs, (list, tuple)) else [outs]
    made = {id(v) for printed in w.printed for v in printed.outputs}
    if len(outs) < len(op.outputs) or not all(id(v) in made for v in outs[:len(op.outputs)]):
        return None
    ours = {id(new): value for new, value in zip(outs, op.outputs)}
    for printed in w.printed:
        printed.outputs = [ours.get(id(v), v) for v in printed.outputs]
        printed.inputs = [_renamed(v, ours) for v in printed.inputs]
        printed.struct_name = getattr(op, "struct_name", None)
    return w.printed


# ---- arithmetic with a Python number ----------------------------------------------------------
# Paddle's programs record `x + 2`, `x - 2`, `2 - x`, `x * 2`, `x / 2` as one `scale` op (the
# factor a full [1] operand, the number its bias); ours read the number as a 0-d constant.
def _scalar_scale(op):
    """(tensor input, factor, bias) when `op` is such arithmetic, else None."""
    name = op.opdef.name
    if name not in ("add", "subtract", "multiply", "divide") or len(op.inputs) != 2:
        return None
    out = op.outputs[0].meta
    for side, (tensor, number) in enumerate((op.inputs, op.inputs[::-1])):
        value = _scalar_constant(number, out.dtype)
        if value is None or tensor is None or tuple(tensor.meta.shape) != tuple(out.shape):
            continue
        if name == "add":
            return tensor, 1.0, value
        if name == "multiply":
            return tensor, value, 0.0
        if name == "subtract":
            return (tensor, 1.0, -value) if side == 0 else (tensor, -1.0, value)
        if name == "divide" and side == 0 and value != 0:
            return tensor, 1.0 / value, 0.0
    return None


def _scalar_constant(value, dtype=None):
    """The number a 0-d real constant (of `dtype`, when given) holds, else None."""
    op = getattr(value, "op", None)
    if op is None or op.name != "builtin.constant" or value.meta.shape or \
            value.meta.dtype.kind not in "iuf" or dtype not in (None, value.meta.dtype):
        return None
    return float(op.attrs["value"])


def _full_in_place(w: PrintWriter, value):
    """A number our op reads as a 0-d constant is a `full` made right before it in Paddle's
    programs (its place left undefined); other inputs stay as they are."""
    if isinstance(value, list) or _scalar_constant(value) is None:
        return value
    meta = value.meta
    number = value.op.attrs["value"]
    attrs = [("shape", attr("1.a_intarray", [])), ("value", attr("0.a_f64", float(number))),
             ("dtype", attr("1.a_dtype", meta.dtype)),
             ("place", attr("1.a_place", UNDEFINED_PLACE))]
    return w.emit("1.full", [], attrs, [meta], [True])[0]


def _emit_scale(c: ExportCall, tensor, factor: float, bias: float):
    full = c.w.full([1], factor, _dt.float32)
    return c.emit("1.scale", [tensor, full], [("bias", attr("0.a_f32", bias)),
                                              ("bias_after_scale", attr("0.a_bool", True))])


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
