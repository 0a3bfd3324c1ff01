"""Exporters for reductions, scans, sorting and selection."""
from __future__ import annotations

from ..._core import dtype as _dt
from .export import ExportCall, UnsupportedExportError, exports
from .export_ops import _as_list
from .pir_codec import array_attr, attr


@exports("sum")
def _sum(c: ExportCall):
    return c.emit("1.sum", [c.ins[0], c.w.int_array(_as_list(c.attrs["axis"]))],
                  [("dtype", attr("1.a_dtype", c.attrs["dtype"])),
                   ("keepdim", attr("0.a_bool", c.attrs["keepdim"]))])


@exports("mean", "max", "min")
def _reduce(c: ExportCall):
    return c.emit(f"1.{c.op.opdef.name}",
                  [c.ins[0], c.w.int_array(_as_list(c.attrs["axis"]))],
                  [("keepdim", attr("0.a_bool", c.attrs["keepdim"]))])


@exports("prod")
def _prod(c: ExportCall):
    return c.emit("1.prod", [c.ins[0], c.w.int_array(_as_list(c.attrs["axis"]))],
                  [("keepdim", attr("0.a_bool", c.attrs["keepdim"])),
                   ("reduce_all", attr("0.a_bool", c.attrs["axis"] is None))])


@exports("all", "any", "amax", "amin")
def _reduce_attr(c: ExportCall):
    return c.emit(f"1.{c.op.opdef.name}", c.ins,
                  [("axis", array_attr("0.a_i64", _as_list(c.attrs["axis"]))),
                   ("keepdim", attr("0.a_bool", c.attrs["keepdim"]))])


@exports("logsumexp")
def _logsumexp(c: ExportCall):
    axes = _as_list(c.attrs["axis"])
    return c.emit("1.logsumexp", c.ins,
                  [("axis", array_attr("0.a_i32", axes)),
                   ("keepdim", attr("0.a_bool", c.attrs["keepdim"])),
                   ("reduce_all", attr("0.a_bool", not axes))])


@exports("p_norm")
def _p_norm(c: ExportCall):
    axes = _as_list(c.attrs["axis"])
    if len(axes) > 1:
        raise UnsupportedExportError("(jit.save) p_norm over several axes has no Paddle op")
    return c.emit("1.p_norm", c.ins,
                  [("porder", attr("0.a_f32", c.attrs["porder"])),
                   ("axis", attr("0.a_i32", axes[0] if axes else -1)),
                   ("epsilon", attr("0.a_f32", 1e-12)),
                   ("keepdim", attr("0.a_bool", c.attrs["keepdim"])),
                   ("asvector", attr("0.a_bool", not axes))])


@exports("argmax", "argmin")
def _argmax(c: ExportCall):
    flatten = c.attrs["axis"] is None or c.attrs["flatten"]
    axis = c.w.full([1], 0 if c.attrs["axis"] is None else c.attrs["axis"], _dt.int64)
    return c.emit(f"1.{c.op.opdef.name}", [c.ins[0], axis],
                  [("keepdims", attr("0.a_bool", c.attrs["keepdim"])),
                   ("flatten", attr("0.a_bool", flatten)),
                   ("dtype", attr("1.a_dtype", c.attrs["dtype"]))])


@exports("cumsum")
def _cumsum(c: ExportCall):
    flatten = c.attrs["axis"] is None or c.attrs["flatten"]
    axis = c.w.full([1], -1 if c.attrs["axis"] is None else c.attrs["axis"], _dt.int32)
    return c.emit("1.cumsum", [c.ins[0], axis],
                  [("flatten", attr("0.a_bool", flatten)),
                   ("exclusive", attr("0.a_bool", c.attrs["exclusive"])),
                   ("reverse", attr("0.a_bool", c.attrs["reverse"]))])


@exports("topk")
def _topk(c: ExportCall):
    return c.emit("1.topk", [c.ins[0], c.w.full([1], c.attrs["k"], _dt.int32)],
                  [("axis", attr("0.a_i32", c.attrs["axis"])),
                   ("largest", attr("0.a_bool", c.attrs["largest"])),
                   ("sorted", attr("0.a_bool", c.attrs["sorted"]))])


@exports("sort")
def _sort(c: ExportCall):
    return c.emit("1.argsort", c.ins, [("axis", attr("0.a_i32", c.attrs["axis"])),
                                       ("descending", attr("0.a_bool", c.attrs["descending"])),
                                       ("stable", attr("0.a_bool", c.attrs["stable"]))])


@exports("kthvalue")
def _kthvalue(c: ExportCall):
    return c.emit("1.kthvalue", c.ins, [("k", attr("0.a_i64", c.attrs["k"])),
                                        ("axis", attr("0.a_i32", c.attrs["axis"])),
                                        ("keepdim", attr("0.a_bool", c.attrs["keepdim"]))])


@exports("cross_entropy_with_softmax")
def _cross_entropy(c: ExportCall):
    keys = (("soft_label", "0.a_bool"), ("use_softmax", "0.a_bool"),
            ("numeric_stable_mode", "0.a_bool"), ("ignore_index", "0.a_i32"),
            ("axis", "0.a_i32"))
    return c.emit("1.cross_entropy_with_softmax", c.ins,
                  [(k, attr(kind, c.attrs[k])) for k, kind in keys])
